"""Claims on a PostgreSQL database (README, "Several bot processes"): one bot alone, or
several processes each running its own shards with the same shard count. Overlapping
shards, another count, or a whole-bot process beside shard processes are refused with a
line naming the holder; a killed process's shards are free again once the server sees
its connection gone."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from bot.store.instance_lock import DatabaseInUse
from bot.store.postgres import PostgresStore

ROOT = Path(__file__).resolve().parents[2]
FREED_WITHIN = 10.0  # seconds for the server to drop a killed process's session locks


@pytest.fixture
async def stores(postgres_database: str) -> AsyncIterator[Callable[[], PostgresStore]]:
    """New stores on the test database (each its own connections, as each process has),
    all closed afterwards."""
    async with AsyncExitStack() as stack:

        def opened() -> PostgresStore:
            store = PostgresStore(postgres_database, pool_size=2)
            stack.push_async_callback(store.close)
            return store

        yield opened


async def claimed(store: PostgresStore, shards: tuple[int, ...] | None, count: int | None) -> None:
    await store.open()
    await store.claim("chicago-bot run", shards, count)


async def refusal(
    store: PostgresStore, shards: tuple[int, ...] | None, count: int | None = None
) -> str:
    with pytest.raises(DatabaseInUse) as refused:
        await claimed(store, shards, count)
    return str(refused.value)


async def test_processes_running_their_own_shards_share_a_database(
    stores: Callable[[], PostgresStore],
) -> None:
    await claimed(stores(), (0, 1), 4)
    await claimed(stores(), (2, 3), 4)
    overlapping = await refusal(stores(), (1, 2), 4)
    assert "shard 1 of database" in overlapping
    assert "chicago-bot run (pid" in overlapping and "shards 0-1 of 4" in overlapping
    assert "give each process its own CHICAGO_SHARD_IDS" in overlapping
    counted = await refusal(stores(), (4,), 8)
    assert "CHICAGO_SHARD_COUNT=4" in counted and "(this one: 8)" in counted
    whole = await refusal(stores(), None)
    assert "is in use by chicago-bot run (pid" in whole
    assert "unless each process runs its own shards (CHICAGO_SHARD_IDS" in whole


async def test_a_bot_running_every_shard_has_the_database_alone(
    stores: Callable[[], PostgresStore],
) -> None:
    first = stores()
    await claimed(first, None, None)
    assert "only one bot may use a database" in await refusal(stores(), None)
    assert "which runs every shard" in await refusal(stores(), (0,), 2)
    await first.close()
    await claimed(stores(), (0,), 2)  # free once the first one is gone


async def test_shards_are_free_again_once_their_process_closes(
    stores: Callable[[], PostgresStore],
) -> None:
    first = stores()
    await claimed(first, (0,), 2)
    assert "shard 0 of database" in await refusal(stores(), (0,), 2)
    await first.close()
    await claimed(stores(), (0,), 2)


HOLDER = """
import asyncio, sys
from bot.store.postgres import PostgresStore

async def main() -> None:
    store = PostgresStore(sys.argv[1], pool_size=1)
    await store.open()
    await store.claim("chicago-bot run", (0,), 2)
    print("claimed", flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


async def test_a_killed_process_frees_its_shards_for_the_next(
    stores: Callable[[], PostgresStore], postgres_database: str
) -> None:
    """A real second process claims shard 0 and is killed with SIGKILL: meanwhile shard 0
    is refused (naming that process) and shard 1 is not; afterwards shard 0 is free."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, postgres_database],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        line = await asyncio.to_thread(holder.stdout.readline)
        assert line.strip() == "claimed"
        refused = await refusal(stores(), (0,), 2)
        assert f"chicago-bot run (pid {holder.pid}, shards 0 of 2)" in refused
        await claimed(stores(), (1,), 2)
        os.kill(holder.pid, signal.SIGKILL)
        await asyncio.to_thread(holder.wait)
        deadline = time.monotonic() + FREED_WITHIN
        while True:
            try:
                await claimed(stores(), (0,), 2)
                break
            except DatabaseInUse:
                assert time.monotonic() < deadline, "shard 0 was never freed"
                await asyncio.sleep(0.1)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
