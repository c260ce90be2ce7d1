"""Databases the stores must refuse clearly, never recreate nor overwrite: SQLite files
(damaged, locked, unwritable, foreign or newer) and PostgreSQL databases (foreign,
newer, missing or unreachable); the migration from the first schema version; and the
two schemas kept alike."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.doctor import check_database
from bot.store import SCHEMA_VERSION, SqliteStore, StoreError, dump_setup, load_state
from bot.store.copy import sqlite_tables
from bot.store.postgres import PostgresStore
from bot.store.postgres_schema import PG_MIGRATIONS
from bot.store.schema import MIGRATIONS
from engine.chicago import apply, new_match
from engine.chicago.random_play import random_decision
from tests.store.helpers import execute_sql, fetch_sql, finish, play, start


async def make_database(path: Path, matches: int = 3) -> None:
    async with SqliteStore(path) as store:
        for n in range(matches):
            match_id, state = await start(store, n, seed=n)
            await play(store, match_id, state, random.Random(n), 10_000)
            await finish(store, match_id, state)


def files_of(path: Path) -> dict[str, bytes]:
    """The database and anything beside it, to prove nothing was touched."""
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir())}


async def refused(path: Path, pattern: str, **options: float) -> StoreError:
    before = files_of(path)
    store = SqliteStore(path, **options)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match=pattern) as info:
        await store.open()
    assert files_of(path) == before, "a refused file must be left as it was"
    assert str(path) in str(info.value)
    return info.value


# -- schema versions -----------------------------------------------------------------


async def test_migration_from_the_first_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "chicago.db"
    state = new_match(2, seed=21)
    setup = dump_setup(state.setup)
    rng = random.Random(21)
    log: list[tuple[int, int, int, str, str, float]] = []
    for _ in range(40):
        pending = state.pending
        assert pending is not None
        decision = random_decision(rng, state)
        log.append((1, len(log), pending.seat, str(decision), "timer", 1.0))
        apply(state, pending.seat, decision)
    with sqlite3.connect(path, isolation_level=None) as raw:
        raw.execute("PRAGMA journal_mode = WAL")
        for statement in MIGRATIONS[0].statements:
            raw.execute(statement)
        raw.execute("PRAGMA user_version = 1")
        for channel in (5, 5):  # two open matches in one channel: possible under schema 1
            raw.execute(
                "INSERT INTO matches (guild_id, channel_id, host_id, status, settings, seed, "
                "engine_version, setup, created_at, updated_at) "
                "VALUES (1, ?, 2, 'running', '{}', 21, 'old', ?, 1.0, 1.0)",
                (channel, setup),
            )
        raw.executemany("INSERT INTO decisions VALUES (?, ?, ?, ?, ?, ?)", log)
    raw.close()

    async with SqliteStore(path) as store:
        version = next(iter(await store.db.execute_fetchall("PRAGMA user_version")))[0]
        assert version == SCHEMA_VERSION
        restored = await load_state(store, 1)
        assert restored.to_json() == state.to_json()
        [open_match] = await store.active_matches()
        assert open_match.match_id == 2
        assert (await store.match(1)).status == "abandoned"
    assert (tmp_path / "chicago.db.schema-1.bak").is_file(), "a copy is kept before migrating"


async def test_a_newer_database_is_refused(db_path: Path) -> None:
    await make_database(db_path, matches=1)
    with sqlite3.connect(db_path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    error = await refused(db_path, "newer")
    assert "upgrade" in str(error)


async def test_an_unrelated_sqlite_database_is_refused(db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        raw.execute("CREATE TABLE notes (text TEXT)")
    raw.close()
    await refused(db_path, "not a Chicago 1927 one")


# -- damaged files -------------------------------------------------------------------


async def test_random_bytes_are_refused(db_path: Path) -> None:
    db_path.write_bytes(random.Random(1).randbytes(20_000))
    await refused(db_path, "damaged: it is not an SQLite database")


async def test_an_empty_file_is_refused(db_path: Path) -> None:
    db_path.write_bytes(b"")
    await refused(db_path, "empty")


async def test_a_truncated_file_is_refused(db_path: Path) -> None:
    await make_database(db_path)
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])
    await refused(db_path, "damaged.*truncated")


def damage_pages(path: Path) -> None:
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[3 * page : 5 * page] = random.Random(2).randbytes(2 * page)
    path.write_bytes(bytes(data))


async def test_damaged_pages_are_reported_by_the_check_after_an_unclean_shutdown(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The file opens at once; the check that reads every page runs beside the bot,
    logs the damage as an error with what to do, and writes nothing."""
    await make_database(db_path)
    damage_pages(db_path)
    data = db_path.read_bytes()
    Path(f"{db_path}-wal").write_bytes(b"")  # as a crashed process leaves it
    async with SqliteStore(db_path) as store:
        problems = await store.crash_check.problems()
    assert problems
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and "is damaged" in errors[0] and "backup" in errors[0]
    caplog.clear()
    assert db_path.read_bytes() == data


