"""The engine's work list: steps still to run this turn, and who handles each.

Rules modules register a handler per step kind and per decision kind; the runner in
`engine.flow` pops steps until one of them asks a seat for a decision.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.decisions import Decision, DecisionKind, Pending
from engine.events import Event
from engine.state import MatchState, Step

StepHandler = Callable[[MatchState, list[Event], Step], None]
DecisionHandler = Callable[[MatchState, list[Event], Pending, Decision], None]

STEP_HANDLERS: dict[str, StepHandler] = {}
DECISION_HANDLERS: dict[DecisionKind, DecisionHandler] = {}


def on_step(kind: str) -> Callable[[StepHandler], StepHandler]:
    def register(handler: StepHandler) -> StepHandler:
        STEP_HANDLERS[kind] = handler
        return handler

    return register


def on_decision(*kinds: DecisionKind) -> Callable[[DecisionHandler], DecisionHandler]:
    def register(handler: DecisionHandler) -> DecisionHandler:
        for kind in kinds:
            DECISION_HANDLERS[kind] = handler
        return handler

    return register


def push(
    state: MatchState, kind: str, seat: int = -1, arg: int = 0, must_finish: bool = False
) -> None:
    """Schedule a step; the last pushed runs first."""
    state.agenda.append(Step(kind, seat, arg, must_finish))
