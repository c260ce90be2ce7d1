"""Figures for Empire, printed by `python -m engine.empire.bench [matches]`: the median
time of one `apply`, of a random 4-player match, the computer players' p99 decision time,
and normal's share of wins among easy players at 3 and 6 seats."""

from __future__ import annotations

import statistics
import sys
import time

from engine.common.seats import PlayerSpec
from engine.empire.computer import choose
from engine.empire.computer.tournament import play_matches
from engine.empire.flow import apply, new_match
from engine.empire.random_play import play_random
from engine.empire.state import EmpireState
from engine.empire.view import player_view


def apply_and_match_times(matches: int = 20) -> tuple[float, float]:
    """Median µs per apply and median ms per random 4-player match."""
    per_apply: list[float] = []
    per_match: list[float] = []
    for seed in range(matches):
        state = new_match(4, seed=seed)
        start = time.perf_counter()
        log = play_random(state, seed)
        per_match.append((time.perf_counter() - start) * 1000)
        fresh = new_match(4, seed=seed)
        for seat, text in log:
            t = time.perf_counter()
            apply(fresh, seat, text)
            per_apply.append((time.perf_counter() - t) * 1e6)
    return statistics.median(per_apply), statistics.median(per_match)


def decision_p99(matches: int = 5) -> float:
    """p99 ms of one computer decision (building the view included)."""
    times: list[float] = []
    for seed in range(matches):
        specs = [PlayerSpec(f"c{i}", ("normal", "easy")[i % 2]) for i in range(4)]
        state: EmpireState = new_match(specs, seed=seed)
        while state.result is None:
            seat = state.pending[0].seat
            t = time.perf_counter()
            d = choose(player_view(state, seat), state.players[seat].computer or "normal")
            times.append((time.perf_counter() - t) * 1000)
            apply(state, seat, d)
    return statistics.quantiles(times, n=100)[98]


def main(argv: list[str]) -> None:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m engine.empire.bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "matches", nargs="?", type=int, default=100, help="matches per seating (default 100)"
    )
    matches: int = parser.parse_args(argv).matches
    apply_us, match_ms = apply_and_match_times()
    print(f"apply median {apply_us:.1f} us; random 4-player match median {match_ms:.1f} ms")
    print(f"computer decision p99 {decision_p99():.2f} ms")
    for levels in (["normal", "easy", "easy"], ["normal"] + ["easy"] * 5):
        f = play_matches(levels, matches, seed=10_000)
        print(
            f"{len(levels)} seats, {matches} matches: normal share {f.share('normal'):.2f}x "
            f"even ({f.wins}); ended by 10 PP {f.by_power}, by cap {f.by_cap}; median "
            f"{f.median_sequences} sequences, {f.median_decisions} decisions"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
