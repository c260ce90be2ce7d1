"""Typed events returned by `apply`; narration is built from them alone.

Every event but three carries only public facts. `BarrelPlaced`, `BarrelDiscarded` and
`BarrelMoved` name the Barrel's true kind, which a Devils or Lucky Joe Special keeps
secret from other seats (BOOTLEG §11 [R]): tell a seat `visible_events(events, seat)`
(engine.bootleg.view), never the raw list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.common.events import Event as Event


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class EnvoyMoved(Event):
    """§4.1: `path` lists the cells entered; `track` is the Range Track after it."""

    kind: ClassVar[str] = "envoy_moved"
    seat: int
    envoy: str
    start: int
    path: tuple[int, ...]
    track: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TokenRevealed(Event):
    """A token turned face up: by a move (§4.2) or at the start of the end (§7)."""

    kind: ClassVar[str] = "token_revealed"
    cell: int
    token: int


@dataclass(frozen=True, slots=True)
class AdvanceTaken(Event):
    """1$ from a Pot (§4.3), or from each Pot a Smuggler passed (§5.1, `cells`)."""

    kind: ClassVar[str] = "advance_taken"
    seat: int
    cells: tuple[int, ...]
    smuggler: bool


@dataclass(frozen=True, slots=True)
class BarrelPlaced(Event):
    kind: ClassVar[str] = "barrel_placed"
    seat: int
    cell: int
    space: int
    barrel: str


@dataclass(frozen=True, slots=True)
class BarrelDiscarded(Event):
    """§4.5: the Location was full; the Barrel is out of the game."""

    kind: ClassVar[str] = "barrel_discarded"
    seat: int
    cell: int
    barrel: str


@dataclass(frozen=True, slots=True)
class BarrelMoved(Event):
    """A Barrel moved by the Troublemaker, the Precinct or the Post Office (`cause`)."""

    kind: ClassVar[str] = "barrel_moved"
    seat: int
    owner: int
    barrel: str
    source: int
    target: int
    space: int
    cause: str


@dataclass(frozen=True, slots=True)
class Welcomed(Event):
    """A face-up Welcome paid an arriving Barrel's owner 1$ (§2.4)."""

    kind: ClassVar[str] = "welcomed"
    owner: int
    cell: int


@dataclass(frozen=True, slots=True)
class TokensExchanged(Event):
    """The Informant swapped two tokens (§5.2); a face-down one is shown as 0."""

    kind: ClassVar[str] = "tokens_exchanged"
    seat: int
    cells: tuple[int, int]
    tokens: tuple[int, int]


@dataclass(frozen=True, slots=True)
class ServiceUsed(Event):
    """A Location Service paid for (`cost` into the Pot of `cell`) and carried out."""

    kind: ClassVar[str] = "service_used"
    seat: int
    location: str
    cell: int
    cost: int


@dataclass(frozen=True, slots=True)
class SzmalChanged(Event):
    """A gain or loss: `due` was owed, `change` actually happened (never below 0, §2.6)."""

    kind: ClassVar[str] = "szmal_changed"
    seat: int
    due: int
    change: int
    szmal: int
    reason: str


@dataclass(frozen=True, slots=True)
class EnvoyExchanged(Event):
    """The Railway Station swapped an active kind for the inactive one (§6.5)."""

    kind: ClassVar[str] = "envoy_exchanged"
    seat: int
    out: str
    came_in: str
    cell: int
    track: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ExpansionClaimed(Event):
    kind: ClassVar[str] = "expansion_claimed"
    seat: int
    line: int
    amount: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    seat: int


@dataclass(frozen=True, slots=True)
class SeatLeft(Event):
    kind: ClassVar[str] = "seat_left"
    seat: int


@dataclass(frozen=True, slots=True)
class SpecialsRevealed(Event):
    """§9.1 steps 2-3: where a gang's Specials are. `board` holds (cell, space, kind)."""

    kind: ClassVar[str] = "specials_revealed"
    seat: int
    gang: str
    board: tuple[tuple[int, int, str], ...]
    discarded: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BombDecided(Event):
    """§9.1 step 2: `removed` lists (owner, kind) of the Barrels blown away."""

    kind: ClassVar[str] = "bomb_decided"
    seat: int
    detonated: bool
    cell: int
    removed: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class LuckyDecided(Event):
    """§9.1 step 3: the activatable Specials (cell, kind), all or none activated."""

    kind: ClassVar[str] = "lucky_decided"
    seat: int
    activated: bool
    barrels: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class LocationScored(Event):
    """One Location's count at the end (§9.2, §9.3), with every reason a narrator needs:

    `row` is the Barrels left to right as (owner, kind); `left_out` the one Last Out
    removed from the count; `counts` each seat's count; `tied` the seats tied for most;
    `reason` one of none, majority, golden_whisky, reverse_ties, leftmost; `value_reason`
    one of printed, fixed_price, specials (Good Goods / Cheap Gin changed it), floor;
    `bombed` the Barrels the Bomb removed here; `income` what the controller gets."""

    kind: ClassVar[str] = "location_scored"
    cell: int
    location: str
    token: int
    row: tuple[tuple[int, str], ...]
    left_out: tuple[int, str] | None
    counts: tuple[int, ...]
    tied: tuple[int, ...]
    controller: int
    reason: str
    value: int
    value_reason: str
    token_income: int
    income: int
    bombed: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class IncomePaid(Event):
    """§9.2 [R]: a seat's incomes summed, then applied once (floor 0)."""

    kind: ClassVar[str] = "income_paid"
    seat: int
    income: int
    before: int
    szmal: int
    locations: int


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """§9.4: `ranking` lists seats best first."""

    kind: ClassVar[str] = "match_ended"
    winner: int
    ranking: tuple[int, ...]
