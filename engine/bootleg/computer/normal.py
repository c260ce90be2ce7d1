"""The "normal" level: tries each option on its picture of the match (belief_state) and
keeps the one that leaves the best position; for a move it looks at the best Barrel to
place there and, for the most promising moves, at the best action before it."""

from __future__ import annotations

from engine.bootleg.computer.belief import belief_state, clone
from engine.bootleg.computer.evaluate import evaluate
from engine.bootleg.decisions import Decision, DecisionKind, Pending
from engine.bootleg.flow import apply
from engine.bootleg.gangs import DEFAULT_ORDER
from engine.bootleg.state import BootlegState
from engine.bootleg.view import PlayerView

DEEPER_MOVES = 4


def choose_normal(view: PlayerView, pending: Pending) -> Decision:
    state = belief_state(view)
    seat = pending.seat
    if pending.kind is DecisionKind.MOVE:
        return Decision.parse(_best_move(state, seat, pending.options))
    if pending.kind is DecisionKind.ACT:
        scored = [(_act_value(state, seat, o), -_rank(o), o) for o in pending.options]
        return Decision.parse(max(scored)[2])
    ends = [(_value(_after(state, seat, o), seat), o) for o in pending.options]
    return Decision.parse(max(ends)[1])  # bomb / lucky: ties go to detonate / activate


def _rank(option: str) -> int:
    """Plain Barrels first, Specials saved for later, when all else is equal."""
    if option.startswith("place:"):
        return DEFAULT_ORDER.index(option[6:])
    return 10 if option != "end" else 0


def _after(state: BootlegState, seat: int, option: str) -> BootlegState:
    trial = clone(state)
    apply(trial, seat, option)
    return trial


def _value(state: BootlegState, seat: int) -> float:
    return evaluate(state, seat)


def _best_place(state: BootlegState, seat: int) -> float:
    """The best position after placing a Barrel now (or as it stands, if placed)."""
    asked = state.pending[0] if state.pending else None
    if asked is None or asked.seat != seat or asked.kind is not DecisionKind.ACT:
        return _value(state, seat)
    places = asked.group("place")
    if not places:
        return _value(state, seat)
    return max(_value(_after(state, seat, o), seat) for o in places)


def _act_value(state: BootlegState, seat: int, option: str) -> float:
    trial = _after(state, seat, option)
    return _best_place(trial, seat) if option.split(":")[0] in ("ability", "service") else \
        _value(trial, seat)  # fmt: skip


def _best_move(state: BootlegState, seat: int, options: list[str]) -> str:
    first: list[tuple[float, str, BootlegState]] = []
    for option in options:
        trial = _after(state, seat, option)
        first.append((_best_place(trial, seat), option, trial))
    first.sort(key=lambda t: -t[0])
    best, choice = first[0][0], first[0][1]
    for _, option, trial in first[:DEEPER_MOVES]:
        asked = trial.pending[0]
        for extra in asked.options:
            if extra.split(":")[0] in ("ability", "service"):
                value = _act_value(trial, seat, extra)
                if value > best:
                    best, choice = value, option
    return choice
