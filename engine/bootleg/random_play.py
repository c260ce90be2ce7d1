"""Seeded random play to the end of a match, for property tests and benchmarks: each
open decision answered by a uniform choice among its options."""

from __future__ import annotations

import random

from engine.bootleg.decisions import Decision
from engine.bootleg.events import Event
from engine.bootleg.flow import apply
from engine.bootleg.state import BootlegState
from engine.common.random_play import RandomPlay


def random_decision(rng: random.Random, state: BootlegState) -> tuple[int, Decision]:
    asked = state.pending[0]
    return asked.seat, Decision.parse(rng.choice(asked.options))


RANDOM_PLAY: RandomPlay[BootlegState, Decision, Event] = RandomPlay(
    random_decision, apply, lambda state: state.result is not None
)

# Play to the end and return the decision log; `after(state, seat, decision, events)`
# runs after every decision, so property tests can check invariants as play goes.
play_random = RANDOM_PLAY.play
