"""`chicago-bot bench ai`: how long a computer player takes to decide, on one core.

Plays the matches once per level with every seat at that level, times each `choose`
call, and prints the median and p99 per level, then per decision kind for "normal".
The target is p99 ≤ 20 ms per decision.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.benchmarks import percentile
from engine import PlayerSpec, apply, new_match
from engine.computer import LEVELS, choose

TARGET_P99_MS = 20.0


def _ms(seconds: float) -> str:
    return f"{1000 * seconds:8.3f}"


def run(args: argparse.Namespace) -> int:
    print(
        f"computer player benchmark: {args.matches} matches per level, "
        f"{args.bosses} bosses + police, seeds from {args.seed}"
    )
    print(f"  {'level':<28}{'decisions':>10}{'median ms':>10}{'p99 ms':>10}{'max ms':>10}")
    by_kind: dict[str, list[float]] = {}
    for level in LEVELS:
        times: list[float] = []
        for seed in range(args.seed, args.seed + args.matches):
            players = [PlayerSpec(f"Boss {i + 1}", level) for i in range(args.bosses)]
            state = new_match(args.bosses, seed, None, players, PlayerSpec("Police", level))
            while state.result is None:
                pending = state.pending
                assert pending is not None
                began = time.perf_counter()
                decision = choose(state, pending.seat)
                spent = time.perf_counter() - began
                times.append(spent)
                if level == "normal":
                    by_kind.setdefault(pending.kind.value, []).append(spent)
                apply(state, pending.seat, decision)
        print(
            f"  {level:<28}{len(times):>10}{_ms(statistics.median(times)):>10}"
            f"{_ms(percentile(times, 0.99)):>10}{_ms(max(times)):>10}"
        )
    for kind, times in sorted(by_kind.items()):
        print(
            f"  {'normal: ' + kind:<28}{len(times):>10}{_ms(statistics.median(times)):>10}"
            f"{_ms(percentile(times, 0.99)):>10}{_ms(max(times)):>10}"
        )
    print(f"  target: p99 ≤ {TARGET_P99_MS:g} ms per decision")
    return 0
