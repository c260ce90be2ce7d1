"""Seeded random play to the end of a match: the "random" computer level driven by one
`random.Random`, for property tests, benchmarks and sample pictures."""

from __future__ import annotations

import random

from engine.computer.random_player import choose_random
from engine.decisions import Decision
from engine.flow import apply
from engine.state import MatchState


def random_decision(rng: random.Random, state: MatchState) -> Decision:
    """Any available option, trades included, for whoever must decide now."""
    pending = state.pending
    assert pending is not None
    return choose_random(pending, rng)


def play_random(state: MatchState, seed: int, max_decisions: int = 20_000) -> list[tuple[int, str]]:
    """Play to the end; returns the decision log."""
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while state.result is None:
        if len(log) >= max_decisions:
            raise AssertionError(f"match did not end within {max_decisions} decisions")
        pending = state.pending
        assert pending is not None
        decision = random_decision(rng, state)
        apply(state, pending.seat, decision)
        log.append((pending.seat, str(decision)))
    return log
