"""Typed events returned by `apply`. Narration and the picture's "last action" line are
built from these. Events are told to the whole table, so none carries a hidden fact: a
drawn card is not named, a secret commitment is only said to be made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.common.events import Event as Event  # every game shares one base: a kind, `as_dict`
from engine.turf.state import EndReason


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int
    round: int
    back_from_jobs: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """Word on the street (TURF §4.2.1). `drawn` is 0 when both piles were empty."""

    kind: ClassVar[str] = "card_drawn"
    seat: int
    drawn: int


@dataclass(frozen=True, slots=True)
class DiscardReshuffled(Event):
    kind: ClassVar[str] = "discard_reshuffled"
    cards: int


@dataclass(frozen=True, slots=True)
class CopCorrupted(Event):
    kind: ClassVar[str] = "cop_corrupted"
    seat: int
    cops_in_play: int


@dataclass(frozen=True, slots=True)
class Infiltrated(Event):
    """Two street cards named a building (TURF §4.2.3); `defender` is NOBODY when it was
    unoccupied."""

    kind: ClassVar[str] = "infiltrated"
    seat: int
    square: int
    cards: tuple[int, ...]
    defender: int


@dataclass(frozen=True, slots=True)
class Committed(Event):
    """One side chose in secret; the numbers wait for the other side."""

    kind: ClassVar[str] = "committed"
    seat: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Both commitments shown together and the fight resolved (TURF §4.3). Committed
    counts include the contested building's guard; `winner` is NOBODY when both sides
    were wiped out."""

    kind: ClassVar[str] = "revealed"
    attacker: int
    defender: int
    square: int
    attack: int
    defence: int
    attacker_lost: int
    defender_lost: int
    winner: int
    abandoned: tuple[int, ...]
    cops_spent: int


@dataclass(frozen=True, slots=True)
class ControlChanged(Event):
    kind: ClassVar[str] = "control_changed"
    square: int
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class HitOrdered(Event):
    kind: ClassVar[str] = "hit_ordered"
    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Squeezed(Event):
    """`hand` tells a squeeze of cards from a squeeze of thugs (TURF §6)."""

    kind: ClassVar[str] = "squeezed"
    seat: int
    target: int
    hand: bool
    count: int


@dataclass(frozen=True, slots=True)
class ThugLost(Event):
    """A thug discarded back to its owner's supply; `square` is set for a guard."""

    kind: ClassVar[str] = "thug_lost"
    seat: int
    where: str
    square: int


@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    kind: ClassVar[str] = "cards_discarded"
    seat: int
    cards: tuple[int, ...]
    cause: str


@dataclass(frozen=True, slots=True)
class ThugsGained(Event):
    """`cause`: buildings, cards or deal. `count` is what the supply could give."""

    kind: ClassVar[str] = "thugs_gained"
    seat: int
    count: int
    cause: str


@dataclass(frozen=True, slots=True)
class LegworkEnded(Event):
    kind: ClassVar[str] = "legwork_ended"
    seat: int


@dataclass(frozen=True, slots=True)
class CopPassed(Event):
    kind: ClassVar[str] = "cop_passed"
    seat: int


@dataclass(frozen=True, slots=True)
class DealOffered(Event):
    """The terms stay between the two sides until the deal is answered."""

    kind: ClassVar[str] = "deal_offered"
    proposer: int
    receiver: int


@dataclass(frozen=True, slots=True)
class DealAnswered(Event):
    """`outcome`: accepted, rejected, failed (a side no longer held what it named) or
    dropped (a side went out or the match ended). Card and thug counts moved either way
    when accepted; the cards given stay secret, the discarded ones are public."""

    kind: ClassVar[str] = "deal_answered"
    proposer: int
    receiver: int
    outcome: str
    cards_to_receiver: int = 0
    cards_to_proposer: int = 0
    thugs_to_receiver: int = 0
    thugs_to_proposer: int = 0


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    kind: ClassVar[str] = "player_out"
    seat: int


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    kind: ClassVar[str] = "match_ended"
    reason: EndReason
    winner: int
    ranking: tuple[int, ...]
