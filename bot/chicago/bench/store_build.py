"""The databases `bench store` measures at scale, written straight into an SQLite file.

Finished matches are made by SQLite itself from a few seeded templates (one statement a
table, over a series of numbers), so a million of them take seconds, not the minutes a
row-by-row loop in Python would: each is stored as the bot leaves it once `prune` has
dropped its decision log, with its match row and seats, its result numbered in the
server, one record per side, the players' running totals and their ratings with each
match's change to them. Running matches have real seeded logs, with a snapshot every
SNAPSHOT_EVERY decisions as the bot writes them, so loading them is exactly the bot's
work.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.benchmarks.days import clocks_json
from bot.registry import CHICAGO
from bot.store import SqliteStore, dump_setup, snapshot_due
from bot.store.rows import dump_json
from engine.chicago import MatchState, apply, new_match
from engine.chicago.random_play import random_decision

TEMPLATES = 20
PLAYERS = 400
CALM = frozenset({"raid", "fight", "trade", "rebuild"})
SPEND = frozenset({"control", "secure", "recruit10", "recruit4"})
LONG_TRIES = 60  # calm matches tried for the longest (each about a tenth of a second)
MINUTE = 60.0
RAIDS = 6  # made-up raids won and lost: 0 to 5 a side
# Each match's people: seat s of match i is played by user_of(i, s) (distinct seats get
# distinct players, as 101·s differs for every seat modulo PLAYERS).
USER_OF = f"((n.i * 37 + t.seat * 101) % {PLAYERS}) + 1"


@dataclass(slots=True)
class Template:
    """One seeded match: its setup, log rows and the snapshots the bot would have
    written along it (decision seq -> state JSON)."""

    state: MatchState
    setup_json: str
    log: list[tuple[int, int, str]]
    snapshots: dict[int, str]


def template(seed: int, bosses: int, calm: bool = False, cap: int = 2000) -> Template:
    """A seeded random match. `calm` players never raid, fight, trade or rebuild
    contacts and spend whenever they can (take control, secure, recruit), which keeps
    matches long: the bank, which pays $4,000 at every pass of Start, runs dry later
    (RULES §11.3), after about 1,500 decisions instead of 1,000."""
    state = new_match(bosses, seed=seed)
    setup_json = dump_setup(state.setup)
    rng = random.Random(seed)
    log: list[tuple[int, int, str]] = []
    snapshots: dict[int, str] = {}
    while state.result is None and len(log) < cap:
        pending = state.pending
        assert pending is not None
        options = [o for o in pending.available() if o.split(":")[0] not in CALM]
        spending = [o for o in options if o.split(":")[0] in SPEND]
        if calm and options:
            decision = rng.choice(spending or options)
        else:
            decision = str(random_decision(rng, state))
        seq = state.seq
        apply(state, pending.seat, decision)
        log.append((seq, pending.seat, decision))
        if snapshot_due(seq):
            snapshots[seq] = state.to_json().decode()
    return Template(state, setup_json, log, snapshots)


@dataclass(slots=True)
class Templates:
    """The matches every database of one run is made from, played once."""

    finished: list[Template]
    long: Template

    @classmethod
    def play(cls, seed: int, bosses: int, running: int) -> Templates:
        finished = [template(seed + n, bosses) for n in range(TEMPLATES)]
        tries = min(LONG_TRIES, 1 + running // 30)
        long = max((template(seed + n, bosses, calm=True) for n in range(tries)),
                   key=lambda t: len(t.log))  # fmt: skip
        return cls(finished, long)


def _template_rows(templates: list[Template]) -> Iterator[tuple[Any, ...]]:
    """One row per seat of each template: what a finished match copies from it."""
    for number, found in enumerate(templates):
        state, result = found.state, found.state.result
        assert result is not None
        places = {seat: place for place, seat in enumerate(result.ranking, 1)}
        for side in state.sides:
            police = side.seat == state.police_seat
            yield (number, side.seat, "police" if police else "boss", side.name,
                   "normal" if police else None, int(side.seat == result.winner),
                   places[side.seat], result.scores[side.seat], side.character.value,
                   side.marks)  # fmt: skip


def _finished(db: sqlite3.Connection, templates: list[Template], count: int, now: float) -> None:
    """`count` finished matches on server 1, the newest a minute ago, one a minute."""
    db.execute(
        "CREATE TEMP TABLE tmatch (t INTEGER PRIMARY KEY, seed INTEGER, setup TEXT, "
        "winner INTEGER, reason TEXT, scores TEXT, rounds INTEGER, decisions INTEGER)"
    )
    db.executemany(
        "INSERT INTO tmatch VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(n, t.state.setup.seed, t.setup_json, t.state.result.winner,
          str(t.state.result.reason), json.dumps(t.state.result.scores),
          t.state.round, t.state.seq)
         for n, t in enumerate(templates) if t.state.result is not None],
    )  # fmt: skip
    db.execute(
        "CREATE TEMP TABLE tseat (t INTEGER, seat INTEGER, role TEXT, name TEXT, "
        "computer TEXT, won INTEGER, place INTEGER, score INTEGER, character TEXT, "
        "marks INTEGER, PRIMARY KEY (t, seat))"
    )
    db.executemany("INSERT INTO tseat VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   _template_rows(templates))  # fmt: skip
    db.execute("CREATE TEMP TABLE series (i INTEGER PRIMARY KEY)")
    db.execute(
        "WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ?) "
        "INSERT INTO series SELECT i FROM s",
        (count,),
    )
    at = f"({now} - ({count} - n.i) * {MINUTE})"
    user = f"CASE WHEN t.role = 'police' THEN NULL ELSE {USER_OF} END"
    of_template = f"tmatch m ON m.t = n.i % {len(templates)}"
    db.execute(
        "INSERT INTO matches (id, guild_id, channel_id, host_id, status, settings, seed, "
        "engine_version, setup, created_at, updated_at) "
        f"SELECT n.i + 1, 1, 1000000 + n.i, 10000, 'finished', '{{}}', m.seed, 'bench', "
        f"m.setup, {at} - 3600, {at} FROM series n JOIN {of_template}"
    )
    seats = f"series n JOIN tseat t ON t.t = n.i % {len(templates)}"
    db.execute(
        "INSERT INTO seats (match_id, idx, role, name, user_id, computer, controller) "
        f"SELECT n.i + 1, t.seat, t.role, t.name, {user}, t.computer, 'user' FROM {seats}"
    )
    listed = (
        "SELECT json_group_array(json_object('role', t.role, 'name', t.name, 'user_id', "
        f"{user}, 'computer', t.computer, 'controller', 'user')) "
        "FROM tseat t WHERE t.t = m.t"
    )
    db.execute(
        "INSERT INTO results (match_id, guild_id, channel_id, game, winner, reason, scores, "
        "rounds, decisions, seats, finished_at, number) "
        f"SELECT n.i + 1, 1, 1000000 + n.i, '{CHICAGO.key}', m.winner, m.reason, m.scores, "
        f"m.rounds, m.decisions, ({listed}), {at}, n.i + 1 FROM series n JOIN {of_template}"
    )
    # Made-up raids, as a real side's facts hold them.
    facts = (
        "json_object('character', t.character, 'marks', t.marks, "
        f"'raids_lost', (n.i * 13 + t.seat) % {RAIDS}, "
        f"'raids_won', (n.i * 7 + t.seat * 3) % {RAIDS}, "
        "'role', t.role)"
    )
    db.execute(
        "INSERT INTO result_sides (match_id, seat, game, guild_id, user_id, name, computer, "
        "won, place, score, facts, finished_at) "
        f"SELECT n.i + 1, t.seat, '{CHICAGO.key}', 1, {user}, t.name, t.computer, t.won, "
        f"t.place, t.score, {facts}, {at} FROM {seats}"
    )
    db.execute("INSERT INTO finished_counts VALUES (1, ?)", (count,))
    _tallies_and_ratings(db, templates, count, now)
    for table in ("tmatch", "tseat", "series"):
        db.execute(f"DROP TABLE temp.{table}")


def _repeats(count: int, templates: int) -> Iterator[tuple[int, int]]:
    """Match i repeats match i mod PERIOD in everything the totals count (its template,
    its players, its made-up raids): each first match of the period and how many
    matches repeat it."""
    period = math.lcm(templates, PLAYERS, RAIDS)
    for first in range(min(period, count)):
        yield first, (count - 1 - first) // period + 1


def _tallies_and_ratings(
    db: sqlite3.Connection, templates: list[Template], count: int, now: float
) -> None:
    """Every person's totals and rating as the store keeps them after those matches:
    the totals added up over one period of repeats (`_repeats`), made-up ratings with
    one change per person's side."""
    totals: dict[tuple[int, str], list[Any]] = {}
    matches: dict[int, int] = {}
    period = math.lcm(len(templates), PLAYERS, RAIDS)
    for first, times in _repeats(count, len(templates)):
        found = templates[first % len(templates)]
        state, result = found.state, found.state.result
        assert result is not None
        last = first + (times - 1) * period
        for side in state.sides:
            if side.seat == state.police_seat:
                continue
            user = (first * 37 + side.seat * 101) % PLAYERS + 1
            kind = dump_json({"character": side.character.value, "role": "boss"})
            entry = totals.setdefault((user, kind), [side.name, math.inf, -math.inf, 0, 0,
                                                     0, 0, 0])  # fmt: skip
            entry[1] = min(entry[1], now - (count - first) * MINUTE)
            entry[2] = max(entry[2], now - (count - last) * MINUTE)
            entry[3] += times
            entry[4] += times * int(side.seat == result.winner)
            entry[5] += times * side.marks
            entry[6] += times * ((first * 13 + side.seat) % RAIDS)
            entry[7] += times * ((first * 7 + side.seat * 3) % RAIDS)
            matches[user] = matches.get(user, 0) + times
    db.executemany(
        "INSERT INTO player_tallies (guild_key, user_id, game, kind, name, first_at, last_at, "
        "played, won, sums) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(user, CHICAGO.key, kind, e[0], e[1], e[2], e[3], e[4],
          dump_json({"marks": e[5], "raids_lost": e[6], "raids_won": e[7]}))
         for (user, kind), e in totals.items()],
    )  # fmt: skip
    db.executemany(
        "INSERT INTO ratings (guild_id, game, player, name, user_id, mu, sigma, rating, "
        "matches) VALUES (1, ?, ?, ?, ?, ?, 2.0, ?, ?)",
        [(CHICAGO.key, f"user:{user}", f"P{user}", user, 20.0 + user % 97 / 10,
          14.0 + user % 97 / 10, played) for user, played in matches.items()],
    )  # fmt: skip
    skill = "25.0 + ((n.i * 31 + t.seat * 17) % 200) / 20.0 - 5.0"
    db.execute(
        "INSERT INTO rating_changes (match_id, seat, guild_id, game, player, name, user_id, "
        "place, mu_before, sigma_before, mu_after, sigma_after) "
        f"SELECT n.i + 1, t.seat, 1, '{CHICAGO.key}', 'user:' || ({USER_OF}), t.name, "
        f"{USER_OF}, t.place, "
        f"{skill}, 3.0, {skill} + CASE WHEN t.won THEN 0.5 ELSE -0.2 END, 2.9 "
        f"FROM series n JOIN tseat t ON t.t = n.i % {len(templates)} WHERE t.role = 'boss'"
    )


