"""How strong a level is: the share of seeded matches it wins against another level.
One seat plays `level`, the others `against`; the seed also shuffles the seats, so the
measured seat plays first, second, … equally often over many matches."""

from __future__ import annotations

import time

from engine.bootleg.computer import choose
from engine.bootleg.flow import apply, new_match
from engine.bootleg.state import BootlegState
from engine.bootleg.view import player_view
from engine.common.seats import PlayerSpec


def play_match(levels: list[str], seed: int, timings: list[float] | None = None) -> BootlegState:
    specs = [PlayerSpec(f"P{i}", level) for i, level in enumerate(levels)]
    state = new_match(specs, seed=seed)
    while state.result is None:
        seat = state.pending[0].seat
        started = time.perf_counter()
        decision = choose(player_view(state, seat), state.players[seat].computer or "normal")
        if timings is not None:
            timings.append(time.perf_counter() - started)
        apply(state, seat, decision)
    return state


def win_share(
    level: str, against: str, seats: int, matches: int, seed: int = 0,
    timings: list[float] | None = None,
) -> float:  # fmt: skip
    """The share of `matches` that the one `level` seat wins among `seats - 1` of `against`."""
    wins = 0
    for i in range(matches):
        state = play_match([level] + [against] * (seats - 1), seed + i, timings)
        assert state.result is not None
        wins += state.players[state.result.winner].name == "P0"
    return wins / matches
