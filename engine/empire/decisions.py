"""Empire's decisions: small frozen values whose text form fits a button's custom_id.

A decision is a kind and a few arguments, written `kind:arg:arg` (`move:S13`,
`pickup:WHA:0.2.0`, `play:E14:2`, `bid:350`); `Decision.parse(str(d)) == d`. An option of a
pending decision is named by its `key`: the kind and the first `KEY_ARGS[kind]` arguments,
so one option ("pickup:WHA") stands for every amount the player may fill in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from engine.common.errors import IllegalDecision

MAX_TEXT = 90
_ARG = re.compile(r"^[A-Za-z0-9.=/_-]*$")


class DecisionKind(StrEnum):
    """The decision points of EMPIRE §14."""

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
    OFFER_ANSWER = "offer_answer"


# How many arguments belong to the option's key; the rest are details filled in.
KEY_ARGS = {
    "pickup": 1, "open": 2, "mob": 1, "jail": 0, "hosp": 0, "play": 1, "bid": 0,
    "bribe": 0, "place": 0, "burgle": 0, "occupy": 0, "confiscate": 1, "offer": 0,
    "orders": 0, "start_mob": 1, "start_lot": 1, "peek": 1,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Decision:
    kind: str
    args: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        n = KEY_ARGS.get(self.kind, len(self.args))
        return ":".join((self.kind, *self.args[:n]))

    def arg(self, i: int, default: str = "") -> str:
        return self.args[i] if i < len(self.args) else default

    def __str__(self) -> str:
        return ":".join((self.kind, *self.args))

    @classmethod
    def parse(cls, text: str) -> Decision:
        """Read the text form; anything malformed raises IllegalDecision."""
        return _parsed(text)

    @classmethod
    def of(cls, *parts: str | int) -> Decision:
        return cls(str(parts[0]), tuple(str(p) for p in parts[1:]))


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Decision:
    """`Decision.parse`, remembered: decisions are frozen, and the same few hundred texts
    come back all match long (a replay parses every logged one)."""
    if len(text) > MAX_TEXT:
        raise IllegalDecision(f"decision text longer than {MAX_TEXT} characters")
    kind, *args = text.split(":")
    if not kind.isidentifier() or not all(_ARG.match(a) for a in args):
        raise IllegalDecision(f"malformed decision {text!r}")
    return Decision(kind, tuple(args))


def ids(text: str) -> list[str]:
    """A dotted list of ids ("M03.M19"), "-" for none."""
    return [] if text in ("", "-") else text.split(".")


def join(items: list[str] | tuple[str, ...]) -> str:
    return ".".join(items) or "-"


def amounts(text: str, n: int = 3) -> tuple[int, ...]:
    """Whole numbers written "1.0.2" (Girls, Booze, Henchmen)."""
    parts = text.split(".")
    if len(parts) != n or not all(p.isdigit() and len(p) < 6 for p in parts):
        raise IllegalDecision(f"malformed amounts {text!r}")
    return tuple(int(p) for p in parts)


def money(text: str) -> int:
    if not text.isdigit() or len(text) > 7 or (len(text) > 1 and text[0] == "0"):
        raise IllegalDecision(f"malformed amount {text!r}")
    return int(text)


@dataclass(slots=True)
class Option:
    """One button: the option's key and a label. When the key needs details filled in,
    `detail` is one legal full decision and `choices` the values its next detail may take
    (an Event's targets)."""

    decision: str
    label: str
    detail: str = ""
    choices: list[str] = field(default_factory=list)

    @property
    def sample(self) -> str:
        """A legal full decision for this option."""
        return self.detail or self.decision


@dataclass(slots=True)
class Pending:
    """Who must decide what now. Several may be open at once (sealed bids, placement,
    offers' answers); `facts` holds the numbers a form needs (a bid's maximum, a roll)."""

    kind: DecisionKind
    seat: int
    options: list[Option]
    facts: dict[str, int] = field(default_factory=dict)

    def offered(self) -> list[str]:
        return [o.decision for o in self.options]

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.decision == key), None)
