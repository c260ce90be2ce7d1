"""The ratings part of `chicago-bot bench store`: a database holding 100,000 finished
matches' results (played by 2,000 people and the computer levels, on one server), its
ratings rebuilt from them, then the reads the bot makes timed: a leaderboard page (first,
middle and last; target ≤ 50 ms), a player's rating with its history, and one more match
rated as the bot rates it when a match finishes.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from bot import rating_board, ratings
from bot.registry import CHICAGO
from bot.store import MatchStatus, ResultRecord, SeatRecord, SideResult, SqliteStore

RATED_MATCHES = 100_000
PEOPLE = 2_000
GUILD = 1
PAGE = 10
LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class RatingFigures:
    matches: int
    players: int
    build_s: float
    rebuild_s: float
    pages_ms: dict[str, float]
    player_ms: float
    rate_ms: float


def _fill(path: Path, seed: int) -> None:
    """Results and side records written straight into the file, fast (no fsync)."""
    rng = random.Random(seed)
    db = sqlite3.connect(path)
    db.execute("PRAGMA synchronous = OFF")
    results, sides = [], []
    for match_id in range(1, RATED_MATCHES + 1):
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


async def _timed(path: Path, seed: int) -> RatingFigures:
    async with SqliteStore(path) as store:  # the schema, before the rows go in
        pass
    began = time.perf_counter()
    await asyncio.to_thread(_fill, path, seed)
    build_s = time.perf_counter() - began
    async with SqliteStore(path) as store:
        began = time.perf_counter()
        rows, history = ratings.rebuild(await store.rated_matches())
        await store.replace_ratings(rows, history)
        rebuild_s = time.perf_counter() - began
        first = await rating_board.leaderboard_page(store, GUILD, CHICAGO.key, 0, PAGE)
        pages_ms: dict[str, float] = {}
        for label, page in (("first", 0), ("middle", first.pages // 2), ("last", first.pages - 1)):
            times = []
            for _ in range(20):
                t0 = time.perf_counter()
                await rating_board.leaderboard_page(store, GUILD, CHICAGO.key, page, PAGE)
                times.append((time.perf_counter() - t0) * 1e3)
            pages_ms[label] = statistics.median(times)
        t0 = time.perf_counter()
        await rating_board.player_rating(store, GUILD, 1, CHICAGO.key)
        player_ms = (time.perf_counter() - t0) * 1e3
        rate_ms = await _rate_one_more(store)
    return RatingFigures(RATED_MATCHES, len(rows), build_s, rebuild_s, pages_ms, player_ms, rate_ms)


async def _rate_one_more(store: SqliteStore) -> float:
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


def measure(folder: Path, seed: int) -> RatingFigures:
    return asyncio.run(_timed(folder / "ratings.db", seed))
