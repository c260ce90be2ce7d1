"""`chicago-bot bench store`: the match store on a real SQLite file in a temporary folder,
or on the PostgreSQL server `--db postgresql://…` names (see `store_databases`).

Prints the median and p99 time to commit one decision (WAL, synchronous=FULL: each one
on the disk before it returns; target p99 ≤ 5 ms), the time to load and restore a
300-decision match from its snapshot and tail (target ≤ 20 ms), the time to open a
database of 1,000 finished and 100 running matches and list the running ones (target
≤ 1 s), and the bytes on disk per finished match. `--matches` caps the matches whose
decisions are timed one by one. Then the time to rebuild every rating from 10,000
stored results (`bot.benchmarks.ratings`), and the costs that must stay flat as the
database grows, at 10,000 and at `--finished` finished matches with `--running` running
ones (`store_scale`: history, statistics, leaderboard, ratings, opening, start-up).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.benchmarks import peak_memory_mb, percentile, ratings
from bot.benchmarks.store_databases import BenchDatabases
from bot.chicago.bench.store_scale import SMALL, run_at_scale
from bot.registry import CHICAGO
from bot.store import (
    DecisionRecord,
    MatchStatus,
    ResultRecord,
    SeatRecord,
    dump_setup,
    load_state,
    snapshot_due,
    snapshot_of,
)
from bot.store.location import open_store
from bot.store.matches import MatchTables
from engine.chicago import MatchState, apply, new_match
from engine.chicago.random_play import random_decision

TIMED_MATCHES = 10
LOAD_DECISIONS = 300
FINISHED, RUNNING = 1000, 100
DISTINCT_LOGS = 50


def _play(
    seed: int, bosses: int, limit: int | None = None
) -> tuple[MatchState, list[DecisionRecord]]:
    """A seeded random match (to its end, or `limit` decisions) and its log."""
    state = new_match(bosses, seed=seed)
    rng = random.Random(seed)
    log: list[DecisionRecord] = []
    while state.result is None and (limit is None or len(log) < limit):
        pending = state.pending
        assert pending is not None
        decision = random_decision(rng, state)
        log.append(DecisionRecord(state.seq, pending.seat, str(decision), "computer"))
        apply(state, pending.seat, decision)
    return state, log


async def _new_match(store: MatchTables, channel: int, state: MatchState) -> int:
    record = await store.create_match(1, channel, 1, {}, state.setup.seed)
    seats = [SeatRecord("boss", s.name, None, "random") for s in state.bosses]
    await store.set_seats(record.match_id, [*seats, SeatRecord("police", "Police", None, "random")])
    await store.start_match(record.match_id, dump_setup(state.setup))
    return record.match_id


async def _commit_times(path: str | Path, args: argparse.Namespace) -> tuple[list[float], int]:
    """Decisions committed one by one, as the bot does, with a snapshot when due."""
    times: list[float] = []
    matches = min(args.matches, TIMED_MATCHES)
    async with open_store(path) as store:
        for n, seed in enumerate(range(args.seed, args.seed + matches)):
            state = new_match(args.bosses, seed=seed)
            match_id = await _new_match(store, n, state)
            rng = random.Random(seed)
            while state.result is None:
                pending = state.pending
                assert pending is not None
                decision = random_decision(rng, state)
                seq = state.seq
                apply(state, pending.seat, decision)
                record = DecisionRecord(seq, pending.seat, str(decision), "computer")
                snapshot = snapshot_of(state) if snapshot_due(seq) else None
                t0 = time.perf_counter()
                await store.append_decisions(match_id, [record], snapshot)
                times.append((time.perf_counter() - t0) * 1e3)
    return times, matches


async def _load_times(path: str | Path, args: argparse.Namespace) -> tuple[list[float], int]:
    """Load + verify + restore of one running match of 300 decisions (or its longest)."""
    seed = args.seed
    state, log = _play(seed, args.bosses, LOAD_DECISIONS)
    while len(log) < LOAD_DECISIONS and seed < args.seed + 200:
        seed += 1
        state, log = _play(seed, args.bosses, LOAD_DECISIONS)
    async with open_store(path) as store:
        match_id = await _new_match(store, 10_000, new_match(args.bosses, seed=seed))
        for start in range(0, len(log), 50):
            chunk = log[start : start + 50]
            snapshot = None
            if len(chunk) == 50:
                partial, _ = _play(seed, args.bosses, start + 50)
                snapshot = snapshot_of(partial)
            await store.append_decisions(match_id, chunk, snapshot)
        times = []
        for _ in range(30):
            t0 = time.perf_counter()
            restored = await load_state(store, match_id, None)
            times.append((time.perf_counter() - t0) * 1e3)
        assert restored.to_json() == state.to_json()
    return times, len(log)


async def _fill(
    path: str | Path, args: argparse.Namespace, first: int, count: int, finish: bool
) -> None:
    """`count` matches, each in a few transactions; finished ones with their result."""
    logs = [_play(args.seed + i, args.bosses) for i in range(DISTINCT_LOGS)]
    async with open_store(path) as store:
        for n in range(first, first + count):
            state, log = logs[n % DISTINCT_LOGS]
            match_id = await _new_match(store, n, state)
            if not finish:
                log = log[: len(log) // 2]
            await store.append_decisions(match_id, log, (log[-1].seq, state.to_json().decode()))
            if finish and state.result is not None:
                result = state.result
                await store.finish(
                    match_id,
                    MatchStatus.FINISHED,
                    ResultRecord(
                        CHICAGO.key,
                        result.winner,
                        result.reason,
                        result.scores,
                        state.round,
                        state.seq,
                    ),
                )


async def _create(path: str | Path) -> None:
    async with open_store(path):
        pass


async def _open_and_list(path: str | Path) -> tuple[float, int]:
    t0 = time.perf_counter()
    async with open_store(path) as store:
        running = await store.active_matches()
        elapsed = time.perf_counter() - t0
    return elapsed * 1e3, len(running)


def _fsync_times(folder: Path, count: int = 500) -> list[float]:
    """The disk's own write + fsync time: no durable commit can be faster."""
    times = []
    fd = os.open(folder / "fsync.bin", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for _ in range(count):
            os.write(fd, b"x" * 512)
            t0 = time.perf_counter()
            os.fsync(fd)
            times.append((time.perf_counter() - t0) * 1e3)
    finally:
        os.close(fd)
    return times


def run(args: argparse.Namespace) -> int:
    with BenchDatabases(getattr(args, "db", None)) as databases:
        fsyncs = _fsync_times(databases.folder)
        commits, timed = asyncio.run(_commit_times(databases.fresh("commit"), args))
        loads, load_decisions = asyncio.run(_load_times(databases.fresh("load"), args))
        big = databases.fresh("big")
        asyncio.run(_create(big))  # the empty schema's size is not a match's
        empty = databases.size(big)
        t0 = time.perf_counter()
        asyncio.run(_fill(big, args, 0, FINISHED, finish=True))
        per_match = (databases.size(big) - empty) / FINISHED
        asyncio.run(_fill(big, args, FINISHED, RUNNING, finish=False))
        build_s = time.perf_counter() - t0
        open_ms, listed = asyncio.run(_open_and_list(big))
        size_mb = databases.size(big) / 1e6
        rated = ratings.measure(databases.folder, args.seed, min(SMALL, args.finished) or SMALL)
    print(f"store benchmark: {databases.label}, {args.bosses} bosses + police")
    print(f"  decisions committed  {len(commits):10d}  ({timed} random matches, one by one)")
    print(f"  commit median        {statistics.median(commits):10.2f} ms")
    print(f"  commit p99           {percentile(commits, 0.99):10.2f} ms  (target ≤ 5)")
    print(f"  disk fsync median    {statistics.median(fsyncs):10.2f} ms  "
          f"p99 {percentile(fsyncs, 0.99):.2f} ms (this machine's disk: the floor of a "
          "durable commit)")  # fmt: skip
    print(f"  load {load_decisions} decisions   {statistics.median(loads):10.2f} ms  "
          "(snapshot + tail; target ≤ 20)")  # fmt: skip
    print(f"  load p99             {percentile(loads, 0.99):10.2f} ms")
    print(f"  open + list running  {open_ms:10.1f} ms  ({FINISHED} finished + {RUNNING} "
          f"running, {listed} listed, {size_mb:.1f} MB; target ≤ 1000)")  # fmt: skip
    print(f"  disk per finished    {per_match / 1024:10.1f} KB  (log, seats, snapshot, result)")
    print(f"  database built in    {build_s:10.1f} s")
    print(f"  ratings rebuilt        {rated.rebuild_s:8.1f} s   ({rated.players:,} players from "
          f"{rated.matches:,} finished matches, on SQLite: `chicago-bot ratings`, by hand; "
          f"grows with the history)")  # fmt: skip
    if args.finished:
        with tempfile.TemporaryDirectory(prefix="chicago-bench-") as folder:
            run_at_scale(Path(folder), args)
    _days()
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0


def _days() -> None:
    """The figures of 10,000 matches played over days (the platform measures them on
    shells of one Chicago 1927 match)."""
    from bot.benchmarks import days
    from bot.session import MatchSession
    from engine.chicago import new_match

    session, _ = MatchSession.new(new_match(bosses=3, seed=1).setup, autoplay=False)
    days.run(session, {"main_seats": 3, "timer": 300})
