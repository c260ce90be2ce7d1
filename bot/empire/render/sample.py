"""Real positions to draw: seeded matches between computer players (or random ones),
stopped after a number of decisions, with the events since the turn began. The bench,
the tests and anyone looking at the pictures use the same positions."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.common.seats import PlayerSpec
from engine.empire.computer import choose
from engine.empire.events import Event, TurnStarted
from engine.empire.flow import apply, new_match
from engine.empire.random_play import random_decision
from engine.empire.state import EmpireState
from engine.empire.view import player_view

NAMES = ("Nora", "Sal Moretti", "Big Jim Colosimo", "Ada", "Frankie", "Mae")


@dataclass
class Moment:
    state: EmpireState
    events: list[Event]  # every event since the last turn began


def played(
    players: int,
    seed: int,
    decisions: int,
    level: str = "normal",
    randomly: bool = False,
    until: Callable[[EmpireState], bool] | None = None,
) -> Moment:
    """A match of `players` played `decisions` decisions in, or until `until` holds, or
    to its end."""
    specs = [PlayerSpec(NAMES[i], None if randomly else level) for i in range(players)]
    state = new_match(specs, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(decisions):
        if state.result is not None or (until is not None and until(state)):
            break
        if randomly:
            seat, decision = random_decision(rng, state)
        else:
            seat = state.pending[0].seat
            decision = choose(player_view(state, seat), level)
        batch = apply(state, seat, decision)
        if any(isinstance(e, TurnStarted) for e in batch):
            events = []
        events.extend(batch)
    return Moment(state, events)
