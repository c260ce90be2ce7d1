"""The Turf match state: everything needed to continue or replay a match (TURF §1-§3).

Plain dataclasses, mutated only inside `apply`; pydantic writes and reads them as JSON,
which round-trips exactly. The generator is the Chicago engine's counter-based one, so
both games replay the same way from a seed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from pydantic import TypeAdapter

from engine.common.errors import StateFormatError
from engine.common.rng import Rng
from engine.common.seats import PlayerSpec
from engine.turf.decisions import DealSide, Pending

NOBODY = -1  # no seat: an unoccupied building, a match nobody won
SUPPLY = 40  # thugs each player owns (TURF §1.3 [R])
START_IDLE = 4  # TURF §2 [R]
MAX_COPS = 12  # corrupt cops among all players (TURF §4.2.2)
WINNING_BUILDINGS = 10  # TURF §8
DEFAULT_ROUND_LIMIT = 30  # TURF §8 [R]
MAX_ROUND_LIMIT = 200  # the longest round limit a lobby may set (TURF §8 [R])
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # TURF §2 [R]
STATE_FORMAT = 1


class Phase(StrEnum):
    LEGWORK = "legwork"
    CONFRONTATION = "confrontation"
    RECRUITING = "recruiting"
    COP = "cop"
    LOSS = "loss"
    OVER = "over"


class EndReason(StrEnum):
    BUILDINGS = "buildings"  # ten buildings controlled
    LAST_STANDING = "last_standing"
    ALL_OUT = "all_out"
    STALEMATE = "stalemate"
    ROUND_LIMIT = "round_limit"


@dataclass(slots=True)
class TurfOptions:
    round_limit: int = DEFAULT_ROUND_LIMIT


@dataclass(slots=True)
class TurfSetup:
    """How the match was created: with the decision log, it replays the match."""

    seed: int
    options: TurfOptions
    players: list[PlayerSpec]
    shuffle_seats: bool = True


@dataclass(slots=True)
class Player:
    """A boss and their thugs. Guards are counted from the buildings; `supply` is what
    is left of the player's 40, so idle + job + guards + cops + supply is always 40."""

    seat: int
    name: str
    computer: str | None
    idle: int = START_IDLE
    job: int = 0
    cops: int = 0
    supply: int = SUPPLY - START_IDLE
    hand: list[int] = field(default_factory=list)
    out: bool = False


@dataclass(slots=True)
class Building:
    square: int
    guard: int = NOBODY  # the seat whose thug guards it, who controls it


@dataclass(slots=True)
class Commitment:
    idle: int
    cops: int
    guards: list[int]

    @property
    def total(self) -> int:
        return self.idle + self.cops + len(self.guards)


@dataclass(slots=True)
class Confrontation:
    """A fight over a building (TURF §4.3). Each side's commitment stays None until it is
    chosen, and is shown to nobody but its owner until both are in."""

    attacker: int
    defender: int
    square: int
    attack: Commitment | None = None
    defence: Commitment | None = None


@dataclass(slots=True)
class Loss:
    """Discards a player owes, of their own choice (a hit, a squeeze): `cards` tells
    whether they are cards or thugs."""

    seat: int
    by: int
    left: int
    cards: bool
    cause: str
    resume: Phase


@dataclass(slots=True)
class Offer:
    """A deal awaiting the receiver's answer (TURF §7)."""

    proposer: int
    receiver: int
    mine: DealSide
    theirs: DealSide


@dataclass(slots=True)
class Result:
    """How the match ended: `winner` is a seat or NOBODY; `ranking` lists seats by the
    final count (most buildings, then thugs, cards, earlier seat)."""

    reason: EndReason
    winner: int
    ranking: list[int]
    buildings: list[int]


@dataclass(slots=True)
class TurfState:
    setup: TurfSetup
    players: list[Player]
    buildings: list[Building]
    draw: list[int]
    discard: list[int]
    rng: Rng
    turn: int = 0
    round: int = 1
    phase: Phase = Phase.LEGWORK
    seq: int = 0
    active_round: bool = False  # something happened this round (TURF §8 stalemate)
    fight: Confrontation | None = None
    loss: Loss | None = None
    offers: list[Offer] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    result: Result | None = None
    format: int = STATE_FORMAT

    def building(self, square: int) -> Building | None:
        return next((b for b in self.buildings if b.square == square), None)

    def guards(self, seat: int) -> list[int]:
        """The squares of the buildings `seat` guards (and so controls)."""
        return [b.square for b in self.buildings if b.guard == seat]

    def guard_counts(self) -> list[int]:
        """How many buildings each seat guards, in one pass over the buildings."""
        counts = [0] * len(self.players)
        for b in self.buildings:
            if b.guard >= 0:
                counts[b.guard] += 1
        return counts

    def thugs(self, seat: int) -> int:
        """The thug count of TURF §1.3: idle + on a job + guards + corrupt cops."""
        p = self.players[seat]
        return p.idle + p.job + p.cops + len(self.guards(seat))

    def cops_in_play(self) -> int:
        return sum(p.cops for p in self.players)

    def in_play(self) -> list[int]:
        return [p.seat for p in self.players if not p.out]

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> TurfState:
        state = _ADAPTER.validate_json(data)
        if state.format != STATE_FORMAT:
            raise StateFormatError(f"saved Turf state has format {state.format}")
        return state


_ADAPTER: TypeAdapter[TurfState] = TypeAdapter(TurfState)
