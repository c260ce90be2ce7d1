"""Bootleg's decisions: small frozen values whose text fits in a button's id (§12).

`Decision.parse(str(d)) == d`. The forms:

- a move: the Envoy's kind and the cells its path entered, `smuggler:2-3-6` (§12 [R]);
- `ability:smuggler`, `ability:informant:4`, `ability:troublemaker:4` (§5);
- `service:casino`, `service:precinct:4`, `service:station:informant`,
  `service:post_office:2:7` (the Barrel on space 2 to cell 7) (§6);
- `place:plain` (§4.5), `end` (§4.4);
- `bomb:detonate` / `bomb:hold`, `lucky:activate` / `lucky:decline` (§9.1);
- `leave`: the seat leaves; every later decision of theirs is the default (§12 [R]).

An optional action names all its targets (§4.4 [R]), so the `ability` and `service`
target choices of §12 are groups of the `act` decision's options and abandoning one is
simply not sending it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.bootleg.board import CELLS
from engine.bootleg.envoys import ENVOYS, INFORMANT, SMUGGLER, TROUBLEMAKER
from engine.bootleg.gangs import KINDS
from engine.bootleg.locations import BY_KEY
from engine.common.errors import IllegalDecision

MAX_TEXT = 90
BOMB_CHOICES = ("detonate", "hold")
LUCKY_CHOICES = ("activate", "decline")


class DecisionKind(StrEnum):
    MOVE = "move"  # BOOTLEG §4.1
    ACT = "act"  # §4.4: ability, service, barrel, end turn
    BOMB = "bomb"  # §9.1 step 2
    LUCKY = "lucky"  # §9.1 step 3


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice. `kind` is move, ability, service, place, end, bomb, lucky or leave;
    `name` the Envoy, Location, Barrel kind or yes/no word; `cells` a path or a target
    cell; `space` a Post Office Barrel's space; `envoy` a Station exchange's Envoy."""

    kind: str
    name: str = ""
    cells: tuple[int, ...] = ()
    space: int = 0
    envoy: str = ""

    def __str__(self) -> str:
        k = self.kind
        if k == "move":
            return f"{self.name}:{'-'.join(map(str, self.cells))}"
        if k in ("end", "leave"):
            return k
        parts = [k, self.name]
        if self.envoy:
            parts.append(self.envoy)
        if self.space:
            parts.append(str(self.space))
        parts.extend(str(c) for c in self.cells)
        return ":".join(parts)

    @classmethod
    def parse(cls, text: str) -> Decision:
        """Read the text form; anything malformed raises IllegalDecision."""
        if len(text) > MAX_TEXT:
            raise IllegalDecision(f"decision text longer than {MAX_TEXT} characters")
        try:
            decision = _parse(text)
        except (KeyError, ValueError, IndexError) as exc:
            raise IllegalDecision(f"unknown or malformed decision {text!r}") from exc
        if str(decision) != text:
            raise IllegalDecision(f"{text!r} is not in its canonical form")
        return decision


def _cell(text: str) -> int:
    if not text.isdigit() or int(text) not in CELLS:
        raise ValueError(text)
    return int(text)


def _parse(text: str) -> Decision:
    if text in ("end", "leave"):
        return Decision(text)
    head, *rest = text.split(":")
    if head in ENVOYS:
        (path,) = rest
        return Decision("move", head, tuple(_cell(c) for c in path.split("-")))
    if head == "ability":
        return _parse_ability(rest)
    if head == "service":
        return _parse_service(rest)
    if head == "place" and len(rest) == 1 and rest[0] in KINDS:
        return Decision("place", rest[0])
    if head == "bomb" and rest[0] in BOMB_CHOICES and len(rest) == 1:
        return Decision("bomb", rest[0])
    if head == "lucky" and rest[0] in LUCKY_CHOICES and len(rest) == 1:
        return Decision("lucky", rest[0])
    raise ValueError(text)


def _parse_ability(rest: list[str]) -> Decision:
    if rest == [SMUGGLER]:
        return Decision("ability", SMUGGLER)
    name, cell = rest
    if name not in (INFORMANT, TROUBLEMAKER):
        raise ValueError(name)
    return Decision("ability", name, (_cell(cell),))


def _parse_service(rest: list[str]) -> Decision:
    where = BY_KEY[rest[0]].key
    if not BY_KEY[where].service:
        raise ValueError(where)  # the Prison (§6.9 [R])
    if where == "precinct":
        return Decision("service", where, (_cell(rest[1]),)) if len(rest) == 2 else _bad(rest)
    if where == "station":
        return Decision("service", where, envoy=rest[1]) if rest[1:] and rest[1] in ENVOYS and \
            len(rest) == 2 else _bad(rest)  # fmt: skip
    if where == "post_office":
        _, space, cell = rest
        if not space.isdigit() or not 1 <= int(space) <= 4:
            raise ValueError(space)
        return Decision("service", where, (_cell(cell),), space=int(space))
    return Decision("service", where) if len(rest) == 1 else _bad(rest)


def _bad(rest: list[str]) -> Decision:
    raise ValueError(rest)


@dataclass(slots=True)
class Pending:
    """Who must decide what now, and every legal option by its text form."""

    kind: DecisionKind
    seat: int
    options: list[str] = field(default_factory=list)

    def group(self, prefix: str) -> list[str]:
        """The options of one step (`ability`, `service`, `place`, or an Envoy's moves),
        so a front end can offer a step's targets after the step's own button (§14)."""
        return [o for o in self.options if o.split(":", 1)[0] == prefix]

    def move_choices(self) -> dict[str, dict[int, list[str]]]:
        """A move in two clicks (§14.1 [R]): Envoy → end cell → the paths that differ."""
        tree: dict[str, dict[int, list[str]]] = {}
        for option in self.options:
            envoy, path = option.split(":")
            tree.setdefault(envoy, {}).setdefault(int(path.split("-")[-1]), []).append(option)
        return tree
