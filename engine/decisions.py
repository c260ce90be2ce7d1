"""Decisions: small frozen values with a text form that fits in a button's custom_id.

The pending decision always says who must decide what, with every legal option
(RULES §13). The text form round-trips: `Decision.parse(str(d)) == d`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import IllegalDecision

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


@dataclass(slots=True)
class Pending:
    """Who must decide what now. `space` and `amount` carry the facts a button shows
    (the business and fine of a pay-or-raid, the police space of a bribe)."""

    kind: DecisionKind
    seat: int
    options: list[Option] = field(default_factory=list)
    space: int = -1
    amount: int = 0
    trade: TradeTerms | None = None

    def available(self) -> list[str]:
        return [o.decision for o in self.options if o.available]
