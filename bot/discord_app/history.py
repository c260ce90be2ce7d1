"""`/chicago history`, `stats`, `leaderboard` and `replay`, the post-match summary and
its Rematch button.

Everything here reads the store: the results and per-side rows a match leaves when it
finishes, and (for a replay) its seed and decision log. Names are the ones stored with
the seats, so a player who has left the server still shows as they played.
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import history
from bot.discord_app.buttons import PersistentButton, bot_of
from bot.narration import money
from bot.render import animation
from bot.render.chart import marks_chart
from bot.replay_file import SUFFIX, export
from bot.session import Applied
from bot.store import FinishedMatch, MatchRecord, MatchStore, SeatRecord, load_setup
from engine import MatchState
from engine.board import SPACES

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot
    from bot.discord_app.commands import ChicagoCog

log = logging.getLogger("chicago.bot")

COLOUR = discord.Colour(0xB8860B)
CHART = "marks.png"
HISTORY_PAGE = 10
LEADERBOARD_PAGE = 10
AUTOCOMPLETE_MATCHES = 25


async def reply(interaction: discord.Interaction, text: str) -> None:
    """A private answer (the router's `reply`, which this module cannot import: the
    runner imports this module, and the router the runner)."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def _seat_name(seat: SeatRecord) -> str:
    return f"{seat.name} 🤖" if seat.user_id is None else seat.name


def _winner(match: FinishedMatch) -> str:
    seats = match.seats
    winner = match.result.winner
    name = seats[winner].name if 0 <= winner < len(seats) else "nobody"
    side = next((s for s in match.sides if s.seat == winner), None)
    return f"{name} ({side.character})" if side is not None else name


def history_line(match: FinishedMatch) -> str:
    """One finished match: number, date, winner, how it ended, rounds, players."""
    when = f"<t:{int(match.finished_at.timestamp())}:d>"
    how = history.END_TEXT.get(match.result.reason, match.result.reason)
    players = ", ".join(_seat_name(s) for s in match.seats)
    return (
        f"**#{match.match_id}** · {when} · 🏆 {_winner(match)} {how} · "
        f"{match.result.rounds} rounds\n{players}"
    )


# --- the post-match summary ----------------------------------------------------------


@dataclass(slots=True)
class Summary:
    """What the final message adds: the summary embed, the chart and the Rematch button."""

    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None


async def match_summary(
    store: MatchStore, record: MatchRecord, state: MatchState, log_: list[Applied]
) -> Summary:
    """Record each side's result for statistics, and tell the match's story: how it
    ended, the biggest raid, the richest moment and the marks chart."""
    result = state.result
    if result is None:
        return Summary()
    decisions = [(a.seat, a.decision) for a in log_]
    _, story = await asyncio.to_thread(history.tell, state.setup, decisions)
    await store.record_sides(
        record.match_id, history.side_results(record.match_id, state, story, record.seats)
    )
    names = story.names
    embed = discord.Embed(title="📜 Match summary", colour=COLOUR)
    how = history.END_TEXT.get(str(result.reason), str(result.reason))
    embed.add_field(
        name="How it ended",
        value=f"{names[result.winner]} won {how} after {state.round} rounds "
        f"({state.seq} decisions, {story.turns} turns).",
        inline=False,
    )
    raid = story.biggest_raid
    if raid is not None:
        space = SPACES[raid.space].name if 0 <= raid.space < len(SPACES) else None
        embed.add_field(
            name="Biggest raid", value=history.raid_text(story, raid, space) + ".", inline=False
        )
    rich = story.richest
    richest = f"Nobody ever held more than the {money(story.dealt)} dealt at the start."
    if rich is not None:
        richest = f"Round {rich.round}: {names[rich.seat]} held {money(rich.cash)} in cash."
    embed.add_field(name="Richest moment", value=richest, inline=False)
    marks = " · ".join(f"{names[s.seat]} {s.marks}" for s in state.sides)
    embed.add_field(name="Empire Marks", value=marks, inline=False)
    embed.set_image(url=f"attachment://{CHART}")
    embed.set_footer(text="Rematch opens a new lobby here with the same players.")
    chart = await asyncio.to_thread(
        marks_chart,
        names,
        story.police_seat,
        story.marks,
        state.setup.options.marks_to_win,
        result.winner,
    )
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(record.match_id))
    return Summary([embed], [discord.File(io.BytesIO(chart), filename=CHART)], view)


class RematchButton(
    PersistentButton,
    template=r"chicago:(?P<match>\d+):rematch",
):
    """A new lobby in the same channel with the finished match's players and settings."""

    parts = (("match", int),)

    def __init__(self, match_id: int) -> None:
        super().__init__(
            f"chicago:{match_id}:rematch", "Rematch", discord.ButtonStyle.success, emoji="🔁"
        )
        self.match_id = match_id

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await bot.router.guarded(
            interaction, None, "rematch", lambda: rematch(bot, interaction, self.match_id)
        )


