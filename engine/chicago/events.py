"""Typed events returned by `apply`: every roll, move, payment, loss, mark, control
change, elimination and the end of the match. Narration and the board's "last events"
panel are built from these, never by diffing states. `BANK` stands for the bank.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from engine.chicago.state import EndReason
from engine.common.events import Event as Event  # every game shares one base: a kind, `as_dict`


class DicePurpose(StrEnum):
    MOVE = "move"
    BRIBE = "bribe"
    RENEWAL = "renewal"
    DON = "don"
    STREET_BAT = "street_bat"
    POKER = "poker"


class MoveKind(StrEnum):
    DICE = "dice"
    CARD = "card"
    JUMP = "jump"


class PayReason(StrEnum):
    """What money moved for: to or from the bank, or between sides."""

    START = "start"
    RELEASE = "release"
    HEIST = "heist"
    REBUILD = "rebuild"
    CARD = "card"
    DON = "don"
    ESTABLISH = "establish"
    RECRUIT = "recruit"
    ELIMINATION = "elimination"
    PROTECTION = "protection"
    INSPECTION = "inspection"
    BRIBE = "bribe"
    LUCKY_JACK = "lucky_jack"
    SQUEEZE = "squeeze"
    TRADE = "trade"


class PeopleReason(StrEnum):
    CARD = "card"
    RECRUIT = "recruit"
    STREET_BAT = "street_bat"
    VELVET_BOSS = "velvet_boss"


class ContactsReason(StrEnum):
    DRAWN = "drawn"
    DISCARD = "discard"


class ControlReason(StrEnum):
    CONTROL = "control"
    SEAL = "seal"
    RAID = "raid"
    TRADE = "trade"
    CARD = "card"
    ELIMINATION = "elimination"


class EliminationReason(StrEnum):
    OUT_OF_CASH = "out of cash"
    NO_PEOPLE = "no people left"
    START_RAID = "start raid"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn_started"
    seat: int
    round: int


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """`purpose`: move, bribe, renewal, don, street_bat, poker."""

    kind: ClassVar[str] = "dice_rolled"
    seat: int
    dice: tuple[int, ...]
    purpose: DicePurpose


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """`how`: dice, card, jump. `path` lists every space entered, in order."""

    kind: ClassVar[str] = "moved"
    seat: int
    start: int
    end: int
    path: tuple[int, ...]
    how: MoveKind


@dataclass(frozen=True, slots=True)
class PassedStart(Event):
    kind: ClassVar[str] = "passed_start"
    seat: int


@dataclass(frozen=True, slots=True)
class Paid(Event):
    """Money moved from payer to payee (either may be BANK) for `reason`."""

    kind: ClassVar[str] = "paid"
    payer: int
    payee: int
    amount: int
    reason: PayReason


@dataclass(frozen=True, slots=True)
class BankCredit(Event):
    kind: ClassVar[str] = "bank_credit"
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class PowerRenewed(Event):
    kind: ClassVar[str] = "power_renewed"
    seat: int
    die: int
    powered: bool


@dataclass(frozen=True, slots=True)
class PeopleChanged(Event):
    """`delta` is what the side's count changed by; `wasted` what the 120 cap swallowed."""

    kind: ClassVar[str] = "people_changed"
    seat: int
    delta: int
    reason: PeopleReason
    wasted: int = 0


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    kind: ClassVar[str] = "card_drawn"
    seat: int
    deck: str
    title: str


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    kind: ClassVar[str] = "deck_reshuffled"
    deck: str


@dataclass(frozen=True, slots=True)
class ContactsChanged(Event):
    kind: ClassVar[str] = "contacts_changed"
    seat: int
    held: int
    reason: ContactsReason


@dataclass(frozen=True, slots=True)
class FineWaived(Event):
    """A powered Queen Bee on a police-sealed business pays no Inspection."""

    kind: ClassVar[str] = "fine_waived"
    seat: int
    space: int


@dataclass(frozen=True, slots=True)
class RaidStarted(Event):
    kind: ClassVar[str] = "raid_started"
    attacker: int
    defender: int
    space: int


@dataclass(frozen=True, slots=True)
class RaidRound(Event):
    """One exchange of dice; `loser` lost one person (-1: a tie, rolled again)."""

    kind: ClassVar[str] = "raid_round"
    attacker_roll: int
    defender_roll: int
    loser: int


@dataclass(frozen=True, slots=True)
class Withdrew(Event):
    kind: ClassVar[str] = "withdrew"
    seat: int


@dataclass(frozen=True, slots=True)
class RaidEnded(Event):
    """Carries who attacked, so the losses can be told without the raid's start."""

    kind: ClassVar[str] = "raid_ended"
    attacker: int
    winner: int
    loser: int
    space: int
    attacker_lost: int
    defender_lost: int


@dataclass(frozen=True, slots=True)
class MarkEarned(Event):
    kind: ClassVar[str] = "mark_earned"
    seat: int
    marks: int


@dataclass(frozen=True, slots=True)
class ControlChanged(Event):
    """A business changed hands (MERCHANT: merchant-run). `reason`: control, seal, raid,
    trade, card, elimination."""

    kind: ClassVar[str] = "control_changed"
    space: int
    old: int
    new: int
    reason: ControlReason


@dataclass(frozen=True, slots=True)
class Detained(Event):
    kind: ClassVar[str] = "detained"
    seat: int


@dataclass(frozen=True, slots=True)
class Released(Event):
    kind: ClassVar[str] = "released"
    seat: int


@dataclass(frozen=True, slots=True)
class TruceDeclared(Event):
    kind: ClassVar[str] = "truce_declared"
    seat: int


@dataclass(frozen=True, slots=True)
class TruceEnded(Event):
    kind: ClassVar[str] = "truce_ended"
    seat: int


@dataclass(frozen=True, slots=True)
class MeetingCalled(Event):
    kind: ClassVar[str] = "meeting_called"
    seat: int
    attendees: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TradeProposed(Event):
    kind: ClassVar[str] = "trade_proposed"
    proposer: int
    partner: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    cash: int


@dataclass(frozen=True, slots=True)
class TradeAnswered(Event):
    kind: ClassVar[str] = "trade_answered"
    partner: int
    accepted: bool


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """The turn's action (or a police action after a card move)."""

    kind: ClassVar[str] = "action_taken"
    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class StartRaid(Event):
    kind: ClassVar[str] = "start_raid"
    eliminated: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    kind: ClassVar[str] = "eliminated"
    seat: int
    reason: EliminationReason


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    kind: ClassVar[str] = "match_ended"
    reason: EndReason
    winner: int
    ranking: tuple[int, ...]
    scores: tuple[int | None, ...]
