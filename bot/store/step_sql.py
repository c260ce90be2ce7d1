"""One step's writes as statements and checks both stores share: the decisions after
the log's end, the newest snapshot, the next timer, the messages settled, and the
match's last change.

SQLite runs them in one call on its database's thread (`sqlite_step`: each awaited
statement would be a round trip to that thread); PostgreSQL awaits them one by one in a
transaction (`decision_log`). The SQL and the rules are written once, here.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.interface import DecisionRecord, DuplicateDecision, MatchStatus, StoreError
from bot.store.rows import to_stamp

Statement = tuple[str, tuple[Any, ...]]

INSERT_DECISION = (
    "INSERT INTO decisions (match_id, seq, seat, decision, actor, at) VALUES (?, ?, ?, ?, ?, ?)"
)
TOUCH = "UPDATE matches SET updated_at = ? WHERE id = ?"
MATCH_STATUS = "SELECT status FROM matches WHERE id = ?"


def log_end(match_id: int, lock: str) -> Statement:
    """The match's status and its log's last seq (-1 when empty); `lock`: the dialect's
    row lock, so that two writers to one match take turns."""
    return (
        "SELECT status, (SELECT coalesce(max(seq), -1) FROM decisions WHERE match_id = ?) "
        f"FROM matches WHERE id = ?{lock}",
        (match_id, match_id),
    )


def check_append(
    match_id: int, row: Sequence[Any] | None, decisions: Sequence[DecisionRecord]
) -> int:
    """The log's last seq, once the match is known to run and `decisions` to follow it
    without a gap; DuplicateDecision when their first seq is already logged."""
    if row is None:
        raise StoreError(f"match {match_id} does not exist")
    status, last = row
    if status != MatchStatus.RUNNING:
        raise StoreError(f"match {match_id} is {status}: no decisions can be added")
    if decisions:
        first = decisions[0].seq
        if first <= last:
            raise already_logged(match_id, first, last)
        if first != last + 1:
            raise StoreError(
                f"match {match_id}: decision {first} would leave a gap (the log ends at {last})"
            )
    return int(last)


def already_logged(match_id: int, seq: int, last: int | None = None) -> DuplicateDecision:
    ends = "" if last is None else f" (the log ends at {last})"
    return DuplicateDecision(f"match {match_id}: decision {seq} is already logged{ends}")


def missing(match_id: int) -> StoreError:
    return StoreError(f"match {match_id} does not exist")


def decision_rows(
    match_id: int, decisions: Sequence[DecisionRecord], now: float
) -> list[tuple[Any, ...]]:
    return [
        (match_id, d.seq, d.seat, d.decision, str(d.actor), to_stamp(d.at, now)) for d in decisions
    ]


def snapshot_statements(
    match_id: int, snapshot: tuple[int, str], last: int, now: float
) -> list[Statement]:
    """The snapshot after decision `snapshot[0]`, which the log must reach; only the
    newest is kept (loading needs no other, and the disk stays small)."""
    seq, state = snapshot
    if seq > last or seq < 0:
        raise ValueError(
            f"match {match_id}: a snapshot after decision {seq}, but the log ends at {last}"
        )
    return [
        (
            "INSERT INTO snapshots (match_id, seq, state, at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (match_id, seq) DO UPDATE SET state = excluded.state, at = excluded.at",
            (match_id, seq, state, now),
        ),
        ("DELETE FROM snapshots WHERE match_id = ? AND seq != ?", (match_id, seq)),
    ]


def message_statements(match_id: int, messages: dict[str, int | None]) -> list[Statement]:
    """Remember (or, with None, forget) messages the bot posted."""
    return [
        (
            "DELETE FROM messages WHERE match_id = ? AND purpose = ?",
            (match_id, purpose),
        )
        if message_id is None
        else (
            "INSERT INTO messages (match_id, purpose, message_id) VALUES (?, ?, ?) "
            "ON CONFLICT (match_id, purpose) DO UPDATE SET message_id = excluded.message_id",
            (match_id, purpose, message_id),
        )
        for purpose, message_id in messages.items()
    ]


def timer_statement(match_id: int, seq: int, deadline: datetime | None) -> Statement:
    """The timer of decision `seq` (None: no timer)."""
    if deadline is None:
        return "DELETE FROM timers WHERE match_id = ?", (match_id,)
    return (
        "INSERT INTO timers (match_id, seq, deadline) VALUES (?, ?, ?) ON CONFLICT (match_id) "
        "DO UPDATE SET seq = excluded.seq, deadline = excluded.deadline",
        (match_id, seq, to_stamp(deadline, 0.0)),
    )
