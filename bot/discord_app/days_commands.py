"""The commands of play over days: `/chicago notify`, `/chicago quiet`, `/chicago away`
and `/chicago mine`. Every answer is private; a vacation is also told to the table.

`mine` reads only what the process holds in memory (each running match's seats, who is
asked, their banks), so it answers at once however many matches run.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache
from zoneinfo import available_timezones

import discord
from discord import app_commands

from bot.clocks import QuietHours
from bot.clocks.pace import MAX_AWAY_DAYS
from bot.discord_app.command_group import Command, command
from bot.discord_app.game_table import GameTable
from bot.discord_app.messages import clip
from bot.discord_app.replies import reply
from bot.discord_app.tables import Tables
from bot.store import MatchStore
from bot.store.clock_tables import NOTIFY_CHOICES

NOTIFY_WORDS = {
    "mention": "a mention in the match's channel",
    "dm": "a direct message linking the prompt",
    "off": "no notice (the prompt still names you)",
}
MAX_LISTED = 10  # matches per part of `/chicago mine`; the rest are counted


@lru_cache(maxsize=1)
def zone_names() -> tuple[str, ...]:
    return tuple(sorted(available_timezones()))


def where_words(table: GameTable) -> str:
    """ "Speakeasy #chicago", as far as the process can see the channel."""
    channel = table.ctx.gateway.get_channel(table.channel_id)
    guild = getattr(getattr(channel, "guild", None), "name", None)
    name = getattr(channel, "name", None)
    if guild and name:
        return f"{guild} #{name}"
    return f"<#{table.channel_id}>"


def mine_text(tables: Tables, user_id: int, now: datetime) -> str:
    """Every match of this process where the user is asked (game, bank, link to the
    prompt), then every match they sit in."""
    asked: list[str] = []
    seated: list[str] = []
    for table in tables.running():
        seat = next((i for i, s in enumerate(table.seats) if s.user_id == user_id), None)
        if seat is None or table.closed:
            continue
        title = table.game.title
        where = where_words(table)
        if seat in table.asked_seats and table.seats[seat].controller == "user":
            bank = table.bank_of(seat, now)
            if bank is None:
                deadline = table.timer.deadline
                bank = f"time runs out <t:{int(deadline.timestamp())}:R>" if deadline else "live"
            asked.append(f"• **{title}** in {where}: {bank} · [the prompt]({table.where()})")
        played = "over days" if table.days is not None else "live"
        seated.append(f"• **{title}** in {where}, {played} · [go]({table.where()})")
    parts = [_part("⏳ Waiting on you", asked), _part("🎲 Your matches", seated)]
    if not seated:
        return "You sit in no running match that I can see."
    return clip("\n\n".join(parts), 1990)


def _part(heading: str, lines: list[str]) -> str:
    if not lines:
        return f"**{heading}**: none."
    shown = lines[:MAX_LISTED]
    more = len(lines) - len(shown)
    tail = [f"… and {more} more"] if more else []
    return "\n".join([f"**{heading} ({len(lines)})**", *shown, *tail])


class DaysCommands:
    def __init__(self, store: MatchStore, tables: Tables) -> None:
        self.store = store
        self.tables = tables

    async def notify(self, interaction: discord.Interaction, how: str) -> None:
        if interaction.guild_id is None:
            await reply(interaction, "Notices are chosen per server: use this in a server.")
            return
        await self.store.set_notify_choice(interaction.guild_id, interaction.user.id, how)
        await reply(
            interaction,
            f"On this server, when it is your turn in a match played over days you get "
            f"{NOTIFY_WORDS[how]}.",
        )

    async def quiet(self, interaction: discord.Interaction, hours: str, tz: str = "UTC") -> None:
        user = interaction.user.id
        if hours.strip().lower() in ("off", "none", ""):
            await self.store.set_quiet_hours(user, None)
            await reply(interaction, "Your quiet hours are off: notices come at any hour.")
            return
        try:
            quiet = QuietHours.parse(hours, tz.strip())
        except ValueError as exc:
            await reply(interaction, str(exc))
            return
        await self.store.set_quiet_hours(user, quiet.text, quiet.zone)
        await reply(
            interaction,
            f"Quiet hours {quiet.text} ({quiet.zone}): notices and reminders due then wait "
            "until they end. Your clock still runs in them.",
        )

    async def zones(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.lower()
        found = [z for z in zone_names() if typed in z.lower()][:25]
        return [app_commands.Choice(name=z, value=z) for z in found]

    async def away(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 1, MAX_AWAY_DAYS]
    ) -> None:
        table = self.tables.in_channel(interaction.channel_id)
        if not isinstance(table, GameTable):
            await reply(interaction, "There is no running match in this channel.")
            return

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = await table.go_away(interaction.user.id, days)
            await interaction.followup.send(text, ephemeral=True)

        await self.tables.guarded(interaction, table, "away", work)

    async def mine(self, interaction: discord.Interaction) -> None:
        now = self.tables.ctx.clock()
        await reply(interaction, mine_text(self.tables, interaction.user.id, now))


def commands(store: MatchStore, tables: Tables, group: app_commands.Group) -> list[Command]:
    handlers = DaysCommands(store, tables)
    notify = command(
        group, "notify", "How you are told it is your turn over days, on this server",
        handlers.notify, how="mention (default), dm, or off",
    )  # fmt: skip
    app_commands.choices(how=[app_commands.Choice(name=c, value=c) for c in NOTIFY_CHOICES])(notify)
    quiet = command(
        group, "quiet", "Hours when notices wait (the clock still runs)", handlers.quiet,
        hours="HH:MM-HH:MM, for example 23:00-08:00, or off",
        tz="Your time zone, for example Europe/Warsaw (default UTC)",
    )  # fmt: skip
    quiet.autocomplete("tz")(handlers.zones)
    return [
        notify,
        quiet,
        command(
            group,
            "away",
            "Pause your clock in this match (once, up to 7 days)",
            handlers.away,
            days=f"Days away, 1 to {MAX_AWAY_DAYS}",
        ),
        command(group, "mine", "Every match waiting on you, in every server", handlers.mine),
    ]
