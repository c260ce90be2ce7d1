"""What one seat may know of a match (EMPIRE §13): the state less its secrets.

Public: the board, cars, the Police Car and Badge, Businesses, Turf, Local Respect, each
roster by name and status, the count of Mobsters in each car and Business, Jobs, the
auction list, the Used pile and Graveyard, Resources on the board, PP and hand sizes.
Own: money, folder, hand, where one's own Mobsters sit, one's own sealed answer, standing
orders and offers. Places revealed by a fight or a bust are public where they stand.
Hidden from all: the deck order, the generator, others' bids, placements and trades.
Computer players read this view, never the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import TypeAdapter

from engine.empire.decisions import DecisionKind, Pending
from engine.empire.gang import is_working, powers
from engine.empire.state import (
    CAR,
    HIDING,
    HOSPITAL,
    JAIL,
    EmpireOptions,
    EmpireState,
    Orders,
    Phase,
    Result,
    Side,
)


@dataclass(frozen=True, slots=True)
class PlayerPublic:
    seat: int
    name: str
    computer: str | None
    colour: str
    car: int
    garage: str
    roster: dict[str, str]  # Mobster -> working, jail, hospital or hiding
    in_car: int
    hand_size: int
    power: int
    turf: int
    jobs: dict[str, bool]
    frozen: bool
    peeked: bool


@dataclass(frozen=True, slots=True)
class BusinessView:
    lot: str
    piece: str
    owner: int
    open: bool
    mobsters: int


@dataclass(frozen=True, slots=True)
class FightView:
    attacker: int
    defender: int
    lot: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    deciding: int
    attack_total: int
    defence_total: int


@dataclass(frozen=True, slots=True)
class OfferView:
    """An offer seen by one of its sides; others only know it exists."""

    proposer: int
    receiver: int
    give: Side | None
    get: Side | None


@dataclass(frozen=True, slots=True)
class Waiting:
    """Someone's open decision: what kind, never its options."""

    kind: DecisionKind
    seat: int


@dataclass(frozen=True, slots=True)
class Own:
    """What only the seat itself knows."""

    money: int
    res: tuple[int, ...]
    hand: tuple[str, ...]
    places: dict[str, str]
    orders: Orders
    sealed: str
    offers_made: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int | None
    options: EmpireOptions
    sequence: int
    round: int
    first: int
    active: int
    phase: Phase
    decisions: int
    players: list[PlayerPublic]
    businesses: list[BusinessView]
    turf: dict[str, int]
    respect: int
    board_res: dict[str, tuple[int, ...]]
    pool: tuple[int, ...]
    police: int
    badge: int
    police_used: bool
    feds: bool
    auction: tuple[str, ...]
    lot: str
    deck_left: int
    used: tuple[str, ...]
    graveyard: tuple[str, ...]
    revealed: dict[str, str]  # Mobster -> where he is seen (a car "car<seat>" or a lot)
    fight: FightView | None
    own: Own | None
    pending: list[Pending]
    waiting: list[Waiting]
    offers: list[OfferView]
    result: Result | None

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)


def _status(place: str) -> str:
    return place if place in (JAIL, HOSPITAL, HIDING) else "working"


def _crowd(places: dict[str, str]) -> dict[str, int]:
    """How many Mobsters stand at each place."""
    counts: dict[str, int] = {}
    for place in places.values():
        counts[place] = counts.get(place, 0) + 1
    return counts


def player_view(state: EmpireState, seat: int | None = None) -> PlayerView:
    """The match as `seat` sees it; None is the public (a spectator)."""
    points = powers(state)
    turf = [0] * len(state.players)
    for owner in state.turf.values():
        turf[owner] += 1
    # How many of each gang's Mobsters stand at each place, counted once for the view.
    crowd = [_crowd(p.mobsters) for p in state.players]
    players = [
        PlayerPublic(
            p.seat, p.name, p.computer, p.colour, p.car, p.garage,
            {m: _status(w) for m, w in p.mobsters.items()}, crowd[p.seat].get(CAR, 0), len(p.hand),
            points[p.seat], turf[p.seat], dict(p.jobs), p.frozen, p.peeked,
        )
        for p in state.players
    ]  # fmt: skip
    businesses = [
        BusinessView(lot, b.piece, b.owner, b.open, crowd[b.owner].get(lot, 0))
        for lot, b in state.lots.items()
    ]
    revealed = {}
    for m in state.revealed:
        owner = state.owner_of(m)
        place = state.players[owner].mobsters[m]
        if is_working(place):
            revealed[m] = f"car{owner}" if place == CAR else place
    own = None
    if seat is not None:
        me = state.players[seat]
        own = Own(
            me.money, tuple(me.res), tuple(sorted(me.hand)), dict(me.mobsters), me.orders,
            state.sealed.get(seat, ""), me.offers_made,
        )  # fmt: skip
    lot = ""
    if state.phase is Phase.BID:
        lot = state.auction[state.lot_index]
    elif state.phase is Phase.BRIBE:
        lot = "badge"
    fight = state.fight
    return PlayerView(
        seat=seat,
        options=state.setup.options,
        sequence=state.sequence,
        round=state.round,
        first=state.first,
        active=state.turn.seat if state.turn is not None else -1,
        phase=state.phase,
        decisions=state.seq,
        players=players,
        businesses=businesses,
        turf=dict(state.turf),
        respect=state.respect,
        board_res={k: tuple(v) for k, v in state.board_res.items() if sum(v)},
        pool=tuple(state.pool),
        police=state.police,
        badge=state.badge,
        police_used=state.police_used,
        feds=state.feds,
        auction=tuple(state.auction),
        lot=lot,
        deck_left=len(state.deck),
        used=tuple(state.used),
        graveyard=tuple(state.graveyard),
        revealed=revealed,
        fight=None
        if fight is None
        else FightView(
            fight.attacker,
            fight.defender,
            fight.lot,
            tuple(fight.attackers),
            tuple(fight.defenders),
            fight.deciding,
            fight.attack_total,
            fight.defence_total,
        ),
        own=own,
        pending=[p for p in state.pending if p.seat == seat],
        waiting=[Waiting(p.kind, p.seat) for p in state.pending],
        offers=[
            OfferView(o.proposer, o.receiver, o.give, o.get)
            if seat in (o.proposer, o.receiver)
            else OfferView(o.proposer, o.receiver, None, None)
            for o in state.offers
        ],
        result=state.result,
    )


_ADAPTER: TypeAdapter[PlayerView] = TypeAdapter(PlayerView)
