"""One decision's whole change to the SQLite store, written in one call on the
database's thread: the decisions, a snapshot when due, the next timer and the messages
it settles, in one durable transaction (and the ids of messages posted afterwards, in
one that does not wait for the disk).

Each statement of an aiosqlite transaction is a round trip to the database's thread; a
click's write is done in one, so its cost is the commit's, not the round trips'.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from bot.store.interface import (
    DecisionRecord,
    DuplicateDecision,
    MatchStatus,
    StepWrite,
    StoreError,
)
from bot.store.sqlite_rows import to_stamp


def require_match_now(conn: sqlite3.Connection, match_id: int) -> MatchStatus:
    row = conn.execute("SELECT status FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        raise StoreError(f"match {match_id} does not exist")
    return MatchStatus(row[0])


def write_step(conn: sqlite3.Connection, match_id: int, write: StepWrite, now: float) -> None:
    """Inside a transaction: everything `write` holds, or an error and nothing."""
    if write.decisions or write.snapshot is not None:
        append(conn, match_id, write.decisions, write.snapshot, now)
    else:
        require_match_now(conn, match_id)
    if write.timer is not None:
        write_timer(conn, match_id, *write.timer)
    write_messages(conn, match_id, write.messages)
    conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))


def append(
    conn: sqlite3.Connection,
    match_id: int,
    decisions: Sequence[DecisionRecord],
    snapshot: tuple[int, str] | None,
    now: float,
) -> None:
    """The decisions after the log's last one, and the snapshot."""
    seqs = [d.seq for d in decisions]
    row = conn.execute(
        "SELECT status, (SELECT coalesce(max(seq), -1) FROM decisions WHERE match_id = ?1) "
        "FROM matches WHERE id = ?1",
        (match_id,),
    ).fetchone()
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
            conn.executemany(
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
        # Only the newest snapshot is kept: loading needs no other, the disk stays small.
        conn.execute(
            "INSERT OR REPLACE INTO snapshots (match_id, seq, state, at) VALUES (?, ?, ?, ?)",
            (match_id, snapshot[0], snapshot[1], now),
        )
        conn.execute(
            "DELETE FROM snapshots WHERE match_id = ? AND seq != ?", (match_id, snapshot[0])
        )


def write_messages(
    conn: sqlite3.Connection, match_id: int, messages: dict[str, int | None]
) -> None:
    """Remember (or, with None, forget) messages the bot posted."""
    for purpose, message_id in messages.items():
        if message_id is None:
            conn.execute(
                "DELETE FROM messages WHERE match_id = ? AND purpose = ?", (match_id, purpose)
            )
        else:
            conn.execute(
                "INSERT OR REPLACE INTO messages (match_id, purpose, message_id) VALUES (?, ?, ?)",
                (match_id, purpose, message_id),
            )


def write_timer(
    conn: sqlite3.Connection, match_id: int, seq: int, deadline: datetime | None
) -> None:
    """The timer of decision `seq` (None: no timer)."""
    if deadline is None:
        conn.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
    else:
        conn.execute(
            "INSERT OR REPLACE INTO timers (match_id, seq, deadline) VALUES (?, ?, ?)",
            (match_id, seq, to_stamp(deadline, 0.0)),
        )
