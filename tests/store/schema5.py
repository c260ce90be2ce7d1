"""A database of schema 5, as the releases before game-neutral results wrote it: results
and side rows with Chicago 1927's columns (Turf's title in `character`, its reason as
"turf:<ending>"), the ratings those rows made, and a replayable match's seed and log.

The rows are written here with the statements those releases ran, so the migration test
proves what it keeps on the data as it really lies in a bot's database today.
"""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from bot.chicago.history import tell
from bot.store import dump_setup
from bot.store.postgres_schema import PG_MIGRATIONS
from bot.store.schema import MIGRATIONS
from engine.chicago import MatchState, apply, new_match
from engine.chicago.characters import CHARACTERS
from engine.chicago.random_play import random_decision
from tests.store.schema5_ratings import RATING_CHANGES, RATINGS

OLD_VERSION = 5
GUILD = 1
DAY = 86_400.0
START = 1_767_225_600.0  # 2026-01-01 00:00 UTC

# The two tables the migration reshapes, column by column as schema 5 made them (both
# databases); the rows below are written into exactly these.
OLD_COLUMNS = {
    "results": (
        "match_id", "guild_id", "channel_id", "winner", "reason", "scores", "rounds",
        "decisions", "seats", "finished_at",
    ),
    "result_sides": (
        "match_id", "seat", "guild_id", "user_id", "name", "role", "character", "computer",
        "won", "score", "marks", "raids_won", "raids_lost", "finished_at",
    ),
}  # fmt: skip


def _insert(table: str, columns: tuple[str, ...]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"


@dataclass(frozen=True, slots=True)
class OldSide:
    """One side as schema 5 kept it; `user` None: a computer of level `computer`."""

    name: str
    user: int | None
    role: str = "boss"
    character: str = "Queen Bee"
    computer: str | None = None
    score: int | None = 0
    marks: int = 0
    raids: tuple[int, int] = (0, 0)


@dataclass(slots=True)
class OldMatch:
    match_id: int
    guild: int | None
    winner: int
    reason: str
    rounds: int
    decisions: int
    sides: list[OldSide]
    recorded: bool = True  # False: finished before side records were kept


@dataclass(slots=True)
class OldDatabase:
    """Every row, table by table, in the columns schema 5 has."""

    rows: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)
    played: MatchState | None = None  # the replayable match (#1), as its log leaves it

    def add(self, table: str, row: tuple[Any, ...]) -> None:
        self.rows.setdefault(table, []).append(row)


def _played() -> tuple[MatchState, list[tuple[int, str]]]:
    """A whole Chicago 1927 match of two bosses and the police, by random decisions."""
    state = new_match(2, seed=5)
    rng = random.Random(5)
    log = []
    while state.result is None:
        pending = state.pending
        assert pending is not None
        decision = str(random_decision(rng, state))
        log.append((pending.seat, decision))
        apply(state, pending.seat, decision)
    return state, log


def _first_match(db: OldDatabase) -> OldMatch:
    """Match #1: played to its end, its seed and log kept, so it still replays."""
    state, log = _played()
    _, story = tell(state.setup, log)
    result = state.result
    assert result is not None
    db.played = state
    db.add(
        "matches",
        (1, GUILD, 11, 101, "finished", '{"marks":4}', state.setup.seed, "0.9",
         dump_setup(state.setup), START, START + 600),
    )  # fmt: skip
    users = [101, 102, None]
    sides = []
    for side in state.sides:
        user = users[side.seat]
        sides.append(
            OldSide(
                side.name, user, "police" if side.is_police else "boss",
                CHARACTERS[side.character].name, None if user else "normal",
                result.scores[side.seat], side.marks,
                (story.raids_won[side.seat], story.raids_lost[side.seat]),
            )
        )  # fmt: skip
    for at, (seat, decision) in enumerate(log):
        db.add("decisions", (1, at, seat, decision, "computer", START + at))
    return OldMatch(1, GUILD, result.winner, str(result.reason), state.round, state.seq, sides)


def _rated_pair(match_id: int, first_wins: bool) -> OldMatch:
    """A small Chicago 1927 match of Ada and Bo against a hard police (pruned)."""
    ada = OldSide("Ada", 101, character="The Fixer", score=91_000 if first_wins else 40_000,
                  marks=4 if first_wins else 1, raids=(2, 1))  # fmt: skip
    bo = OldSide("Bo", 102, character="Big Al", score=30_000 if first_wins else 92_500,
                 marks=1 if first_wins else 4, raids=(0, 2))  # fmt: skip
    police = OldSide("Chicago Police", None, "police", "Warrant", "hard", 50_000, 2, (1, 0))
    return OldMatch(match_id, GUILD, 0 if first_wins else 1, "marks", 18, 240, [ada, bo, police])


