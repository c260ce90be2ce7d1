"""Shared helpers for the store tests: seeded random matches played through a store,
and raw SQL on either store (written with `?` placeholders, as the store's own)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.store import (
    DecisionRecord,
    MatchStatus,
    ResultRecord,
    SeatRecord,
    SqliteStore,
    dump_setup,
    snapshot_due,
    snapshot_of,
)
from bot.store.postgres import PostgresStore
from engine.chicago import MatchState, apply, new_match
from engine.chicago.random_play import random_decision

Store = SqliteStore | PostgresStore


async def execute_sql(store: Store, sql: str, params: Sequence[Any] = ()) -> int:
    """A statement the store's API does not offer (to damage or inspect rows)."""
    async with store._transaction() as db:
        return await db.execute(sql, params)


def with_database(dsn: str, name: str) -> str:
    """The address of another database on the same server."""
    return urlunsplit(urlsplit(dsn)._replace(path=f"/{name}"))


async def server_sql(dsn: str, sql: str) -> None:
    """One statement on a PostgreSQL server outside any store (create or drop a database)."""
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def fetch_sql(store: Store, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    async with store._transaction(write=False) as db:
        return [tuple(row) for row in await db.fetch_all(sql, params)]


def seats_for(state: MatchState) -> list[SeatRecord]:
    bosses = [SeatRecord("boss", s.name, user_id=100 + s.seat) for s in state.bosses]
    return [*bosses, SeatRecord("police", state.police.name, computer="normal")]


async def start(store: Store, channel: int, seed: int, bosses: int = 2) -> tuple[int, MatchState]:
    """A running match in `channel`, its seats and setup stored; returns (id, state)."""
    state = new_match(bosses, seed=seed)
    record = await store.create_match(1, channel, 7, {"marks": 4}, seed)
    await store.set_seats(record.match_id, seats_for(state))
    await store.start_match(record.match_id, dump_setup(state.setup))
    return record.match_id, state


def step(state: MatchState, rng: random.Random, actor: str = "computer") -> DecisionRecord:
    """Apply one random decision; the log line to commit for it."""
    pending = state.pending
    assert pending is not None
    decision = random_decision(rng, state)
    record = DecisionRecord(state.seq, pending.seat, str(decision), actor)
    apply(state, pending.seat, decision)
    return record


async def play(
    store: Store, match_id: int, state: MatchState, rng: random.Random, count: int
) -> int:
    """Up to `count` decisions, each committed as the bot does; returns how many."""
    done = 0
    while state.result is None and done < count:
        record = step(state, rng)
        snapshot = snapshot_of(state) if snapshot_due(record.seq) else None
        await store.append_decisions(match_id, [record], snapshot)
        done += 1
    return done


async def finish(store: Store, match_id: int, state: MatchState) -> None:
    assert state.result is not None
    result = state.result
    await store.finish(
        match_id,
        MatchStatus.FINISHED,
        ResultRecord(
            "chicago", result.winner, result.reason, result.scores, state.round, state.seq
        ),
    )
