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

from bot.discord_app import lobby, permissions, server_settings
from bot.discord_app.command_group import Command, command
from bot.discord_app.lobby_message import lobby_embed
from bot.discord_app.lobby_room import Lobby
from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.messages import help_embed
from bot.discord_app.new_options import NewOptions, new_command_signature
from bot.discord_app.replies import reply
from bot.discord_app.tables import Table, Tables
from bot.discord_app.views import end_view
from bot.games.seating import Seating
from bot.registry import DEFAULT_GAME, GAMES, game_named
from bot.settings import Settings
from bot.store import SeatRecord

log = logging.getLogger("chicago.bot")

NO_MATCH = "There is no match in this channel. `/chicago new` opens one."
THREAD_NAME = "Chicago 1927 match"


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

    async def new(self, interaction: discord.Interaction, **given: Any) -> None:
        """`/chicago new`: the game's seat count and length read as its seating says
        (a count out of the game's range is refused in its own words)."""
        asked = NewOptions(given)
        game = game_named(asked.game)
        seating = game.seating
        count = asked.count(seating)
        if not seating.count.low <= count <= seating.count.high:
            low, high = seating.count.low, seating.count.high
            await reply(interaction, f"{game.title} seats {low} to {high} {seating.main.plural}.")
            return
        options, limit = asked.terms(game)
        # The timer and the server's say are filled in once the server is read.
        settings = MatchSettings(count, 0, options, limit, game=game.key, pace=asked.pace)
        await self.tables.guarded(
            interaction,
            None,
            "new",
            lambda: self._new(interaction, settings, asked.timer, asked.thread, seating),
        )

    async def _new(
        self,
        interaction: discord.Interaction,
        asked: MatchSettings,
        timer: int | None,
        thread: bool,
        seating: Seating,
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
        settings = asked.but(
            timer=(timer * 60) if timer is not None else default,
            thread=new_thread,
            computers=server.computers,
            starter_role=server.starter_role,
        )
        host = interaction.user
        name = lobby.unique_name(host.display_name, [], seating)
        seats = [SeatRecord(seating.main.key, name, host.id)]
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

    async def join(self, interaction: discord.Interaction, role: str | None = None) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return

        async def work() -> None:
            if not isinstance(table, Lobby):
                ok, text = await table.take_back(interaction.user)
                await reply(interaction, text)
                return
            ok, text = await table.join(interaction.user, role or table.seating.main.key)
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
                    "embed": lobby_embed(table.host_id, table.settings, table.seats)
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
        await interaction.response.send_message(embed=help_embed(), ephemeral=True)


def role_choices() -> list[app_commands.Choice[str]]:
    """Every role any game seats, by its key, the default game's first."""
    keys = dict.fromkeys(r.key for g in GAMES.values() for r in g.seating.roles)
    return [app_commands.Choice(name=key, value=key) for key in keys]


def commands(tables: Tables, settings: Settings, group: app_commands.Group) -> list[Command]:
    handlers = MatchCommands(tables, settings)
    signature, described, choices = new_command_signature()

    # The options of /chicago new are the registered games' (their counts and lengths), so
    # the callback takes them as keywords and declares them to discord.py by signature.
    async def new(interaction: discord.Interaction, **given: Any) -> None:
        await handlers.new(interaction, **given)

    new.__signature__ = signature  # type: ignore[attr-defined]
    made = command(group, "new", "Open a lobby for a new match in this channel", new, **described)
    for name, listed in choices.items():
        app_commands.choices(**{name: listed})(made)
    roles = role_choices()
    words = " or ".join(c.name for c in roles)
    default_role = game_named(DEFAULT_GAME).seating.main.key
    join = command(
        group,
        "join",
        "Take a seat, or take yours back from the computer",
        handlers.join,
        role=f"{words.capitalize()} (lobby only; default {default_role})",
    )
    app_commands.choices(role=roles)(join)
    return [
        made,
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
