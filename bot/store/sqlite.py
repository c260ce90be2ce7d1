"""`SqliteStore`: the built-in match store, one SQLite file through aiosqlite.

Durability first: WAL with `synchronous=FULL` (every commit reaches the disk before it
returns), foreign keys on, and each write one transaction, so a crash or power cut loses
nothing that was committed and leaves nothing half-written. One connection serves the
whole bot; an asyncio lock keeps one coroutine's transaction from interleaving with
another's on it (a double click becomes a clean `DuplicateDecision`, not a mixed log).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib import metadata
from pathlib import Path
from types import TracebackType
from typing import Any

import aiosqlite

from bot.store import diagnose
from bot.store.backup import DEFAULT_BUSY_TIMEOUT, backup_database
from bot.store.interface import (
    DecisionRecord,
    DuplicateDecision,
    FinishedMatch,
    MatchRecord,
    MatchStatus,
    ResultRecord,
    SeatRecord,
    SideResult,
    StoredMatch,
    StoreError,
)
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION, Migration

log = logging.getLogger(__name__)

_OPEN = "('lobby', 'running')"
_MATCH_COLUMNS = (
    "id, guild_id, channel_id, host_id, status, settings, seed, engine_version, "
    "created_at, updated_at"
)


def engine_version() -> str:
    """The installed release, recorded with each match so a divergence can be traced."""
    try:
        return metadata.version("chicago-1927")
    except metadata.PackageNotFoundError:
        return "unknown"


@dataclass(frozen=True, slots=True)
class PruneReport:
    matches: int
    decisions: int
    kept_results: int


@dataclass(frozen=True, slots=True)
class StoreCounts:
    """How much the database holds, by match status; for backups and the benchmark."""

    by_status: dict[str, int]
    decisions: int
    results: int


class SqliteStore:
    """The `MatchStore` on one SQLite file. Use `async with SqliteStore(path) as store:`
    or `open()`/`close()`. `clock` (seconds since the epoch) is replaceable for tests."""

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
        quick_check: bool = True,
        backup_before_migrating: bool = True,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self.quick_check = quick_check
        self.backup_before_migrating = backup_before_migrating
        self._clock = clock
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- opening ---------------------------------------------------------------------

    async def __aenter__(self) -> SqliteStore:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def open(self) -> None:
        """Open (or create) the database, check it and bring its schema up to date.

        Raises StoreError, naming the file and what to do, for a missing directory, a
        damaged or foreign file, a lock held by another process, missing permissions or a
        database written by a newer release. Nothing is ever recreated or overwritten.
        """
        if self._db is not None:
            return
        diagnose.check_file(self.path)
        existed = self.path.exists()
        try:
            db = await aiosqlite.connect(self.path, isolation_level=None, timeout=self.busy_timeout)
        except sqlite3.Error as exc:
            raise diagnose.describe(self.path, exc) from None
        try:
            await self._configure(db, existed)
        except BaseException as exc:
            await db.close()
            if isinstance(exc, sqlite3.Error):
                raise diagnose.describe(self.path, exc) from None
            raise
        self._db = db

    async def _configure(self, db: aiosqlite.Connection, existed: bool) -> None:
        await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        version = await _scalar(db, "PRAGMA user_version")
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"database {self.path} was written by a newer Chicago 1927 (schema "
                f"{version}; this release knows up to {SCHEMA_VERSION}): upgrade the bot, "
                "or point CHICAGO_DB at a backup made by this release"
            )
        if existed and version == 0 and await _scalar(db, "SELECT count(*) FROM sqlite_schema"):
            raise StoreError(
                f"{self.path} is an SQLite database but not a Chicago 1927 one; "
                "set CHICAGO_DB to another path"
            )
        if not existed:
            # Must precede the first table; lets `prune` give freed pages back to the disk.
            await db.execute("PRAGMA auto_vacuum = INCREMENTAL")
        if self.quick_check and existed:
            problems = [row[0] for row in await db.execute_fetchall("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise diagnose.corrupt(self.path, "; ".join(map(str, problems[:3])))
        mode = await _scalar(db, "PRAGMA journal_mode = WAL")
        if str(mode).lower() != "wal":
            raise StoreError(f"database {self.path}: cannot use write-ahead logging ({mode})")
        await db.execute("PRAGMA synchronous = FULL")
        await db.execute("PRAGMA foreign_keys = ON")
        if version < SCHEMA_VERSION:
            if version > 0 and self.backup_before_migrating:
                copy = self.path.with_name(f"{self.path.name}.schema-{version}.bak")
                if not copy.exists():
                    await asyncio.to_thread(backup_database, self.path, copy)
                    log.info("database %s: copy before migrating kept at %s", self.path, copy)
            for migration in MIGRATIONS[version:]:
                await _migrate(db, migration)
                log.info(
                    "database %s: schema %d applied (%s)",
                    self.path,
                    migration.version,
                    migration.summary,
                )

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError(f"database {self.path} is not open")
        return self._db

    @asynccontextmanager
    async def _transaction(self, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction, alone on the connection. Writes take the write lock at BEGIN
        (IMMEDIATE) so a busy database fails fast, before any work; reads see one
        consistent moment across their queries."""
        async with self._lock:
            db = self.db
            try:
                await db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield db
                except BaseException:
                    if db.in_transaction:
                        await db.rollback()
                    raise
                await db.commit()
            except sqlite3.Error as exc:
                if db.in_transaction:
                    await db.rollback()
                raise diagnose.describe(self.path, exc) from None

    def _now(self) -> float:
        return self._clock()

    # -- lobby and seats --------------------------------------------------------------

    async def create_match(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        settings: dict[str, Any],
        seed: int,
    ) -> MatchRecord:
        now = self._now()
        async with self._transaction() as db:
            taken = await _scalar(
                db, f"SELECT count(*) FROM matches WHERE channel_id = ? AND status IN {_OPEN}",
                (channel_id,),
            )  # fmt: skip
            if taken:
                raise StoreError(f"channel {channel_id} already has an open match")
            cursor = await db.execute(
                "INSERT INTO matches (guild_id, channel_id, host_id, status, settings, seed, "
                "engine_version, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (guild_id, channel_id, host_id, _dump(settings), seed, engine_version(), now, now),
            )
            match_id = cursor.lastrowid
        assert match_id is not None
        return MatchRecord(
            match_id, guild_id, channel_id, host_id, MatchStatus.LOBBY, dict(settings), seed,
            engine_version(), _time(now), _time(now),
        )  # fmt: skip

    async def set_seats(self, match_id: int, seats: Sequence[SeatRecord]) -> None:
        async with self._transaction() as db:
            await self._require(db, match_id)
            await db.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await db.executemany(
                "INSERT INTO seats (match_id, idx, role, name, user_id, computer, controller) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, i, s.role, s.name, s.user_id, s.computer, s.controller)
                    for i, s in enumerate(seats)
                ],
            )
            await self._touch(db, match_id)

    async def update_settings(self, match_id: int, settings: dict[str, Any]) -> None:
        async with self._transaction() as db:
            await self._require(db, match_id)
            await db.execute(
                "UPDATE matches SET settings = ?, updated_at = ? WHERE id = ?",
                (_dump(settings), self._now(), match_id),
            )

    async def start_match(self, match_id: int, setup_json: str) -> None:
        async with self._transaction() as db:
            status = await self._require(db, match_id)
            if status != MatchStatus.LOBBY:
                raise StoreError(f"match {match_id} is {status}, not in its lobby")
            await db.execute(
                "UPDATE matches SET status = 'running', setup = ?, engine_version = ?, "
                "updated_at = ? WHERE id = ?",
                (setup_json, engine_version(), self._now(), match_id),
            )

    # -- the decision log -------------------------------------------------------------

    async def append_decisions(
        self,
        match_id: int,
        decisions: Sequence[DecisionRecord],
        snapshot: tuple[int, str] | None = None,
    ) -> None:
        """Append decisions, and a snapshot taken after the last of them, in one
        transaction. The first seq must be the next one in the log (0 for the first
        decision); the rest follow it without gaps."""
        if not decisions and snapshot is None:
            return
        seqs = [d.seq for d in decisions]
        if seqs and seqs != list(range(seqs[0], seqs[0] + len(seqs))):
            raise ValueError(f"decision seqs must be consecutive, got {seqs}")
        if snapshot is not None and seqs and snapshot[0] != seqs[-1]:
            raise ValueError(
                f"the snapshot's seq must be the seq of the last decision it includes "
                f"({seqs[-1]}), got {snapshot[0]}"
            )
        now = self._now()
        async with self._transaction() as db:
            row = await _one(
                db,
                "SELECT status, (SELECT coalesce(max(seq), -1) FROM decisions "
                "WHERE match_id = ?1) FROM matches WHERE id = ?1",
                (match_id,),
            )
            if row is None:
                raise StoreError(f"match {match_id} does not exist")
            status, last = row
            if status != MatchStatus.RUNNING:
                raise StoreError(f"match {match_id} is {status}: no decisions can be added")
            if seqs:
                if seqs[0] <= last:
                    raise DuplicateDecision(
                        f"match {match_id}: decision {seqs[0]} is already logged "
                        f"(the log ends at {last})"
                    )
                if seqs[0] != last + 1:
                    raise StoreError(
                        f"match {match_id}: decision {seqs[0]} would leave a gap "
                        f"(the log ends at {last})"
                    )
                try:
                    await db.executemany(
                        "INSERT INTO decisions (match_id, seq, seat, decision, actor, at) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        [
                            (match_id, d.seq, d.seat, d.decision, str(d.actor), _stamp(d.at, now))
                            for d in decisions
                        ],
                    )
                except sqlite3.IntegrityError:
                    raise DuplicateDecision(
                        f"match {match_id}: decision {seqs[0]} is already logged"
                    ) from None
                last = seqs[-1]
            if snapshot is not None:
                if snapshot[0] > last or snapshot[0] < 0:
                    raise ValueError(
                        f"match {match_id}: a snapshot after decision {snapshot[0]}, "
                        f"but the log ends at {last}"
                    )
                await self._write_snapshot(db, match_id, snapshot, now)
            await db.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))

    @staticmethod
    async def _write_snapshot(
        db: aiosqlite.Connection, match_id: int, snapshot: tuple[int, str], now: float
    ) -> None:
        """Keep only the newest snapshot: loading needs no other, and the disk stays small."""
        seq, state = snapshot
        await db.execute(
            "INSERT OR REPLACE INTO snapshots (match_id, seq, state, at) VALUES (?, ?, ?, ?)",
            (match_id, seq, state, now),
        )
        await db.execute("DELETE FROM snapshots WHERE match_id = ? AND seq != ?", (match_id, seq))

    async def load(self, match_id: int) -> StoredMatch:
        """The match row, its setup, newest snapshot and log. `snapshot_seq` is the seq
        of the last decision the snapshot includes (-1 without a snapshot), and
        `log_tail` the decisions after it. `bot.store.restore` turns this into a state."""
        async with self._transaction(write=False) as db:
            record = await self._record(db, match_id)
            setup = await _one(db, "SELECT setup FROM matches WHERE id = ?", (match_id,))
            snap = await _one(
                db,
                "SELECT seq, state FROM snapshots WHERE match_id = ? ORDER BY seq DESC LIMIT 1",
                (match_id,),
            )
            rows = await db.execute_fetchall(
                "SELECT seq, seat, decision, actor, at FROM decisions WHERE match_id = ? "
                "ORDER BY seq",
                (match_id,),
            )
        full_log = [DecisionRecord(r[0], r[1], r[2], r[3], _time(r[4])) for r in rows]
        snapshot_seq, snapshot_json = (snap[0], snap[1]) if snap else (-1, None)
        return StoredMatch(
            record=record,
            setup_json=setup[0] if setup else None,
            snapshot_json=snapshot_json,
            snapshot_seq=snapshot_seq,
            log_tail=[d for d in full_log if d.seq > snapshot_seq],
            full_log=full_log,
        )

    async def set_aside(self, match_id: int, from_seq: int, reason: str) -> int:
        """Move the decisions from `from_seq` on out of the log into `set_aside` (kept,
        never deleted) so a match whose log a newer engine refuses can continue from the
        last state it reaches. Returns how many were moved."""
        async with self._transaction() as db:
            await self._require(db, match_id)
            cursor = await db.execute(
                "INSERT INTO set_aside (match_id, seq, seat, decision, actor, at, "
                "set_aside_at, reason) SELECT match_id, seq, seat, decision, actor, at, ?, ? "
                "FROM decisions WHERE match_id = ? AND seq >= ?",
                (self._now(), reason, match_id, from_seq),
            )
            moved = cursor.rowcount
            await db.execute(
                "DELETE FROM decisions WHERE match_id = ? AND seq >= ?", (match_id, from_seq)
            )
            await db.execute(
                "DELETE FROM snapshots WHERE match_id = ? AND seq >= ?", (match_id, from_seq)
            )
        return moved

    # -- finding matches --------------------------------------------------------------

    async def match(self, match_id: int) -> MatchRecord:
        """One match row with its seats; StoreError if there is none."""
        async with self._transaction(write=False) as db:
            return await self._record(db, match_id)

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        async with self._transaction(write=False) as db:
            records = await self._records(
                db, f"WHERE channel_id = ? AND status IN {_OPEN}", (channel_id,)
            )
        return records[0] if records else None

    async def active_matches(self) -> list[MatchRecord]:
        async with self._transaction(write=False) as db:
            return await self._records(db, f"WHERE status IN {_OPEN}", ())

    # -- the end ----------------------------------------------------------------------

    async def finish(
        self, match_id: int, status: MatchStatus, result: ResultRecord | None = None
    ) -> None:
        """Close a match as finished or abandoned; its result (if any) goes to `results`,
        with the seats, so history outlives `prune`. Its timer is dropped."""
        if status not in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
            raise ValueError(f"a match finishes as finished or abandoned, not {status}")
        now = self._now()
        async with self._transaction() as db:
            record = await self._record(db, match_id)
            if record.status not in (MatchStatus.LOBBY, MatchStatus.RUNNING):
                raise StoreError(f"match {match_id} is already {record.status}")
            await db.execute(
                "UPDATE matches SET status = ?, updated_at = ? WHERE id = ?",
                (str(status), now, match_id),
            )
            await db.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
            if result is not None:
                seats = [_seat_dict(s) for s in record.seats]
                await db.execute(
                    "INSERT OR REPLACE INTO results (match_id, guild_id, channel_id, winner, "
                    "reason, scores, rounds, decisions, seats, finished_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        match_id, record.guild_id, record.channel_id, result.winner,
                        str(result.reason), _dump(result.scores), result.rounds,
                        result.decisions, _dump(seats), now,
                    ),
                )  # fmt: skip

    async def result(self, match_id: int) -> ResultRecord | None:
        """The stored result of a finished match (kept after `prune`)."""
        async with self._transaction(write=False) as db:
            row = await _one(
                db,
                "SELECT winner, reason, scores, rounds, decisions FROM results WHERE match_id = ?",
                (match_id,),
            )
        if row is None:
            return None
        return ResultRecord(row[0], row[1], json.loads(row[2]), row[3], row[4])

    # -- history and statistics -------------------------------------------------------

    async def record_sides(self, match_id: int, sides: Sequence[SideResult]) -> None:
        """Each side's record of a finished match, stamped with its result's server and
        time so statistics need no join. Recording again replaces the rows."""
        async with self._transaction() as db:
            row = await _one(
                db, "SELECT guild_id, finished_at FROM results WHERE match_id = ?", (match_id,)
            )
            if row is None:
                raise StoreError(f"match {match_id} has no result to record sides for")
            guild_id, finished_at = row
            await db.execute("DELETE FROM result_sides WHERE match_id = ?", (match_id,))
            await db.executemany(
                "INSERT INTO result_sides (match_id, seat, guild_id, user_id, name, role, "
                "character, computer, won, score, marks, raids_won, raids_lost, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        match_id, s.seat, guild_id, s.user_id, s.name, s.role, s.character,
                        s.computer, int(s.won), s.score, s.marks, s.raids_won, s.raids_lost,
                        finished_at,
                    )
                    for s in sides
                ],
            )  # fmt: skip

    async def finished_matches(
        self, guild_id: int | None, limit: int = 10, offset: int = 0
    ) -> list[FinishedMatch]:
        async with self._transaction(write=False) as db:
            return await self._finished(
                db,
                "WHERE r.guild_id IS ? ORDER BY r.finished_at DESC, r.match_id DESC "
                "LIMIT ? OFFSET ?",
                (guild_id, limit, offset),
            )

    async def finished_count(self, guild_id: int | None) -> int:
        async with self._transaction(write=False) as db:
            return int(
                await _scalar(db, "SELECT count(*) FROM results WHERE guild_id IS ?", (guild_id,))
            )

    async def finished_match(self, match_id: int) -> FinishedMatch | None:
        async with self._transaction(write=False) as db:
            found = await self._finished(db, "WHERE r.match_id = ?", (match_id,))
        return found[0] if found else None

    async def side_results(
        self, guild_id: int | None, user_id: int | None = None
    ) -> list[SideResult]:
        where = "guild_id IS ? AND user_id IS NOT NULL"
        params: tuple[Any, ...] = (guild_id,)
        if user_id is not None:
            where += " AND user_id = ?"
            params += (user_id,)
        async with self._transaction(write=False) as db:
            rows = await db.execute_fetchall(
                f"SELECT {_SIDE_COLUMNS} FROM result_sides WHERE {where} "
                "ORDER BY finished_at, match_id, seat",
                params,
            )
        return [_side_result(r) for r in rows]

    @staticmethod
    async def _finished(
        db: aiosqlite.Connection, tail: str, params: tuple[Any, ...]
    ) -> list[FinishedMatch]:
        rows = await db.execute_fetchall(
            "SELECT r.match_id, r.guild_id, r.channel_id, r.finished_at, r.winner, r.reason, "
            "r.scores, r.rounds, r.decisions, r.seats, m.id IS NOT NULL AND m.setup IS NOT NULL "
            f"FROM results r LEFT JOIN matches m ON m.id = r.match_id {tail}",
            params,
        )
        found = [
            FinishedMatch(
                r[0], r[1], r[2], _time(r[3]),
                ResultRecord(r[4], r[5], json.loads(r[6]), r[7], r[8]),
                [SeatRecord(**seat) for seat in json.loads(r[9])],
                replayable=bool(r[10]),
            )
            for r in rows
        ]  # fmt: skip
        if found:
            by_id = {f.match_id: f for f in found}
            marks = ",".join("?" * len(by_id))
            side_rows = await db.execute_fetchall(
                f"SELECT {_SIDE_COLUMNS} FROM result_sides WHERE match_id IN ({marks}) "
                "ORDER BY match_id, seat",
                tuple(by_id),
            )
            for r in side_rows:
                by_id[r[0]].sides.append(_side_result(r))
        return found

    # -- messages and timers ----------------------------------------------------------

    async def set_message(self, match_id: int, purpose: str, message_id: int | None) -> None:
        async with self._transaction() as db:
            await self._require(db, match_id)
            if message_id is None:
                await db.execute(
                    "DELETE FROM messages WHERE match_id = ? AND purpose = ?", (match_id, purpose)
                )
            else:
                await db.execute(
                    "INSERT OR REPLACE INTO messages (match_id, purpose, message_id) "
                    "VALUES (?, ?, ?)",
                    (match_id, purpose, message_id),
                )

    async def messages(self, match_id: int) -> dict[str, int]:
        async with self._transaction(write=False) as db:
            rows = await db.execute_fetchall(
                "SELECT purpose, message_id FROM messages WHERE match_id = ?", (match_id,)
            )
        return {purpose: message_id for purpose, message_id in rows}

    async def set_deadline(self, match_id: int, seq: int, deadline: datetime | None) -> None:
        async with self._transaction() as db:
            await self._require(db, match_id)
            if deadline is None:
                await db.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
            else:
                await db.execute(
                    "INSERT OR REPLACE INTO timers (match_id, seq, deadline) VALUES (?, ?, ?)",
                    (match_id, seq, _stamp(deadline, 0.0)),
                )

    async def deadline(self, match_id: int) -> tuple[int, datetime] | None:
        async with self._transaction(write=False) as db:
            row = await _one(db, "SELECT seq, deadline FROM timers WHERE match_id = ?", (match_id,))
        return (row[0], _time(row[1])) if row else None

    # -- per-server settings ----------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's `/chicago settings` ({} when none were ever set)."""
        async with self._transaction(write=False) as db:
            row = await _one(
                db, "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return dict(json.loads(row[0])) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, "
                "updated_at = excluded.updated_at",
                (guild_id, _dump(settings), self._now()),
            )

    # -- maintenance ------------------------------------------------------------------

    async def prune(self, older_than: timedelta) -> PruneReport:
        """Remove finished and abandoned matches last changed before `older_than` ago,
        with their seats, log, snapshots and messages; their `results` rows stay for
        history. Freed pages go back to the disk."""
        cutoff = self._now() - older_than.total_seconds()
        where = "status IN ('finished', 'abandoned') AND updated_at < ?"
        async with self._transaction() as db:
            decisions = await _scalar(
                db,
                f"SELECT count(*) FROM decisions WHERE match_id IN "
                f"(SELECT id FROM matches WHERE {where})",
                (cutoff,),
            )
            kept = await _scalar(
                db,
                f"SELECT count(*) FROM results WHERE match_id IN "
                f"(SELECT id FROM matches WHERE {where})",
                (cutoff,),
            )
            cursor = await db.execute(f"DELETE FROM matches WHERE {where}", (cutoff,))
            removed = cursor.rowcount
        async with self._lock:
            try:
                await self.db.execute("PRAGMA incremental_vacuum")
            except sqlite3.Error as exc:
                raise diagnose.describe(self.path, exc) from None
        return PruneReport(removed, decisions, kept)

    async def counts(self) -> StoreCounts:
        async with self._transaction(write=False) as db:
            rows = await db.execute_fetchall("SELECT status, count(*) FROM matches GROUP BY 1")
            decisions = await _scalar(db, "SELECT count(*) FROM decisions")
            results = await _scalar(db, "SELECT count(*) FROM results")
        return StoreCounts({status: n for status, n in rows}, decisions, results)

    async def integrity_check(self) -> list[str]:
        """SQLite's full check: ["ok"] for a healthy file."""
        async with self._lock:
            rows = await self.db.execute_fetchall("PRAGMA integrity_check")
        return [str(r[0]) for r in rows]

    async def backup(self, dest: str | Path) -> None:
        """A consistent copy while the bot keeps writing (SQLite's online backup)."""
        await asyncio.to_thread(backup_database, self.path, Path(dest), self.busy_timeout)

    # -- row helpers ------------------------------------------------------------------

    async def _require(self, db: aiosqlite.Connection, match_id: int) -> MatchStatus:
        row = await _one(db, "SELECT status FROM matches WHERE id = ?", (match_id,))
        if row is None:
            raise StoreError(f"match {match_id} does not exist")
        return MatchStatus(row[0])

    async def _touch(self, db: aiosqlite.Connection, match_id: int) -> None:
        await db.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (self._now(), match_id))

    async def _record(self, db: aiosqlite.Connection, match_id: int) -> MatchRecord:
        records = await self._records(db, "WHERE id = ?", (match_id,))
        if not records:
            raise StoreError(f"match {match_id} does not exist")
        return records[0]

    @staticmethod
    async def _records(
        db: aiosqlite.Connection, where: str, params: tuple[Any, ...]
    ) -> list[MatchRecord]:
        rows = await db.execute_fetchall(
            f"SELECT {_MATCH_COLUMNS} FROM matches {where} ORDER BY id", params
        )
        records = {r[0]: _match_record(r) for r in rows}
        if records:
            seat_rows = await db.execute_fetchall(
                "SELECT match_id, role, name, user_id, computer, controller FROM seats "
                f"WHERE match_id IN (SELECT id FROM matches {where}) ORDER BY match_id, idx",
                params,
            )
            for r in seat_rows:
                records[r[0]].seats.append(SeatRecord(r[1], r[2], r[3], r[4], r[5]))
        return list(records.values())


