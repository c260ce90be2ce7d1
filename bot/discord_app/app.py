"""The bot: `create_bot(settings)` builds it without connecting, so `chicago-bot run`,
the tests and any other harness drive the very same client.

It asks Discord for the guilds intent only: slash commands and buttons arrive as
interactions, which need no privileged intent (no message content, no member list).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any

import discord
from discord.ext import commands

from bot.discord_app import history, idle, lookups, server_settings, shutdown
from bot.discord_app.commands import ChicagoCog
from bot.discord_app.match_channel import ChannelGone
from bot.discord_app.router import SORRY, Router, reply
from bot.discord_app.runner import MatchRunner
from bot.discord_app.timers import Clock
from bot.discord_app.trade_views import TRADE_ITEMS
from bot.discord_app.tree import ChicagoTree
from bot.discord_app.views import DYNAMIC_ITEMS
from bot.render.pool import RenderPool, install, installed
from bot.settings import Settings
from bot.store import MatchStore, StoreError
from engine import WIDE_SEED_BITS, wide_seed

log = logging.getLogger("chicago.bot")


def intents() -> discord.Intents:
    """Guilds only: channel and thread events (a deleted channel ends its match)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class ChicagoBot(commands.AutoShardedBot):
    """The Discord client: the `/chicago` commands, the persistent buttons, and one
    `MatchRunner` per open match. Sharded from the start (`CHICAGO_SHARDS`, else as many
    shards as Discord recommends), so a bot that grows past 2,500 servers needs no
    rewrite."""

    def __init__(
        self,
        settings: Settings,
        store: MatchStore,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        **options: object,
    ) -> None:
        options.setdefault("shard_count", settings.shards)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=ChicagoTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self.store = store
        self.clock: Clock = clock or discord.utils.utcnow
        self._seeds = seeds or (lambda: wide_seed(secrets.randbits(WIDE_SEED_BITS)))
        self.router = Router(self)
        self._resume_task: asyncio.Task[None] | None = None
        # Set on SIGTERM/SIGINT: clicks are answered politely and not taken.
        self.stopping = False
        self.background: set[asyncio.Task[None]] = set()
        self.render_pool = RenderPool(settings.render_workers)

    def new_seed(self) -> int:
        return self._seeds()

    async def setup_hook(self) -> None:
        await self.store.open()
        self.render_pool.start()
        install(self.render_pool)
        self._spawn(idle.sweeper(self), "chicago-idle-sweeper")
        self._spawn(shutdown.heartbeat(self, self.settings.heartbeat_path), "chicago-heartbeat")
        for item in (*DYNAMIC_ITEMS, *TRADE_ITEMS):
            self.add_dynamic_items(item)
        cog = ChicagoCog(self)
        history.attach(self, cog)
        server_settings.attach(self, cog)
        await self.add_cog(cog)
        lookups.install(self.tree)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        for record in await self.store.active_matches():
            runner = MatchRunner(self, record)
            try:
                await runner.load()
            except StoreError as exc:
                log.warning("match %s cannot be continued: %s", record.match_id, exc)
                continue
            self.router.add(runner)
        self._resume_task = asyncio.create_task(self._resume_all(), name="chicago-resume")

    async def _resume_all(self) -> None:
        """Once connected: every running match gets its prompt and timer back."""
        await self.wait_until_ready()
        for runner in list(self.router.by_id.values()):
            try:
                await runner.resume()
            except ChannelGone:
                await runner.gone()
            except Exception:
                log.exception("match %s: could not be resumed", runner.match_id)

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def close(self) -> None:
        for runner in list(self.router.by_id.values()):
            runner.timer.cancel()
        if self._resume_task is not None and not self._resume_task.done():
            self._resume_task.cancel()
        for task in list(self.background):
            if task is not asyncio.current_task() and task.get_name() != "chicago-shutdown":
                task.cancel()
        await super().close()
        await self.store.close()
        if installed() is self.render_pool:  # not another bot's (tests run several)
            install(None)
        await asyncio.to_thread(self.render_pool.shutdown)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on one of our buttons that its message no longer shows (the player's
        screen was behind) is answered too, instead of failing silently."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: dict[str, object] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        message = interaction.message
        if not custom_id.startswith("chicago:") or message is None:
            return
        shown = {
            getattr(child, "custom_id", None)
            for row in message.components
            for child in getattr(row, "children", [])
        }
        if custom_id not in shown:
            with contextlib.suppress(discord.HTTPException):
                await reply(interaction, "That choice has passed.")

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        runner = self.router.in_channel(channel_id)
        if runner is not None:
            await runner.gone()

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        log.error("command failed (user %s)", interaction.user.id, exc_info=error)
        with contextlib.suppress(discord.HTTPException):
            await reply(interaction, SORRY)


def create_bot(
    settings: Settings,
    store: MatchStore | None = None,
    *,
    clock: Callable[[], datetime] | None = None,
    seeds: Callable[[], int] | None = None,
    **options: object,
) -> ChicagoBot:
    """The configured bot, not connected. `store` defaults to SQLite at `settings.db`;
    `clock` and `seeds` are for harnesses that need fixed time or fixed matches."""
    if store is None:
        from bot.store import SqliteStore

        store = SqliteStore(settings.db)
    return ChicagoBot(settings, store, clock, seeds, **options)
