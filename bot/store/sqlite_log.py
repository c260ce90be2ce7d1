"""The SQLite store's decision log: decisions appended in order (a repeated seq is a
`DuplicateDecision`), the newest snapshot, loading a match to replay it, and setting
aside a tail of the log that a newer engine refuses."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

import aiosqlite

from bot.store.interface import (
    DecisionRecord,
    DuplicateDecision,
    MatchStatus,
    StepWrite,
    StoredMatch,
    StoreError,
)
from bot.store.sqlite_connection import SqliteDatabase
from bot.store.sqlite_rows import (
    fetch_one,
    from_stamp,
    read_match,
    require_match,
    to_stamp,
    touch,
    write_messages,
    write_timer,
)


class DecisionLog(SqliteDatabase):
    """The append-only log of each match's decisions, and its snapshot."""

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
        await self.commit_step(match_id, StepWrite(decisions, snapshot))

    async def commit_step(self, match_id: int, write: StepWrite) -> None:
        """Decisions, snapshot, the next timer and the messages settled, all in one
        durable transaction (see `StepWrite`)."""
        decisions, snapshot = write.decisions, write.snapshot
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
            if seqs or snapshot is not None:
                await _append(db, match_id, decisions, snapshot, now)
            else:
                await require_match(db, match_id)
            if write.timer is not None:
                await write_timer(db, match_id, *write.timer)
            await write_messages(db, match_id, write.messages)
            await touch(db, match_id, now)

    async def note_messages(self, match_id: int, messages: dict[str, int | None]) -> None:
        if not messages:
            return
        async with self._transaction(durable=False) as db:
            await require_match(db, match_id)
            await write_messages(db, match_id, messages)

    async def load(self, match_id: int) -> StoredMatch:
        """The match row, its setup, newest snapshot and log. `snapshot_seq` is the seq
        of the last decision the snapshot includes (-1 without a snapshot), and
        `log_tail` the decisions after it. `bot.store.restore` turns this into a state."""
        async with self._transaction(write=False) as db:
            record = await read_match(db, match_id)
            setup = await fetch_one(db, "SELECT setup FROM matches WHERE id = ?", (match_id,))
            snap = await fetch_one(
                db,
                "SELECT seq, state FROM snapshots WHERE match_id = ? ORDER BY seq DESC LIMIT 1",
                (match_id,),
            )
            rows = await db.execute_fetchall(
                "SELECT seq, seat, decision, actor, at FROM decisions WHERE match_id = ? "
                "ORDER BY seq",
                (match_id,),
            )
        full_log = [DecisionRecord(r[0], r[1], r[2], r[3], from_stamp(r[4])) for r in rows]
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
            await require_match(db, match_id)
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


async def _append(
    db: aiosqlite.Connection,
    match_id: int,
    decisions: Sequence[DecisionRecord],
    snapshot: tuple[int, str] | None,
    now: float,
) -> None:
    """The decisions after the log's last one, and the snapshot, inside a transaction."""
    seqs = [d.seq for d in decisions]
    row = await fetch_one(
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
                f"match {match_id}: decision {seqs[0]} is already logged (the log ends at {last})"
            )
        if seqs[0] != last + 1:
            raise StoreError(
                f"match {match_id}: decision {seqs[0]} would leave a gap (the log ends at {last})"
            )
        try:
            await db.executemany(
                "INSERT INTO decisions (match_id, seq, seat, decision, actor, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (match_id, d.seq, d.seat, d.decision, str(d.actor), to_stamp(d.at, now))
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
        await _write_snapshot(db, match_id, snapshot, now)
