"""A step's writes on PostgreSQL as ONE statement: one round trip and one commit.

Awaited one by one in a transaction, a step took five round trips to the server
(BEGIN, the log's end under the row lock, the decisions, the match's last change,
COMMIT) besides the disk's flush; on a busy machine each is a chance to wait for the
scheduler, and the commit p99 doubled. Here the same statements of `step_sql` become
the parts of one `WITH` statement, which PostgreSQL runs as its own transaction:
the match row is locked, every write happens only if the log ends where the decisions
begin and the match runs, and the answer is the status and log end `check_append`
judges, exactly as the step written statement by statement. A concurrent writer that
took the same seq makes the decisions' primary key refuse the statement, as before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.store import step_sql
from bot.store.interface import StepWrite
from bot.store.rows import to_stamp

# The shape of a step: a snapshot or not, the timer (None: untouched, False: deleted,
# True: set), each message (False: forgotten, True: remembered), a notification or not.
Shape = tuple[bool, bool | None, tuple[bool, ...], bool]


def shape_of(write: StepWrite, notify: bool) -> Shape:
    timer = None if write.timer is None else write.timer[1] is not None
    messages = tuple(message_id is not None for message_id in write.messages.values())
    return write.snapshot is not None, timer, messages, notify


@lru_cache(maxsize=64)
def statement(shape: Shape) -> str:
    """The SQL of a step of this shape (its parameters: `parameters`)."""
    snapshot, timer, messages, notify = shape
    counter = iter(range(9, 1000))

    def p() -> str:
        return f"${next(counter)}"

    guard = "WHERE EXISTS (SELECT 1 FROM ok)"
    parts = [
        "m AS (SELECT status, (SELECT coalesce(max(seq), -1) FROM decisions "
        "WHERE match_id = $1) AS last FROM matches WHERE id = $1 FOR UPDATE)",
        "ok AS (SELECT 1 FROM m WHERE status = 'running' AND last + 1 = $2)",
        "ins AS (INSERT INTO decisions (match_id, seq, seat, decision, actor, at) "
        "SELECT $1, u.seq, u.seat, u.decision, u.actor, u.at FROM unnest($3::int[], "
        "$4::int[], $5::text[], $6::text[], $7::float8[]) AS u(seq, seat, decision, actor, at) "
        f"{guard})",
        "touch AS (UPDATE matches SET updated_at = $8 WHERE id = $1 AND EXISTS (SELECT 1 FROM ok))",
    ]
    if snapshot:
        seq, state = p(), p()
        parts.append(
            f"snap AS (INSERT INTO snapshots (match_id, seq, state, at) SELECT $1, {seq}::int, "
            f"{state}::text, $8 {guard} ON CONFLICT (match_id, seq) DO UPDATE SET "
            "state = excluded.state, at = excluded.at)"
        )
        parts.append(
            f"older AS (DELETE FROM snapshots WHERE match_id = $1 AND seq != {seq}::int "
            "AND EXISTS (SELECT 1 FROM ok))"
        )
    if timer is False:
        parts.append(
            "timer AS (DELETE FROM timers WHERE match_id = $1 AND EXISTS (SELECT 1 FROM ok))"
        )
    elif timer:
        seq, deadline = p(), p()
        parts.append(
            f"timer AS (INSERT INTO timers (match_id, seq, deadline) SELECT $1, {seq}::int, "
            f"{deadline}::float8 {guard} ON CONFLICT (match_id) DO UPDATE SET "
            "seq = excluded.seq, deadline = excluded.deadline)"
        )
    for n, kept in enumerate(messages):
        purpose = p()
        if kept:
            parts.append(
                f"message{n} AS (INSERT INTO messages (match_id, purpose, message_id) SELECT $1, "
                f"{purpose}::text, {p()}::bigint {guard} ON CONFLICT (match_id, purpose) DO "
                "UPDATE SET message_id = excluded.message_id)"
            )
        else:
            parts.append(
                f"message{n} AS (DELETE FROM messages WHERE match_id = $1 AND purpose = "
                f"{purpose}::text AND EXISTS (SELECT 1 FROM ok))"
            )
    sent = "0"
    if notify:
        parts.append(f"note AS (SELECT pg_notify({p()}::text, {p()}::text) FROM ok)")
        sent = "(SELECT count(*) FROM note)"
    return f"WITH {', '.join(parts)} SELECT status, last, {sent} FROM m"


def parameters(
    match_id: int, write: StepWrite, now: float, notify: tuple[str, str] | None
) -> list[Any]:
    """The values of `statement(shape_of(write, …))`, in its order."""
    rows = step_sql.decision_rows(match_id, write.decisions, now)
    values: list[Any] = [match_id, write.decisions[0].seq]
    values += [[row[column] for row in rows] for column in range(1, 6)]
    values.append(now)
    if write.snapshot is not None:
        values += list(write.snapshot)
    if write.timer is not None and write.timer[1] is not None:
        values += [write.timer[0], to_stamp(write.timer[1], 0.0)]
    for purpose, message_id in write.messages.items():
        values += [purpose] if message_id is None else [purpose, message_id]
    if notify is not None:
        values += list(notify)
    return values


def check_snapshot(match_id: int, write: StepWrite, now: float) -> None:
    """A snapshot must be of a state the log reaches: ValueError otherwise, as when the
    step is written statement by statement."""
    if write.snapshot is not None:
        step_sql.snapshot_statements(match_id, write.snapshot, write.decisions[-1].seq, now)


def judge(match_id: int, row: Any, write: StepWrite) -> None:
    """The statement wrote everything or nothing; `check_append` says which, and why.
    `row`: the statement's answer (status, log end, notifications), None without a match."""
    step_sql.check_append(match_id, None if row is None else (row[0], row[1]), write.decisions)
