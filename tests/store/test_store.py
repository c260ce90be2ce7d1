"""Both stores' rows: lobby to result, the log's rules, the connection's settings."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.database_url import shown
from bot.store import (
    SCHEMA_VERSION,
    DecisionRecord,
    DuplicateDecision,
    MatchStatus,
    MatchStore,
    SeatRecord,
    SqliteStore,
    StepWrite,
    StoreError,
    dump_setup,
    restore_state,
)
from bot.store.instance_lock import DatabaseInUse
from bot.store.location import open_store
from bot.store.postgres import PostgresStore
from engine.chicago import new_match
from tests.store.helpers import Store, fetch_sql, finish, play, start, step


async def test_connection_is_durable(sqlite_store: SqliteStore) -> None:
    store = sqlite_store

    async def pragma(name: str) -> object:
        return next(iter(await store.db.execute_fetchall(f"PRAGMA {name}")))[0]

    assert await pragma("journal_mode") == "wal"
    assert await pragma("synchronous") == 2  # FULL
    assert await pragma("foreign_keys") == 1
    assert await pragma("busy_timeout") == 5000


async def test_postgres_commits_wait_for_the_disk(postgres_database: str) -> None:
    url = f"{postgres_database}?synchronous_commit=off"  # the address cannot turn durability off
    async with PostgresStore(url) as store:
        assert await fetch_sql(store, "SHOW synchronous_commit") == [("on",)]
        assert await fetch_sql(store, "SELECT version FROM chicago_schema") == [(SCHEMA_VERSION,)]


async def test_lobby_to_result(store: Store) -> None:
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


async def test_log_loads_and_restores(store: Store) -> None:
    match_id, state = await start(store, 1, seed=3)
    await play(store, match_id, state, random.Random(3), 120)
    stored = await store.load(match_id)
    assert [d.seq for d in stored.full_log] == list(range(state.seq))
    assert stored.snapshot_seq == 99  # snapshots after every 50th decision
    assert [d.seq for d in stored.log_tail] == list(range(100, state.seq))
    assert {d.actor for d in stored.full_log} == {"computer"}
    assert restore_state(stored).to_json() == state.to_json()


async def test_duplicates_gaps_and_bad_snapshots_are_refused(store: Store) -> None:
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


async def test_messages_and_deadlines(store: Store) -> None:
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


async def test_prune_keeps_results_and_running_matches(location: str | Path) -> None:
    now = [1_000_000.0]
    async with open_store(location, clock=lambda: now[0]) as store:
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
        if isinstance(store, SqliteStore):
            assert await store.integrity_check() == ["ok"]
        for table in ("seats", "decisions", "snapshots"):
            orphans = await fetch_sql(
                store,
                f"SELECT count(*) FROM {table} WHERE match_id NOT IN (SELECT id FROM matches)",
            )
            assert orphans == [(0,)], table


def test_both_stores_are_match_stores(db_path: Path) -> None:
    """Checked by mypy: the bot may hold a `MatchStore` and be given either store."""
    stores: list[MatchStore] = [SqliteStore(db_path), PostgresStore("postgresql://h/db")]
    assert isinstance(open_store(db_path), SqliteStore)
    assert isinstance(open_store("postgresql://user:pw@h:5432/db"), PostgresStore)
    assert len(stores) == 2


# -- what several bot processes need --------------------------------------------------


async def test_commit_step_if_next_is_a_compare_and_set(store: Store) -> None:
    match_id, state = await start(store, 1, seed=6)
    assert await store.log_end(match_id) == -1
    rng = random.Random(6)
    first = step(state, rng)
    assert await store.commit_step_if_next(match_id, StepWrite([first]))
    assert not await store.commit_step_if_next(match_id, StepWrite([first])), (
        "a seq is committed once"
    )
    assert await store.log_end(match_id) == 0
    second = step(state, rng)
    too_far = DecisionRecord(second.seq + 1, second.seat, second.decision, "1")
    with pytest.raises(StoreError, match="gap"):
        await store.commit_step_if_next(match_id, StepWrite([too_far]))
    # Two writers offer the same seq at once: exactly one wins.
    outcomes = await asyncio.gather(
        store.commit_step_if_next(match_id, StepWrite([second])),
        store.commit_step_if_next(match_id, StepWrite([second])),
    )
    assert sorted(outcomes) == [False, True]
    assert [d.seq for d in (await store.load(match_id)).full_log] == [0, 1]
    with pytest.raises(StoreError, match="does not exist"):
        await store.log_end(999)


async def test_notifications_reach_every_subscriber_in_order(postgres_database: str) -> None:
    async with (
        PostgresStore(postgres_database) as store,
        store.subscribe("chicago.match.7") as first,
        store.subscribe("chicago.match.7") as second,
        store.subscribe("chicago.match.8") as other,
    ):
        await store.notify("chicago.match.7", "one")
        await store.notify("chicago.match.7", "two")
        await store.notify("chicago.match.8", "elsewhere")
        for inbox in (first, second):
            assert [await inbox.get(timeout=5), await inbox.get(timeout=5)] == ["one", "two"]
        assert await other.get(timeout=5) == "elsewhere"
        with pytest.raises(TimeoutError):
            await first.get(timeout=0.2)


async def test_a_lost_listening_connection_is_told(postgres_database: str) -> None:
    """When the server drops the listening connection, the next read says so (the bot
    then listens again and looks for what it missed) instead of waiting forever."""
    async with (
        PostgresStore(postgres_database) as store,
        store.subscribe("chicago_steps") as inbox,
    ):
        await store.notify("chicago_steps", "1 0")
        assert await inbox.get(timeout=5) == "1 0"
        async with store._transaction() as db:
            await db.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND query LIKE 'LISTEN%'"
            )
        with pytest.raises(StoreError, match="listening connection was lost"):
            await inbox.get(timeout=5)


async def test_two_processes_apply_one_click_once_and_notify_once(postgres_database: str) -> None:
    """As part of a multi-process bot would: the same seq offered by two processes (two
    pools on one database); one commits and its notification is delivered, the other
    gets False and sends nothing."""
    async with PostgresStore(postgres_database) as one, PostgresStore(postgres_database) as two:
        match_id, state = await start(one, 1, seed=12)
        channel = f"chicago.match.{match_id}"
        async with one.subscribe(channel) as inbox:
            for _ in range(5):
                record = step(state, random.Random(state.seq))
                payload = f"seq {record.seq}"
                outcomes = await asyncio.gather(
                    one.commit_step_if_next(
                        match_id, StepWrite([record]), notify=(channel, payload)
                    ),
                    two.commit_step_if_next(
                        match_id, StepWrite([record]), notify=(channel, payload)
                    ),
                )
                assert sorted(outcomes) == [False, True]
                assert await inbox.get(timeout=5) == payload
            with pytest.raises(TimeoutError):
                await inbox.get(timeout=0.2)
        assert await two.log_end(match_id) == 4


async def test_sqlite_has_no_listeners(sqlite_store: SqliteStore) -> None:
    match_id, state = await start(sqlite_store, 1, seed=3)
    record = step(state, random.Random(3))
    with pytest.raises(StoreError, match="need the PostgreSQL store"):
        await sqlite_store.commit_step_if_next(match_id, StepWrite([record]), notify=("c", "p"))
    assert await sqlite_store.log_end(match_id) == -1, "nothing was committed"


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("chicago.db", SqliteStore),
        ("/data/matches.sqlite", SqliteStore),
        ("postgresql://bot:pw@db:5432/chicago", PostgresStore),
        ("postgres://db/chicago", PostgresStore),
    ],
)
def test_chicago_db_chooses_the_store(value: str, kind: type) -> None:
    from bot.discord_app import create_bot
    from bot.settings import Settings

    settings = Settings(_env_file=None, CHICAGO_DB=value)  # type: ignore[call-arg]
    bot = create_bot(settings)
    assert type(bot.store) is kind
    if kind is PostgresStore:
        assert settings.db == value, "an address is kept as written"
        assert "pw" not in shown(value)
    else:
        assert settings.db == Path(value)


async def test_one_bot_per_postgres_database(postgres_database: str) -> None:
    """`chicago-bot run` claims the database as the lock file does beside SQLite."""
    async with (
        PostgresStore(postgres_database) as first,
        PostgresStore(postgres_database) as second,
    ):
        await first.claim("chicago-bot run")
        with pytest.raises(DatabaseInUse, match=r"in use by chicago-bot run \(pid \d+\)"):
            await second.claim("chicago-bot run")
        await second.create_match(1, 5, 1, {}, 1)  # tools beside the bot still work
        await first.close()
        await second.claim("chicago-bot run")
