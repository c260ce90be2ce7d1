"""The Bootleg match state: everything needed to continue or replay a match (BOOTLEG §2-§3).

Plain dataclasses, mutated only inside `apply`; pydantic writes and reads them as JSON,
which round-trips exactly. Seats are in play order: seat 0 plays first (§3.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from pydantic import TypeAdapter

from engine.bootleg.decisions import Pending
from engine.common.errors import StateFormatError
from engine.common.rng import Rng
from engine.common.seats import PlayerSpec

NOBODY = -1
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # BOOTLEG §1 [R]
ROUNDS = 9  # §4
STATE_FORMAT = 1


class Variant(StrEnum):
    SECRET = "secret"
    OPEN = "open"


class Phase(StrEnum):
    MOVE = "move"
    ACT = "act"
    BOMB = "bomb"
    LUCKY = "lucky"
    OVER = "over"


@dataclass(slots=True)
class BootlegOptions:
    variant: Variant = Variant.SECRET


@dataclass(slots=True)
class BootlegSetup:
    """How the match was created: with the decision log, it replays the match."""

    seed: int
    options: BootlegOptions
    players: list[PlayerSpec]
    shuffle_seats: bool = True


@dataclass(slots=True)
class Barrel:
    owner: int
    kind: str


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    computer: str | None
    gang: str
    szmal: int
    supply: list[str]
    discarded: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # by the Bomb (§9.1)
    left: bool = False


@dataclass(slots=True)
class Site:
    """A Location on its cell: its Pot, its Event token (and whether it is face up) and
    its row of Barrels, left to right (spaces 1, 2, …)."""

    cell: int
    key: str
    pot: int
    token: int
    face_up: bool
    barrels: list[Barrel] = field(default_factory=list)


@dataclass(slots=True)
class Turn:
    """The turn in progress (§4): the moved Envoy, its path, and what was used."""

    seat: int
    envoy: str = ""
    start: int = 0
    path: list[int] = field(default_factory=list)
    ability: bool = False
    service: bool = False
    placed: bool = False

    @property
    def cell(self) -> int:
        return self.path[-1] if self.path else 0


@dataclass(slots=True)
class Standing:
    """One line of the final ranking (§9.4)."""

    seat: int
    szmal: int
    locations: int


@dataclass(slots=True)
class Result:
    winner: int
    ranking: list[Standing]


@dataclass(slots=True)
class BootlegState:
    setup: BootlegSetup
    players: list[Player]
    sites: list[Site]  # by cell: sites[cell - 1]
    envoys: dict[str, int]  # active kind → the cell its board copy stands in
    track: list[str]
    inactive: str
    expansion: list[int]  # per line (board.LINES): the seat that claimed it, or NOBODY
    out_tokens: list[int]
    rng: Rng
    turns: int = 0  # turns finished
    turn: Turn = field(default_factory=lambda: Turn(0))
    phase: Phase = Phase.MOVE
    seq: int = 0
    bomb: str = ""  # "detonate" / "hold" once decided, "" if never asked
    bombed: list[Barrel] = field(default_factory=list)  # what the Bomb removed, and where
    bomb_cell: int = 0
    lucky: str = ""
    pending: list[Pending] = field(default_factory=list)
    result: Result | None = None
    format: int = STATE_FORMAT

    def site(self, cell: int) -> Site:
        return self.sites[cell - 1]

    def site_of(self, key: str) -> Site:
        return next(s for s in self.sites if s.key == key)

    @property
    def open_spaces(self) -> int:
        return len(self.players)

    @property
    def round(self) -> int:
        return min(self.turns // len(self.players) + 1, 9)

    def seat_of(self, gang: str) -> int:
        return next((p.seat for p in self.players if p.gang == gang), NOBODY)

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> BootlegState:
        state = _ADAPTER.validate_json(data)
        if state.format != STATE_FORMAT:
            raise StateFormatError(f"saved Bootleg state has format {state.format}")
        return state


_ADAPTER: TypeAdapter[BootlegState] = TypeAdapter(BootlegState)
