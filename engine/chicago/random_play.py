"""Seeded random play to the end of a match: the "random" computer level driven by one
`random.Random`, for property tests, benchmarks and sample pictures (the loop itself is
`engine.common.random_play`, the same for every game)."""

from __future__ import annotations

import random

from engine.chicago.computer.random_player import choose_random
from engine.chicago.decisions import Decision
from engine.chicago.events import Event
from engine.chicago.flow import apply
from engine.chicago.state import MatchState
from engine.common.random_play import RandomPlay


def random_decision(rng: random.Random, state: MatchState) -> Decision:
    """Any available option, trades included, for whoever must decide now."""
    pending = state.pending
    assert pending is not None
    return choose_random(pending, rng)


def _pick(rng: random.Random, state: MatchState) -> tuple[int, Decision]:
    pending = state.pending
    assert pending is not None
    return pending.seat, random_decision(rng, state)


RANDOM_PLAY: RandomPlay[MatchState, Decision, Event] = RandomPlay(
    _pick, apply, lambda state: state.result is not None
)


# Play to the end and return the decision log; `after(state, seat, decision, events)`
# runs after every decision, so property tests can check invariants as play goes.
play_random = RANDOM_PLAY.play
