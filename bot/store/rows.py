"""How the stores read and write their rows: the shared queries, and the conversions
between rows and the store's records (JSON text, UTC timestamps as seconds).

Both databases hold the same tables with the same columns, so these live in one place.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from importlib import metadata
from typing import Any

from pydantic_core import from_json

from bot.store.interface import MatchRecord, MatchStatus, SeatRecord, SideResult, StoreError
from bot.store.sql import SqlConnection

OPEN = "('lobby', 'running')"
MATCH_COLUMNS = (
    "id, guild_id, channel_id, host_id, status, settings, seed, engine_version, "
    "created_at, updated_at"
)
SIDE_COLUMNS = "match_id, seat, game, name, user_id, computer, won, place, score, facts"
# All a rating reads of a side: a rebuild reads every side at once, so not the facts.
RATED_SIDE_COLUMNS = SIDE_COLUMNS.removesuffix(", facts")


def engine_version() -> str:
    """The installed release, recorded with each match so a divergence can be traced."""
    try:
        return metadata.version("chicago-1927")
    except metadata.PackageNotFoundError:
        return "unknown"


async def require_match(db: SqlConnection, match_id: int, lock: bool = True) -> MatchStatus:
    """The match's status, its row locked for this transaction (`lock`: for a write to
    the match); StoreError if there is no such match."""
    row = await db.fetch_one(
        f"SELECT status FROM matches WHERE id = ?{db.for_update if lock else ''}", (match_id,)
    )
    if row is None:
        raise StoreError(f"match {match_id} does not exist")
    return MatchStatus(row[0])


async def touch(db: SqlConnection, match_id: int, now: float) -> None:
    await db.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))


async def read_match(db: SqlConnection, match_id: int) -> MatchRecord:
    records = await read_matches(db, "WHERE id = ?", (match_id,))
    if not records:
        raise StoreError(f"match {match_id} does not exist")
    return records[0]


async def read_matches(db: SqlConnection, where: str, params: tuple[Any, ...]) -> list[MatchRecord]:
    """The match rows `where` selects, each with its seats, in id order."""
    rows = await db.fetch_all(f"SELECT {MATCH_COLUMNS} FROM matches {where} ORDER BY id", params)
    records = {r[0]: match_record(r) for r in rows}
    if records:
        seat_rows = await db.fetch_all(
            "SELECT match_id, role, name, user_id, computer, controller FROM seats "
            f"WHERE match_id IN (SELECT id FROM matches {where}) ORDER BY match_id, idx",
            params,
        )
        for r in seat_rows:
            records[r[0]].seats.append(SeatRecord(r[1], r[2], r[3], r[4], r[5]))
    return list(records.values())


INT64 = range(-(1 << 63), 1 << 63)


def seed_column(seed: int) -> int | str:
    """A seed as the `seed` column keeps it: wide seeds (128 bits and more) as hex text,
    which SQLite never converts to a lossy REAL as it would a long decimal."""
    return seed if seed in INT64 else hex(seed)


def seed_value(column: int | str) -> int:
    """The seed from its column: an integer, or text — hex ("0x…") as SQLite keeps wide
    seeds, decimal as PostgreSQL keeps narrow ones."""
    return column if isinstance(column, int) else int(column, 0)


def match_record(r: Any) -> MatchRecord:
    return MatchRecord(
        r[0], r[1], r[2], r[3], MatchStatus(r[4]), json.loads(r[5]), seed_value(r[6]), r[7],
        from_stamp(r[8]), from_stamp(r[9]),
    )  # fmt: skip


def side_result(r: Any, facts: bool = True) -> SideResult:
    """A side row (`SIDE_COLUMNS`, or `RATED_SIDE_COLUMNS` without `facts`) as its record.
    The facts are parsed by pydantic's JSON reader, five times `json.loads`'s speed: a
    player's statistics read every side they ever played."""
    found = from_json(r[9]) if facts else {}
    return SideResult(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), r[7], r[8], found)


def dump_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def from_stamp(stamp: float) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


def to_stamp(moment: datetime | None, default: float) -> float:
    if moment is None:
        return default
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def seat_dict(seat: SeatRecord) -> dict[str, Any]:
    return {
        "role": seat.role,
        "name": seat.name,
        "user_id": seat.user_id,
        "computer": seat.computer,
        "controller": seat.controller,
    }