def rematch_seats(seats: list[SeatRecord], host_id: int) -> list[SeatRecord]:
    """The same people and computers in the same roles, the host first; seats a
    computer took over go back to their players."""
    fresh = [SeatRecord(s.role, s.name, s.user_id, s.computer, s.computer or "user") for s in seats]
    fresh.sort(key=lambda s: (s.role == "police", s.user_id != host_id))
    return fresh


async def rematch(bot: ChicagoBot, interaction: discord.Interaction, match_id: int) -> None:
    from bot.discord_app.runner import MatchRunner  # the runner imports this module, via telling

    old = await bot.store.finished_match(match_id)
    channel_id = interaction.channel_id
    if old is None or channel_id is None or interaction.guild is None:
        await reply(interaction, "That match is not in the history any more.")
        return
    if all(s.user_id != interaction.user.id for s in old.seats):
        await reply(interaction, "Only the players of that match can call a rematch.")
        return
    existing = bot.router.in_channel(channel_id)
    if existing is not None or await bot.store.match_in_channel(channel_id) is not None:
        await reply(interaction, "A match is already open here; finish it first.")
        return
    previous = await bot.store.match(match_id)
    settings = dict(previous.settings, thread=False)
    record = await bot.store.create_match(
        interaction.guild.id, channel_id, interaction.user.id, settings, bot.new_seed()
    )
    seats = rematch_seats(old.seats, interaction.user.id)
    await bot.store.set_seats(record.match_id, seats)
    record.seats = seats
    runner = MatchRunner(bot, record)
    bot.router.add(runner)
    body = runner.lobby_message(f"🔁 Rematch of match #{match_id}: the host starts it.")
    await interaction.response.send_message(**body)
    message = await interaction.original_response()
    await bot.store.set_message(record.match_id, "lobby", message.id)
    log.info("match %s: rematch of %s opened by %s", record.match_id, match_id, interaction.user.id)


# --- the leaderboard -----------------------------------------------------------------


