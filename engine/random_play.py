"""Seeded random play to the end of a match: the "random" computer level driven by one
`random.Random`, for property tests, benchmarks and sample pictures."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.computer.random_player import choose_random
from engine.decisions import Decision
from engine.events import Event
from engine.flow import apply
from engine.state import MatchState


def random_decision(rng: random.Random, state: MatchState) -> Decision:
    """Any available option, trades included, for whoever must decide now."""
    pending = state.pending
    assert pending is not None
    return choose_random(pending, rng)


AfterDecision = Callable[[MatchState, int, Decision, list[Event]], None]


def play_random(
    state: MatchState,
    seed: int,
    max_decisions: int = 20_000,
    after: AfterDecision | None = None,
) -> list[tuple[int, str]]:
    """Play to the end; returns the decision log. `after(state, seat, decision, events)`
    runs after every decision, so property tests can check invariants as play goes."""
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while state.result is None:
        if len(log) >= max_decisions:
            raise AssertionError(f"match did not end within {max_decisions} decisions")
        pending = state.pending
        assert pending is not None
        decision = random_decision(rng, state)
        events = apply(state, pending.seat, decision)
        if after is not None:
            after(state, pending.seat, decision, events)
        log.append((pending.seat, str(decision)))
    return log
