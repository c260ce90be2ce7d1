"""The bot: `create_bot(settings)` builds it without connecting, so `chicago-bot run`,
the tests and any other harness drive the very same client.

It asks Discord for the guilds intent only: slash commands and buttons arrive as
interactions, which need no privileged intent (no message content, no member list).
The bot composes the layer's parts — the table registry, the command group, the one
persistent button — and nothing else imports it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Any, cast

import discord
from discord.ext import commands

from bot.discord_app import commands as match_commands
from bot.discord_app import days_commands, history, idle, server_settings, shutdown
from bot.discord_app.command_group import fill, new_group
from bot.discord_app.cooldowns import Cooldowns
from bot.discord_app.custom_ids import DraftClick, ours, parse
from bot.discord_app.match_channel import ChannelGone
from bot.discord_app.ports import ClickRouter, DrawingPool, Listed, MatchContext, Pictures
from bot.discord_app.remote import Listening, RemoteDecisions, StepListener
from bot.discord_app.replies import SORRY, reply
from bot.discord_app.shards import Shards
from bot.discord_app.tables import Table, Tables
from bot.discord_app.tellers import every_game
from bot.discord_app.timers import Clock
from bot.discord_app.tree import ChicagoTree
from bot.discord_app.views import DYNAMIC_ITEMS
from bot.discord_app.who_answers import form_values, item_answers
from bot.long_lived import set_aside_start_up
from bot.registry import DEFAULT_GAME, table_of
from bot.settings import Settings
from bot.store import MatchStore
from bot.verdicts import Verdict, say
from engine.common import WIDE_SEED_BITS, wide_seed

log = logging.getLogger("chicago.bot")


def intents() -> discord.Intents:
    """Guilds only: channel and thread events (a deleted channel ends its match)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


def pictures() -> Pictures:
    """How the default game's matches are drawn, from its table entry in the registry."""
    side: Pictures = table_of(DEFAULT_GAME).pictures
    return side


