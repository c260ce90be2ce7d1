"""The pictures' figures, printed: how long the full city, the phone picture and the
alt text take and how big the PNGs are, over real positions of computer matches at 2
to 6 seats (targets: each picture ≤ 12 ms and ≤ 400 KB). The bench command calls
`bench_pictures`; `python -m bot.empire.render.bench [matches]` runs it alone."""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from bot.benchmarks import percentile
from bot.empire.render.alt_text import empire_alt_text
from bot.empire.render.phone import render_empire_phone_png
from bot.empire.render.picture import render_empire_png
from bot.empire.render.sample import NAMES
from engine.common.seats import PlayerSpec
from engine.empire.computer import choose
from engine.empire.events import Event, visible_to
from engine.empire.flow import apply, new_match
from engine.empire.view import PlayerView, player_view

PICTURE_EVERY = 9  # decisions between two timed positions
TARGET_MS, TARGET_KB = 12, 400

Drawer = Callable[[PlayerView, list[Event]], bytes | str]


def _positions(matches: int, seed: int) -> list[tuple[PlayerView, list[Event]]]:
    """Public views (and their last events) every few decisions of `matches` matches,
    their seats going round 2 to 6."""
    found: list[tuple[PlayerView, list[Event]]] = []
    for i in range(matches):
        players = 2 + i % 5
        specs = [PlayerSpec(NAMES[n], ("normal", "easy")[n % 2]) for n in range(players)]
        state = new_match(specs, seed=seed + i)
        events: list[Event] = []
        while state.result is None:
            seat = state.pending[0].seat
            batch = apply(state, seat, choose(player_view(state, seat), "normal"))
            events = (events + visible_to(batch, None))[-30:]
            if state.seq % PICTURE_EVERY == 0 or state.result is not None:
                found.append((player_view(state), list(events)))
    return found


def _timed(draw: Drawer, positions: list[tuple[PlayerView, list[Event]]]) -> tuple[
    list[float], list[int]
]:  # fmt: skip
    times: list[float] = []
    sizes: list[int] = []
    for view, events in positions:
        start = time.perf_counter()
        made = draw(view, events)
        times.append((time.perf_counter() - start) * 1e3)
        sizes.append(len(made))
    return times, sizes


def bench_pictures(matches: int = 10, seed: int = 0) -> list[str]:
    """Print (and return) the figures of each picture and the alt text."""
    positions = _positions(matches, seed)
    lines = [f"Empire pictures: {len(positions)} positions of {matches} matches, 2-6 seats"]
    drawers: list[tuple[str, Drawer]] = [
        ("full city", render_empire_png),
        ("phone", render_empire_phone_png),
        ("alt text", empire_alt_text),
    ]
    for name, draw in drawers:
        _timed(draw, positions[:3])  # fonts and the city's grounds are drawn once first
        times, sizes = _timed(draw, positions)
        unit = "chars" if name == "alt text" else "KB"
        biggest = max(sizes) if unit == "chars" else max(sizes) / 1024
        lines.append(
            f"  {name:10} median {statistics.median(times):5.1f} ms  p99 "
            f"{percentile(times, 0.99):5.1f} ms  max {max(times):5.1f} ms  largest "
            f"{biggest:6.1f} {unit}"
            + (f"  (targets ≤ {TARGET_MS} ms, ≤ {TARGET_KB} KB)" if unit == "KB" else "")
        )
    for line in lines:
        print(line)
    return lines


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bot.empire.render.bench", description=__doc__.split(".")[0] + "."
    )
    parser.add_argument("matches", nargs="?", type=int, default=10, help="matches (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match")
    args = parser.parse_args(argv)
    bench_pictures(args.matches, args.seed)


if __name__ == "__main__":
    main(sys.argv[1:])
