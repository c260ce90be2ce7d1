"""The match state: everything needed to continue or replay a match (RULES §2-§4).

Plain dataclasses, mutated only inside `apply`; pydantic reads and writes them as
JSON (`to_json` / `from_json`), which round-trips exactly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import StrEnum

from pydantic import TypeAdapter, ValidationError

from engine.chicago.characters import Character
from engine.chicago.decisions import Pending
from engine.chicago.limits import STANDARD_MARKS
from engine.common.errors import StateFormatError
from engine.common.rng import Rng
from engine.common.seats import PlayerSpec

# Sentinels, each with its own value so one can never be read as another.
MERCHANT = -1  # control of a business no side holds: its merchant runs it
NO_SPACE = -1  # a raid with no business at stake (a street fight with police)
BANK = -2  # the other side of a payment to or from the bank
NOBODY = -3  # no seat: a raid round nobody lost, no Lucky Jack at the meeting
TOTAL_MONEY = 265_000
STARTING_CASH = 12_000
BOSS_SOLDIERS = 50
POLICE_OFFICERS = 28
MAX_PEOPLE = 120
# The layout of saved state; raised whenever a saved match could not be read as it was.
STATE_FORMAT = 1


class EndReason(StrEnum):
    MARKS = "marks"
    LAST_STANDING = "last_standing"
    START_RAID = "start_raid"
    BANK_SHORTAGE = "bank_shortage"
    ROUND_LIMIT = "round_limit"


@dataclass(slots=True)
class MatchOptions:
    """Options for a shorter evening; the defaults play RULES.md exactly."""

    marks_to_win: int = STANDARD_MARKS
    round_limit: int | None = None


@dataclass(slots=True)
class Setup:
    """How the match was created: with the decision log, it replays the match."""

    seed: int
    options: MatchOptions
    players: list[PlayerSpec]
    police: PlayerSpec
    characters: list[Character] | None = None
    shuffle_seats: bool = True


@dataclass(slots=True)
class Side:
    """A boss or the police. `truce_through` is the side's turn number through which its
    businesses cannot be raided (0: no truce)."""

    seat: int
    name: str
    character: Character
    is_police: bool
    cash: int
    people: int
    computer: str | None = None
    position: int = 0
    marks: int = 0
    powered: bool = False
    detained: bool = False
    eliminated: bool = False
    contacts: list[int] = field(default_factory=list)
    credit: int = 0
    turns: int = 0
    truce_through: int = 0

    @property
    def free(self) -> bool:
        """In play and not detained: takes part in encounters, trades and meetings."""
        return not self.eliminated and not self.detained

    def has(self, character: Character) -> bool:
        """Is this side's power in force now?"""
        return self.powered and not self.eliminated and self.character is character


@dataclass(slots=True)
class Raid:
    """The raid in progress (RULES §8.1). `space` is the business at stake, or -1."""

    attacker: int
    defender: int
    space: int
    attacker_lost: int = 0
    defender_lost: int = 0


@dataclass(slots=True)
class TradeOffer:
    """A proposal awaiting its answer (RULES §10). Cash > 0: proposer pays partner."""

    proposer: int
    partner: int
    give: list[int]
    take: list[int]
    cash: int
    at_meeting: bool


@dataclass(slots=True)
class Turn:
    """Flags of the turn in progress; reset when a turn begins."""

    seat: int
    over: bool = False
    encounter_done: bool = False
    personal_on_landing: bool = False
    arrived_on_start: bool = False
    trade_proposed: bool = False
    no_trade: bool = False
    police_personal: bool = False


@dataclass(slots=True)
class Step:
    """A piece of work the engine still has to do this turn. The agenda is a stack.
    `must_finish` steps run even after the turn's own side is out (RULES §11.2)."""

    kind: str
    seat: int = -1
    arg: int = 0
    must_finish: bool = False


@dataclass(slots=True)
class Result:
    """How the match ended. `scores` is the §11.3 count per seat (None: eliminated);
    `ranking` lists seats, winner first."""

    reason: EndReason
    winner: int
    scores: list[int | None]
    ranking: list[int]


@dataclass(slots=True)
class MatchState:
    setup: Setup
    sides: list[Side]
    control: list[int]
    street_deck: list[int]
    street_discard: list[int]
    police_deck: list[int]
    police_discard: list[int]
    contacts_supply: list[int]
    bank: int
    rng: Rng
    turn: Turn
    round: int = 1
    seq: int = 0
    raid: Raid | None = None
    offer: TradeOffer | None = None
    agenda: list[Step] = field(default_factory=list)
    pending: Pending | None = None
    result: Result | None = None
    format: int = 0  # set to STATE_FORMAT by new_match; 0 marks state older than formats

    @property
    def police(self) -> Side:
        return self.sides[-1]

    @property
    def police_seat(self) -> int:
        return len(self.sides) - 1

    @property
    def bosses(self) -> list[Side]:
        return self.sides[:-1]

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> MatchState:
        """Read saved state; a snapshot of another format raises StateFormatError, so a
        store replays the decision log instead of misreading it. State written before
        formats were recorded reads as format 0."""
        try:
            state = _ADAPTER.validate_json(data)
        except ValidationError:
            found = _format_of(data)
            if found != STATE_FORMAT:
                raise StateFormatError(_wrong_format(found)) from None
            raise
        if state.format != STATE_FORMAT:
            raise StateFormatError(_wrong_format(state.format))
        return state


def _format_of(data: bytes | str) -> object:
    try:
        found = json.loads(data)
    except ValueError:
        return None
    return found.get("format", 0) if isinstance(found, dict) else None


def _wrong_format(found: object) -> str:
    return f"saved state has format {found}, this engine reads {STATE_FORMAT}"


_ADAPTER: TypeAdapter[MatchState] = TypeAdapter(MatchState)
