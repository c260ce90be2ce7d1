"""The `/chicago` command group: new, join, leave, start, board, end, help.

Commands only find the channel's match and translate; the match's runner does the work
and the router answers errors, so every reply is private unless it is news for the
whole channel.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app import lobby, messages, permissions, server_settings
from bot.discord_app.router import reply
from bot.discord_app.runner import MatchRunner
from bot.discord_app.views import end_view
from bot.store import SeatRecord
from engine.limits import (
    DEFAULT_ROUND_LIMIT,
    MAX_BOSSES,
    MAX_ROUND_LIMIT,
    MIN_BOSSES,
    SHORT_MATCH_MARKS,
    STANDARD_MARKS,
)

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot

log = logging.getLogger("chicago.bot")

NO_MATCH = "There is no match in this channel. `/chicago new` opens one."
THREAD_NAME = "Chicago 1927 — match {match}"

LENGTHS = [
    app_commands.Choice(name=f"standard: first to {STANDARD_MARKS} Empire Marks", value="standard"),
    app_commands.Choice(name=f"short: first to {SHORT_MATCH_MARKS} Empire Marks", value="short"),
    app_commands.Choice(name="round limit: final count after N rounds", value="rounds"),
]
ROLES = [
    app_commands.Choice(name="boss", value="boss"),
    app_commands.Choice(name="police", value="police"),
]


class ChicagoCog(commands.Cog):
    """Chicago 1927 in this server's channels."""

    chicago = app_commands.Group(
        name="chicago",
        description="Chicago 1927: a 1920s gangland board game, played in this channel",
        guild_only=True,
    )

    def __init__(self, bot: ChicagoBot) -> None:
        self.bot = bot

    def _runner(self, interaction: discord.Interaction) -> MatchRunner | None:
        return self.bot.router.in_channel(interaction.channel_id)

    async def _match_here(self, interaction: discord.Interaction) -> MatchRunner | None:
        """The match in this channel; without one, the user is told how to open one."""
        runner = self._runner(interaction)
        if runner is None:
            await reply(interaction, NO_MATCH)
        return runner

    @chicago.command(name="new", description="Open a lobby for a new match in this channel")
    @app_commands.describe(
        bosses=f"How many bosses ({MIN_BOSSES}–{MAX_BOSSES}); the police is one more seat",
        timer="Minutes each decision may take before the safe choice is made for the player",
        length="How the match ends",
        rounds=f"With a round limit: how many rounds (default {DEFAULT_ROUND_LIMIT})",
        thread="Open the match in a new thread of this channel",
    )
    @app_commands.choices(length=LENGTHS)
    async def new_cmd(
        self,
        interaction: discord.Interaction,
        bosses: app_commands.Range[int, MIN_BOSSES, MAX_BOSSES] = 3,
        timer: app_commands.Range[int, 1, 1440] | None = None,
        length: str = "standard",
        rounds: app_commands.Range[int, 1, MAX_ROUND_LIMIT] = DEFAULT_ROUND_LIMIT,
        thread: bool = False,
    ) -> None:
        await self.bot.router.guarded(
            interaction,
            None,
            "new",
            lambda: self._new(interaction, bosses, timer, length, rounds, thread),
        )

    async def _new(
        self,
        interaction: discord.Interaction,
        bosses: int,
        timer: int | None,
        length: str,
        rounds: int,
        thread: bool,
    ) -> None:
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await reply(interaction, "Matches are played in server channels.")
            return
        existing = self.bot.router.in_channel(channel.id)
        if existing is None and await self.bot.store.match_in_channel(channel.id) is not None:
            await reply(interaction, "A match is still being loaded here; try again shortly.")
            return
        if existing is not None:
            await reply(
                interaction,
                f"A match is already open here: {existing.where()}. Finish it, or ask the host "
                "to `/chicago end` it, before starting another.",
            )
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
        server = await server_settings.load(self.bot, interaction.guild.id)
        refused = server_settings.open_problem(self.bot, interaction, server)
        if refused:
            await reply(interaction, refused)
            return
        default = server.timer_seconds(self.bot.settings.turn_timer)
        seconds = (timer * 60) if timer is not None else default
        settings: dict[str, Any] = {
            "computers": server.computers,
            "starter_role": server.starter_role,
            "bosses": bosses,
            "timer": seconds,
            "marks": SHORT_MATCH_MARKS if length == "short" else STANDARD_MARKS,
            "round_limit": rounds if length == "rounds" else None,
            "thread": new_thread,
        }
        host = interaction.user
        if new_thread:
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert isinstance(channel, discord.TextChannel)
            target: discord.abc.Messageable = await channel.create_thread(
                name="Chicago 1927 match", type=discord.ChannelType.public_thread
            )
            target_id = target.id  # type: ignore[attr-defined]
        else:
            target, target_id = channel, channel.id  # type: ignore[assignment]
        record = await self.bot.store.create_match(
            interaction.guild.id, target_id, host.id, settings, self.bot.new_seed()
        )
        seats = [SeatRecord("boss", lobby.unique_name(host.display_name, []), host.id)]
        await self.bot.store.set_seats(record.match_id, seats)
        record.seats = seats
        runner = MatchRunner(self.bot, record)
        self.bot.router.add(runner)
        if new_thread:
            message = await target.send(**runner.lobby_message())
            await interaction.followup.send(
                f"The match lobby is open in {target.mention}.",  # type: ignore[attr-defined]
                ephemeral=True,
            )
        else:
            await interaction.response.send_message(**runner.lobby_message())
            message = await interaction.original_response()
        await self.bot.store.set_message(record.match_id, "lobby", message.id)
        log.info("match %s: lobby opened in channel %s by %s", record.match_id, target_id, host.id)

    @chicago.command(name="join", description="Take a seat, or take yours back from the computer")
    @app_commands.describe(role="Boss or police (lobby only; default boss)")
    @app_commands.choices(role=ROLES)
    async def join_cmd(self, interaction: discord.Interaction, role: str = "boss") -> None:
        runner = await self._match_here(interaction)
        if runner is None:
            return

        async def work() -> None:
            lobby_open = runner.session is None
            ok, text = await runner.join(interaction.user, role)
            await reply(interaction, text)
            if ok and lobby_open:
                await runner.refresh_lobby()

        await self.bot.router.guarded(interaction, runner, "join", work)

    @chicago.command(name="leave", description="Leave the lobby, or let a computer play your seat")
    async def leave_cmd(self, interaction: discord.Interaction) -> None:
        runner = await self._match_here(interaction)
        if runner is None:
            return

        async def work() -> None:
            lobby_open = runner.session is None
            await interaction.response.defer(ephemeral=True, thinking=True)
            ok, text = await runner.leave(interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)
            if ok and lobby_open:
                await runner.refresh_lobby()

        await self.bot.router.guarded(interaction, runner, "leave", work)

    @chicago.command(name="start", description="Host: deal the seats and begin the match")
    async def start_cmd(self, interaction: discord.Interaction) -> None:
        runner = await self._match_here(interaction)
        if runner is None:
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            _, text = await runner.start(interaction.user.id)
            await interaction.followup.send(text, ephemeral=True)

        await self.bot.router.guarded(interaction, runner, "start", work)

    @chicago.command(name="board", description="The board and standings now")
    @app_commands.describe(public="Show it to the whole channel (default: just you)")
    async def board_cmd(self, interaction: discord.Interaction, public: bool = False) -> None:
        runner = await self._match_here(interaction)
        if runner is None:
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=not public, thinking=True)
            body = await runner.board()
            await interaction.followup.send(ephemeral=not public, **body)

        await self.bot.router.guarded(interaction, runner, "board", work)

    @chicago.command(name="end", description="End the match here (host or Manage Channels)")
    async def end_cmd(self, interaction: discord.Interaction) -> None:
        runner = await self._match_here(interaction)
        if runner is None:
            return
        if not self.bot.router.may_end(interaction, runner):
            await reply(
                interaction,
                f"Only the host (<@{runner.record.host_id}>) or someone with Manage Channels "
                "can end this match.",
            )
            return
        await reply(
            interaction,
            "End this match for everyone? It cannot be continued afterwards.",
            view=end_view(runner.match_id),
        )

    @chicago.command(name="help", description="How to play, and every command")
    async def help_cmd(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=messages.help_embed(), ephemeral=True)