async def test_a_sound_file_left_open_by_a_crash_is_checked_and_found_sound(
    db_path: Path,
) -> None:
    await make_database(db_path)
    Path(f"{db_path}-wal").write_bytes(b"")
    async with SqliteStore(db_path) as store:
        assert await store.crash_check.problems() == []
        assert await store.active_matches() is not None


async def test_a_cleanly_closed_file_opens_without_reading_every_page(db_path: Path) -> None:
    """The full check costs seconds on a large file: after a clean shutdown it is left
    to `chicago-bot doctor`, which still finds the damage."""
    await make_database(db_path)
    damage_pages(db_path)
    async with SqliteStore(db_path):
        pass
    assert any(not finding.ok for finding in check_database(db_path))


async def test_a_missing_directory_is_reported(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="does not exist; create it or set CHICAGO_DB"):
        await SqliteStore(tmp_path / "nowhere" / "chicago.db").open()
    assert not (tmp_path / "nowhere").exists()


# -- locks ---------------------------------------------------------------------------

HOLD_LOCK = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE matches SET updated_at = updated_at")
print("locked", flush=True)
time.sleep(60)
"""


@contextmanager
def locked_by_another_process(path: Path, mode: str) -> Iterator[None]:
    child = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(path), mode], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "locked"
        yield
    finally:
        child.kill()
        child.wait()


async def test_a_file_locked_by_another_process_is_reported(db_path: Path) -> None:
    await make_database(db_path, matches=1)
    with locked_by_another_process(db_path, "exclusive"):
        await refused(db_path, "locked by another process", busy_timeout=0.2)
    async with SqliteStore(db_path) as store:
        assert len((await store.load(1)).full_log) > 0


async def test_a_write_lock_held_elsewhere_fails_a_write_cleanly(db_path: Path) -> None:
    await make_database(db_path, matches=0)
    async with SqliteStore(db_path, busy_timeout=0.2) as store:
        with locked_by_another_process(db_path, "normal"):
            with pytest.raises(StoreError, match="locked by another process"):
                await store.create_match(1, 1, 1, {}, 1)
            assert await store.active_matches() == []  # readers are not blocked
        await store.create_match(1, 1, 1, {}, 1)
        assert len(await store.active_matches()) == 1


# -- permissions ---------------------------------------------------------------------


@contextmanager
def not_writable(folder: Path) -> Iterator[None]:
    """Make `folder` unwritable: by its mode, or, for root (who ignores modes), by the
    immutable attribute; skip where neither is possible."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    if shutil.which("chattr") is None:
        pytest.skip(
            "running as root without chattr: root writes through any permission, so an "
            "unwritable folder cannot be made here (a non-root run makes it with chmod)"
        )
    made = subprocess.run(["chattr", "+i", str(folder)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(
            "running as root in a container that may not set the immutable attribute: an "
            "unwritable folder cannot be made here (a non-root run makes it with chmod)"
        )
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=True)


async def test_a_directory_that_is_not_writable_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    existing = folder / "chicago.db"
    await make_database(existing, matches=1)
    with not_writable(folder):
        with pytest.raises(StoreError, match="is not writable") as info:
            await SqliteStore(folder / "new.db").open()
        assert str(folder / "new.db") in str(info.value)
        assert not (folder / "new.db").exists()
        await refused(existing, "is not writable.*fix the permissions")


# -- PostgreSQL databases ------------------------------------------------------------


async def postgres_refused(dsn: str, pattern: str) -> StoreError:
    store = PostgresStore(dsn)
    with pytest.raises(StoreError, match=pattern) as info:
        await store.open()
    assert "secret" not in str(info.value), "a password is never shown"
    return info.value


async def test_a_newer_postgres_database_is_refused(postgres_database: str) -> None:
    async with PostgresStore(postgres_database) as store:
        await start(store, 1, seed=1)
        await execute_sql(store, "UPDATE chicago_schema SET version = ?", (SCHEMA_VERSION + 1,))
    error = await postgres_refused(postgres_database, "newer")
    assert "upgrade" in str(error)


async def test_a_postgres_database_with_foreign_tables_like_ours_is_refused(
    postgres_database: str,
) -> None:
    conn = await asyncpg.connect(postgres_database)
    try:
        await conn.execute("CREATE TABLE matches (id integer)")
    finally:
        await conn.close()
    await postgres_refused(postgres_database, "not a Chicago 1927 database")


async def test_postgres_problems_are_told_without_the_password(postgres_server: str) -> None:
    parts = urlsplit(postgres_server)
    host = f"chicago:secret@{parts.hostname}:{parts.port}"
    missing = urlunsplit(parts._replace(netloc=host, path="/no_such_database"))
    error = await postgres_refused(missing, "does not exist: create it")
    assert "chicago:***@" in str(error)
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    nobody = f"postgresql://chicago:secret@127.0.0.1:{free}/chicago"
    await postgres_refused(nobody, "cannot reach the server.*check that PostgreSQL runs")


async def test_processes_starting_together_migrate_once(postgres_database: str) -> None:
    stores = [PostgresStore(postgres_database) for _ in range(4)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        rows = await fetch_sql(stores[0], "SELECT version FROM chicago_schema")
        assert rows == [(SCHEMA_VERSION,)]
    finally:
        await asyncio.gather(*(s.close() for s in stores))


def test_both_schemas_have_the_same_tables_and_columns(
    db_path: Path, postgres_database: str
) -> None:
    """The shared queries and the copies between stores rely on it: a migration added
    to one schema needs its twin in the other."""
    assert PG_MIGRATIONS[-1].version == SCHEMA_VERSION

    async def columns() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        async with SqliteStore(db_path) as lite:
            sqlite = dict(await sqlite_tables(lite.db))
        async with PostgresStore(postgres_database) as pg:
            rows = await fetch_sql(
                pg,
                "SELECT table_name, column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name != 'chicago_schema' "
                "ORDER BY table_name, ordinal_position",
            )
        postgres: dict[str, list[str]] = {}
        for table, column in rows:
            postgres.setdefault(table, []).append(column)
        return sqlite, postgres

    sqlite, postgres = asyncio.run(columns())
    assert sqlite == postgres


async def test_stopping_the_bot_ends_the_check_after_a_crash(db_path: Path) -> None:
    """A bot stopped at once does not leave the check reading the file behind it."""
    await make_database(db_path)
    damage_pages(db_path)
    Path(f"{db_path}-wal").write_bytes(b"")
    store = SqliteStore(db_path)
    await store.open()
    await store.close()
    assert await store.crash_check.problems() == []  # stopped before it read a page
