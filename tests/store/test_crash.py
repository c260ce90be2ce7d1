"""Crash safety, on both stores: a writer killed with SIGKILL at 20 random moments loses
no committed decision and leaves nothing half-written."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import sqlite3
import time
import traceback
from pathlib import Path

import pytest

from bot.store import MatchStatus, load_setup, restore_state
from bot.store.location import open_store
from engine.chicago import replay
from tests.store import crash_writer
from tests.store.helpers import fetch_sql

KILLS = 20


def run_and_kill(db: str | Path, seed: int, after: float) -> list[tuple[int, int]]:
    """Fork the writer (the modules are already imported: no start-up cost), let it work
    `after` seconds, SIGKILL it; the (match, seq) pairs it reported committed."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: write until killed
        os.close(read_end)
        try:
            out = os.fdopen(write_end, "w", buffering=1)
            asyncio.run(crash_writer.main(str(db), seed, lambda line: print(line, file=out)))
        except BaseException:
            traceback.print_exc()  # the parent reports it: a writer must only die by SIGKILL
        finally:
            os._exit(1)
    os.close(write_end)
    with os.fdopen(read_end) as lines:
        ready = lines.readline().strip()
        if ready == "ready":
            time.sleep(after)
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        rest = lines.read()
    assert ready == "ready", "the writer did not start"
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    return [(int(a), int(b)) for a, b in (line.split() for line in rest.splitlines())]


async def check(db: str | Path, committed: dict[int, int]) -> None:
    """The database after a kill: whole, every match loadable, contiguous, replayable,
    and holding every decision the writer saw committed."""
    if isinstance(db, Path):
        with sqlite3.connect(db) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        raw.close()
    async with open_store(db) as store:
        ids = [row[0] for row in await fetch_sql(store, "SELECT id FROM matches ORDER BY id")]
        for match_id in ids:
            stored = await store.load(match_id)
            seqs = [d.seq for d in stored.full_log]
            assert seqs == list(range(len(seqs))), f"match {match_id}: log has gaps"
            assert committed.get(match_id, -1) < len(seqs), (
                f"match {match_id}: a committed decision was lost"
            )
            if stored.setup_json is None:  # killed between creating and starting
                assert stored.record.status in (MatchStatus.LOBBY, MatchStatus.ABANDONED)
                assert not seqs
                continue
            state = restore_state(stored)
            log = [(d.seat, d.decision) for d in stored.full_log]
            replayed, _ = replay(load_setup(stored.setup_json), log)
            assert state.to_json() == replayed.to_json()
            if stored.record.status is MatchStatus.FINISHED:
                assert await store.result(match_id) is not None


def test_sigkill_at_random_moments(location: str | Path, caplog: pytest.LogCaptureFixture) -> None:
    db = location
    rng = random.Random(1927)
    committed: dict[int, int] = {}
    total = 0
    for kill in range(KILLS):
        reported = run_and_kill(db, seed=kill + 1, after=rng.uniform(0.0, 0.25))
        total += len(reported)
        for match_id, seq in reported:
            committed[match_id] = max(committed.get(match_id, -1), seq)
        with caplog.at_level(logging.WARNING, logger="bot.store"):
            asyncio.run(check(db, committed))
        assert "WARNING" not in caplog.text, caplog.text
    assert total > 50, "the writer should commit decisions between kills"
