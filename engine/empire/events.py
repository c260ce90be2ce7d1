"""Typed events returned by `apply`; narration and the picture's last-events panel are
built from them. Each carries every fact its telling needs. An event with a non-empty
`to` is private to those seats (a drawn card, a peek, money paid): `visible_to` filters a
batch for one seat, and the public (seat None) sees only events with no `to`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from engine.common.events import Event as Event


def visible_to(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may be told (None: the public)."""
    return [e for e in events if not getattr(e, "to", ()) or seat in getattr(e, "to", ())]


@dataclass(frozen=True, slots=True)
class FirstPlayerRolled(Event):
    kind: ClassVar[str] = "first_player_rolled"
    rolls: tuple[tuple[int, int], ...]  # (seat, total) in the order rolled, every roll-off
    first: int


@dataclass(frozen=True, slots=True)
class StartLotChosen(Event):
    kind: ClassVar[str] = "start_lot_chosen"
    seat: int
    lot: str
    piece: str


@dataclass(frozen=True, slots=True)
class StartMobsterPlaced(Event):
    kind: ClassVar[str] = "start_mobster_placed"
    seat: int
    where: str
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int
    sequence: int
    round: int


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    """A die for `purpose`: movement, streetwise, police, burglary."""

    kind: ClassVar[str] = "die_rolled"
    seat: int
    purpose: str
    die: int
    bonus: int


@dataclass(frozen=True, slots=True)
class CarMoved(Event):
    kind: ClassVar[str] = "car_moved"
    seat: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class PoliceMoved(Event):
    kind: ClassVar[str] = "police_moved"
    seat: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class ResourcesPicked(Event):
    kind: ClassVar[str] = "resources_picked"
    seat: int
    location: str
    amounts: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class TurfTaken(Event):
    kind: ClassVar[str] = "turf_taken"
    seat: int
    turf: str
    previous: int
    price: int


@dataclass(frozen=True, slots=True)
class RespectChanged(Event):
    kind: ClassVar[str] = "respect_changed"
    holder: int  # NOBODY: back on the board


@dataclass(frozen=True, slots=True)
class BusinessOpened(Event):
    kind: ClassVar[str] = "business_opened"
    seat: int
    lot: str
    piece: str
    paid: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class MobstersArranged(Event):
    """Mobsters moved between a car and a place: the counts are public, names are not."""

    kind: ClassVar[str] = "mobsters_arranged"
    seat: int
    place: str
    in_car: int
    in_place: int


@dataclass(frozen=True, slots=True)
class MobstersFetched(Event):
    """Out of Jail or the Hospital into the car: public there (EMPIRE §13)."""

    kind: ClassVar[str] = "mobsters_fetched"
    seat: int
    source: str
    mobsters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class JobStarted(Event):
    kind: ClassVar[str] = "job_started"
    seat: int
    job: str


@dataclass(frozen=True, slots=True)
class JobCompleted(Event):
    kind: ClassVar[str] = "job_completed"
    seat: int
    job: str
    reward: int


@dataclass(frozen=True, slots=True)
class JobsPassed(Event):
    kind: ClassVar[str] = "jobs_passed"
    loser: int
    winner: int
    jobs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class JobsCancelled(Event):
    kind: ClassVar[str] = "jobs_cancelled"
    seat: int
    jobs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EventPlayed(Event):
    """An Event card played: `target` a seat (or NOBODY), `mobsters` any it names."""

    kind: ClassVar[str] = "event_played"
    seat: int
    card: str
    target: int
    mobsters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EventCancelled(Event):
    """A Severed Horse Head's standing order cancelled `card` (EMPIRE §3.3, §6.9)."""

    kind: ClassVar[str] = "event_cancelled"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class FreezeChanged(Event):
    kind: ClassVar[str] = "freeze_changed"
    seat: int
    frozen: bool


@dataclass(frozen=True, slots=True)
class FedsChanged(Event):
    kind: ClassVar[str] = "feds_changed"
    in_town: bool


@dataclass(frozen=True, slots=True)
class MoneyChanged(Event):
    """Money gained or paid: private to the seat (money is secret, EMPIRE §13)."""

    kind: ClassVar[str] = "money_changed"
    seat: int
    amount: int
    reason: str
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ResourcesGained(Event):
    kind: ClassVar[str] = "resources_gained"
    seat: int
    amounts: tuple[int, int, int]
    reason: str
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Burgled(Event):
    """What a Burglary took: told to the thief and the victim; the table sees a count."""

    kind: ClassVar[str] = "burgled"
    thief: int
    victim: int
    taken: int
    amounts: tuple[int, int, int]
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BurglaryDone(Event):
    kind: ClassVar[str] = "burglary_done"
    thief: int
    victim: int
    taken: int


@dataclass(frozen=True, slots=True)
class MobsterSent(Event):
    """A Mobster moved by a fight, a card or the police: to graveyard, hospital, jail,
    hiding, car or unplaced."""

    kind: ClassVar[str] = "mobster_sent"
    seat: int
    mobster: str
    where: str
    reason: str