def _running(db: sqlite3.Connection, found: Template, length: int, match_id: int) -> None:
    """A running match `length` decisions in, with the newest snapshot before it and
    its clocks (each played over days)."""
    channel = 2_000_000 + match_id
    db.execute(
        "INSERT INTO matches (id, guild_id, channel_id, host_id, status, settings, seed, "
        "engine_version, setup, created_at, updated_at) "
        "VALUES (?, 1, ?, 10000, 'running', '{}', ?, 'bench', ?, ?, ?)",
        (match_id, channel, found.state.setup.seed, found.setup_json, time.time() - 3600,
         time.time()),
    )  # fmt: skip
    police = found.state.police_seat
    db.executemany(
        "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, 'user')",
        [(match_id, s.seat, "police" if s.seat == police else "boss", s.name,
          None if s.seat == police else PLAYERS + 1 + s.seat,
          "normal" if s.seat == police else None)
         for s in found.state.sides],
    )  # fmt: skip
    db.executemany(
        "INSERT INTO decisions VALUES (?, ?, ?, ?, 'computer', ?)",
        [(match_id, seq, seat, decision, 0.0) for seq, seat, decision in found.log[:length]],
    )
    db.execute(
        "INSERT INTO match_clocks (match_id, clocks, updated_at) VALUES (?, ?, 0)",
        (match_id, clocks_json(match_id)),
    )
    due = [seq for seq in found.snapshots if seq < length]
    if due:
        db.execute(
            "INSERT INTO snapshots (match_id, seq, state, at) VALUES (?, ?, ?, 0)",
            (match_id, max(due), found.snapshots[max(due)]),
        )