async def leaderboard_page(store: MatchStore, guild_id: int | None, page: int) -> dict[str, Any]:
    """The embed and Previous/Next buttons of one leaderboard page (0-based)."""
    ranked = history.leaderboard(await store.side_results(guild_id))
    pages = max(1, -(-len(ranked) // LEADERBOARD_PAGE))
    page = max(0, min(page, pages - 1))
    embed = discord.Embed(title="🏆 Who rules Chicago", colour=COLOUR)
    shown = ranked[page * LEADERBOARD_PAGE : (page + 1) * LEADERBOARD_PAGE]
    lines = [
        f"**{page * LEADERBOARD_PAGE + n}.** {p.name} — {p.overall.won} wins in "
        f"{p.overall.played} ({p.overall.rate:.0%}) · {p.marks} marks · "
        f"raids {p.raids_won} won, {p.raids_lost} lost"
        for n, p in enumerate(shown, start=1)
    ]
    embed.description = "\n".join(lines) or "No finished matches here yet."
    embed.set_footer(text=f"Page {page + 1} of {pages}")
    view = discord.ui.View(timeout=None)
    view.add_item(LeaderboardButton(page - 1, "◀ Previous", disabled=page == 0))
    view.add_item(LeaderboardButton(page + 1, "Next ▶", disabled=page >= pages - 1))
    return {"embed": embed, "view": view}


class LeaderboardButton(
    PersistentButton,
    template=r"chicago:leaderboard:(?P<page>-?\d+)",
):
    """Turns the leaderboard's page; the server is the one the message is in."""

    parts = (("page", int),)

    def __init__(self, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(f"chicago:leaderboard:{page}", label or str(page + 1), disabled=disabled)
        self.page = page

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)

        async def work() -> None:
            body = await leaderboard_page(bot.store, interaction.guild_id, self.page)
            await interaction.response.edit_message(**body)

        await bot.router.guarded(interaction, None, "leaderboard", work)


# --- the commands --------------------------------------------------------------------


class HistoryCommands:
    """The history commands' callbacks; `attach` adds them to the `/chicago` group."""

    def __init__(self, bot: ChicagoBot) -> None:
        self.bot = bot

    async def history(self, interaction: discord.Interaction, page: int = 1) -> None:
        async def work() -> None:
            guild = interaction.guild_id
            total = await self.bot.store.finished_count(guild)
            pages = max(1, -(-total // HISTORY_PAGE))
            shown = max(1, min(page, pages))
            matches = await self.bot.store.finished_matches(
                guild, HISTORY_PAGE, (shown - 1) * HISTORY_PAGE
            )
            embed = discord.Embed(title="📚 Matches played here", colour=COLOUR)
            embed.description = (
                "\n".join(history_line(m) for m in matches) or "No finished matches here yet."
            )
            embed.set_footer(text=f"Page {shown} of {pages} · {total} matches")
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await self.bot.router.guarded(interaction, None, "history", work)

    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        async def work() -> None:
            who = player or interaction.user
            rows = await self.bot.store.side_results(interaction.guild_id, who.id)
            found = history.player_stats(rows).get(who.id)
            if found is None:
                await reply(interaction, f"{who.display_name} has no finished matches here yet.")
                return
            await interaction.response.send_message(embed=stats_embed(found), ephemeral=True)

        await self.bot.router.guarded(interaction, None, "stats", work)

    async def leaderboard(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            body = await leaderboard_page(self.bot.store, interaction.guild_id, 0)
            await interaction.response.send_message(**body)

        await self.bot.router.guarded(interaction, None, "leaderboard", work)

    async def replay(self, interaction: discord.Interaction, match: int) -> None:
        async def work() -> None:
            found = await self.bot.store.finished_match(match)
            if found is None or found.guild_id != interaction.guild_id:
                await reply(interaction, f"There is no finished match #{match} on this server.")
                return
            if not found.replayable:
                await reply(
                    interaction, f"Match #{match}'s log was pruned: only its result is kept."
                )
                return
            await interaction.response.defer(thinking=True)
            files = await replay_files(self.bot.store, found)
            await interaction.followup.send(
                f"🎞️ Match #{match}, turn by turn — {_winner(found)} won. The `.json` file "
                "replays and verifies it: `chicago-bot replay FILE`.",
                files=files,
            )

        await self.bot.router.guarded(interaction, None, "replay", work)

    async def finished_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """This server's replayable finished matches, newest first, matching what is
        typed against the number, the winner or a player's name."""
        matches = await self.bot.store.finished_matches(interaction.guild_id, 100)
        wanted = current.strip().lstrip("#").lower()
        choices = []
        for m in matches:
            if not m.replayable:
                continue
            label = f"#{m.match_id} · {m.finished_at:%Y-%m-%d} · {_winner(m)} won · " + ", ".join(
                s.name for s in m.seats
            )
            if wanted and wanted not in label.lower():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=m.match_id))
            if len(choices) == AUTOCOMPLETE_MATCHES:
                break
        return choices


async def replay_files(store: MatchStore, found: FinishedMatch) -> list[discord.File]:
    """The animation and the verifiable match log of a finished match."""
    stored = await store.load(found.match_id)
    assert stored.setup_json is not None
    setup = load_setup(stored.setup_json)
    decisions = [(d.seat, d.decision) for d in stored.full_log]
    facts = {
        "id": found.match_id,
        "finished_at": found.finished_at.isoformat(),
        "engine_version": stored.record.engine_version,
        "seats": [{"name": s.name, "role": s.role, "computer": s.computer} for s in found.seats],
    }
    gif, log_file = await asyncio.gather(
        asyncio.to_thread(animation.animate, setup, decisions),
        asyncio.to_thread(export, setup, decisions, facts),
    )
    name = f"chicago-match-{found.match_id}"
    return [
        discord.File(io.BytesIO(gif), filename=f"{name}.gif"),
        discord.File(io.BytesIO(log_file), filename=f"{name}{SUFFIX}"),
    ]


def stats_embed(stats: history.PlayerStats) -> discord.Embed:
    embed = discord.Embed(title=f"📊 {stats.name} in Chicago", colour=COLOUR)
    embed.add_field(name="Matches", value=str(stats.overall.played))
    embed.add_field(name="Wins", value=stats.overall.text())
    embed.add_field(name="As police", value=stats.police.text() if stats.police.played else "—")
    by_character = "\n".join(
        f"{name}: {tally.text()}"
        for name, tally in sorted(stats.characters.items(), key=lambda kv: -kv[1].played)
    )
    embed.add_field(name="As a boss, by character", value=by_character or "—", inline=False)
    embed.add_field(name="Empire Marks earned", value=str(stats.marks))
    embed.add_field(name="Raids won / lost", value=f"{stats.raids_won} / {stats.raids_lost}")
    return embed


def _command(
    group: app_commands.Group,
    name: str,
    description: str,
    callback: Any,
    **params: str,
) -> app_commands.Command[Any, ..., Any]:
    command: app_commands.Command[Any, ..., Any] = app_commands.Command(
        name=name, description=description, callback=callback, parent=group
    )
    if params:
        app_commands.describe(**params)(command)
    return command


def attach(bot: ChicagoBot, cog: ChicagoCog) -> None:
    """Add the history commands to the cog's `/chicago` group (before the cog is added)
    and register the buttons that must work after a restart."""
    commands = HistoryCommands(bot)
    group = cog.chicago
    replay_cmd = _command(
        group,
        "replay",
        "A finished match as an animation, with its log to verify",
        commands.replay,
        match="A finished match of this server",
    )
    replay_cmd.autocomplete("match")(commands.finished_choices)
    for command in (
        _command(
            group,
            "history",
            "This server's recent matches: players, winner, how it ended",
            commands.history,
            page="Which page (10 matches each, newest first)",
        ),
        _command(
            group,
            "stats",
            "A player's matches, wins by character and as police, marks and raids",
            commands.stats,
            player="Whose statistics (default: yours)",
        ),
        _command(group, "leaderboard", "Who rules Chicago on this server", commands.leaderboard),
        replay_cmd,
    ):
        group.add_command(command)
    bot.add_dynamic_items(RematchButton, LeaderboardButton)
