"""Turf's decisions: small frozen values with a text form that fits in a button's id.

`Decision.parse(str(d)) == d` for every decision. A decision answers one option of a
pending decision: `key` names that option ("infiltrate:35", "commit", "hit:2"); a few
options take details the player fills in (the two cards, the thugs committed).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Literal, TypeVar

from pydantic import Field

from engine.common.errors import IllegalDecision
from engine.turf.board import parse_square, square_text
from engine.turf.cards import RANKS, card_text, parse_card

MAX_TEXT = 90
MAX_LISTED = 12  # cards or squares one decision may name
MAX_THUGS = 99


class DecisionKind(StrEnum):
    LEGWORK = "legwork"  # TURF §4.2
    COMMIT = "commit"  # §4.3, asked of attacker and defender at once
    RECRUIT = "recruit"  # §5.2
    COP = "cop"  # §6
    LOSE_THUG = "lose_thug"  # §4.2.4 hit, §6 squeeze the gang
    LOSE_CARD = "lose_card"  # §6 squeeze the hand
    DEAL_ANSWER = "deal_answer"  # §7


SIMPLE = frozenset({"word", "police", "end", "keep", "pass"})
SEAT_KINDS = frozenset({"hit", "squeeze_gang", "squeeze_hand", "accept", "reject"})
WHERE = ("idle", "job", "cop", "guard")


@dataclass(frozen=True, slots=True)
class DealSide:
    """What one side of a deal does (TURF §7): cards given and promised to the discard
    are named by rank (suits never matter), idle thugs by number."""

    give: tuple[int, ...] = ()
    thugs: int = 0
    discard: tuple[int, ...] = ()
    drop_thugs: int = 0

    def __str__(self) -> str:
        return "/".join(
            (_ints(self.give), str(self.thugs), _ints(self.discard), str(self.drop_thugs))
        )

    @classmethod
    def parse(cls, text: str) -> DealSide:
        parts = text.split("/")
        if len(parts) != 4:
            raise ValueError(text)
        give, discard = _int_list(parts[0]), _int_list(parts[2])
        if any(r not in RANKS for r in give + discard):
            raise ValueError(text)
        return cls(give, _count(parts[1]), discard, _count(parts[3]))

    @property
    def empty(self) -> bool:
        return not (self.give or self.thugs or self.discard or self.drop_thugs)


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice. Which fields matter depends on `kind`:

    - word, police, end, keep, pass: nothing else;
    - accept, reject: the proposer's `seat`;
    - infiltrate: `square` and the two `cards` that name it;
    - hit, squeeze_gang, squeeze_hand: the target `seat`;
    - commit: `idle` thugs and corrupt `cops` committed, and the guards of the buildings
      on `squares`;
    - recruit: the `cards` discarded for thugs;
    - lose: `where` the thug comes from, and the `square` for a guard;
    - drop: the one card in `cards`;
    - deal: the partner `seat`, what the proposer does (`mine`) and asks (`theirs`).
    """

    kind: str
    seat: int = -1
    square: int = -1
    cards: tuple[int, ...] = ()
    idle: int = 0
    cops: int = 0
    squares: tuple[int, ...] = ()
    where: str = ""
    mine: DealSide | None = None
    theirs: DealSide | None = None

    @property
    def key(self) -> str:
        """The option this decision answers."""
        if self.kind == "infiltrate":
            return f"infiltrate:{square_text(self.square)}"
        if self.kind in ("commit", "recruit", "deal"):
            return self.kind
        return str(self)

    def __str__(self) -> str:
        k = self.kind
        if k in SIMPLE:
            return k
        if k == "infiltrate":
            return f"infiltrate:{square_text(self.square)}:{_cards(self.cards)}"
        if k in SEAT_KINDS:
            return f"{k}:{self.seat}"
        if k == "commit":
            return f"commit:{self.idle}:{self.cops}:{_squares(self.squares)}"
        if k == "recruit":
            return f"recruit:{_cards(self.cards)}"
        if k == "lose":
            suffix = f":{square_text(self.square)}" if self.where == "guard" else ""
            return f"lose:{self.where}{suffix}"
        if k == "drop":
            return f"drop:{_cards(self.cards)}"
        return f"deal:{self.seat}:{self.mine}:{self.theirs}"

    @classmethod
    def parse(cls, text: str) -> Decision:
        """Read the text form; anything malformed raises IllegalDecision."""
        if len(text) > MAX_TEXT:
            raise IllegalDecision(f"decision text longer than {MAX_TEXT} characters")
        if text in SIMPLE:
            return cls(text)
        kind, _, rest = text.partition(":")
        parts = rest.split(":")
        try:
            decision = _PARSERS[kind](parts)
        except (KeyError, ValueError, IndexError) as exc:
            raise IllegalDecision(f"unknown or malformed decision {text!r}") from exc
        if str(decision) != text:
            raise IllegalDecision(f"{text!r} is not in its canonical form")
        return decision


def _ints(items: tuple[int, ...]) -> str:
    return ".".join(str(i) for i in items) or "-"


