"""The SQLite store's decision log: decisions appended in order (a repeated seq is a
`DuplicateDecision`), the newest snapshot, loading a match to replay it, and setting
aside a tail of the log that a newer engine refuses."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from bot.store.interface import (
    DecisionRecord,
    StepWrite,
    StoredMatch,
)
from bot.store.sqlite_connection import SqliteDatabase
from bot.store.sqlite_rows import (
    fetch_one,
    read_match,
    require_match,
)
from bot.store.sqlite_step import require_match_now, write_messages, write_step


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
        durable transaction (see `StepWrite`), in one call on the database's thread."""
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
        await self._atomic(lambda conn: write_step(conn, match_id, write, now))

    async def note_messages(self, match_id: int, messages: dict[str, int | None]) -> None:
        if not messages:
            return

        def note(conn: sqlite3.Connection) -> None:
            require_match_now(conn, match_id)
            write_messages(conn, match_id, messages)

        await self._atomic(note, durable=False)

    async def load(self, match_id: int) -> StoredMatch:
        """The match row, its setup, newest snapshot and log. `snapshot_seq` is the seq
        of the last decision the snapshot includes (-1 without a snapshot), and
        `log_tail` the decisions after it. `bot.store.restore` turns this into a state."""
        async with self._transaction(write=False) as db:
            record = await read_match(db, match_id)
            setup, snapshot_seq, snapshot_json = await fetch_one(
                db,
                "SELECT m.setup, coalesce(s.seq, -1), s.state FROM matches m "
                "LEFT JOIN snapshots s ON s.match_id = m.id WHERE m.id = ? "
                "ORDER BY s.seq DESC LIMIT 1",
                (match_id,),
            )
            # Not `at`: nothing that continues a match reads it, and turning 2,000
            # timestamps into datetimes would cost more than the rest of the load.
            rows = await db.execute_fetchall(
                "SELECT seq, seat, decision, actor FROM decisions WHERE match_id = ? ORDER BY seq",
                (match_id,),
            )
        full_log = [DecisionRecord(*r) for r in rows]
        return StoredMatch(
            record=record,
            setup_json=setup,
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
