"""Decisions: small frozen values with a text form that fits in a button's custom_id.

The pending decision always says who must decide what, with every legal option
(RULES §13). The text form round-trips: `Decision.parse(str(d)) == d`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal, TypeVar

from pydantic import Field

from engine.common.errors import IllegalDecision

MAX_TEXT = 60
MAX_TRADE_CASH = 10_000_000


class DecisionKind(StrEnum):
    ROLL = "roll"
    PAY_OR_RAID = "pay_or_raid"
    BRIBE_OR_RAID = "bribe_or_raid"
    FIGHT_OR_WITHDRAW = "fight_or_withdraw"
    ACTION = "action"
    POLICE_ACTION = "police_action"
    TRADE_ANSWER = "trade_answer"
    MEETING_TRADE = "meeting_trade"


SIMPLE = frozenset(
    {
        "roll", "pay", "raid", "bribe", "fight", "withdraw", "control", "recruit4",
        "recruit10", "rebuild", "pass", "accept", "reject",
    }
)  # fmt: skip
TRADE = "trade"


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice. A trade names the partner seat, the businesses given and taken, and
    the cash: positive when the proposer pays, negative when the partner pays."""

    kind: str
    partner: int = -1
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0

    def __str__(self) -> str:
        if self.kind != TRADE:
            return self.kind

        def spaces(items: tuple[int, ...]) -> str:
            return ".".join(str(i) for i in items) or "-"

        return f"trade:{self.partner}:{spaces(self.give)}:{spaces(self.take)}:{self.cash}"

    @classmethod
    def parse(cls, text: str) -> Decision:
        """Read the text form; anything malformed raises IllegalDecision."""
        if len(text) > MAX_TEXT:
            raise IllegalDecision(f"decision text longer than {MAX_TEXT} characters")
        if text in SIMPLE:
            return cls(text)
        parts = text.split(":")
        if len(parts) != 5 or parts[0] != TRADE:
            raise IllegalDecision(f"unknown decision {text!r}")
        try:
            partner = _small_int(parts[1])
            give = _spaces(parts[2])
            take = _spaces(parts[3])
            cash = int(parts[4])
        except ValueError as exc:
            raise IllegalDecision(f"malformed trade {text!r}") from exc
        if abs(cash) > MAX_TRADE_CASH:
            raise IllegalDecision("trade cash is out of range")
        decision = cls(TRADE, partner, give, take, cash)
        if str(decision) != text:
            raise IllegalDecision(f"trade {text!r} is not in its canonical form")
        return decision


def _small_int(text: str) -> int:
    if not text.isdigit() or len(text) > 2:
        raise ValueError(text)
    return int(text)


def _spaces(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    return tuple(_small_int(part) for part in text.split("."))


@dataclass(slots=True)
class Option:
    """One button: the decision's text, a label, and why it is unavailable if it is."""

    decision: str
    label: str
    available: bool = True
    reason: str | None = None
    amount: int | None = None


@dataclass(slots=True)
class TradeTerms:
    """What a proposer may put into a trade (RULES §10). Lists align with `partners`."""

    partners: list[int]
    own: list[int]
    theirs: list[list[int]]
    max_pay: int
    max_ask: list[int]


@dataclass(frozen=True, slots=True)
class RollFacts:
    """A side starts its turn by rolling; `space` is where it stands."""

    space: int
    fact: Literal["roll"] = "roll"


@dataclass(frozen=True, slots=True)
class PayOrRaidFacts:
    """A rival's business was reached (§8): its owner, and the fine asked."""

    business: int
    owner: int
    fine: int
    inspection: bool
    fact: Literal["pay_or_raid"] = "pay_or_raid"


@dataclass(frozen=True, slots=True)
class BribeOrRaidFacts:
    """A boss shares a space with police (§8.2): the top bribe the roll can cost."""

    police_space: int
    top_bribe: int
    fact: Literal["bribe_or_raid"] = "bribe_or_raid"


@dataclass(frozen=True, slots=True)
class FightOrWithdrawFacts:
    """The losing side of a raid may pull back (§8.1): the raid's sides, the business at
    stake (NO_SPACE for a street fight with police) and the losses so far."""

    attacker: int
    defender: int
    business: int
    attacker_lost: int
    defender_lost: int
    fact: Literal["fight_or_withdraw"] = "fight_or_withdraw"

    def lost_by(self, seat: int) -> int:
        return self.attacker_lost if seat == self.attacker else self.defender_lost


@dataclass(frozen=True, slots=True)
class ActionFacts:
    """The side's action (§9): where it stands, and whether a card or Heist moved it."""

    space: int
    after_move: bool = False
    fact: Literal["action"] = "action"


@dataclass(frozen=True, slots=True)
class TradeAnswerFacts:
    """The offer a partner must accept or reject (§10). Cash > 0: the proposer pays."""

    proposer: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    cash: int
    at_meeting: bool
    fact: Literal["trade_answer"] = "trade_answer"


@dataclass(frozen=True, slots=True)
class MeetingTradeFacts:
    """A Big Boss Meeting attendee may propose one trade (§12.1) to these partners."""

    partners: tuple[int, ...]
    fact: Literal["meeting_trade"] = "meeting_trade"


Facts = Annotated[
    RollFacts
    | PayOrRaidFacts
    | BribeOrRaidFacts
    | FightOrWithdrawFacts
    | ActionFacts
    | TradeAnswerFacts
    | MeetingTradeFacts,
    Field(discriminator="fact"),
]


F = TypeVar("F")


@dataclass(slots=True)
class Pending:
    """Who must decide what now: the options (each a button), the facts of this kind of
    decision under their own names, and for trades the terms a proposal must fit."""

    kind: DecisionKind
    seat: int
    options: list[Option]
    facts: Facts
    trade: TradeTerms | None = None

    def available(self) -> list[str]:
        return [o.decision for o in self.options if o.available]

    def facts_as(self, kind: type[F]) -> F:
        """The facts, narrowed to the type this kind of decision carries."""
        if not isinstance(self.facts, kind):
            raise TypeError(f"a {self.kind} decision carries {type(self.facts).__name__}")
        return self.facts