class ChicagoBot(commands.AutoShardedBot):
    """The Discord client: the `/chicago` commands, the persistent buttons, and the
    registry of open tables. Sharded from the start (`CHICAGO_SHARD_COUNT`, else as many
    shards as Discord recommends), so a bot that grows past 2,500 servers needs no
    rewrite; with `CHICAGO_SHARD_IDS` it runs some of the shards, and the matches of
    their servers, beside processes running the others on the same PostgreSQL database
    (`bot.discord_app.shards`, `bot.discord_app.remote`)."""

    def __init__(
        self,
        settings: Settings,
        store: MatchStore,
        clock: Clock | None = None,
        seeds: Callable[[], int] | None = None,
        **options: object,
    ) -> None:
        options.setdefault("shard_count", settings.total_shards)
        if settings.shard_ids is not None:
            options.setdefault("shard_ids", list(settings.shard_ids))
        ids = options.get("shard_ids")
        count = options.get("shard_count")
        self.owned = Shards.of(
            list(ids) if isinstance(ids, list | tuple) else None,
            count if isinstance(count, int) else None,
        )
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            tree_cls=ChicagoTree,
            # Nothing pings unless a message names whom it asks (`replies.asking`).
            allowed_mentions=discord.AllowedMentions.none(),
            **options,  # type: ignore[arg-type]
        )
        self.settings = settings
        self._store = store
        # The running bot sets aside what start-up loaded from the garbage collector
        # (`bot.long_lived`); bots started by tests leave the collector as it is.
        self.set_aside_after_load = False
        self.clock: Clock = clock or discord.utils.utcnow
        self._seeds = seeds or (lambda: wide_seed(secrets.randbits(WIDE_SEED_BITS)))
        self.pictures = pictures()  # before the tables: their context draws with it
        self.tables = Tables(
            self._context, self.new_seed, lambda: self.clock().timestamp(), self.owned.owns
        )
        self.listener: StepListener | None = None
        if not self.owned.every and hasattr(store, "subscribe"):
            # Other processes run the other shards: DM clicks on their matches are
            # applied through the store, and theirs on ours are heard here.
            self.tables.remote = RemoteDecisions(self.tables.ctx, self.owned.owns)
            self.listener = StepListener(
                cast(Listening, store), self.tables.news, self.tables.catch_up_all
            )
        self._resume_task: asyncio.Task[None] | None = None
        # Set on SIGTERM/SIGINT: clicks are answered politely and not taken.
        self.stopping = False
        self.background: set[asyncio.Task[None]] = set()
        self.render_pool: DrawingPool = self.pictures.drawing_pool(settings.render_workers)

    def _context(self, tables: Tables) -> MatchContext:
        return MatchContext(
            store=self._store,
            gateway=self,
            clock=lambda: self.clock(),
            render=self.pictures.render,
            render_full=self.pictures.render_full,
            registry=tables,
            computer_delay=self.settings.computer_delay,
            stopping=lambda: self.stopping,
        )

    # --- what buttons and the command tree read (bot.discord_app.ports.Host) -----------

    @property
    def store(self) -> MatchStore:
        return self._store

    @property
    def clicks(self) -> ClickRouter:
        return self.tables

    @property
    def cooldowns(self) -> Cooldowns:
        return self.tables.cooldowns

    def table_in(self, channel_id: int | None) -> Listed | None:
        return self.tables.in_channel(channel_id)

    def wakeable_in(self, channel_id: int | None) -> Table | None:
        return self.tables.in_channel(channel_id)

    def new_seed(self) -> int:
        return self._seeds()

    # --- starting and stopping ----------------------------------------------------------

    async def setup_hook(self) -> None:
        await self._store.open()
        self.render_pool.start()
        self.pictures.use_pool(self.render_pool)
        sweeper = idle.sweeper(
            self.tables, self.settings.idle_after, lambda: self.clock(), self.is_closed
        )
        self._spawn(sweeper, "chicago-idle-sweeper")
        self._spawn(shutdown.heartbeat(self, self.settings.heartbeat_path), "chicago-heartbeat")
        for item in DYNAMIC_ITEMS:
            self.add_dynamic_items(item)
        group = new_group()
        fill(
            group,
            match_commands.commands(self.tables, self.settings, group),
            history.commands(self._store, self.tables, group),
            server_settings.commands(self._store, self.settings.turn_timer, group),
            days_commands.commands(self._store, self.tables, group),
            *(game.commands(group) for game in every_game()),
        )
        self.tree.add_command(group)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        if self.listener is not None:
            await self.listener.start()  # before loading: no decision falls between
            self._spawn(self.listener.run(), "chicago-step-listener")
            log.info("running %s; matches of other shards are left to their processes",
                     self.owned)  # fmt: skip
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        await self.tables.load()
        if self.set_aside_after_load:
            set_aside_start_up()
        self._resume_task = asyncio.create_task(self._resume_all(), name="chicago-resume")

    async def _resume_all(self) -> None:
        await self.wait_until_ready()
        await self.tables.resume_all()

    def _spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        task = asyncio.create_task(work, name=name)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def close(self) -> None:
        for match in self.tables.running():
            match.timer.cancel()
        self.tables.stop_catching_up()
        if self._resume_task is not None and not self._resume_task.done():
            self._resume_task.cancel()
        for task in list(self.background):
            if task is not asyncio.current_task() and task.get_name() != "chicago-shutdown":
                task.cancel()
        await super().close()
        await self._store.close()
        if self.pictures.pool_in_use() is self.render_pool:  # not another bot's (tests run several)
            self.pictures.use_pool(None)
        await asyncio.to_thread(self.render_pool.shutdown)

    # --- clicks nothing else answers -----------------------------------------------------

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction of ours that no persistent item answers (`who_answers`): a
        click on a component its message no longer shows (the player's screen was
        behind) hears it has passed; a form sent back goes to the router. Nothing else
        answers these, and this answers nothing else."""
        if interaction.type not in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            return
        data: dict[str, object] = dict(interaction.data or {})
        custom_id = str(data.get("custom_id", ""))
        if not ours(custom_id) or item_answers(interaction):
            return
        click = parse(custom_id)
        if interaction.type is discord.InteractionType.modal_submit:
            await self.tables.submit(interaction, click, form_values(interaction))
            return
        with contextlib.suppress(discord.HTTPException):
            text = say(Verdict.SCREEN_GONE if isinstance(click, DraftClick) else Verdict.STALE)
            await self.tables.tell(interaction, text)

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        table = self.tables.in_channel(channel_id)
        if table is not None:
            await table.gone()

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
    """The configured bot, not connected. `store` defaults to the one `settings.db` names;
    `clock` and `seeds` are for harnesses that need fixed time or fixed matches."""
    if store is None:
        from bot.store.location import open_store

        store = open_store(settings.db)
    return ChicagoBot(settings, store, clock, seeds, **options)


__all__ = ["ChannelGone", "ChicagoBot", "create_bot"]
