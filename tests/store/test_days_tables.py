"""The store's rows of play over days (schema 8), on both stores: a running match's
clocks, each player's notice choice per server and quiet hours; what start-up reads at
once, what a finished or pruned match leaves, and a migration to PostgreSQL that keeps
every one of them."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import SqliteStore
from bot.store.location import open_store
from bot.store.postgres import PostgresStore
from tests.store.helpers import Store, execute_sql, fetch_sql, finish, play, start

CLOCKS = '{"seq":3,"seats":{"0":{"left":259200.0,"asked_at":1767225600.0}}}'


async def test_clocks_are_written_over_and_read_for_running_matches_only(store: Store) -> None:
    running, _ = await start(store, 1, seed=1)
    done, state = await start(store, 2, seed=2)
    assert await store.clocks(running) is None  # a live match, or not dealt yet
    await store.set_clocks(running, CLOCKS)
    await store.set_clocks(running, CLOCKS.replace('"seq":3', '"seq":4'))  # one row a match
    await store.set_clocks(done, CLOCKS)
    assert await store.clocks(running) == CLOCKS.replace('"seq":3', '"seq":4')
    await play(store, done, state, random.Random(2), 10_000)
    await finish(store, done, state)
    assert await store.running_clocks() == {running: CLOCKS.replace('"seq":3', '"seq":4')}
    assert await fetch_sql(store, "SELECT count(*) FROM match_clocks") == [(2,)]


async def test_notice_choices_are_per_player_per_server_and_checked(store: Store) -> None:
    assert await store.notify_choice(1, 100) == "mention"  # the default
    await store.set_notify_choice(1, 100, "dm")
    await store.set_notify_choice(1, 100, "off")
    await store.set_notify_choice(2, 100, "dm")
    assert await store.notify_choice(1, 100) == "off"
    assert await store.notify_choice(2, 100) == "dm"
    assert await store.notify_choice(1, 101) == "mention"
    with pytest.raises(ValueError, match="notify must be one of"):
        await store.set_notify_choice(1, 100, "loud")
    with pytest.raises(Exception, match=r"(?i)check"):  # the database refuses it too
        await execute_sql(
            store, "INSERT INTO notice_choices (guild_id, user_id, notify) VALUES (?, ?, ?)",
            (3, 100, "loud"),
        )  # fmt: skip
    big = 2**62  # Discord ids are 64-bit
    await store.set_notify_choice(big, big + 1, "dm")
    assert await store.notify_choice(big, big + 1) == "dm"


async def test_quiet_hours_are_set_changed_and_cleared(store: Store) -> None:
    assert await store.quiet_hours(100) is None
    await store.set_quiet_hours(100, "23:00-08:00", "Europe/Warsaw")
    await store.set_quiet_hours(100, "22:30-07:00", "America/Chicago")
    assert await store.quiet_hours(100) == ("22:30-07:00", "America/Chicago")
    await store.set_quiet_hours(100, None)
    assert await store.quiet_hours(100) is None
    await store.set_quiet_hours(100, None)  # clearing nothing is fine


async def test_a_pruned_match_takes_its_clocks_with_it(location: str | Path) -> None:
    now = [1_000_000.0]
    async with open_store(location, clock=lambda: now[0]) as store:
        match_id, state = await start(store, 1, seed=1)
        await store.set_clocks(match_id, CLOCKS)
        await play(store, match_id, state, random.Random(1), 10_000)
        await finish(store, match_id, state)
        now[0] += 40 * 86_400
        report = await store.prune(timedelta(days=30))
        assert report.matches == 1
        assert await fetch_sql(store, "SELECT count(*) FROM match_clocks") == [(0,)]


def test_migrate_keeps_clocks_notice_choices_and_quiet_hours(
    tmp_path: Path, postgres_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "chicago.db"

    async def prepare() -> int:
        async with SqliteStore(source) as lite:
            match_id, _ = await start(lite, 1, seed=1)
            await lite.set_clocks(match_id, CLOCKS)
            await lite.set_notify_choice(1, 100, "dm")
            await lite.set_quiet_hours(100, "23:00-08:00", "Europe/Warsaw")
            return match_id

    match_id = asyncio.run(prepare())
    assert main(["migrate", "--to", postgres_database, "--db", str(source)]) == 0
    out = capsys.readouterr().out
    assert "match_clocks: 1 row(s)" in out, out

    async def check() -> None:
        async with PostgresStore(postgres_database) as pg:
            assert await pg.running_clocks() == {match_id: CLOCKS}
            assert await pg.notify_choice(1, 100) == "dm"
            assert await pg.quiet_hours(100) == ("23:00-08:00", "Europe/Warsaw")

    asyncio.run(check())
