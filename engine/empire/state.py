"""The Empire match state: everything needed to continue or replay a match.

Plain dataclasses, changed only inside `apply`; pydantic writes and reads them as JSON,
which round-trips exactly. A Mobster's place is a word: `car`, a lot's code, `unplaced`,
`jail`, `hospital` or `hiding` (the dead are in the Graveyard, off every roster).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from pydantic import TypeAdapter

from engine.common.errors import StateFormatError
from engine.common.rng import Rng
from engine.common.seats import PlayerSpec
from engine.empire.cards import HORSE_HEAD_DEFAULT
from engine.empire.decisions import Pending

STATE_FORMAT = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # EMPIRE §1.1 [R]
WIN_POWER = 10  # EMPIRE §11
DEFAULT_CAP, MIN_CAP, MAX_CAP = 12, 4, 15  # EMPIRE §12 [R]
ACTION_ROUNDS = 4
START_MONEY = 1000
TURF_MARKERS = 15
COLOURS = ("brown", "blue", "green", "orange", "red", "yellow")  # EMPIRE §4.1 [R]
NOBODY = -1
CAR, UNPLACED, JAIL, HOSPITAL, HIDING = "car", "unplaced", "jail", "hospital", "hiding"
WORKING_OUTSIDE_LOTS = (CAR, UNPLACED)
MAX_OFFERS = 3  # per player per turn or Trade Round step (EMPIRE §10)


class Phase(StrEnum):
    START_LOT = "start_lot"
    START_MOBSTER = "start_mobster"
    PRE_MOVE = "pre_move"
    MOVE_TO = "move_to"
    ACTION = "action"
    AFTER_ACTION = "after_action"
    POLICE_MOVE = "police_move"
    POLICE_ACTION = "police_action"
    PREFIGHT = "prefight"
    CASUALTY = "casualty"
    GARAGE = "garage"
    OCCUPY = "occupy"
    BURGLARY = "burglary"
    BID = "bid"
    BRIBE = "bribe"
    PLACE = "place"
    OVER = "over"


class EndReason(StrEnum):
    POWER = "power"  # 10 Power Points (EMPIRE §11)
    CAP = "cap"  # the last Game Sequence was played (§12)


@dataclass(slots=True)
class EmpireOptions:
    sequences: int = DEFAULT_CAP  # the cap of EMPIRE §12


@dataclass(slots=True)
class EmpireSetup:
    """How the match was created: with the decision log, it replays the match."""

    seed: int
    options: EmpireOptions
    players: list[PlayerSpec]
    shuffle_seats: bool = True


@dataclass(slots=True)
class Orders:
    """Standing orders for the reaction cards (EMPIRE §6.9): the Event kinds a Severed
    Horse Head cancels, and whom Fabulous First Aid saves ("first", "never" or named)."""

    horse_head: list[str] = field(default_factory=lambda: list(HORSE_HEAD_DEFAULT))
    first_aid: str = "first"
    named: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    computer: str | None
    colour: str
    money: int = START_MONEY
    res: list[int] = field(default_factory=lambda: [0, 0, 0])
    hand: list[str] = field(default_factory=list)
    car: int = 0
    garage: str = ""  # "" on the streets, else GN or GS
    mobsters: dict[str, str] = field(default_factory=dict)  # in the order acquired
    jobs: dict[str, bool] = field(default_factory=dict)  # started Job -> completed
    start_piece: str = ""
    frozen: bool = False
    peeked: bool = False
    offers_made: int = 0
    orders: Orders = field(default_factory=Orders)


@dataclass(slots=True)
class Business:
    piece: str
    owner: int
    open: bool = True


@dataclass(slots=True)
class Turn:
    """The active player's turn (EMPIRE §5.2): the movement allowed, what is done."""

    seat: int
    allowance: int = 0
    moved: bool = False
    acted: bool = False
    back_to: Phase = Phase.ACTION  # where a movement returns (a Streetwise one too)
    police_roll: int = 0
    burglary_victim: int = NOBODY
    burglary_roll: int = 0


@dataclass(slots=True)
class Fight:
    """A shoot-out (EMPIRE §7). `lot` is "" in a Driveby."""

    attacker: int
    defender: int
    lot: str
    attackers: list[str]
    defenders: list[str]
    deciding: int  # the seat whose pre-fight window is open; NOBODY once rolling
    attack_bonus: int = 0
    defence_bonus: int = 0
    attack_total: int = 0
    defence_total: int = 0
    loser: int = NOBODY  # who must name a casualty
    margin: int = 0
    winner: int = NOBODY


@dataclass(frozen=True, slots=True)
class Side:
    """What one side of an offer gives (EMPIRE §10)."""

    money: int = 0
    res: tuple[int, int, int] = (0, 0, 0)
    cards: tuple[str, ...] = ()
    mobsters: tuple[str, ...] = ()


@dataclass(slots=True)
class Offer:
    proposer: int
    receiver: int
    give: Side
    get: Side


@dataclass(slots=True)
class Result:
    reason: EndReason
    winner: int
    ranking: list[int]
    power: list[int]


@dataclass(slots=True)
class EmpireState:
    setup: EmpireSetup
    players: list[Player]
    rng: Rng
    deck: list[str]
    used: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    auction: list[str] = field(default_factory=list)
    pool: list[int] = field(default_factory=lambda: [40, 40, 40])
    lots: dict[str, Business] = field(default_factory=dict)
    turf: dict[str, int] = field(default_factory=dict)
    respect: int = NOBODY
    board_res: dict[str, list[int]] = field(default_factory=dict)
    police: int = 4
    badge: int = NOBODY
    police_used: bool = False
    feds: bool = False
    first: int = 0
    sequence: int = 1
    round: int = 1  # 1-4 the Action Rounds, 5 the Trade Round
    order_index: int = 0  # whose turn, counted from the first player
    phase: Phase = Phase.START_LOT
    turn: Turn | None = None
    fight: Fight | None = None
    lot_index: int = 0  # the auction lot being bid on
    sealed: dict[int, str] = field(default_factory=dict)  # seat -> a sealed answer
    revealed: list[str] = field(default_factory=list)  # Mobsters whose place is public
    offers: list[Offer] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    seq: int = 0
    result: Result | None = None
    format: int = STATE_FORMAT

    def seat_order(self) -> list[int]:
        """Seats in order from the sequence's first player (EMPIRE §5.1)."""
        n = len(self.players)
        return [(self.first + i) % n for i in range(n)]

    def owner_of(self, mobster: str) -> int:
        return next((p.seat for p in self.players if mobster in p.mobsters), NOBODY)

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)

    @classmethod
    def from_json(cls, data: bytes | str) -> EmpireState:
        state = _ADAPTER.validate_json(data)
        if state.format != STATE_FORMAT:
            raise StateFormatError(f"saved Empire state has format {state.format}")
        return state


_ADAPTER: TypeAdapter[EmpireState] = TypeAdapter(EmpireState)
