"""Replay from a log, the same in every game: a fresh state from the setup, then each
logged decision applied in order. A game's `replay` is this with its own two steps."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

S = TypeVar("S")
E = TypeVar("E")


def replay_log(
    state: S,
    apply: Callable[[S, int, str], Sequence[E]],
    log: Iterable[tuple[int, str]],
) -> tuple[S, list[E]]:
    """`state` (just set up) after every `(seat, decision)` of `log`, and all events on the
    way; the first illegal decision raises the game's `IllegalDecision`."""
    events: list[E] = []
    for seat, text in log:
        events.extend(apply(state, seat, text))
    return state, events
