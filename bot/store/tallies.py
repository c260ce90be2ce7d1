"""Running totals kept as matches finish, so the commands people use all the time cost
the same however long the history grows: each server's count of finished matches
(`finished_counts`, which also numbers the results for history pages) and each
player's sides added up by game and kind (`player_tallies`, for `/chicago stats`).

Both are written in the transaction that writes what they add up, and `fill` builds
them from the stored rows once (schema 9). A server is keyed by its id, 0 for matches
played outside a server, as the ratings are.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.store.interface import SideResult, SideTally
from bot.store.rows import SIDE_COLUMNS, dump_json
from bot.store.sql import SqlConnection, fetch_value

TALLY_COLUMNS = "game, kind, name, first_at, last_at, played, won, sums"
FILL_CHUNK = 5000


def guild_key(guild_id: int | None) -> int:
    """The key of a server's totals: its id, 0 outside a server."""
    return 0 if guild_id is None else guild_id


def split_facts(facts: dict[str, Any]) -> tuple[dict[str, str | bool], dict[str, int | float]]:
    """A side's facts as a tally groups and sums them: text and true/false values are
    its kind, numbers are summed, anything else is left out."""
    kind: dict[str, str | bool] = {}
    sums: dict[str, int | float] = {}
    for key, value in facts.items():
        if isinstance(value, str | bool):
            kind[key] = value
        elif isinstance(value, int | float):
            sums[key] = value
    return kind, sums


async def count_finished(db: SqlConnection, guild_id: int | None) -> int:
    """One more finished match in this server: its number there (1 for the first), in
    the order they finished. The counter's row is locked until the transaction ends,
    so two matches finishing at once never get the same number."""
    key = guild_key(guild_id)
    await db.execute(
        "INSERT INTO finished_counts (guild_key, finished) VALUES (?, 1) "
        "ON CONFLICT (guild_key) DO UPDATE SET finished = finished_counts.finished + 1",
        (key,),
    )
    return int(await fetch_value(db, "SELECT finished FROM finished_counts WHERE guild_key = ?",
                                 (key,)))  # fmt: skip


async def finished_total(db: SqlConnection, guild_id: int | None) -> int:
    found = await fetch_value(
        db, "SELECT finished FROM finished_counts WHERE guild_key = ?", (guild_key(guild_id),)
    )
    return 0 if found is None else int(found)


async def add_sides(
    db: SqlConnection,
    guild_id: int | None,
    finished_at: float,
    sides: Iterable[SideResult],
    sign: int = 1,
) -> None:
    """Add (`sign` 1) or take back (-1) people's sides of one finished match."""
    for side in sides:
        if side.user_id is None:
            continue
        kind, sums = split_facts(side.facts)
        key = (guild_key(guild_id), side.user_id, side.game, dump_json(kind))
        await db.execute(
            "INSERT INTO player_tallies (guild_key, user_id, game, kind, name, first_at, "
            "last_at, played, won, sums) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0, '{}') "
            "ON CONFLICT (guild_key, user_id, game, kind) DO NOTHING",
            (*key, side.name, finished_at, finished_at),
        )
        row = await db.fetch_one(
            "SELECT sums, last_at FROM player_tallies "
            f"WHERE guild_key = ? AND user_id = ? AND game = ? AND kind = ?{db.for_update}",
            key,
        )
        assert row is not None
        total: dict[str, int | float] = json.loads(row[0])
        for name, value in sums.items():
            total[name] = total.get(name, 0) + sign * value
        newer = sign > 0 and finished_at >= row[1]
        await db.execute(
            "UPDATE player_tallies SET played = played + ?, won = won + ?, sums = ?, "
            "name = CASE WHEN ? THEN ? ELSE name END, "
            "last_at = CASE WHEN ? THEN ? ELSE last_at END "
            "WHERE guild_key = ? AND user_id = ? AND game = ? AND kind = ?",
            (sign, sign * int(side.won), dump_json(total), newer, side.name, newer,
             finished_at, *key),
        )  # fmt: skip


async def read_tallies(db: SqlConnection, guild_id: int | None, user_id: int) -> list[SideTally]:
    rows = await db.fetch_all(
        f"SELECT {TALLY_COLUMNS} FROM player_tallies "
        "WHERE guild_key = ? AND user_id = ? AND played > 0 ORDER BY first_at, game, kind",
        (guild_key(guild_id), user_id),
    )
    return [
        SideTally(r[0], json.loads(r[1]), r[2], r[3], r[4], r[5], r[6], json.loads(r[7]))
        for r in rows
    ]


Totals = dict[tuple[int, int, str, str], SideTally]


def add_up(totals: Totals, side: SideResult, guild_id: int | None, finished_at: float) -> None:
    """One person's side added to `totals` (by server, person, game and kind), as the
    store adds it to its rows; a computer's side is not counted."""
    if side.user_id is None:
        return
    kind, sums = split_facts(side.facts)
    key = (guild_key(guild_id), side.user_id, side.game, dump_json(kind))
    tally = totals.setdefault(key, SideTally(side.game, kind, side.name, finished_at, finished_at))
    tally.played += 1
    tally.won += int(side.won)
    for fact, value in sums.items():
        tally.sums[fact] = tally.sums.get(fact, 0) + value
    if finished_at >= tally.last_at:
        tally.name, tally.last_at = side.name, finished_at
    tally.first_at = min(tally.first_at, finished_at)


async def fill(db: SqlConnection) -> None:
    """Every stored side of a person added up, read in chunks of matches and written
    at once (schema 9: the rows were written before the totals were kept)."""
    tallies: Totals = {}
    after = -1
    while True:
        ids = [int(r[0]) for r in await db.fetch_all(
            "SELECT match_id FROM results WHERE match_id > ? ORDER BY match_id LIMIT ?",
            (after, FILL_CHUNK),
        )]  # fmt: skip
        if not ids:
            break
        after = ids[-1]
        rows = await db.fetch_all(
            f"SELECT {', '.join(f's.{c}' for c in SIDE_COLUMNS.split(', '))}, r.guild_id, "
            "s.finished_at "
            "FROM result_sides s JOIN results r ON r.match_id = s.match_id "
            "WHERE s.match_id >= ? AND s.match_id <= ? AND s.user_id IS NOT NULL",
            (ids[0], ids[-1]),
        )
        for r in rows:
            side = SideResult(r[0], r[1], r[2], r[3], r[4], r[5], bool(r[6]), r[7], r[8],
                              json.loads(r[9]))  # fmt: skip
            add_up(tallies, side, r[10], float(r[11]))
    await db.executemany(
        "INSERT INTO player_tallies (guild_key, user_id, game, kind, name, first_at, last_at, "
        "played, won, sums) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(*key, t.name, t.first_at, t.last_at, t.played, t.won, dump_json(t.sums))
         for key, t in tallies.items()],
    )  # fmt: skip
