"""Whole databases copied between the two stores, table for table and column for column
(both schemas are the same; the SQLite one names the tables, in the order their
foreign keys need):

- `migrate_to_postgres`: an SQLite file into an empty PostgreSQL database, in one
  transaction that commits only once every copied match replays to what was stored
  (`chicago-bot migrate --to postgresql://…`);
- `backup_to_sqlite`: a PostgreSQL database as one portable SQLite file, read from one
  consistent moment while the bot keeps writing (`chicago-bot backup` on PostgreSQL).
  The file is a complete database: `CHICAGO_DB` can point at it, or `migrate` can load
  it into a new PostgreSQL server.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import diagnose
from bot.store.decision_log import read_stored
from bot.store.interface import StoredMatch, StoreError
from bot.store.postgres_connection import PostgresConnection, PostgresDatabase
from bot.store.restore import restore
from bot.store.sql import SqlConnection, fetch_value
from bot.store.sqlite import SqliteStore

CHUNK = 5000


@dataclass(slots=True)
class CopyReport:
    """Rows copied per table, matches verified by replay, and the time it took."""

    rows: dict[str, int] = field(default_factory=dict)
    verified: int = 0
    seconds: float = 0.0


async def sqlite_tables(db: aiosqlite.Connection) -> list[tuple[str, list[str]]]:
    """The store's tables in the order they were created (parents before children),
    each with its columns."""
    rows = await db.execute_fetchall(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY rowid"
    )
    tables = []
    for (name,) in rows:
        columns = await db.execute_fetchall(f"PRAGMA table_info({name})")
        tables.append((str(name), [str(c[1]) for c in columns]))
    return tables


async def migrate_to_postgres(
    source: SqliteStore,
    target: PostgresDatabase,
    progress: Callable[[str], None] = lambda _: None,
) -> CopyReport:
    """Copy every row of `source` into `target`, which must hold no match yet, and
    verify each copied match by replaying its log; nothing is committed unless all of
    them replay. Raises StoreError naming the matches that do not."""
    started = time.perf_counter()
    report = CopyReport()
    tables = await sqlite_tables(source.db)
    async with target._transaction() as pg:
        held = await fetch_value(pg, "SELECT (SELECT count(*) FROM matches) + "
                                     "(SELECT count(*) FROM results)")  # fmt: skip
        if held:
            raise StoreError(
                f"database {target.location} already holds matches; migrate copies into "
                "an empty database only (create a new one, or drop its tables)"
            )
        async with source._transaction(write=False):
            for table, columns in tables:
                report.rows[table] = await _copy_table_to_postgres(source, pg, table, columns)
                progress(f"{table}: {report.rows[table]} row(s)")
        await pg.execute(
            "SELECT setval(pg_get_serial_sequence('matches', 'id'), "
            "(SELECT coalesce(max(id), 0) + 1 FROM matches), false)"
        )
        report.verified = await _verify_all(pg, progress)
    report.seconds = time.perf_counter() - started
    return report


async def _copy_table_to_postgres(
    source: SqliteStore, pg: PostgresConnection, table: str, columns: list[str]
) -> int:
    """One table through PostgreSQL's COPY, in chunks (memory stays flat). SQLite's
    loose typing may hold a number in a column PostgreSQL keeps as text (a seed)."""
    rows = await pg.fetch_all(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = ?",
        (table,),
    )
    types = {str(name): str(kind) for name, kind in rows}
    as_text = [types.get(c) == "text" for c in columns]
    copied = 0
    async with source.db.execute(f"SELECT {', '.join(columns)} FROM {table}") as cursor:
        while chunk := list(await cursor.fetchmany(CHUNK)):
            records = [
                tuple(str(v) if text and isinstance(v, int) else v
                      for v, text in zip(row, as_text, strict=True))
                for row in chunk
            ]  # fmt: skip
            await pg.conn.copy_records_to_table(table, records=records, columns=columns)
            copied += len(chunk)
    return copied


async def _verify_all(db: SqlConnection, progress: Callable[[str], None]) -> int:
    """Replay every copied match that started; StoreError listing those that fail."""
    ids = [int(r[0]) for r in await db.fetch_all(
        "SELECT id FROM matches WHERE setup IS NOT NULL ORDER BY id"
    )]  # fmt: skip
    winners = {int(r[0]): int(r[1]) for r in await db.fetch_all(
        "SELECT match_id, winner FROM results"
    )}  # fmt: skip
    failures = []
    for n, match_id in enumerate(ids, 1):
        problem = replay_problem(await read_stored(db, match_id), winners.get(match_id))
        if problem:
            failures.append(f"match {match_id}: {problem}")
        if n % 1000 == 0:
            progress(f"verified {n} of {len(ids)} matches")
    if failures:
        shown = "; ".join(failures[:5]) + (
            f"; and {len(failures) - 5} more" if failures[5:] else ""
        )
        raise StoreError(
            f"{len(failures)} match(es) do not replay, nothing was copied: {shown}. "
            "Run the bot once on the SQLite file (it sets refused decisions aside), "
            "or remove those matches, then migrate again"
        )
    return len(ids)


def replay_problem(stored: StoredMatch, winner: int | None) -> str | None:
    """Why a stored match does not replay to what was stored, or None when it does:
    its log reaches its snapshot, every decision is legal, and a recorded winner is
    the one the replay gives."""
    try:
        restored = restore(stored)
    except StoreError as exc:
        return str(exc)
    if restored.diverged:
        return "its decision log no longer replays to its snapshot"
    if restored.refused_from is not None:
        return f"this engine refuses its logged decision {restored.refused_from}"
    if winner is not None:
        result = restored.state.result
        if result is None or result.winner != winner:
            return f"its stored winner is seat {winner}, its replay says otherwise"
    return None


async def backup_to_sqlite(store: PostgresDatabase, dest: Path) -> CopyReport:
    """Write every row of `store`, as of one moment, to a new SQLite file `dest`
    (never overwritten; written beside it and renamed into place once checked)."""
    if dest.exists():
        raise StoreError(f"backup {dest} already exists; choose another name or remove it")
    if not dest.parent.is_dir():
        raise StoreError(f"backup {dest}: directory {dest.parent} does not exist")
    started = time.perf_counter()
    report = CopyReport()
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        async with SqliteStore(partial, backup_before_migrating=False) as copy:
            tables = await sqlite_tables(copy.db)
            async with store._transaction(write=False) as pg, copy._transaction() as out:
                for table, columns in tables:
                    report.rows[table] = await _copy_table_to_sqlite(pg, out, table, columns)
        _finish_file(partial)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(dest)
    report.seconds = time.perf_counter() - started
    return report


async def _copy_table_to_sqlite(
    pg: PostgresConnection, out: SqlConnection, table: str, columns: list[str]
) -> int:
    """One table read through a server-side cursor, written in chunks."""
    insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    chunk: list[Sequence[Any]] = []
    copied = 0
    async for record in pg.conn.cursor(f"SELECT {', '.join(columns)} FROM {table}", prefetch=CHUNK):
        chunk.append(tuple(record))
        if len(chunk) == CHUNK:
            await out.executemany(insert, chunk)
            copied, chunk = copied + len(chunk), []
    await out.executemany(insert, chunk)
    return copied + len(chunk)


def _finish_file(path: Path) -> None:
    """One self-contained file (no -wal beside it), checked before it is handed over."""
    try:
        with sqlite3.connect(path) as db:
            db.execute("PRAGMA journal_mode = DELETE")
            problems = [str(r[0]) for r in db.execute("PRAGMA quick_check")]
        db.close()
    except sqlite3.Error as exc:
        raise diagnose.describe(path, exc) from None
    if problems != ["ok"]:
        raise diagnose.corrupt(path, "; ".join(problems[:3]))
