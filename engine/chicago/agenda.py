"""The engine's work list: steps still to run this turn, and who handles each.

`engine.chicago.steps` declares which handler runs each step and each decision; the runner in
`engine.chicago.flow` pops steps until one of them asks a seat for a decision.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.chicago.decisions import Decision, Pending
from engine.chicago.events import Event
from engine.chicago.state import MatchState, Step

StepHandler = Callable[[MatchState, list[Event], Step], None]
DecisionHandler = Callable[[MatchState, list[Event], Pending, Decision], None]


def push(
    state: MatchState, kind: str, seat: int = -1, arg: int = 0, must_finish: bool = False
) -> None:
    """Schedule a step; the last pushed runs first."""
    state.agenda.append(Step(kind, seat, arg, must_finish))
