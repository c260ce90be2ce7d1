"""`chicago-bot bench store`, at scale: the costs that must not grow with the database.

A database of `--finished` finished matches (default 100,000, all on one server: the
worst case for its history) and `--running` running ones (default 1,000) is written by
bulk insert in a few seconds rather than played, then each cost is timed against its
target: opening the file, a history page, a player's statistics, loading a long
match, and start-up with every running match loaded (each played over days: the
bot reads every running match's clocks in one query before loading them).

Finished matches are stored as the bot leaves them after `prune` would keep them: the
match row, its seats, its result and one record per side, without their decision
logs. Running matches have real seeded logs, with a snapshot every SNAPSHOT_EVERY
decisions as the bot writes them, so loading them is exactly the bot's work.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.benchmarks.days import clocks_json
from bot.registry import CHICAGO
from bot.store import (
    LogChecks,
    SqliteStore,
    check_log,
    dump_setup,
    load_match,
    snapshot_due,
)
from engine.chicago import MatchState, apply, new_match
from engine.chicago.random_play import random_decision

TEMPLATES = 20
PLAYERS = 400
CALM = frozenset({"raid", "fight", "trade", "rebuild"})
SPEND = frozenset({"control", "secure", "recruit10", "recruit4"})
LONG_TRIES = 60  # calm matches tried for the longest (each about a tenth of a second)
REPEAT = 20


@dataclass(slots=True)
class Template:
    """One seeded match: its setup, log rows and the snapshots the bot would have
    written along it (decision seq -> state JSON)."""

    state: MatchState
    setup_json: str
    log: list[tuple[int, int, str]]
    snapshots: dict[int, str]


def _template(seed: int, bosses: int, calm: bool = False, cap: int = 2000) -> Template:
    """A seeded random match. `calm` players never raid, fight, trade or rebuild
    contacts and spend whenever they can (take control, secure, recruit), which keeps
    matches long: the bank, which pays $4,000 at every pass of Start, runs dry later
    (RULES §11.3), after about 1,500 decisions instead of 1,000."""
    state = new_match(bosses, seed=seed)
    setup_json = dump_setup(state.setup)
    rng = random.Random(seed)
    log: list[tuple[int, int, str]] = []
    snapshots: dict[int, str] = {}
    while state.result is None and len(log) < cap:
        pending = state.pending
        assert pending is not None
        options = [o for o in pending.available() if o.split(":")[0] not in CALM]
        spending = [o for o in options if o.split(":")[0] in SPEND]
        if calm and options:
            decision = rng.choice(spending or options)
        else:
            decision = str(random_decision(rng, state))
        seq = state.seq
        apply(state, pending.seat, decision)
        log.append((seq, pending.seat, decision))
        if snapshot_due(seq):
            snapshots[seq] = state.to_json().decode()
    return Template(state, setup_json, log, snapshots)


def _longest(seed: int, bosses: int, tries: int) -> Template:
    best = _template(seed, bosses, calm=True)
    for n in range(1, tries):
        found = _template(seed + n, bosses, calm=True)
        if len(found.log) > len(best.log):
            best = found
    return best


def _seat_rows(match_id: int, template: Template, users: list[int]) -> Iterator[tuple[Any, ...]]:
    for side in template.state.sides:
        police = side.seat == template.state.police_seat
        user = None if police else users[side.seat % len(users)]
        yield (match_id, side.seat, "police" if police else "boss", side.name, user,
               "normal" if police else None, "user")  # fmt: skip


class _Builder:
    """Writes rows straight into the file: one transaction, no fsync per row."""

    def __init__(self, db: sqlite3.Connection, bosses: int, seed: int) -> None:
        self.db = db
        self.rng = random.Random(seed)
        self.next_id = 1
        self.templates = [_template(seed + n, bosses) for n in range(TEMPLATES)]

    def match_row(self, channel: int, status: str, template: Template, at: float) -> int:
        match_id = self.next_id
        self.next_id += 1
        self.db.execute(
            "INSERT INTO matches (id, guild_id, channel_id, host_id, status, settings, seed, "
            "engine_version, setup, created_at, updated_at) "
            "VALUES (?, 1, ?, ?, ?, '{}', ?, 'bench', ?, ?, ?)",
            (match_id, channel, 10_000, status, template.state.setup.seed,
             template.setup_json, at - 3600, at),
        )  # fmt: skip
        return match_id

    def finished(self, count: int) -> None:
        now = time.time()
        for n in range(count):
            template = self.templates[n % TEMPLATES]
            state, result = template.state, template.state.result
            assert result is not None
            at = now - (count - n) * 60.0
            users = self.rng.sample(range(1, PLAYERS + 1), len(state.bosses))
            match_id = self.match_row(1_000_000 + n, "finished", template, at)
            seats = list(_seat_rows(match_id, template, users))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)", seats)
            keys = ("role", "name", "user_id", "computer")
            seat_json = json.dumps(
                [{**dict(zip(keys, s[2:6], strict=True)), "controller": "user"} for s in seats]
            )
            self.db.execute(
                "INSERT INTO results (match_id, guild_id, channel_id, winner, reason, scores, "
                "rounds, decisions, seats, finished_at, game) "
                "VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (match_id, 1_000_000 + n, result.winner, str(result.reason),
                 json.dumps(result.scores), state.round, state.seq, seat_json, at, CHICAGO.key),
            )  # fmt: skip
            places = {seat: place for place, seat in enumerate(result.ranking, 1)}
            self.db.executemany(
                "INSERT INTO result_sides (match_id, seat, game, guild_id, user_id, name, "
                "computer, won, place, score, facts, finished_at) "
                "VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, s.seat, CHICAGO.key, seat[4], s.name, seat[5],
                     int(s.seat == result.winner), places[s.seat], result.scores[s.seat],
                     self._facts(s, seat[2]), at)
                    for s, seat in zip(state.sides, seats, strict=True)
                ],
            )  # fmt: skip

    def _facts(self, side: Any, role: str) -> str:
        """A side's facts as the store keeps them, with made-up raids."""
        facts = {
            "character": side.character.value, "marks": side.marks, "role": role,
            "raids_won": self.rng.randint(0, 5), "raids_lost": self.rng.randint(0, 5),
        }  # fmt: skip
        return json.dumps(facts, separators=(",", ":"), sort_keys=True)

    def running(self, template: Template, length: int, channel: int) -> int:
        """A running match `length` decisions in, with the newest snapshot before it."""
        match_id = self.match_row(channel, "running", template, time.time())
        users = list(range(PLAYERS + 1, PLAYERS + 6))
        self.db.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
            list(_seat_rows(match_id, template, users)),
        )
        self.db.executemany(
            "INSERT INTO decisions VALUES (?, ?, ?, ?, 'computer', ?)",
            [(match_id, seq, seat, decision, 0.0) for seq, seat, decision in template.log[:length]],
        )
        self.db.execute(
            "INSERT INTO match_clocks (match_id, clocks, updated_at) VALUES (?, ?, 0)",
            (match_id, clocks_json(match_id)),
        )
        due = [seq for seq in template.snapshots if seq < length]
        if due:
            self.db.execute(
                "INSERT INTO snapshots (match_id, seq, state, at) VALUES (?, ?, ?, 0)",
                (match_id, max(due), template.snapshots[max(due)]),
            )
        return match_id


