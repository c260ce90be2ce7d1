"""The store's ratings, one table per server and game: what `/chicago leaderboard`
reads, kept as matches finish, each match's change for `/chicago stats`, and the
rebuild from stored results.

The SQL is plain (one upsert, ranges on indexed columns), so both databases run it as it
is; the arithmetic is `bot.ratings`, handed in by the caller.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.store.interface import (
    PlayerRating,
    RatedMatch,
    RateMatch,
    RatingChange,
    SideResult,
    Skill,
    StoreError,
    rated_player,
)
from bot.store.rows import RATED_SIDE_COLUMNS, SIDE_COLUMNS, side_result
from bot.store.sql import SqlConnection, SqlDatabase, fetch_value

_RATING_COLUMNS = "guild_id, game, player, name, user_id, mu, sigma, matches"
_CHANGE_COLUMNS = (
    "match_id, seat, guild_id, game, player, name, user_id, place, mu_before, sigma_before, "
    "mu_after, sigma_after"
)
_OPEN_SETTINGS = (
    "SELECT settings FROM matches WHERE channel_id = ? AND status IN ('lobby', 'running')"
)


class RatingTable(SqlDatabase):
    """Ratings per server, game and player, and their history."""

    async def rate_match(self, match_id: int, rate: RateMatch) -> list[RatingChange]:
        async with self._transaction() as db:
            done = await _changes(db, "WHERE match_id = ? ORDER BY seat", (match_id,))
            if done:
                return done
            row = await db.fetch_one(
                "SELECT guild_id, game FROM results WHERE match_id = ?", (match_id,)
            )
            if row is None:
                raise StoreError(f"match {match_id} has no result to rate")
            guild_id, game = row[0], row[1]
            rows = await db.fetch_all(
                f"SELECT {SIDE_COLUMNS} FROM result_sides WHERE match_id = ? ORDER BY seat",
                (match_id,),
            )
            sides = [side_result(r) for r in rows]
            current = await _ratings_of(db, guild_id or 0, game, sides)
            changes, ratings = rate(match_id, guild_id, sides, current)
            await _write(db, ratings, changes)
        return changes

    async def leaderboard(
        self,
        guild_id: int | None,
        game: str,
        min_matches: int,
        limit: int,
        offset: int = 0,
        below: int | None = None,
    ) -> list[PlayerRating]:
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? "
                "AND matches >= ? AND matches < ? AND user_id IS NOT NULL "
                "ORDER BY rating DESC, player LIMIT ? OFFSET ?",
                (guild_id or 0, game, min_matches, _below(below), limit, offset),
            )
        return [_rating(r) for r in rows]

    async def ranked_count(
        self, guild_id: int | None, game: str, min_matches: int, below: int | None = None
    ) -> int:
        async with self._transaction(write=False) as db:
            count = await fetch_value(
                db,
                "SELECT count(*) FROM ratings WHERE guild_id = ? AND game = ? "
                "AND matches >= ? AND matches < ? AND user_id IS NOT NULL",
                (guild_id or 0, game, min_matches, _below(below)),
            )
        return int(count)

    async def rated_above(
        self, guild_id: int | None, game: str, min_matches: int, rating: float
    ) -> int:
        async with self._transaction(write=False) as db:
            count = await fetch_value(
                db,
                "SELECT count(*) FROM ratings WHERE guild_id = ? AND game = ? AND rating > ? "
                "AND matches >= ? AND user_id IS NOT NULL",
                (guild_id or 0, game, rating, min_matches),
            )
        return int(count)

    async def player_rating(
        self, guild_id: int | None, game: str, player: str
    ) -> PlayerRating | None:
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(
                f"SELECT {_RATING_COLUMNS} FROM ratings "
                "WHERE guild_id = ? AND game = ? AND player = ?",
                (guild_id or 0, game, player),
            )
        return None if row is None else _rating(row)

    async def player_ratings(self, guild_id: int | None, player: str) -> list[PlayerRating]:
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all(
                f"SELECT {_RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND player = ? "
                "ORDER BY game",
                (guild_id or 0, player),
            )
        return [_rating(r) for r in rows]

    async def rating_history(
        self, guild_id: int | None, game: str, player: str, limit: int = 10
    ) -> list[RatingChange]:
        async with self._transaction(write=False) as db:
            return await _changes(
                db,
                "WHERE guild_id = ? AND game = ? AND player = ? "
                "ORDER BY match_id DESC, seat LIMIT ?",
                (guild_id or 0, game, player, limit),
            )

    async def channel_game(self, channel_id: int) -> str | None:
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(_OPEN_SETTINGS, (channel_id,))
            if row is not None:
                game = json.loads(row[0]).get("game")
                return None if game is None else str(game)
            row = await db.fetch_one(
                "SELECT game FROM results WHERE channel_id = ? ORDER BY match_id DESC LIMIT 1",
                (channel_id,),
            )
        return None if row is None else str(row[0])

    # -- the whole table --------------------------------------------------------------

    async def rated_matches(self) -> list[RatedMatch]:
        """Every finished match with recorded sides, in the order they finished (the
        sides without their facts, which ratings never read)."""
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all(
                f"SELECT {RATED_SIDE_COLUMNS}, guild_id FROM result_sides "
                "ORDER BY finished_at, match_id, seat"
            )
        matches: list[RatedMatch] = []
        for r in rows:
            side = side_result(r, facts=False)
            if not matches or matches[-1].match_id != side.match_id:
                matches.append(RatedMatch(side.match_id, r[-1], side.game, []))
            matches[-1].sides.append(side)
        return matches

    async def all_ratings(self) -> list[PlayerRating]:
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all(
                f"SELECT {_RATING_COLUMNS} FROM ratings ORDER BY guild_id, game, player"
            )
        return [_rating(r) for r in rows]

    async def replace_ratings(
        self, ratings: Sequence[PlayerRating], changes: Sequence[RatingChange]
    ) -> None:
        """The whole table and history at once (after `bot.ratings.rebuild`)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM ratings")
            await db.execute("DELETE FROM rating_changes")
            await _write(db, ratings, changes)