def _matches(db: OldDatabase) -> list[OldMatch]:
    matches = [
        _first_match(db),
        OldMatch(2, GUILD, 2, "last_standing", 31, 812, [
            OldSide("Ada", 101, character="Queen Bee", score=None, marks=1, raids=(1, 3)),
            OldSide("Cy", 103, character="Big Al", score=None, marks=0, raids=(0, 2)),
            OldSide("Dee", 104, character="The Fixer", score=120_400, marks=3, raids=(5, 0)),
            OldSide("Chicago Police", None, "police", "Warrant", "easy", None, 0, (0, 1)),
        ]),
        OldMatch(3, GUILD, 1, "turf:10 buildings", 14, 301, [
            OldSide("Ada", 101, character="Turf", score=6, marks=6),
            OldSide("Bo", 102, character="Turf", score=10, marks=10),
            OldSide("Cy", 103, character="Turf", score=6, marks=6),
        ]),
        OldMatch(4, GUILD, 2, "start_raid", 9, 150, [
            OldSide("Cy", 103, character="Queen Bee", score=20_000, marks=1),
            OldSide("Dee", 104, character="Big Al", score=20_000, marks=1, raids=(1, 1)),
            OldSide("Bo", 102, "police", "Warrant", None, 75_000, 2, (2, 0)),
        ]),
        OldMatch(5, GUILD, -1, "turf:stalemate", 40, 990, [
            OldSide("Bo", 102, character="Turf", score=3, marks=3),
            OldSide("Hal", None, character="Turf", computer="hard", score=4, marks=4),
        ]),
        OldMatch(6, GUILD, 0, "round_limit", 60, 1500, [
            OldSide("Ada", 101), OldSide("Cy", 103),
            OldSide("Chicago Police", None, "police", "Warrant", "normal"),
        ], recorded=False),
        OldMatch(7, None, 0, "bank_shortage", 22, 410, [
            OldSide("Ada", 101, character="Big Al", score=64_000, marks=3, raids=(1, 0)),
            OldSide("Chicago Police", None, "police", "Warrant", "normal", 12_000, 0, (0, 1)),
        ]),
    ]  # fmt: skip
    matches += [_rated_pair(match_id, match_id % 3 != 0) for match_id in range(8, 14)]
    return matches


def old_database() -> OldDatabase:
    """Every row of the schema-5 database the migration test starts from."""
    db = OldDatabase()
    for match in _matches(db):
        at = START + match.match_id * DAY
        seats = [
            {"computer": s.computer, "controller": "user", "name": s.name, "role": s.role,
             "user_id": s.user}
            for s in match.sides
        ]  # fmt: skip
        if match.match_id == 1:
            for idx, row in enumerate(seats):
                db.add("seats", (1, idx, row["role"], row["name"], row["user_id"],
                                 row["computer"], "user"))  # fmt: skip
        scores = [s.score for s in match.sides]
        db.add(
            "results",
            (match.match_id, match.guild, 10 + match.match_id, match.winner, match.reason,
             _json(scores), match.rounds, match.decisions, _json(seats), at),
        )  # fmt: skip
        if not match.recorded:
            continue
        for seat, s in enumerate(match.sides):
            db.add(
                "result_sides",
                (match.match_id, seat, match.guild, s.user, s.name, s.role, s.character,
                 s.computer, int(seat == match.winner), s.score, s.marks, *s.raids, at),
            )  # fmt: skip
    db.rows["ratings"] = [tuple(r) for r in RATINGS]
    db.rows["rating_changes"] = [tuple(c) for c in RATING_CHANGES]
    return db


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


_INSERTS = {
    "matches": "INSERT INTO matches (id, guild_id, channel_id, host_id, status, settings, seed, "
    "engine_version, setup, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "seats": "INSERT INTO seats (match_id, idx, role, name, user_id, computer, controller) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)",
    "decisions": "INSERT INTO decisions (match_id, seq, seat, decision, actor, at) "
    "VALUES (?, ?, ?, ?, ?, ?)",
    "results": _insert("results", OLD_COLUMNS["results"]),
    "result_sides": _insert("result_sides", OLD_COLUMNS["result_sides"]),
    "ratings": "INSERT INTO ratings (guild_id, player, name, user_id, mu, sigma, rating, "
    "matches) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    "rating_changes": "INSERT INTO rating_changes (match_id, seat, guild_id, player, name, "
    "user_id, place, mu_before, sigma_before, mu_after, sigma_after) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
}


def write_sqlite(path: Path, db: OldDatabase) -> None:
    """An SQLite file at schema 5 holding `db`'s rows."""
    with sqlite3.connect(path, isolation_level=None) as raw:
        raw.execute("PRAGMA journal_mode = WAL")
        raw.execute("BEGIN")
        for migration in MIGRATIONS[:OLD_VERSION]:
            for statement in migration.statements:
                raw.execute(statement)
        for table, columns in OLD_COLUMNS.items():
            found = tuple(c[1] for c in raw.execute(f"PRAGMA table_info({table})"))
            assert found == columns, (table, found)
        for table, rows in db.rows.items():
            raw.executemany(_INSERTS[table], rows)
        raw.execute(f"PRAGMA user_version = {OLD_VERSION}")
        raw.execute("COMMIT")
    raw.close()


async def write_postgres(dsn: str, db: OldDatabase) -> None:
    """A PostgreSQL database at schema 5 holding `db`'s rows."""
    conn = await asyncpg.connect(dsn)
    try:
        async with conn.transaction():
            for migration in PG_MIGRATIONS:
                if migration.version > OLD_VERSION:
                    break
                for statement in migration.statements:
                    await conn.execute(statement)
            for table, columns in OLD_COLUMNS.items():
                found = await conn.fetch(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = $1 "
                    "ORDER BY ordinal_position",
                    table,
                )
                assert tuple(r[0] for r in found) == columns, (table, found)
            for table, rows in db.rows.items():
                insert = _numbered(_INSERTS[table])
                if table == "matches":  # PostgreSQL keeps a seed as text
                    rows = [(*r[:6], str(r[6]), *r[7:]) for r in rows]
                await conn.executemany(insert, rows)
            await conn.execute("UPDATE chicago_schema SET version = $1", OLD_VERSION)
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('matches', 'id'), "
                "(SELECT coalesce(max(id), 0) + 1 FROM matches), false)"
            )
    finally:
        await conn.close()


def _numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1`, `$2`, …"""
    parts = sql.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], 1)) + parts[-1]
