"""The store's decision log: decisions appended in order (a repeated seq is a
`DuplicateDecision`), one step's whole change committed together, the newest snapshot,
loading a match to replay it, and setting aside a tail of the log that a newer engine
refuses.

A step is written here with the shared statements of `step_sql`, awaited one by one in
a transaction (PostgreSQL); `SqliteStore` replaces `_commit` and `_note` to run the
same statements in one call on its database's thread (`sqlite_step`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import step_sql
from bot.store.interface import (
    DecisionRecord,
    DuplicateDecision,
    StepWrite,
    StoredMatch,
    StoreError,
)
from bot.store.rows import read_match, require_match
from bot.store.sql import RowConflict, SqlConnection, SqlDatabase, fetch_value


class DecisionLog(SqlDatabase):
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
        _check_batch(write.decisions, write.snapshot)
        await self._commit(match_id, write)

    async def commit_step_if_next(
        self, match_id: int, write: StepWrite, notify: tuple[str, str] | None = None
    ) -> bool:
        """Compare-and-set on the log's end: commit `write` only if its first decision's
        seq is the next in the log. False, with nothing written, when another writer
        (another click, another process) committed that seq first; a gap is still an
        error. `notify` (channel, payload) is sent to the channel's listeners when, and
        only when, the step commits (PostgreSQL only)."""
        if not write.decisions:
            raise ValueError("commit_step_if_next needs at least one decision")
        _check_batch(write.decisions, write.snapshot)
        try:
            await self._commit(match_id, write, notify)
        except DuplicateDecision:
            return False
        return True

    async def note_messages(self, match_id: int, messages: dict[str, int | None]) -> None:
        """Remember the ids of messages just posted, without waiting for the disk."""
        if messages:
            await self._note(match_id, messages)

    async def log_end(self, match_id: int) -> int:
        """The seq of the match's last logged decision (-1 before the first): the seq
        the next decision must follow."""
        async with self._transaction(write=False) as db:
            await require_match(db, match_id, lock=False)
            last = await fetch_value(
                db, "SELECT max(seq) FROM decisions WHERE match_id = ?", (match_id,)
            )
        return -1 if last is None else int(last)

    # -- how a step is written (SqliteStore writes it on its own thread) -------------

    async def _commit(
        self, match_id: int, write: StepWrite, notify: tuple[str, str] | None = None
    ) -> None:
        async with self._transaction() as db:
            await _write_step(db, match_id, write, self._now())
            if notify is not None:
                await self._notify_on_commit(db, *notify)

    async def _note(self, match_id: int, messages: dict[str, int | None]) -> None:
        async with self._transaction(durable=False) as db:
            await require_match(db, match_id)
            for sql, params in step_sql.message_statements(match_id, messages):
                await db.execute(sql, params)

    async def _notify_on_commit(self, db: SqlConnection, channel: str, payload: str) -> None:
        raise StoreError("notifications between bot processes need the PostgreSQL store")

    # -- reading and repairing the log ------------------------------------------------

    async def load(self, match_id: int) -> StoredMatch:
        """The match row, its setup, newest snapshot and log. `snapshot_seq` is the seq
        of the last decision the snapshot includes (-1 without a snapshot), and
        `log_tail` the decisions after it. `bot.store.restore` turns this into a state."""
        async with self._transaction(write=False) as db:
            return await read_stored(db, match_id)

    async def set_aside(self, match_id: int, from_seq: int, reason: str) -> int:
        """Move the decisions from `from_seq` on out of the log into `set_aside` (kept,
        never deleted) so a match whose log a newer engine refuses can continue from the
        last state it reaches. Returns how many were moved."""
        async with self._transaction() as db:
            await require_match(db, match_id)
            moved = await db.execute(
                "INSERT INTO set_aside (match_id, seq, seat, decision, actor, at, "
                "set_aside_at, reason) SELECT match_id, seq, seat, decision, actor, at, ?, ? "
                "FROM decisions WHERE match_id = ? AND seq >= ?",
                (self._now(), reason, match_id, from_seq),
            )
            await db.execute(
                "DELETE FROM decisions WHERE match_id = ? AND seq >= ?", (match_id, from_seq)
            )
            await db.execute(
                "DELETE FROM snapshots WHERE match_id = ? AND seq >= ?", (match_id, from_seq)
            )
        return moved


def _check_batch(decisions: Sequence[DecisionRecord], snapshot: tuple[int, str] | None) -> None:
    """Refuse, before any query, a batch that could never be appended as it is."""
    seqs = [d.seq for d in decisions]
    if seqs and seqs != list(range(seqs[0], seqs[0] + len(seqs))):
        raise ValueError(f"decision seqs must be consecutive, got {seqs}")
    if snapshot is not None and seqs and snapshot[0] != seqs[-1]:
        raise ValueError(
            f"the snapshot's seq must be the seq of the last decision it includes "
            f"({seqs[-1]}), got {snapshot[0]}"
        )


async def _write_step(db: SqlConnection, match_id: int, write: StepWrite, now: float) -> None:
    """Everything `write` holds, in the caller's transaction; the match row is locked
    first, so two writers to one match take turns."""
    if write.decisions or write.snapshot is not None:
        row = await db.fetch_one(*step_sql.log_end(match_id, db.for_update))
        last = step_sql.check_append(match_id, row, write.decisions)
        if write.decisions:
            rows = step_sql.decision_rows(match_id, write.decisions, now)
            try:
                await db.executemany(step_sql.INSERT_DECISION, rows)
            except RowConflict:
                raise step_sql.already_logged(match_id, write.decisions[0].seq) from None
            last = write.decisions[-1].seq
        if write.snapshot is not None:
            for sql, params in step_sql.snapshot_statements(match_id, write.snapshot, last, now):
                await db.execute(sql, params)
    else:
        await require_match(db, match_id)
    if write.timer is not None:
        await db.execute(*step_sql.timer_statement(match_id, *write.timer))
    for sql, params in step_sql.message_statements(match_id, write.messages):
        await db.execute(sql, params)
    await db.execute(step_sql.TOUCH, (now, match_id))


async def read_stored(db: SqlConnection, match_id: int) -> StoredMatch:
    """`load`'s reading, in the caller's transaction (a copy verifies what it wrote)."""
    record = await read_match(db, match_id)
    setup = await db.fetch_one("SELECT setup FROM matches WHERE id = ?", (match_id,))
    snap = await db.fetch_one(
        "SELECT seq, state FROM snapshots WHERE match_id = ? ORDER BY seq DESC LIMIT 1",
        (match_id,),
    )
    rows = await db.fetch_all(
        "SELECT seq, seat, decision, actor FROM decisions WHERE match_id = ? ORDER BY seq",
        (match_id,),
    )
    # Without their time (`StoredMatch`): continuing a match never needs it.
    full_log = [DecisionRecord(r[0], r[1], r[2], r[3]) for r in rows]
    snapshot_seq, snapshot_json = (snap[0], snap[1]) if snap else (-1, None)
    return StoredMatch(
        record=record,
        setup_json=setup[0] if setup else None,
        snapshot_json=snapshot_json,
        snapshot_seq=snapshot_seq,
        log_tail=[d for d in full_log if d.seq > snapshot_seq],
        full_log=full_log,
    )