async def _write(
    db: SqlConnection, ratings: Sequence[PlayerRating], changes: Sequence[RatingChange]
) -> None:
    """Insert or replace rating rows (the upsert every SQL database has: delete, insert)
    and append the changes."""
    for r in ratings:
        await db.execute(
            "DELETE FROM ratings WHERE guild_id = ? AND game = ? AND player = ?",
            (r.guild_id, r.game, r.player),
        )
    await db.executemany(
        f"INSERT INTO ratings ({_RATING_COLUMNS}, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (r.guild_id, r.game, r.player, r.name, r.user_id, r.skill.mu, r.skill.sigma,
             r.matches, r.skill.rating)
            for r in ratings
        ],
    )  # fmt: skip
    await db.executemany(
        f"INSERT INTO rating_changes ({_CHANGE_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (c.match_id, c.seat, c.guild_id, c.game, c.player, c.name, c.user_id, c.place,
             c.before.mu, c.before.sigma, c.after.mu, c.after.sigma)
            for c in changes
        ],
    )  # fmt: skip


def _rating(r: Any) -> PlayerRating:
    return PlayerRating(r[0], r[1], r[2], r[3], r[4], Skill(r[5], r[6]), r[7])


async def _changes(db: SqlConnection, tail: str, params: tuple[Any, ...]) -> list[RatingChange]:
    rows = await db.fetch_all(f"SELECT {_CHANGE_COLUMNS} FROM rating_changes {tail}", params)
    return [
        RatingChange(
            r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], Skill(r[8], r[9]), Skill(r[10], r[11])
        )
        for r in rows
    ]


async def _ratings_of(
    db: SqlConnection, guild: int, game: str, sides: Sequence[SideResult]
) -> dict[str, PlayerRating]:
    keys = sorted({rated_player(s) for s in sides})
    if not keys:
        return {}
    marks = ",".join("?" * len(keys))
    rows = await db.fetch_all(
        f"SELECT {_RATING_COLUMNS} FROM ratings "
        f"WHERE guild_id = ? AND game = ? AND player IN ({marks})",
        (guild, game, *keys),
    )
    return {r[2]: _rating(r) for r in rows}


# No upper bound on the match count: more than any player can play.
_NO_BOUND = 2**31 - 1  # the most a PostgreSQL integer holds


def _below(below: int | None) -> int:
    return _NO_BOUND if below is None else below
