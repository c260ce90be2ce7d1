"""`chicago-bot bench store`, at scale: the costs that must not grow with the database.

Two databases are built (`store_build`), of SMALL (10,000) and of `--finished`
(default 1,000,000) finished matches, all on one server (the worst case for its
history), each with `--running` running ones (default 1,000). Every cost the bot pays
while it runs is timed on both and printed side by side with their ratio, whose
target is ≤ FLAT (1.5×): opening the file (cleanly closed, and after a crash), a
history page (first and last), a player's statistics, the leaderboard (first, middle
and last page), a player's rating, rating a finished match, loading a long match and
start-up with every running match loaded.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bot import player_stats, rating_board
from bot.benchmarks import ratings
from bot.chicago.bench.store_build import Built, Templates, build
from bot.chicago.game import CHICAGO
from bot.registry import GAMES
from bot.store import LogChecks, SqliteStore, check_log, load_match

SMALL = 10_000
FLAT = 1.5
REPEAT = 20
RATED = 7  # matches rated, each committed (a disk sync)
STARTS = 3
GUILD, PAGE = 1, 10


async def _once(work: Callable[[], Awaitable[Any]]) -> float:
    """The milliseconds `work` takes."""
    t0 = time.perf_counter()
    await work()
    return (time.perf_counter() - t0) * 1e3


async def _open_once(path: Path, crashed: bool, checked: bool = False) -> tuple[float, float]:
    """Opening the file (after a crash: with its write-ahead log left beside it, as a
    crash leaves it), and (`checked`) how long the check after a crash then takes
    beside the bot (ms); otherwise closing it stops that check."""
    if crashed:
        Path(f"{path}-wal").write_bytes(b"")
    store = SqliteStore(path)
    t0 = time.perf_counter()
    await store.open()
    opened = time.perf_counter()
    if checked:
        assert await store.crash_check.problems() == []
    done = time.perf_counter()
    await store.close()
    return (opened - t0) * 1e3, (done - opened) * 1e3


@dataclass(slots=True)
class Figures:
    """One database's figures: name → (value, unit), in the order printed."""

    shown: dict[str, tuple[float, str]] = field(default_factory=dict)
    check_ms: float = 0.0
    crash_check_s: float = 0.0
    checks_s: float = 0.0
    started: int = 0


async def _stats(store: SqliteStore, player: int) -> None:
    """What `/chicago stats` reads and adds up for one player (its rating aside)."""
    found = player_stats.player_stats(player, await store.player_tallies(GUILD, player))
    assert found is not None
    for game in GAMES.values():
        game.stat_fields(found.tallies.get(game.key, []))


async def _start_up(path: Path) -> tuple[float, float, int]:
    """What the bot does before it connects: open, list, read every running match's
    clocks in one query, load every running match (by
    the clock, and in CPU time, which a busy machine disturbs less). The log checks
    then run at once."""
    checks = LogChecks()
    t0, c0 = time.perf_counter(), time.process_time()
    async with SqliteStore(path) as store:
        records = await store.active_matches()
        clocks = await store.running_clocks()  # as `Tables.load` reads them
        assert len(clocks) == len(records)
        for record in records:
            await load_match(store, record.match_id, checks)
        elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
        await checks.wait()
    return elapsed, cpu, len(records)


Lookup = Callable[[], Awaitable[Any]]