def _cards(items: tuple[int, ...]) -> str:
    return ".".join(card_text(c) for c in items) or "-"


def _squares(items: tuple[int, ...]) -> str:
    return ".".join(square_text(s) for s in items) or "-"


def _split(text: str) -> list[str]:
    items = [] if text == "-" else text.split(".")
    if len(items) > MAX_LISTED:
        raise ValueError(text)
    return items


def _int_list(text: str) -> tuple[int, ...]:
    return tuple(_count(part) for part in _split(text))


def _card_list(text: str) -> tuple[int, ...]:
    return tuple(parse_card(part) for part in _split(text))


def _count(text: str) -> int:
    if not text.isdigit() or int(text) > MAX_THUGS:
        raise ValueError(text)
    return int(text)


def _one(parts: list[str], n: int) -> list[str]:
    if len(parts) != n:
        raise ValueError(parts)
    return parts


def _parse_lose(parts: list[str]) -> Decision:
    where = parts[0]
    if where not in WHERE:
        raise ValueError(where)
    if where == "guard":
        return Decision("lose", square=parse_square(_one(parts, 2)[1]), where=where)
    return Decision("lose", where=_one(parts, 1)[0])


def _parse_deal(parts: list[str]) -> Decision:
    seat, mine, theirs = _one(parts, 3)
    return Decision(
        "deal", seat=_count(seat), mine=DealSide.parse(mine), theirs=DealSide.parse(theirs)
    )


_PARSERS = {
    "infiltrate": lambda p: Decision(
        "infiltrate", square=parse_square(_one(p, 2)[0]), cards=_card_list(p[1])
    ),
    "hit": lambda p: Decision("hit", seat=_count(_one(p, 1)[0])),
    "squeeze_gang": lambda p: Decision("squeeze_gang", seat=_count(_one(p, 1)[0])),
    "squeeze_hand": lambda p: Decision("squeeze_hand", seat=_count(_one(p, 1)[0])),
    "accept": lambda p: Decision("accept", seat=_count(_one(p, 1)[0])),
    "reject": lambda p: Decision("reject", seat=_count(_one(p, 1)[0])),
    "commit": lambda p: Decision(
        "commit",
        idle=_count(_one(p, 3)[0]),
        cops=_count(p[1]),
        squares=tuple(parse_square(s) for s in _split(p[2])),
    ),
    "recruit": lambda p: Decision("recruit", cards=_card_list(_one(p, 1)[0])),
    "drop": lambda p: Decision("drop", cards=_card_list(_one(p, 1)[0])),
    "lose": _parse_lose,
    "deal": _parse_deal,
}


@dataclass(slots=True)
class Option:
    """One button: the option's key, a label, and why it is unavailable if it is."""

    decision: str
    label: str
    available: bool = True
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class LegworkFacts:
    """The player's own legwork (TURF §4.2): for each building the hand can name, the
    pairs of cards that name it, so a front end can offer them."""

    idle: int
    pairs: dict[int, list[tuple[int, int]]]
    fact: Literal["legwork"] = "legwork"


@dataclass(frozen=True, slots=True)
class CommitFacts:
    """One side's secret choice in a confrontation (TURF §4.3): what it may commit."""

    attacker: int
    defender: int
    square: int
    idle: int
    cops: int
    guards: tuple[int, ...]
    least: int
    fact: Literal["commit"] = "commit"


@dataclass(frozen=True, slots=True)
class RecruitFacts:
    """Cards the player may discard for thugs (TURF §5.2)."""

    hand: tuple[int, ...]
    fact: Literal["recruit"] = "recruit"


@dataclass(frozen=True, slots=True)
class CopFacts:
    """The player's corrupt cops: one discard each when they squeeze (TURF §6)."""

    cops: int
    fact: Literal["cop"] = "cop"


@dataclass(frozen=True, slots=True)
class LossFacts:
    """A player discards, of their own choice, `left` more thugs or cards because `by`
    put out a hit or squeezed them (TURF §4.2.4, §6)."""

    by: int
    left: int
    cause: str
    fact: Literal["loss"] = "loss"


@dataclass(frozen=True, slots=True)
class DealFacts:
    """A deal offered to the receiver (TURF §7)."""

    proposer: int
    mine: DealSide
    theirs: DealSide
    fact: Literal["deal"] = "deal"


Facts = Annotated[
    LegworkFacts | CommitFacts | RecruitFacts | CopFacts | LossFacts | DealFacts,
    Field(discriminator="fact"),
]

F = TypeVar("F")


@dataclass(slots=True)
class Pending:
    """Who must decide what now. Several may be open at once: both sides of a
    confrontation, and the receivers of deals."""

    kind: DecisionKind
    seat: int
    options: list[Option]
    facts: Facts

    def available(self) -> list[str]:
        return [o.decision for o in self.options if o.available]

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.decision == key), None)

    def facts_as(self, kind: type[F]) -> F:
        """The facts, narrowed to the type this kind of decision carries."""
        if not isinstance(self.facts, kind):
            raise TypeError(f"a {self.kind} decision carries {type(self.facts).__name__}")
        return self.facts