@dataclass(frozen=True, slots=True)
class FightDeclared(Event):
    kind: ClassVar[str] = "fight_declared"
    attacker: int
    defender: int
    lot: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FightTotals(Event):
    kind: ClassVar[str] = "fight_totals"
    attack_total: int
    defence_total: int
    attack_lives: int
    defence_lives: int


@dataclass(frozen=True, slots=True)
class FightRound(Event):
    """One round of EMPIRE §7.4, after `ties` equal pairs re-rolled."""

    kind: ClassVar[str] = "fight_round"
    attack_die: int
    defence_die: int
    attack_score: int
    defence_score: int
    winner: int
    margin: int
    ties: int


@dataclass(frozen=True, slots=True)
class FightEnded(Event):
    kind: ClassVar[str] = "fight_ended"
    winner: int
    loser: int
    lot: str


@dataclass(frozen=True, slots=True)
class CarGaraged(Event):
    kind: ClassVar[str] = "car_garaged"
    seat: int
    garage: str


@dataclass(frozen=True, slots=True)
class CarOut(Event):
    kind: ClassVar[str] = "car_out"
    seat: int
    square: int


@dataclass(frozen=True, slots=True)
class BusinessTaken(Event):
    kind: ClassVar[str] = "business_taken"
    seat: int
    lot: str
    previous: int


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    kind: ClassVar[str] = "peeked"
    seat: int
    target: str  # "car:<seat>" or a lot
    mobsters: tuple[str, ...]
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PeekMade(Event):
    kind: ClassVar[str] = "peek_made"
    seat: int
    target: str


@dataclass(frozen=True, slots=True)
class StandOff(Event):
    """EMPIRE §8.2: `rolls` are (holder, owner) pairs; empty when decided without a roll."""

    kind: ClassVar[str] = "stand_off"
    holder: int
    owner: int
    rolls: tuple[tuple[int, int], ...]
    police_won: bool


@dataclass(frozen=True, slots=True)
class Busted(Event):
    kind: ClassVar[str] = "busted"
    holder: int
    owner: int
    target: str  # "car" or a lot
    revealed: tuple[str, ...]
    success: bool


@dataclass(frozen=True, slots=True)
class TurfCleared(Event):
    kind: ClassVar[str] = "turf_cleared"
    holder: int
    turf: str
    owner: int


@dataclass(frozen=True, slots=True)
class Confiscated(Event):
    kind: ClassVar[str] = "confiscated"
    holder: int
    location: str
    amounts: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class TradeRoundStarted(Event):
    kind: ClassVar[str] = "trade_round_started"
    sequence: int


@dataclass(frozen=True, slots=True)
class IncomeCollected(Event):
    kind: ClassVar[str] = "income_collected"
    seat: int
    money: int
    girls: int
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NoIncome(Event):
    kind: ClassVar[str] = "no_income"
    seat: int
    reason: str  # frozen, squealer


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A drawn card: a Resource card or a Mobster is shown to all; an Event or a Job is
    named only to the drawer (the public copy has `card` "")."""

    kind: ClassVar[str] = "card_drawn"
    seat: int
    card: str
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ResourceCardRead(Event):
    kind: ClassVar[str] = "resource_card_read"
    seat: int
    card: str
    location: str
    amounts: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    kind: ClassVar[str] = "deck_reshuffled"
    cards: int


@dataclass(frozen=True, slots=True)
class LotOpened(Event):
    """A lot of EMPIRE §9.3 or the bribe of §9.4 (`mobster` "badge")."""

    kind: ClassVar[str] = "lot_opened"
    mobster: str


@dataclass(frozen=True, slots=True)
class BidSealed(Event):
    kind: ClassVar[str] = "bid_sealed"
    seat: int


@dataclass(frozen=True, slots=True)
class LotWon(Event):
    """`winner` NOBODY: nobody bid. Only the winner and the price are announced."""

    kind: ClassVar[str] = "lot_won"
    mobster: str
    winner: int
    price: int


@dataclass(frozen=True, slots=True)
class MobstersPlaced(Event):
    """A placement applied (EMPIRE §9.5): the counts per car and Business."""

    kind: ClassVar[str] = "mobsters_placed"
    seat: int
    counts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class MobstersFired(Event):
    kind: ClassVar[str] = "mobsters_fired"
    seat: int
    mobsters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SequenceEnded(Event):
    kind: ClassVar[str] = "sequence_ended"
    sequence: int
    reopened: tuple[str, ...]
    first: int


@dataclass(frozen=True, slots=True)
class OfferMade(Event):
    kind: ClassVar[str] = "offer_made"
    proposer: int
    receiver: int


@dataclass(frozen=True, slots=True)
class OfferAnswered(Event):
    """`outcome`: accepted, rejected, failed or lapsed; `mobsters` who changed hands."""

    kind: ClassVar[str] = "offer_answered"
    proposer: int
    receiver: int
    outcome: str
    mobsters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OrdersSet(Event):
    kind: ClassVar[str] = "orders_set"
    seat: int
    to: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    kind: ClassVar[str] = "match_ended"
    reason: str
    winner: int
    power: tuple[int, ...]
