"""One decision's whole change to the SQLite store, written in one call on the
database's thread: the decisions, a snapshot when due, the next timer and the messages
it settles, in one durable transaction (and the ids of messages posted afterwards, in
one that does not wait for the disk).

Each statement of an aiosqlite transaction is a round trip to the database's thread; a
click's write is done in one, so its cost is the commit's, not the round trips'. The
statements and checks are the ones PostgreSQL runs too (`step_sql`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime

from bot.store import step_sql
from bot.store.interface import DecisionRecord, MatchStatus, StepWrite


def require_match_now(conn: sqlite3.Connection, match_id: int) -> MatchStatus:
    row = conn.execute(step_sql.MATCH_STATUS, (match_id,)).fetchone()
    if row is None:
        raise step_sql.missing(match_id)
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
    conn.execute(step_sql.TOUCH, (now, match_id))


def append(
    conn: sqlite3.Connection,
    match_id: int,
    decisions: Sequence[DecisionRecord],
    snapshot: tuple[int, str] | None,
    now: float,
) -> None:
    """The decisions after the log's last one, and the snapshot."""
    row = conn.execute(*step_sql.log_end(match_id, "")).fetchone()
    last = step_sql.check_append(match_id, row, decisions)
    if decisions:
        try:
            conn.executemany(
                step_sql.INSERT_DECISION, step_sql.decision_rows(match_id, decisions, now)
            )
        except sqlite3.IntegrityError:
            raise step_sql.already_logged(match_id, decisions[0].seq) from None
        last = decisions[-1].seq
    if snapshot is not None:
        for sql, params in step_sql.snapshot_statements(match_id, snapshot, last, now):
            conn.execute(sql, params)


def write_messages(
    conn: sqlite3.Connection, match_id: int, messages: dict[str, int | None]
) -> None:
    """Remember (or, with None, forget) messages the bot posted."""
    for sql, params in step_sql.message_statements(match_id, messages):
        conn.execute(sql, params)


def write_timer(
    conn: sqlite3.Connection, match_id: int, seq: int, deadline: datetime | None
) -> None:
    """The timer of decision `seq` (None: no timer)."""
    conn.execute(*step_sql.timer_statement(match_id, seq, deadline))
