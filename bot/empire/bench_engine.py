"""`chicago-bot bench engine --game empire`: random full Empire matches through the
rules on one core, the computer players' decision time, and the pictures.

Prints the median and p99 time of one `apply`, the median time of a whole random
4-player match, the p99 of a computer decision, and each picture's drawing time and
size (targets: apply ≤ 50 µs, a match ≤ 50 ms, a decision ≤ 50 ms, a picture ≤ 12 ms and
≤ 400 KB).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.benchmarks import peak_memory_mb, percentile
from bot.empire.render.bench import bench_pictures
from engine.empire import apply, new_match
from engine.empire.bench import decision_p99
from engine.empire.random_play import play_random

PICTURE_MATCHES = 10  # computer matches, 2 to 6 seats, whose positions the pictures time


def run(args: argparse.Namespace) -> int:
    players = args.players or 4
    apply_us: list[float] = []
    match_ms: list[float] = []
    for seed in range(args.seed, args.seed + args.matches):
        state = new_match(players, seed=seed)
        started = time.perf_counter()
        log = play_random(state, seed)
        match_ms.append((time.perf_counter() - started) * 1e3)
        fresh = new_match(players, seed=seed)
        for seat, text in log:
            t0 = time.perf_counter()
            apply(fresh, seat, text)
            apply_us.append((time.perf_counter() - t0) * 1e6)
    print(f"Empire engine benchmark: {args.matches} random matches, {players} players")
    print(f"  apply median         {statistics.median(apply_us):10.1f} µs  (target ≤ 50)")
    print(f"  apply p99            {percentile(apply_us, 0.99):10.1f} µs")
    print(f"  match median         {statistics.median(match_ms):10.2f} ms  (target ≤ 50)")
    print(f"  computer decision p99 {decision_p99(2):9.2f} ms  (target ≤ 50)")
    bench_pictures(min(args.matches, PICTURE_MATCHES), args.seed)
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0
