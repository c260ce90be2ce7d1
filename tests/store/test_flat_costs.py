"""The lookups the bot makes all the time cost the same however many matches have
finished: counted in SQLite's own steps, which no busy machine disturbs."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from bot.store import SqliteStore
from tests.store.helpers import start


async def add_finished(store: SqliteStore, first: int, count: int) -> None:
    """`count` finished matches with their results, written straight into the tables
    in one transaction (the store's connection commits each statement otherwise)."""
    ids = range(first, first + count)
    await store.db.execute("BEGIN")
    await store.db.executemany(
        "INSERT INTO matches (id, guild_id, channel_id, host_id, status, seed, "
        "engine_version, created_at, updated_at) VALUES (?, 1, ?, 7, 'finished', 1, 't', ?, ?)",
        [(n, 10_000 + n, float(n), float(n)) for n in ids],
    )
    await store.db.executemany(
        "INSERT INTO results VALUES (?, 1, ?, 0, 'marks', '[1, 2]', 9, 99, ?, ?, 'chicago')",
        [(n, 10_000 + n, json.dumps([]), float(n)) for n in ids],
    )
    await store.db.execute("COMMIT")


async def steps(store: SqliteStore, work: Callable[[], Awaitable[Any]]) -> int:
    """How many thousand virtual-machine steps SQLite takes for `work`."""
    count = 0

    def tick() -> int:
        nonlocal count
        count += 1
        return 0

    await store.db.set_progress_handler(tick, 1000)
    try:
        await work()
    finally:
        await store.db.set_progress_handler(None, 1000)  # type: ignore[arg-type]  # removes it
    return count


async def test_running_matches_and_history_pages_do_not_read_every_match(
    sqlite_store: SqliteStore,
) -> None:
    """Counted in SQLite's own steps (its progress handler), so SQLite only."""
    store = sqlite_store
    for channel in range(3):
        await start(store, channel, seed=channel)
    lookups: dict[str, Callable[[], Awaitable[Any]]] = {
        "running matches": store.active_matches,
        "a channel's match": lambda: store.match_in_channel(1),
        "newest history page": lambda: store.finished_matches(1, 10, 0),
    }
    await add_finished(store, 1000, 20)
    few = {name: await steps(store, work) for name, work in lookups.items()}
    await add_finished(store, 2000, 5000)
    many = {name: await steps(store, work) for name, work in lookups.items()}
    for name in lookups:
        assert many[name] <= few[name] + 1, f"{name}: {few[name]} → {many[name]} k steps"