@dataclass(slots=True)
class Built:
    seconds: float
    megabytes: float
    long_match: int
    long_decisions: int


def build(path: Path, args: argparse.Namespace) -> Built:
    started = time.perf_counter()

    async def make_schema() -> None:
        async with SqliteStore(path):  # the schema, as the bot makes it
            pass

    asyncio.run(make_schema())
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA synchronous = OFF")
        db.execute("BEGIN")
        builder = _Builder(db, args.bosses, args.seed)
        builder.finished(args.finished)
        for n in range(args.running):
            template = builder.templates[n % TEMPLATES]
            length = 1 + (n * 37) % (len(template.log) - 1)
            builder.running(template, length, 2_000_000 + n)
        long = _longest(args.seed, args.bosses, min(LONG_TRIES, 1 + args.running // 30))
        long_id = builder.running(long, len(long.log), 3_000_000)
        db.execute("COMMIT")
    finally:
        db.close()
    return Built(time.perf_counter() - started, path.stat().st_size / 1e6, long_id, len(long.log))


async def _timed(work: Callable[[], Awaitable[Any]], times: int = REPEAT) -> float:
    """The median milliseconds of `work`."""
    spent = []
    for _ in range(times):
        t0 = time.perf_counter()
        await work()
        spent.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(spent)


async def _open_ms(path: Path, times: int) -> float:
    async def open_close() -> None:
        store = SqliteStore(path)
        await store.open()
        await store.close()

    return await _timed(open_close, times)


@dataclass(slots=True)
class Figures:
    open_ms: float
    open_unclean_ms: float
    list_ms: float
    history_first_ms: float
    history_last_ms: float
    stats_ms: float
    load_ms: float
    check_ms: float
    start_s: float
    start_cpu_s: float
    started: int
    checks_s: float


async def _start_up(path: Path) -> tuple[float, float, int]:
    """What the bot does before it connects: open, list, load every running match (by
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


async def measure(path: Path, built: Built) -> Figures:
    open_ms = await _open_ms(path, 5)
    Path(f"{path}-wal").write_bytes(b"")  # what a crash leaves beside the file
    open_unclean_ms = await _open_ms(path, 1)
    async with SqliteStore(path) as store:
        list_ms = await _timed(store.active_matches, 5)
        total = await store.finished_count(1)

        async def page(offset: int) -> None:
            await store.finished_count(1)
            await store.finished_matches(1, 10, offset)

        first = await _timed(lambda: page(0))
        last = await _timed(lambda: page(max(0, total - 10)))
        stats_ms = await _timed(lambda: store.side_results(1, 7))
        load_ms = await _timed(lambda: load_match(store, built.long_match, None))
        stored = await store.load(built.long_match)
        check_ms = await _timed(lambda: check_log(stored), 3)
    t0 = time.perf_counter()
    start_s, start_cpu_s, started = await _start_up(path)
    checks_s = time.perf_counter() - t0 - start_s
    return Figures(
        open_ms, open_unclean_ms, list_ms, first, last, stats_ms, load_ms,
        check_ms, start_s, start_cpu_s, started, checks_s,
    )  # fmt: skip


def report(args: argparse.Namespace, built: Built, f: Figures) -> None:
    print(
        f"  at scale (SQLite): {args.finished:,} finished (one server) + {args.running:,} "
        f"running matches, {built.megabytes:.0f} MB, bulk-built in {built.seconds:.1f} s"
    )
    print(f"  open (closed cleanly)   {f.open_ms:10.1f} ms  (target ≤ 200)")
    print(f"  open after a crash      {f.open_unclean_ms:10.1f} ms  (the full check, only then)")
    print(f"  list running matches    {f.list_ms:10.1f} ms")
    print(f"  history, first page     {f.history_first_ms:10.2f} ms  (count + page; target ≤ 10)")
    print(f"  history, last page      {f.history_last_ms:10.2f} ms  (target ≤ 10)")
    print(f"  one player's stats      {f.stats_ms:10.2f} ms  (target ≤ 50)")
    print(f"  load {built.long_decisions:,}-decision match {f.load_ms:7.2f} ms  "
          "(snapshot + tail, one read; target ≤ 5 at 2,000)")  # fmt: skip
    if built.long_decisions < 2000:
        print("    (the longest of the seeded matches tried: the bank runs dry before 2,000 "
              "decisions in every one, RULES §11.3)")  # fmt: skip
    print(f"  its log check           {f.check_ms:10.1f} ms  (full replay, in the background)")
    print(f"  start-up, {f.started:,} running  {f.start_s:9.2f} s   "
          f"(open, list, clocks, load each; CPU {f.start_cpu_s:.2f} s; target ≤ 2)")  # fmt: skip
    print(f"  their log checks        {f.checks_s:10.2f} s   (afterwards, in small steps)")


def run_at_scale(folder: Path, args: argparse.Namespace) -> None:
    path = folder / "scale.db"
    built = build(path, args)
    report(args, built, asyncio.run(measure(path, built)))
