"""The ratings part of `chicago-bot bench store`: a database holding `matches` finished
matches' results (played by 2,000 people and the computer levels, on one server) and the
time to rebuild every rating from them (`chicago-bot ratings`, run by hand: it reads the
whole history by design). The reads the bot makes while it runs (a leaderboard page, a
player's rating, rating a finished match) are timed at scale (`store_scale`), with
`rate_one_more`.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from bot import rating_board, ratings
from bot.registry import CHICAGO
from bot.store import MatchStatus, ResultRecord, SeatRecord, SideResult, SqliteStore

PEOPLE = 2_000
GUILD = 1
LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class RatingFigures:
    matches: int
    players: int
    build_s: float
    rebuild_s: float


def _fill(path: Path, seed: int, matches: int) -> None:
    """Results and side records written straight into the file, fast (no fsync)."""
    rng = random.Random(seed)
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous = OFF")
    results, sides = [], []
    for match_id in range(1, matches + 1):
        bosses = rng.randint(2, 4)
        seats = bosses + 1
        people = rng.sample(range(1, PEOPLE + 1), rng.randint(1, seats))
        winner = rng.randrange(seats)
        results.append(
            (match_id, GUILD, 1, CHICAGO.key, winner, "marks", "[]", 20, 300, "[]", match_id)
        )
        for seat in range(seats):
            user = people[seat] if seat < len(people) else None
            level = None if user else rng.choice(LEVELS)
            score = None if rng.random() < 0.25 else rng.randrange(0, 80_000, 100)
            facts = _facts("police" if seat == bosses else "boss")
            # The ratings rank by won and score; `place` is only shown.
            place = 1 if seat == winner else seat + 2
            sides.append(
                (match_id, seat, CHICAGO.key, GUILD, user, f"P{user or level}", level,
                 int(seat == winner), place, 90_000 if seat == winner else score, facts,
                 match_id)
            )  # fmt: skip
    db.executemany(
        "INSERT INTO results (match_id, guild_id, channel_id, game, winner, reason, scores, "
        "rounds, decisions, seats, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        results,
    )
    db.executemany(
        "INSERT INTO result_sides (match_id, seat, game, guild_id, user_id, name, computer, "
        "won, place, score, facts, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        sides,
    )
    db.commit()
    db.close()


def _facts(role: str) -> str:
    """A Chicago 1927 side's facts, as the store keeps them."""
    facts = {"character": "Queen Bee", "marks": 0, "raids_lost": 0, "raids_won": 0, "role": role}
    return json.dumps(facts, separators=(",", ":"), sort_keys=True)


async def _timed(path: Path, seed: int, matches: int) -> RatingFigures:
    async with SqliteStore(path) as store:  # the schema, before the rows go in
        pass
    began = time.perf_counter()
    await asyncio.to_thread(_fill, path, seed, matches)
    build_s = time.perf_counter() - began
    async with SqliteStore(path) as store:
        began = time.perf_counter()
        rows, history = ratings.rebuild(await store.rated_matches())
        await store.replace_ratings(rows, history)
        rebuild_s = time.perf_counter() - began
    return RatingFigures(matches, len(rows), build_s, rebuild_s)


async def rate_one_more(store: SqliteStore) -> float:
    """One more finished match stored and rated the way the bot does at its end (ms)."""
    seats = [SeatRecord("boss", "P1", 1), SeatRecord("boss", "P2", 2),
             SeatRecord("police", "Police", None, "hard")]  # fmt: skip
    record = await store.create_match(GUILD, 99, 1, {}, 0)
    await store.set_seats(record.match_id, seats)
    result = ResultRecord(CHICAGO.key, 0, "marks", [90_000, 1_000, 5_000], 20, 300)
    await store.finish(record.match_id, MatchStatus.FINISHED, result)
    sides = [
        SideResult(record.match_id, i, CHICAGO.key, s.name, s.user_id, s.computer, i == 0, i + 1,
                   result.scores[i], json.loads(_facts(s.role)))
        for i, s in enumerate(seats)
    ]  # fmt: skip
    await store.record_sides(record.match_id, sides)
    t0 = time.perf_counter()
    await rating_board.rate_finished(store, record.match_id)
    return (time.perf_counter() - t0) * 1e3


def measure(folder: Path, seed: int, matches: int) -> RatingFigures:
    return asyncio.run(_timed(folder / "ratings.db", seed, matches))
