"""`chicago-bot migrate --to postgresql://…`: an SQLite database copied into PostgreSQL,
every match verified by replay before the copy commits; and back again through a backup."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import DecisionRecord, MatchStatus, SeatRecord, SqliteStore, load_state
from bot.store.instance_lock import InstanceLock
from bot.store.postgres import PostgresStore
from engine.chicago import wide_seed
from tests.store.helpers import (
    Store,
    fetch_sql,
    finish,
    play,
    server_sql,
    start,
    with_database,
)
from tests.store.test_commands import one_line_error


async def make_history(store: Store) -> dict[int, str]:
    """Finished, running, lobby and abandoned matches, settings and messages; the state
    JSON of each started match by id."""
    states = {}
    for n in range(3):
        seed = n if n < 2 else wide_seed((1 << 127) + n)  # a 128-bit seed, kept exactly
        match_id, state = await start(store, n, seed=seed)
        await play(store, match_id, state, random.Random(n), 10_000 if n < 2 else 70)
        if state.result is not None:
            await finish(store, match_id, state)
        states[match_id] = state.to_json().decode()
    lobby = await store.create_match(None, 50, 9, {"marks": 3}, 77)
    await store.set_seats(lobby.match_id, [SeatRecord("boss", "Ann", 5)])
    abandoned = await store.create_match(1, 51, 9, {}, 78)
    await store.finish(abandoned.match_id, MatchStatus.ABANDONED)
    await store.set_guild_settings(1, {"timer": 120})
    running = max(states)
    await store.set_message(running, "prompt", 2**60)
    return states


async def contents(store: Store) -> tuple[object, ...]:
    """What the bot reads, through the store's own API."""
    active = await store.active_matches()
    return (
        active,
        await store.finished_matches(1, limit=50),
        await store.finished_matches(None, limit=50),
        await store.guild_settings(1),
        {m.match_id: await store.messages(m.match_id) for m in active},
        await store.counts(),
    )


def test_migrate_copies_everything_and_verifies_it(
    tmp_path: Path, postgres_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "chicago.db"

    async def prepare() -> tuple[dict[int, str], tuple[object, ...]]:
        async with SqliteStore(source) as lite:
            states = await make_history(lite)
            return states, await contents(lite)

    states, before = asyncio.run(prepare())
    assert main(["migrate", "--to", postgres_database, "--db", str(source)]) == 0
    out = capsys.readouterr().out
    assert "copied 5 match(es)" in out and "all 3 started match(es) replay" in out

    async def check() -> None:
        async with PostgresStore(postgres_database) as pg:
            assert await contents(pg) == before
            for match_id, state_json in states.items():
                assert (await load_state(pg, match_id)).to_json().decode() == state_json
            # New matches take new ids after the copied ones.
            record = await pg.create_match(1, 99, 1, {}, 1)
            assert record.match_id > max(states)

    asyncio.run(check())
    # A second migration into the same database is refused: it holds matches.
    assert main(["migrate", "--to", postgres_database, "--db", str(source)]) == 1
    assert "already holds matches" in one_line_error(capsys)


def test_a_match_that_does_not_replay_stops_the_whole_copy(
    tmp_path: Path, postgres_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "chicago.db"

    async def prepare() -> int:
        async with SqliteStore(source) as lite:
            await make_history(lite)
            match_id, state = await start(lite, 60, seed=9)
            await play(lite, match_id, state, random.Random(9), 10)
            bogus = DecisionRecord(state.seq, 3, "recruit10", "1")  # the rules refuse it
            await lite.append_decisions(match_id, [bogus])
            return match_id

    bad = asyncio.run(prepare())
    assert main(["migrate", "--to", postgres_database, "--db", str(source)]) == 1
    error = one_line_error(capsys)
    assert f"match {bad}: this engine refuses its logged decision" in error
    assert "nothing was copied" in error

    async def empty() -> list[tuple[object, ...]]:
        async with PostgresStore(postgres_database) as pg:
            return await fetch_sql(pg, "SELECT count(*) FROM matches")

    assert asyncio.run(empty()) == [(0,)]


def test_a_postgres_backup_migrates_back_into_a_new_server(
    tmp_path: Path, postgres_database: str, postgres_server: str
) -> None:
    """Backup to a file, then restore: the round trip an admin makes to move servers."""

    async def prepare() -> tuple[object, ...]:
        async with PostgresStore(postgres_database) as pg:
            await make_history(pg)
            return await contents(pg)

    before = asyncio.run(prepare())
    backup = tmp_path / "backup.db"
    assert main(["backup", str(backup), "--db", postgres_database]) == 0

    async def restored_contents(dsn: str) -> tuple[object, ...]:
        async with PostgresStore(dsn) as pg:
            return await contents(pg)

    name = postgres_database.rpartition("/")[2] + "_restored"
    asyncio.run(server_sql(postgres_server, f"CREATE DATABASE {name}"))
    try:
        restored = with_database(postgres_server, name)
        assert main(["migrate", "--to", restored, "--db", str(backup)]) == 0
        assert asyncio.run(restored_contents(restored)) == before
    finally:
        asyncio.run(server_sql(postgres_server, f"DROP DATABASE {name} WITH (FORCE)"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["migrate", "--to", "/tmp/other.db"], "must be a postgresql:// address"),
        (["migrate", "--to", "postgresql://h/db", "--db", "/no/such.db"], "does not exist"),
    ],
)
def test_migrate_rejects_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in one_line_error(capsys)


def test_migrate_waits_for_the_bot_to_stop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "chicago.db"

    async def create() -> None:
        async with SqliteStore(source):
            pass

    asyncio.run(create())
    with InstanceLock(source, "chicago-bot run"):
        assert main(["migrate", "--to", "postgresql://h/db", "--db", str(source)]) == 2
    assert "in use by chicago-bot run (pid" in one_line_error(capsys)