@dataclass(slots=True)
class Built:
    finished: int
    seconds: float
    megabytes: float
    long_match: int
    long_decisions: int


def build(path: Path, templates: Templates, finished: int, running: int) -> Built:
    """A database of `finished` finished and `running` running matches, plus the
    longest calm match running, in one transaction without a sync per row."""
    started = time.perf_counter()

    async def make_schema() -> None:
        async with SqliteStore(path):  # the schema, as the bot makes it
            pass

    asyncio.run(make_schema())
    db = sqlite3.connect(path, isolation_level=None)
    try:
        # Written once, alone: no log to recover from; back to WAL for the bot after.
        db.execute("PRAGMA journal_mode = OFF")
        db.execute("PRAGMA synchronous = OFF")
        db.execute("PRAGMA temp_store = MEMORY")
        db.execute("PRAGMA cache_size = -200000")
        db.execute("BEGIN")
        # An index made once from sorted rows is quicker than one kept row by row.
        indexes = db.execute(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL"
        ).fetchall()
        for name, _ in indexes:
            db.execute(f"DROP INDEX {name}")
        _finished(db, templates.finished, finished, time.time())
        for _, sql in indexes:
            db.execute(sql)
        next_id = finished + 1
        for n in range(running):
            found = templates.finished[n % len(templates.finished)]
            _running(db, found, 1 + (n * 37) % (len(found.log) - 1), next_id + n)
        long_id = next_id + running
        _running(db, templates.long, len(templates.long.log), long_id)
        db.execute("COMMIT")
        db.execute("PRAGMA journal_mode = WAL")
    finally:
        db.close()
    # On the disk before anything is timed: the kernel writing a few GB back meanwhile
    # would slow the reads measured next (a bot restarting finds its file written).
    os.sync()
    megabytes = path.stat().st_size / 1e6
    return Built(finished, time.perf_counter() - started, megabytes, long_id,
                 len(templates.long.log))  # fmt: skip
