"""The lookups the bot makes all the time cost the same however many matches have
finished: counted in SQLite's own steps, which no busy machine disturbs."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from bot.store import SqliteStore
from tests.store.helpers import start


async def add_finished(store: SqliteStore, first: int, count: int, user: int = 7) -> None:
    """`count` finished matches with their results and each one's side played by
    `user`, written straight into the tables in one transaction (the store's connection
    commits each statement otherwise), numbered and counted as `finish` does."""
    ids = range(first, first + count)
    before = await store.finished_count(1)
    await store.db.execute("BEGIN")
    await store.db.executemany(
        "INSERT INTO matches (id, guild_id, channel_id, host_id, status, seed, "
        "engine_version, created_at, updated_at) VALUES (?, 1, ?, 7, 'finished', 1, 't', ?, ?)",
        [(n, 10_000 + n, float(n), float(n)) for n in ids],
    )
    await store.db.executemany(
        "INSERT INTO results VALUES (?, 1, ?, 0, 'marks', '[1, 2]', 9, 99, ?, ?, 'chicago', ?)",
        [(n, 10_000 + n, json.dumps([]), float(n), before + i + 1) for i, n in enumerate(ids)],
    )
    await store.db.executemany(
        "INSERT INTO result_sides (match_id, seat, game, guild_id, user_id, name, computer, "
        "won, place, score, facts, finished_at) VALUES (?, 0, 'chicago', 1, ?, 'P', NULL, 1, "
        '1, 5, \'{"role":"boss"}\', ?)',
        [(n, user, float(n)) for n in ids],
    )
    await store.db.execute(
        "INSERT INTO finished_counts VALUES (1, ?) ON CONFLICT (guild_key) "
        "DO UPDATE SET finished = excluded.finished",
        (before + count,),
    )
    await store.db.execute(
        "INSERT INTO player_tallies VALUES (1, ?, 'chicago', '{\"role\":\"boss\"}', 'P', "
        "0, 0, ?, ?, '{}') ON CONFLICT (guild_key, user_id, game, kind) "
        "DO UPDATE SET played = played + excluded.played, won = won + excluded.won",
        (user, count, count),
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

    async def oldest_page() -> None:
        total = await store.finished_count(1)
        assert len(await store.finished_matches(1, 10, total - 10)) == 10

    lookups: dict[str, Callable[[], Awaitable[Any]]] = {
        "running matches": store.active_matches,
        "a channel's match": lambda: store.match_in_channel(1),
        "newest history page": lambda: store.finished_matches(1, 10, 0),
        "matches counted": lambda: store.finished_count(1),
        "oldest history page": oldest_page,
        "a player's totals": lambda: store.player_tallies(1, 7),
    }
    await add_finished(store, 1000, 20)
    few = {name: await steps(store, work) for name, work in lookups.items()}
    await add_finished(store, 2000, 5000)
    many = {name: await steps(store, work) for name, work in lookups.items()}
    for name in lookups:
        assert many[name] <= few[name] + 1, f"{name}: {few[name]} → {many[name]} k steps"
