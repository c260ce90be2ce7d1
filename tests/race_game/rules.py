"""The rules of Race to Ten: each seat in turn adds 1 or 2 to a running total; whoever
says ten wins. Pure and deterministic, like every rules package: its state is plain
data, a decision is a short text, an illegal decision raises and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.common import IllegalDecision, PlayerSpec

GOAL = 10
MOVES = ("add:1", "add:2")


@dataclass
class Count:
    players: list[PlayerSpec]
    total: int = 0
    turn: int = 0
    seq: int = 0
    said: list[int] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.total >= GOAL


@dataclass(frozen=True)
class Said:
    """A seat added to the total and said the new one."""

    seat: int
    total: int


def apply(state: Count, seat: int, decision: str) -> list[Said]:
    if state.over or seat != state.turn:
        raise IllegalDecision("not your turn")
    if decision not in MOVES:
        raise IllegalDecision(f"{decision!r} is not a move")
    state.total += int(decision[-1])
    state.said.append(state.total)
    state.seq += 1
    if not state.over:
        state.turn = 1 - state.turn
    return [Said(seat, state.total)]


def best(state: Count) -> str:
    """The winning move when there is one: leave the total a multiple of three short."""
    return "add:2" if (GOAL - state.total) % 3 == 2 else "add:1"
