"""The match commands of the `/chicago` group: new, join, leave, start, board, end, help.

Commands only find the channel's table (lobby or running match) and translate; the
table does the work and the registry answers errors, so every reply is private unless
it is news for the whole channel. Like every part of the group, they are built by
`commands()` and added in one place (`bot.discord_app.command_group`).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord_app import lobby, messages, permissions, server_settings
from bot.discord_app.command_group import Command, command
from bot.discord_app.lobby_room import Lobby
from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.replies import reply
from bot.discord_app.tables import Table, Tables
from bot.discord_app.views import end_view
from bot.registry import game_named
from bot.settings import Settings
from bot.store import SeatRecord
from engine.chicago.limits import (
    DEFAULT_ROUND_LIMIT,
    MAX_BOSSES,
    MAX_ROUND_LIMIT,
    MIN_BOSSES,
    SHORT_MATCH_MARKS,
    STANDARD_MARKS,
)

log = logging.getLogger("chicago.bot")

NO_MATCH = "There is no match in this channel. `/chicago new` opens one."
THREAD_NAME = "Chicago 1927 match"

LENGTHS = [
    app_commands.Choice(name=f"standard: first to {STANDARD_MARKS} Empire Marks", value="standard"),
    app_commands.Choice(name=f"short: first to {SHORT_MATCH_MARKS} Empire Marks", value="short"),
    app_commands.Choice(name="round limit: final count after N rounds", value="rounds"),
]
GAME_CHOICES = [
    app_commands.Choice(name="Chicago 1927 (bosses and the police)", value="chicago"),
    app_commands.Choice(name="Turf (2–6 players, buildings, secret fights)", value="turf"),
    app_commands.Choice(name="Bootleg (2–4 players, envoys, barrels, majorities)", value="bootleg"),
]
# Players each game told through a presenter seats (Chicago 1927 counts bosses).
SEATED = {"turf": (2, 6), "bootleg": (2, 4)}
ROLES = [
    app_commands.Choice(name="boss", value="boss"),
    app_commands.Choice(name="police", value="police"),
]


class MatchCommands:
    """The callbacks of the match commands."""

    def __init__(self, tables: Tables, settings: Settings) -> None:
        self.tables = tables
        self.settings = settings

    async def _table_here(self, interaction: discord.Interaction) -> Table | None:
        """The table in this channel; without one, the user is told how to open one."""
        table = self.tables.in_channel(interaction.channel_id)
        if table is None:
            await reply(interaction, NO_MATCH)
        return table

    async def new(
        self,
        interaction: discord.Interaction,
        bosses: app_commands.Range[int, MIN_BOSSES, MAX_BOSSES] = 3,
        timer: app_commands.Range[int, 1, 1440] | None = None,
        length: str = "standard",
        rounds: app_commands.Range[int, 1, MAX_ROUND_LIMIT] | None = None,
        thread: bool = False,
        game: str = "chicago",
        players: app_commands.Range[int, 2, 6] | None = None,
    ) -> None:
        if game in SEATED:
            low, high = SEATED[game]
            count = players if players is not None else bosses
            if not low <= count <= high:
                await reply(interaction, f"{game_named(game).title} seats {low} to {high} players.")
                return
            await self.tables.guarded(
                interaction,
                None,
                "new",
                lambda: self._new(interaction, count, timer, "rounds", rounds, thread, game),
            )
            return
        limit = rounds if rounds is not None else DEFAULT_ROUND_LIMIT
        await self.tables.guarded(
            interaction,
            None,
            "new",
            lambda: self._new(interaction, bosses, timer, length, limit, thread),
        )

    async def _new(
        self,
        interaction: discord.Interaction,
        bosses: int,
        timer: int | None,
        length: str,
        rounds: int | None,
        thread: bool,
        game: str = "chicago",
    ) -> None:
        channel = interaction.channel
        guild = interaction.guild
        if guild is None or channel is None:
            await reply(interaction, "Matches are played in server channels.")
            return
        in_thread = isinstance(channel, discord.Thread)
        new_thread = thread and not in_thread
        lacking = permissions.missing(interaction.app_permissions, new_thread, in_thread)
        if lacking:
            await reply(
                interaction,
                "I can't run a match here yet. Please give me these permissions in this "
                "channel: " + ", ".join(lacking) + ".",
            )
            return
        if new_thread and not isinstance(channel, discord.TextChannel):
            await reply(interaction, "A new thread can only be opened from a text channel.")
            return
        server = await server_settings.load(self.tables.ctx.store, guild.id)
        refused = server_settings.open_problem(self.tables, interaction, server)
        if refused:
            await reply(interaction, refused)
            return
        default = server.timer_seconds(self.settings.turn_timer)
        settings = MatchSettings(
            bosses=bosses,
            timer=(timer * 60) if timer is not None else default,
            marks=SHORT_MATCH_MARKS if length == "short" else STANDARD_MARKS,
            round_limit=rounds if length == "rounds" else None,
            thread=new_thread,
            computers=server.computers,
            starter_role=server.starter_role,
            game=game,
        )
        host = interaction.user
        seats = [SeatRecord("boss", lobby.unique_name(host.display_name, []), host.id)]
        made: list[Any] = []

        async def prepare() -> int:
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert isinstance(channel, discord.TextChannel)
            made.append(
                await channel.create_thread(
                    name=THREAD_NAME, type=discord.ChannelType.public_thread
                )
            )
            return int(made[0].id)

        async def post(table: Lobby) -> int:
            if new_thread:
                message = await made[0].send(**table.message())
                await interaction.followup.send(
                    f"The match lobby is open in {made[0].mention}.", ephemeral=True
                )
                return int(message.id)
            await interaction.response.send_message(**table.message())
            return (await interaction.original_response()).id

        opened = await self.tables.open_lobby(
            guild.id, channel.id, host.id, settings, seats, post, prepare if new_thread else None
        )
        if isinstance(opened, str):
            await reply(interaction, opened)

    async def join(self, interaction: discord.Interaction, role: str = "boss") -> None:
        table = await self._table_here(interaction)
        if table is None:
            return

        async def work() -> None:
            if not isinstance(table, Lobby):
                ok, text = await table.take_back(interaction.user)
                await reply(interaction, text)
                return
            ok, text = await table.join(interaction.user, role)
            await reply(interaction, text)
            if ok:
                await table.refresh()

        await self.tables.guarded(interaction, table, "join", work)

    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            ok, text = await table.leave(interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)
            if ok and isinstance(table, Lobby):
                await table.refresh()

        await self.tables.guarded(interaction, table, "leave", work)

    async def start(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            if not isinstance(table, Lobby):
                text = "The match has already started."
            else:
                _, text = await table.start(interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)

        await self.tables.guarded(interaction, table, "start", work)

    async def board(self, interaction: discord.Interaction, public: bool = False) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=not public, thinking=True)
            if isinstance(table, Lobby):
                body: dict[str, Any] = {
                    "embed": messages.lobby_embed(table.host_id, table.settings, table.seats)
                }
            else:
                body = await table.board()
            await interaction.followup.send(ephemeral=not public, **body)

        await self.tables.guarded(interaction, table, "board", work)

    async def end(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return
        if not self.tables.may_end(interaction, table):
            await reply(
                interaction,
                f"Only the host (<@{table.record.host_id}>) or someone with Manage Channels "
                "can end this match.",
            )
            return
        await reply(
            interaction,
            "End this match for everyone? It cannot be continued afterwards.",
            view=end_view(table.match_id),
        )

    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=messages.help_embed(), ephemeral=True)


def commands(tables: Tables, settings: Settings, group: app_commands.Group) -> list[Command]:
    handlers = MatchCommands(tables, settings)
    new = command(
        group,
        "new",
        "Open a lobby for a new match in this channel",
        handlers.new,
        bosses=f"How many bosses ({MIN_BOSSES}–{MAX_BOSSES}); the police is one more seat",
        timer="Minutes each decision may take before the safe choice is made for the player",
        length="How the match ends",
        rounds=f"With a round limit: how many rounds (default {DEFAULT_ROUND_LIMIT}; Turf 30)",
        thread="Open the match in a new thread of this channel",
        game="Which game: Chicago 1927 (default), Turf or Bootleg",
        players="Turf: how many players (2–6; default 3)",
    )
    app_commands.choices(length=LENGTHS)(new)
    app_commands.choices(game=GAME_CHOICES)(new)
    join = command(
        group,
        "join",
        "Take a seat, or take yours back from the computer",
        handlers.join,
        role="Boss or police (lobby only; default boss)",
    )
    app_commands.choices(role=ROLES)(join)
    return [
        new,
        join,
        command(
            group, "leave", "Leave the lobby, or let a computer play your seat", handlers.leave
        ),
        command(group, "start", "Host: deal the seats and begin the match", handlers.start),
        command(
            group,
            "board",
            "The board and standings now",
            handlers.board,
            public="Show it to the whole channel (default: just you)",
        ),
        command(group, "end", "End the match here (host or Manage Channels)", handlers.end),
        command(group, "help", "How to play, and every command", handlers.help),
    ]
