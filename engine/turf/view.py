"""What one seat may know of a match (TURF §10): the state less its secrets.

Public: the board, every building's guard, each player's idle / on a job / guards /
cops counts, supply left, card counts and the discard pile. Hidden: other hands, the
draw pile's order, the generator, and a confrontation's commitments until both are in.
A seat's own hand, its own open decisions and its own commitment are shown to it alone.
The picture, look-ups and computer players read this view, never the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import TypeAdapter

from engine.turf.decisions import DealSide, DecisionKind, Pending
from engine.turf.state import Commitment, Phase, Result, TurfOptions, TurfState


@dataclass(frozen=True, slots=True)
class PlayerPublic:
    seat: int
    name: str
    computer: str | None
    idle: int
    job: int
    guards: int
    cops: int
    supply: int
    cards: int
    out: bool

    @property
    def thugs(self) -> int:
        return self.idle + self.job + self.guards + self.cops


@dataclass(frozen=True, slots=True)
class FightView:
    """A confrontation as one seat sees it: who has chosen, and only its own choice."""

    attacker: int
    defender: int
    square: int
    attacker_chosen: bool
    defender_chosen: bool
    mine: Commitment | None


@dataclass(frozen=True, slots=True)
class OfferView:
    """A deal seen by one of its two sides; others only know it exists."""

    proposer: int
    receiver: int
    mine: DealSide | None
    theirs: DealSide | None


@dataclass(frozen=True, slots=True)
class Waiting:
    """Someone else's open decision: what kind, never its options."""

    kind: DecisionKind
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int | None
    options: TurfOptions
    round: int
    turn: int
    phase: Phase
    decisions: int
    players: list[PlayerPublic]
    guards: dict[int, int]
    draw_left: int
    discard: list[int]
    hand: list[int]
    pending: list[Pending]
    waiting: list[Waiting]
    fight: FightView | None
    offers: list[OfferView]
    result: Result | None

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)


def player_view(state: TurfState, seat: int | None = None) -> PlayerView:
    """The match as `seat` sees it; None is a spectator, who sees no hand at all."""
    players = [
        PlayerPublic(
            p.seat, p.name, p.computer, p.idle, p.job, len(state.guards(p.seat)), p.cops,
            p.supply, len(p.hand), p.out,
        )
        for p in state.players
    ]  # fmt: skip
    return PlayerView(
        seat=seat,
        options=state.setup.options,
        round=state.round,
        turn=state.turn,
        phase=state.phase,
        decisions=state.seq,
        players=players,
        guards={b.square: b.guard for b in state.buildings},
        draw_left=len(state.draw),
        discard=list(state.discard),
        hand=sorted(state.players[seat].hand) if seat is not None else [],
        pending=[p for p in state.pending if p.seat == seat],
        waiting=[Waiting(p.kind, p.seat) for p in state.pending],
        fight=_fight(state, seat),
        offers=[
            OfferView(o.proposer, o.receiver, o.mine, o.theirs)
            if seat in (o.proposer, o.receiver)
            else OfferView(o.proposer, o.receiver, None, None)
            for o in state.offers
        ],
        result=state.result,
    )


def _fight(state: TurfState, seat: int | None) -> FightView | None:
    fight = state.fight
    if fight is None:
        return None
    mine = (
        fight.attack
        if seat == fight.attacker
        else fight.defence
        if seat == fight.defender
        else None
    )
    return FightView(
        fight.attacker,
        fight.defender,
        fight.square,
        fight.attack is not None,
        fight.defence is not None,
        mine,
    )


_ADAPTER: TypeAdapter[PlayerView] = TypeAdapter(PlayerView)
