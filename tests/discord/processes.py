"""Bot "processes" for tests of several processes sharing one PostgreSQL database.

Each `BotProcess` is a bot with its own event loop (in a thread of its own), its own
offline Discord (a simcord environment: one per event loop), its own connection pool and
its own claim on the database: the processes share nothing but the PostgreSQL server.
The test drives each through `run`, as an operator would drive separate machines.
"""

from __future__ import annotations

import asyncio
import copy
import threading
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from simcord.backend.models.user import User
from simcord.builders import UserHandle

from bot.store.instance_lock import DatabaseInUse
from bot.store.postgres import PostgresStore
from tests.discord.harness import Table

T = TypeVar("T")
CLAIM_WAIT = 10.0  # seconds the server may take to notice a killed process's connections


class BotProcess:
    """One bot process running `shards` of `count`, with its guild on `guild_shard`."""

    def __init__(
        self, root: Path, database: str, shards: tuple[int, ...], count: int, guild_shard: int
    ) -> None:
        root.mkdir(parents=True, exist_ok=True)
        self.name = f"chicago-bot shards {shards}"
        settings = {"shard_ids": shards, "shard_count": count, "heartbeat_file": root / "alive"}
        self.table = Table(root, settings=settings, database=database, guild_shard=guild_shard)
        self.shards, self.count = shards, count
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=self.name, daemon=True)
        self.thread.start()

    def run(self, work: Coroutine[Any, Any, T], timeout: float = 120.0) -> T:
        """Run `work` on this process's event loop and return its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def read(self, look: Callable[[], T]) -> T:
        """`look` evaluated on this process's loop (its offline Discord lives there)."""

        async def reading() -> T:
            return look()

        return self.run(reading())

    def wait_for(self, done: Callable[[], bool], timeout: float = 20.0) -> None:
        """Until `done()` holds on this process (news from another arrives by the
        database server, in real time)."""
        deadline = time.monotonic() + timeout
        while not self.read(done):
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: not done after {timeout} s")
            time.sleep(0.05)

    # --- starting, killing, stopping ---------------------------------------------------

    @property
    def store(self) -> PostgresStore:
        store = self.table.bot.store
        assert isinstance(store, PostgresStore)
        return store

    def start(self) -> BotProcess:
        async def starting() -> None:
            await self.table.start()
            await self.claim()

        self.run(starting())
        return self

    async def claim(self) -> None:
        """The shards of this process, as `chicago-bot run` claims them; a killed
        predecessor's claim lasts until the server notices its connections dropped."""
        deadline = time.monotonic() + CLAIM_WAIT
        while True:
            try:
                await self.store.claim(self.name, self.shards, self.count)
                return
            except DatabaseInUse:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)

    def kill_and_restart(self) -> None:
        """What `kill -9` and a new start do: the old bot's connections to the server
        drop mid-match, none of its work goes on (no graceful shutdown: nothing is
        finished, committed or posted), and a new bot on the same Discord starts."""

        async def killing() -> None:
            old = self.table.bot
            store = self.store
            store.pool.terminate()
            for conn in (store._claim, getattr(old.listener, "_inbox", None)):
                raw = getattr(conn, "_conn", conn)
                if raw is not None:
                    raw.terminate()
            self.table.bot = self.table.make_bot()
            self.table.declare_waits(self.table.bot)
            # Drains the old bot's work, cancels every task of it, attaches the new one.
            await self.table.env.restart_bot(self.table.bot)
            await asyncio.to_thread(old.render_pool.shutdown)
            await self.claim()

        self.run(killing())

    def stop(self) -> None:
        try:
            self.run(self.table.close())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()


def dm_user(process: BotProcess, user_id: int, name: str) -> UserHandle:
    """The same Discord user as seen by the offline Discord of `process` (each has its
    own): Discord delivers a user's DM clicks to shard 0, wherever the match runs."""
    backend = process.table.env.backend
    user = process.read(lambda: backend.users.setdefault(user_id, User(id=user_id, name=name)))
    return UserHandle(process.table.env, user)


def dm_as_shown(process: BotProcess, message: Any) -> Any:
    """A DM the bot of `process` sent, as the user's screen shows it now (a copy)."""
    backend = process.table.env.backend
    return process.read(lambda: copy.deepcopy(backend.get_message(message.channel.id, message.id)))


def show_dm(to: BotProcess, shown: Any, user_id: int) -> None:
    """A DM one process's bot sent (`dm_as_shown`), as the same message in `to`'s offline
    Discord: there is one Discord, in which a DM and its buttons are the same for every
    process of the bot."""
    backend = to.table.env.backend

    def post() -> None:
        channel = backend.get_dm_channel(user_id)
        backend.create_message(
            channel.id,
            backend.bot_user.id,
            shown.content,
            embeds=shown.embeds,
            components=shown.components,
        )

    to.read(post)