async def _migrate(db: aiosqlite.Connection, migration: Migration) -> None:
    """One migration and its `user_version`, committed together or not at all."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        for statement in migration.statements:
            await db.execute(statement)
        await db.execute(f"PRAGMA user_version = {migration.version}")
        await db.commit()
    except BaseException:
        if db.in_transaction:
            await db.rollback()
        raise


async def _one(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> Any:
    """The first row (a tuple), or None."""
    async with db.execute(sql, tuple(params)) as cursor:
        return await cursor.fetchone()


async def _scalar(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> Any:
    row = await _one(db, sql, params)
    return None if row is None else row[0]


def _match_record(r: Any) -> MatchRecord:
    return MatchRecord(
        r[0], r[1], r[2], r[3], MatchStatus(r[4]), json.loads(r[5]), r[6], r[7],
        _time(r[8]), _time(r[9]),
    )  # fmt: skip


_SIDE_COLUMNS = (
    "match_id, seat, name, role, character, user_id, computer, won, score, marks, "
    "raids_won, raids_lost"
)


def _side_result(r: Any) -> SideResult:
    return SideResult(
        r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8], r[9], r[10], r[11]
    )


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _time(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


def _stamp(moment: datetime | None, default: float) -> float:
    if moment is None:
        return default
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _seat_dict(seat: SeatRecord) -> dict[str, Any]:
    return {
        "role": seat.role,
        "name": seat.name,
        "user_id": seat.user_id,
        "computer": seat.computer,
        "controller": seat.controller,
    }
