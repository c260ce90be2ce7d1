"""`chicago-bot bench engine`: random full matches through the rules engine on one core.

Prints matches/s, decisions/s, the median and p99 time of one `apply`, the median full
match time, and the state JSON size and round-trip time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.benchmarks import peak_memory_mb, percentile
from engine.chicago import MatchState, apply, new_match
from engine.chicago.random_play import random_decision


def run(args: argparse.Namespace) -> int:
    apply_us: list[float] = []
    match_ms: list[float] = []
    json_sizes: list[int] = []
    round_trip_us: list[float] = []
    decisions = 0
    started = time.perf_counter()
    for seed in range(args.seed, args.seed + args.matches):
        state = new_match(args.bosses, seed=seed)
        rng = random.Random(seed)
        match_started = time.perf_counter()
        while state.result is None:
            pending = state.pending
            assert pending is not None
            decision = random_decision(rng, state)
            t0 = time.perf_counter()
            apply(state, pending.seat, decision)
            apply_us.append((time.perf_counter() - t0) * 1e6)
            decisions += 1
            if decisions % 97 == 0:
                t0 = time.perf_counter()
                data = state.to_json()
                MatchState.from_json(data)
                round_trip_us.append((time.perf_counter() - t0) * 1e6)
                json_sizes.append(len(data))
        match_ms.append((time.perf_counter() - match_started) * 1e3)
    elapsed = time.perf_counter() - started
    print(f"engine benchmark: {args.matches} random matches, {args.bosses} bosses + police")
    print(f"  matches/s            {args.matches / elapsed:10.1f}")
    print(f"  decisions/s          {decisions / elapsed:10.0f}")
    print(f"  decisions per match  {decisions / args.matches:10.1f}")
    print(f"  apply median         {statistics.median(apply_us):10.1f} µs  (target ≤ 50)")
    print(f"  apply p99            {percentile(apply_us, 0.99):10.1f} µs")
    print(f"  full match median    {statistics.median(match_ms):10.2f} ms  (target ≤ 20)")
    print(f"  full match p99       {percentile(match_ms, 0.99):10.2f} ms")
    print(f"  state JSON median    {statistics.median(json_sizes) / 1024:10.2f} KB")
    print(f"  state JSON max       {max(json_sizes) / 1024:10.2f} KB  (target ≤ 16)")
    print(f"  JSON round trip med  {statistics.median(round_trip_us):10.1f} µs  (target ≤ 1000)")
    print(f"  JSON round trip p99  {percentile(round_trip_us, 0.99):10.1f} µs")
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0
