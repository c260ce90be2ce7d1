"""Seeded random play to a match's end, the same loop for every game: property tests,
benchmarks and sample pictures drive a game with it. Each game supplies how a random
player picks (`pick`) and how a decision is applied."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

S = TypeVar("S")
D = TypeVar("D")
E = TypeVar("E")


class RandomPlay(Generic[S, D, E]):
    """One game's random play: `pick` names the seat and decision of a random player,
    `apply` carries it out, `finished` says when the match is over."""

    def __init__(
        self,
        pick: Callable[[random.Random, S], tuple[int, D]],
        apply: Callable[[S, int, D], Sequence[E]],
        finished: Callable[[S], bool],
    ) -> None:
        self.pick = pick
        self.apply = apply
        self.finished = finished

    def play(
        self,
        state: S,
        seed: int,
        max_decisions: int = 20_000,
        after: Callable[[S, int, D, list[E]], None] | None = None,
    ) -> list[tuple[int, str]]:
        """Play to the end; returns the decision log. `after(state, seat, decision,
        events)` runs after every decision, so property tests check invariants as play
        goes. A match that does not end within `max_decisions` is a bug: it raises."""
        rng = random.Random(seed)
        log: list[tuple[int, str]] = []
        while not self.finished(state):
            if len(log) >= max_decisions:
                raise AssertionError(f"match did not end within {max_decisions} decisions")
            seat, decision = self.pick(rng, state)
            events = list(self.apply(state, seat, decision))
            if after is not None:
                after(state, seat, decision, events)
            log.append((seat, str(decision)))
        return log
