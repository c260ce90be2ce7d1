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
from bot.empire import pictures
from engine.empire import apply, new_match, player_view, visible_to
from engine.empire.bench import decision_p99
from engine.empire.random_play import play_random

PICTURE_EVERY = 15  # decisions between two timed pictures


def run(args: argparse.Namespace) -> int:
    players = args.players or 4
    apply_us: list[float] = []
    match_ms: list[float] = []
    drawn: dict[str, list[float]] = {"phone": [], "city": []}
    sizes: dict[str, list[float]] = {"phone": [], "city": []}
    for seed in range(args.seed, args.seed + args.matches):
        state = new_match(players, seed=seed)
        started = time.perf_counter()
        log = play_random(state, seed)
        match_ms.append((time.perf_counter() - started) * 1e3)
        fresh = new_match(players, seed=seed)
        for n, (seat, text) in enumerate(log, start=1):
            t0 = time.perf_counter()
            events = apply(fresh, seat, text)
            apply_us.append((time.perf_counter() - t0) * 1e6)
            if n % PICTURE_EVERY == 0:
                view, shown = player_view(fresh, None), visible_to(events, None)
                for name, draw in (("phone", pictures.phone_png), ("city", pictures.city_png)):
                    t0 = time.perf_counter()
                    data = draw(view, shown)
                    drawn[name].append((time.perf_counter() - t0) * 1e3)
                    sizes[name].append(len(data) / 1024)
    print(f"Empire engine benchmark: {args.matches} random matches, {players} players")
    print(f"  apply median         {statistics.median(apply_us):10.1f} µs  (target ≤ 50)")
    print(f"  apply p99            {percentile(apply_us, 0.99):10.1f} µs")
    print(f"  match median         {statistics.median(match_ms):10.2f} ms  (target ≤ 50)")
    print(f"  computer decision p99 {decision_p99(2):9.2f} ms  (target ≤ 50)")
    for name in ("phone", "city"):
        if drawn[name]:
            print(
                f"  {name} picture median {statistics.median(drawn[name]):9.1f} ms  (target ≤ 12)"
            )
            print(f"  {name} picture max    {max(sizes[name]):9.1f} KB  (target ≤ 400)")
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0