async def _lookups(store: SqliteStore, built: Built) -> dict[str, Lookup]:
    """What the bot reads while it runs, by figure, on one database."""
    total = await store.finished_count(GUILD)
    # A player who played (at 10,000 matches each of them played about a hundred).
    rows = await store.db.execute_fetchall(
        "SELECT user_id FROM player_tallies ORDER BY played DESC, user_id LIMIT 1"
    )
    player = int(next(iter(rows))[0])
    pages = (await rating_board.leaderboard_page(store, GUILD, CHICAGO.key, 0, PAGE)).pages

    async def page(offset: int) -> None:
        await store.finished_count(GUILD)
        await store.finished_matches(GUILD, PAGE, offset)

    def board(number: int) -> Lookup:
        return partial(rating_board.leaderboard_page, store, GUILD, CHICAGO.key, number, PAGE)

    return {
        "list running matches": store.active_matches,
        "history, first page": partial(page, 0),
        "history, last page": partial(page, max(0, total - PAGE)),
        "one player's stats": partial(_stats, store, player),
        "leaderboard, first page": board(0),
        "leaderboard, middle page": board(pages // 2),
        "leaderboard, last page": board(pages - 1),
        "a player's rating": partial(rating_board.player_rating, store, GUILD, player, CHICAGO.key),
        f"load {built.long_decisions:,}-decision match": partial(
            load_match, store, built.long_match, None
        ),
    }


async def measure(paths: list[Path], built: list[Built]) -> list[Figures]:
    """Every figure on every database, taken in turns (one database, then the next,
    REPEAT times): a busy machine disturbs each size alike, so their ratio holds."""
    figures = [Figures() for _ in paths]
    sizes = range(len(paths))
    for label, crashed in (("open (closed cleanly)", False), ("open after a crash", True)):
        taken: list[list[float]] = [[] for _ in sizes]
        for _ in range(REPEAT):
            for k in sizes:
                taken[k].append((await _open_once(paths[k], crashed))[0])
        for k in sizes:
            figures[k].shown[label] = (statistics.median(taken[k]), "ms")
    for k in sizes:
        figures[k].crash_check_s = (await _open_once(paths[k], True, checked=True))[1] / 1e3
    stores = [SqliteStore(path) for path in paths]
    for store in stores:
        await store.open()
    try:
        lookups = [await _lookups(stores[k], built[k]) for k in sizes]
        for label in lookups[0]:
            spent: list[list[float]] = [[] for _ in sizes]
            for _ in range(REPEAT):
                for k in sizes:
                    spent[k].append(await _once(lookups[k][label]))
            for k in sizes:
                figures[k].shown[label] = (statistics.median(spent[k]), "ms")
        rated: list[list[float]] = [[] for _ in sizes]
        for _ in range(RATED):
            for k in sizes:
                rated[k].append(await ratings.rate_one_more(stores[k]))
        for k in sizes:
            figures[k].shown["rate a finished match"] = (statistics.median(rated[k]), "ms")
            stored = await stores[k].load(built[k].long_match)
            figures[k].check_ms = statistics.median(
                [await _once(partial(check_log, stored)) for _ in range(3)]
            )
    finally:
        for store in stores:
            await store.close()
    starts: list[list[tuple[float, float, float]]] = [[] for _ in sizes]
    for _ in range(STARTS):
        for k in sizes:
            t0 = time.perf_counter()
            start_s, cpu_s, figures[k].started = await _start_up(paths[k])
            starts[k].append((start_s, cpu_s, time.perf_counter() - t0 - start_s))
    for k in sizes:
        f = figures[k]
        f.shown[f"start-up, {f.started:,} running"] = (
            statistics.median(t[0] for t in starts[k]),
            "s",
        )
        f.shown["start-up, CPU time"] = (statistics.median(t[1] for t in starts[k]), "s")
        f.checks_s = statistics.median(t[2] for t in starts[k])
    return figures


TARGETS = {
    "open (closed cleanly)": "≤ 200 ms",
    "history, first page": "≤ 10 ms",
    "history, last page": "≤ 10 ms",
    "one player's stats": "≤ 50 ms",
    "leaderboard, first page": "≤ 50 ms",
    "leaderboard, middle page": "≤ 50 ms",
    "leaderboard, last page": "≤ 50 ms",
    "start-up, CPU time": "≤ 2 s",
}


def report(args: argparse.Namespace, built: list[Built], figures: list[Figures]) -> None:
    sizes = [f"{b.finished:,}" for b in built]
    print(f"  at scale (SQLite): finished matches on one server + {args.running:,} running; "
          f"the same figure at each size, and their ratio (target ≤ {FLAT}×):")  # fmt: skip
    for b in built:
        print(f"    {b.finished:>9,} finished: {b.megabytes:,.0f} MB, bulk-built in "
              f"{b.seconds:.1f} s")  # fmt: skip
    head = "".join(f"{size:>12}" for size in sizes)
    print(f"    {'':30}{head}{'ratio' if len(built) > 1 else '':>8}{'':13}target")
    for label, (_, unit) in figures[0].shown.items():
        values = [f.shown[label][0] for f in figures if label in f.shown]
        shown = "".join(f"{v:>9.2f} {unit:<2}" for v in values)
        if len(values) > 1 and len(values) == len(figures):
            ratio = values[-1] / values[0] if values[0] else float("inf")
            mark = " " if ratio <= FLAT else "✗"
            flat = f"{ratio:>7.2f}× (≤ {FLAT}×){mark}"
        else:
            flat = ""
        target = TARGETS.get(label, "")
        print(f"    {label:30}{shown}{flat:<21}  {target}".rstrip())
    last = figures[-1]
    if built[-1].long_decisions < 2000:
        print("    (the long match is the longest of the seeded ones tried: the bank runs "
              "dry before 2,000 decisions in every one, RULES §11.3; load target ≤ 5 ms at "
              "2,000)")  # fmt: skip
    print(
        f"    its log check             {last.check_ms:10.1f} ms  (full replay, in the background)"
    )
    print(
        f"    their log checks          {last.checks_s:10.2f} s   (after start-up, in small steps)"
    )
    checks = "  ".join(f"{f.crash_check_s:.2f} s" for f in figures)
    print(f"    check after a crash       {checks}  (every page, beside the bot, not before it)")


def run_at_scale(folder: Path, args: argparse.Namespace, small: int = SMALL) -> None:
    sizes = sorted({min(small, args.finished), args.finished})
    templates = Templates.play(args.seed, args.bosses, args.running)
    paths = [folder / f"scale-{size}.db" for size in sizes]
    try:
        built = [
            build(path, templates, size, args.running)
            for path, size in zip(paths, sizes, strict=True)
        ]
        figures = asyncio.run(measure(paths, built))
    finally:
        for path in paths:
            for extra in ("", "-wal", "-shm"):
                Path(f"{path}{extra}").unlink(missing_ok=True)
    report(args, built, figures)
