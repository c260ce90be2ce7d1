"""The store's results: closing a match, its result and each side's record, kept
after `prune` for the history and statistics commands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.store import tallies
from bot.store.interface import (
    FinishedMatch,
    MatchStatus,
    ResultRecord,
    SeatRecord,
    SideResult,
    SideTally,
    StoreError,
)
from bot.store.rows import (
    SIDE_COLUMNS,
    dump_json,
    from_stamp,
    read_match,
    require_match,
    seat_dict,
    side_result,
)
from bot.store.sql import SqlConnection, SqlDatabase, fetch_value, guild_is

_RESULT_COLUMNS = "game, winner, reason, scores, rounds, decisions"


def _result(r: Sequence[Any]) -> ResultRecord:
    """A result from its `_RESULT_COLUMNS`."""
    return ResultRecord(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5])


class ResultHistory(SqlDatabase):
    """Finished matches: their results, sides and the queries over them."""

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
            await require_match(db, match_id)
            record = await read_match(db, match_id)
            if record.status not in (MatchStatus.LOBBY, MatchStatus.RUNNING):
                raise StoreError(f"match {match_id} is already {record.status}")
            await db.execute(
                "UPDATE matches SET status = ?, updated_at = ? WHERE id = ?",
                (str(status), now, match_id),
            )
            await db.execute("DELETE FROM timers WHERE match_id = ?", (match_id,))
            if result is not None:
                seats = [seat_dict(s) for s in record.seats]
                # A result stored before keeps its number (and is not counted twice).
                number = await fetch_value(
                    db, "SELECT number FROM results WHERE match_id = ?", (match_id,)
                )
                await db.execute("DELETE FROM results WHERE match_id = ?", (match_id,))
                if number is None:
                    number = await tallies.count_finished(db, record.guild_id)
                await db.execute(
                    "INSERT INTO results (match_id, guild_id, channel_id, game, winner, "
                    "reason, scores, rounds, decisions, seats, finished_at, number) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        match_id, record.guild_id, record.channel_id, result.game,
                        result.winner, str(result.reason), dump_json(result.scores),
                        result.rounds, result.decisions, dump_json(seats), now, number,
                    ),
                )  # fmt: skip

    async def result(self, match_id: int) -> ResultRecord | None:
        """The stored result of a finished match (kept after `prune`)."""
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(
                f"SELECT {_RESULT_COLUMNS} FROM results WHERE match_id = ?", (match_id,)
            )
        return None if row is None else _result(row)

    # -- history and statistics -------------------------------------------------------

    async def record_sides(self, match_id: int, sides: Sequence[SideResult]) -> None:
        """Each side's record of a finished match, stamped with its result's game, server
        and time so statistics need no join (the result is the truth for those three).
        Recording again replaces the rows."""
        async with self._transaction() as db:
            row = await db.fetch_one(
                "SELECT game, guild_id, finished_at FROM results WHERE match_id = ?", (match_id,)
            )
            if row is None:
                raise StoreError(f"match {match_id} has no result to record sides for")
            game, guild_id, finished_at = row
            before = await db.fetch_all(
                f"SELECT {SIDE_COLUMNS} FROM result_sides WHERE match_id = ?", (match_id,)
            )
            await tallies.add_sides(db, guild_id, finished_at, map(side_result, before), -1)
            await db.execute("DELETE FROM result_sides WHERE match_id = ?", (match_id,))
            await db.executemany(
                "INSERT INTO result_sides (match_id, seat, game, guild_id, user_id, name, "
                "computer, won, place, score, facts, finished_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        match_id, s.seat, game, guild_id, s.user_id, s.name, s.computer,
                        int(s.won), s.place, s.score, dump_json(s.facts), finished_at,
                    )
                    for s in sides
                ],
            )  # fmt: skip
            # Its game, as stored with the result, whatever the records say.
            counted = [replace(s, game=game) for s in sides]
            await tallies.add_sides(db, guild_id, finished_at, counted)

    async def finished_matches(
        self, guild_id: int | None, limit: int = 10, offset: int = 0
    ) -> list[FinishedMatch]:
        """Newest first. Results are numbered in each server as they finish, so a page
        is a range of numbers read from an index, as quick far back as at the start."""
        inner, params = guild_is(guild_id, "r.guild_id")
        async with self._transaction(write=False) as db:
            newest = await tallies.finished_total(db, guild_id) - offset
            oldest = max(1, newest - limit + 1)
            if limit <= 0 or newest < 1:
                return []
            return await _finished(
                db,
                f"WHERE {inner} AND r.number >= ? AND r.number <= ? ORDER BY r.number DESC",
                (*params, oldest, newest),
            )

    async def finished_count(self, guild_id: int | None) -> int:
        async with self._transaction(write=False) as db:
            return await tallies.finished_total(db, guild_id)

    async def finished_match(self, match_id: int) -> FinishedMatch | None:
        async with self._transaction(write=False) as db:
            found = await _finished(db, "WHERE r.match_id = ?", (match_id,))
        return found[0] if found else None

    async def side_results(
        self, guild_id: int | None, user_id: int | None = None
    ) -> list[SideResult]:
        where, params = guild_is(guild_id)
        where += " AND user_id IS NOT NULL"
        if user_id is not None:
            where += " AND user_id = ?"
            params += (user_id,)
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all(
                f"SELECT {SIDE_COLUMNS} FROM result_sides WHERE {where} "
                "ORDER BY finished_at, match_id, seat",
                params,
            )
        return [side_result(r) for r in rows]

    async def player_tallies(self, guild_id: int | None, user_id: int) -> list[SideTally]:
        async with self._transaction(write=False) as db:
            return await tallies.read_tallies(db, guild_id, user_id)


async def _finished(db: SqlConnection, tail: str, params: tuple[Any, ...]) -> list[FinishedMatch]:
    rows = await db.fetch_all(
        "SELECT r.match_id, r.guild_id, r.channel_id, r.finished_at, r.game, r.winner, "
        "r.reason, r.scores, r.rounds, r.decisions, r.seats, "
        "m.id IS NOT NULL AND m.setup IS NOT NULL "
        f"FROM results r LEFT JOIN matches m ON m.id = r.match_id {tail}",
        params,
    )
    found = [
        FinishedMatch(
            r[0], r[1], r[2], from_stamp(r[3]),
            _result(r[4:10]),
            [SeatRecord(**seat) for seat in json.loads(r[10])],
            replayable=bool(r[11]),
        )
        for r in rows
    ]  # fmt: skip
    if found:
        by_id = {f.match_id: f for f in found}
        marks = ",".join("?" * len(by_id))
        side_rows = await db.fetch_all(
            f"SELECT {SIDE_COLUMNS} FROM result_sides WHERE match_id IN ({marks}) "
            "ORDER BY match_id, seat",
            tuple(by_id),
        )
        for r in side_rows:
            by_id[r[0]].sides.append(side_result(r))
    return found
