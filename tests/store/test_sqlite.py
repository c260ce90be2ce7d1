"""The SQLite store's rows: lobby to result, the log's rules, the connection's settings."""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import (
    DecisionRecord,
    DuplicateDecision,
    MatchStatus,
    MatchStore,
    SeatRecord,
    SqliteStore,
    StoreError,
    dump_setup,
    restore_state,
)
from engine import new_match
from tests.store.helpers import finish, play, start, step


async def test_connection_is_durable(store: SqliteStore) -> None:
    async def pragma(name: str) -> object:
        return next(iter(await store.db.execute_fetchall(f"PRAGMA {name}")))[0]

    assert await pragma("journal_mode") == "wal"
    assert await pragma("synchronous") == 2  # FULL
    assert await pragma("foreign_keys") == 1
    assert await pragma("busy_timeout") == 5000


async def test_lobby_to_result(store: SqliteStore) -> None:
    record = await store.create_match(11, 22, 33, {"marks": 3}, 5)
    assert record.status is MatchStatus.LOBBY
    assert (await store.match_in_channel(22)) == record
    with pytest.raises(StoreError, match="already has an open match"):
        await store.create_match(11, 22, 44, {}, 6)
    await store.update_settings(record.match_id, {"marks": 4})
    seats = [SeatRecord("boss", "Ann", 1), SeatRecord("boss", "Bob", 2)]
    await store.set_seats(record.match_id, seats)
    seats.append(SeatRecord("police", "Police", None, "normal", "normal"))
    await store.set_seats(record.match_id, seats)
    state = new_match(2, seed=5)
    await store.start_match(record.match_id, dump_setup(state.setup))
    with pytest.raises(StoreError, match="not in its lobby"):
        await store.start_match(record.match_id, dump_setup(state.setup))

    [active] = await store.active_matches()
    assert active.status is MatchStatus.RUNNING
    assert active.settings == {"marks": 4}
    assert active.seats == seats

    rng = random.Random(5)
    await play(store, record.match_id, state, rng, 10_000)
    assert state.result is not None
    await store.set_deadline(record.match_id, state.seq, datetime.now(UTC))
    await finish(store, record.match_id, state)
    assert await store.active_matches() == []
    assert await store.match_in_channel(22) is None
    assert await store.deadline(record.match_id) is None
    result = await store.result(record.match_id)
    assert result is not None
    assert (result.winner, result.decisions) == (state.result.winner, state.seq)
    assert result.scores == state.result.scores
    with pytest.raises(StoreError, match="no decisions can be added"):
        await store.append_decisions(record.match_id, [DecisionRecord(state.seq, 0, "roll", "1")])
    with pytest.raises(StoreError, match="already finished"):
        await finish(store, record.match_id, state)
    # The channel is free again.
    await store.create_match(11, 22, 33, {}, 6)


async def test_log_loads_and_restores(store: SqliteStore) -> None:
    match_id, state = await start(store, 1, seed=3)
    await play(store, match_id, state, random.Random(3), 120)
    stored = await store.load(match_id)
    assert [d.seq for d in stored.full_log] == list(range(state.seq))
    assert stored.snapshot_seq == 99  # snapshots after every 50th decision
    assert [d.seq for d in stored.log_tail] == list(range(100, state.seq))
    assert {d.actor for d in stored.full_log} == {"computer"}
    assert restore_state(stored).to_json() == state.to_json()


async def test_duplicates_gaps_and_bad_snapshots_are_refused(store: SqliteStore) -> None:
    match_id, state = await start(store, 1, seed=4)
    rng = random.Random(4)
    first = step(state, rng)
    await store.append_decisions(match_id, [first])
    with pytest.raises(DuplicateDecision):
        await store.append_decisions(match_id, [first])
    second = step(state, rng)
    gap = DecisionRecord(second.seq + 1, second.seat, second.decision, "1")
    with pytest.raises(StoreError, match="gap"):
        await store.append_decisions(match_id, [gap])
    with pytest.raises(ValueError, match="consecutive"):
        await store.append_decisions(match_id, [second, gap, second])
    with pytest.raises(ValueError, match="last decision"):
        await store.append_decisions(match_id, [second], (second.seq + 1, "{}"))
    with pytest.raises(StoreError, match="does not exist"):
        await store.append_decisions(999, [second])
    await store.append_decisions(match_id, [second])
    assert [d.seq for d in (await store.load(match_id)).full_log] == [0, 1]


async def test_messages_and_deadlines(store: SqliteStore) -> None:
    match_id, _ = await start(store, 1, seed=1)
    await store.set_message(match_id, "prompt", 555)
    await store.set_message(match_id, "board", 556)
    await store.set_message(match_id, "prompt", 557)
    assert await store.messages(match_id) == {"prompt": 557, "board": 556}
    await store.set_message(match_id, "board", None)
    assert await store.messages(match_id) == {"prompt": 557}
    when = datetime(2027, 1, 2, 3, 4, 5, tzinfo=UTC)
    await store.set_deadline(match_id, 0, when)
    assert await store.deadline(match_id) == (0, when)
    await store.set_deadline(match_id, 1, when + timedelta(minutes=5))
    assert await store.deadline(match_id) == (1, when + timedelta(minutes=5))
    await store.set_deadline(match_id, 1, None)
    assert await store.deadline(match_id) is None


async def test_prune_keeps_results_and_running_matches(db_path: Path) -> None:
    now = [1_000_000.0]
    async with SqliteStore(db_path, clock=lambda: now[0]) as store:
        old_id, old = await start(store, 1, seed=1)
        await play(store, old_id, old, random.Random(1), 10_000)
        await finish(store, old_id, old)
        abandoned = await store.create_match(1, 2, 7, {}, 2)
        await store.finish(abandoned.match_id, MatchStatus.ABANDONED)
        running_id, running = await start(store, 3, seed=3)
        await play(store, running_id, running, random.Random(3), 30)
        now[0] += 40 * 86_400
        recent_id, recent = await start(store, 4, seed=4)
        await play(store, recent_id, recent, random.Random(4), 10_000)
        await finish(store, recent_id, recent)

        report = await store.prune(timedelta(days=30))
        assert (report.matches, report.decisions, report.kept_results) == (2, old.seq, 1)
        assert await store.result(old_id) is not None
        with pytest.raises(StoreError, match="does not exist"):
            await store.load(old_id)
        assert (await store.load(recent_id)).record.status is MatchStatus.FINISHED
        assert len((await store.load(running_id)).full_log) == 30
        assert await store.integrity_check() == ["ok"]
    with sqlite3.connect(db_path) as raw:
        for table in ("seats", "decisions", "snapshots"):
            orphans = raw.execute(
                f"SELECT count(*) FROM {table} WHERE match_id NOT IN (SELECT id FROM matches)"
            ).fetchone()[0]
            assert orphans == 0, table


def test_sqlite_store_is_a_match_store(db_path: Path) -> None:
    """Checked by mypy: the bot may hold a `MatchStore` and be given a `SqliteStore`."""
    store: MatchStore = SqliteStore(db_path)
    assert isinstance(store, SqliteStore)
