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
from typing import Any

import discord
from discord import app_commands

from bot import player_stats, rating_board
from bot.discord_app.command_group import Command, command
from bot.discord_app.custom_ids import leaderboard_id
from bot.discord_app.ports import ClickRouter
from bot.discord_app.replies import reply
from bot.discord_app.views import ChicagoButton, Layout
from bot.games.animations import animate
from bot.games.protocol import Game, StatField
from bot.registry import DEFAULT_GAME, GAMES, game_named
from bot.replay_file import export, suffix
from bot.store import FinishedMatch, MatchStore, SeatRecord

log = logging.getLogger("chicago.bot")

COLOUR = discord.Colour(0xB8860B)
CHART = "marks.png"
HISTORY_PAGE = 10
LEADERBOARD_PAGE = 10
AUTOCOMPLETE_MATCHES = 25


def _seat_name(seat: SeatRecord) -> str:
    return f"{seat.name} 🤖" if seat.user_id is None else seat.name


def _winner(match: FinishedMatch) -> str:
    """The winner as the match's game names them ("Ada (Queen Bee)"); a match finished
    before side records were kept has the name alone."""
    seats = match.seats
    winner = match.result.winner
    name = seats[winner].name if 0 <= winner < len(seats) else "nobody"
    side = next((s for s in match.sides if s.seat == winner), None)
    return name if side is None else game_named(match.result.game).winner_words(name, side.facts)


def history_line(match: FinishedMatch) -> str:
    """One finished match: number, date, winner, how it ended, rounds, players; a game
    other than the bot's own is named ("🎲 Turf")."""
    when = f"<t:{int(match.finished_at.timestamp())}:d>"
    game = game_named(match.result.game)
    how = game.ending_words(match.result.reason)
    players = ", ".join(_seat_name(s) for s in match.seats)
    if game.home:
        told = f"🏆 {_winner(match)} {how}"
    else:
        told = f"🎲 {game.title} · 🏆 {_winner(match)} — {how}"
    return f"**#{match.match_id}** · {when} · {told} · {match.result.rounds} rounds\n{players}"


# --- the leaderboard -----------------------------------------------------------------


def rated_game(key: str | None) -> Game:
    """The rated game stored or asked for under `key`; the default game for one that is
    unknown (an old button) or not rated."""
    game = GAMES.get(key or DEFAULT_GAME)
    return game if game is not None and game.rated else game_named(DEFAULT_GAME)


async def leaderboard_page(
    store: MatchStore, guild_id: int | None, key: str | None, page: int
) -> dict[str, Any]:
    """The embed and Previous/Next buttons of one page (0-based) of a game's
    leaderboard."""
    game = rated_game(key)
    board = await rating_board.leaderboard_page(store, guild_id, game.key, page, LEADERBOARD_PAGE)
    page, pages = board.page, board.pages
    embed = discord.Embed(title=f"🏆 Who rules Chicago at {game.title}", colour=COLOUR)
    embed.description = (
        "\n".join(board.lines) or f"Nobody has played a rated match of {game.title} here yet."
    )
    embed.set_footer(text=board.footer)
    view = Layout()
    earlier, later = leaderboard_id(game.key, page - 1), leaderboard_id(game.key, page + 1)
    view.add_item(ChicagoButton(earlier, "◀ Previous", disabled=page == 0))
    view.add_item(ChicagoButton(later, "Next ▶", disabled=page >= pages - 1))
    return {"embed": embed, "view": view}


async def rating_fields(store: MatchStore, guild_id: int | None, user_id: int) -> list[StatField]:
    """A player's rating in each game they are rated in (registry order), with their
    latest changes in it: fewer lines each when several games share the card, so it
    stays short on a phone. One field saying so when they are rated in none."""
    rated = [g.key for g in GAMES.values() if g.rated]
    keys = await rating_board.rated_games(store, guild_id, user_id, rated)
    games = [GAMES[key] for key in keys]
    if not games:
        text = await rating_board.player_rating(store, guild_id, user_id, DEFAULT_GAME)
        return [StatField("Rating", text, inline=False)]
    history = 10 if len(games) == 1 else 3
    return [
        StatField(
            f"Rating · {game.title}",
            await rating_board.player_rating(store, guild_id, user_id, game.key, history),
            inline=False,
        )
        for game in games
    ]


# --- the commands --------------------------------------------------------------------


class HistoryCommands:
    """The history commands' callbacks; `attach` adds them to the `/chicago` group."""

    def __init__(self, store: MatchStore, clicks: ClickRouter) -> None:
        self.store = store
        self.clicks = clicks

    async def history(self, interaction: discord.Interaction, page: int = 1) -> None:
        async def work() -> None:
            guild = interaction.guild_id
            total = await self.store.finished_count(guild)
            pages = max(1, -(-total // HISTORY_PAGE))
            shown = max(1, min(page, pages))
            matches = await self.store.finished_matches(
                guild, HISTORY_PAGE, (shown - 1) * HISTORY_PAGE
            )
            embed = discord.Embed(title="📚 Matches played here", colour=COLOUR)
            embed.description = (
                "\n".join(history_line(m) for m in matches) or "No finished matches here yet."
            )
            embed.set_footer(text=f"Page {shown} of {pages} · {total} matches")
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await self.clicks.guarded(interaction, None, "history", work)

    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        async def work() -> None:
            who = player or interaction.user
            tallies = await self.store.player_tallies(interaction.guild_id, who.id)
            found = player_stats.player_stats(who.id, tallies)
            if found is None:
                await reply(interaction, f"{who.display_name} has no finished matches here yet.")
                return
            embed = stats_embed(found)
            for field in await rating_fields(self.store, interaction.guild_id, who.id):
                embed.add_field(name=field.name, value=field.value, inline=field.inline)
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await self.clicks.guarded(interaction, None, "stats", work)

    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async def work() -> None:
            key = game
            if key is None and interaction.channel_id is not None:
                key = await self.store.channel_game(interaction.channel_id)
            body = await leaderboard_page(self.store, interaction.guild_id, key, 0)
            await interaction.response.send_message(**body)

        await self.clicks.guarded(interaction, None, "leaderboard", work)

    async def replay(self, interaction: discord.Interaction, match: int) -> None:
        async def work() -> None:
            found = await self.store.finished_match(match)
            if found is None or found.guild_id != interaction.guild_id:
                await reply(interaction, f"There is no finished match #{match} on this server.")
                return
            if not found.replayable:
                await reply(
                    interaction, f"Match #{match}'s log was pruned: only its result is kept."
                )
                return
            await interaction.response.defer(thinking=True)
            files = await replay_files(self.store, found)
            game = game_named(found.result.game)
            named = "" if game.home else f" of {game.title}"
            await interaction.followup.send(
                f"🎞️ Match #{match}{named}, turn by turn — {_winner(found)} won. The `.json` "
                "file replays and verifies it: `chicago-bot replay FILE`.",
                files=files,
            )

        await self.clicks.guarded(interaction, None, "replay", work)

    async def finished_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """This server's replayable finished matches, newest first, matching what is
        typed against the number, the winner or a player's name."""
        matches = await self.store.finished_matches(interaction.guild_id, 100)
        wanted = current.strip().lstrip("#").lower()
        choices = []
        for m in matches:
            if not m.replayable:
                continue
            head = f"#{m.match_id} · {m.finished_at:%Y-%m-%d} · {_winner(m)} won"
            names = [s.name for s in m.seats]
            if wanted and wanted not in " · ".join([head, *names]).lower():
                continue
            choices.append(app_commands.Choice(name=fit_names(head, names), value=m.match_id))
            if len(choices) == AUTOCOMPLETE_MATCHES:
                break
        return choices


def fit_names(head: str, names: list[str], limit: int = 100) -> str:
    """`head · a, b, c` within `limit` characters: names that do not fit are counted
    ("+2 more"), never cut in the middle."""
    for shown in range(len(names), -1, -1):
        rest = len(names) - shown
        listed = ", ".join(names[:shown]) + (f" +{rest} more" if rest else "")
        label = f"{head} · {listed}" if listed else head
        if len(label) <= limit:
            return label
    return head[: limit - 1] + "…"


async def replay_files(store: MatchStore, found: FinishedMatch) -> list[discord.File]:
    """The animation and the verifiable match log of a finished match, of whichever
    game it is (the game stored with the match's settings)."""
    stored = await store.load(found.match_id)
    assert stored.setup_json is not None
    game = game_named(stored.record.settings.get("game"))
    setup = game.load_setup(stored.setup_json)
    decisions = [(d.seat, d.decision) for d in stored.full_log]
    facts = {
        "id": found.match_id,
        "finished_at": found.finished_at.isoformat(),
        "engine_version": stored.record.engine_version,
        "seats": [{"name": s.name, "role": s.role, "computer": s.computer} for s in found.seats],
    }
    gif, log_file = await asyncio.gather(
        asyncio.to_thread(animate, game, setup, decisions),
        asyncio.to_thread(export, setup, decisions, facts, game),
    )
    name = f"{game.key}-match-{found.match_id}"
    return [
        discord.File(io.BytesIO(gif), filename=f"{name}.gif"),
        discord.File(io.BytesIO(log_file), filename=f"{name}{suffix(game)}"),
    ]


def stats_embed(stats: player_stats.PlayerStats) -> discord.Embed:
    """Matches and wins overall, then every game's tallies, then every game's totals
    (games in the registry's order), each game's made by the game from its own totals."""
    embed = discord.Embed(title=f"📊 {stats.name} in Chicago", colour=COLOUR)
    embed.add_field(name="Matches", value=str(stats.overall.played))
    embed.add_field(name="Wins", value=stats.overall.text())
    shown = [g.stat_fields(stats.tallies.get(g.key, [])) for g in GAMES.values()]
    for field in [f for s in shown for f in s.tallies] + [f for s in shown for f in s.totals]:
        embed.add_field(name=field.name, value=field.value, inline=field.inline)
    return embed


def commands(store: MatchStore, clicks: ClickRouter, group: app_commands.Group) -> list[Command]:
    """`/chicago history`, `stats`, `leaderboard` and `replay`."""
    handlers = HistoryCommands(store, clicks)
    replay_cmd = command(
        group,
        "replay",
        "A finished match as an animation, with its log to verify",
        handlers.replay,
        match="A finished match of this server",
    )
    replay_cmd.autocomplete("match")(handlers.finished_choices)
    leaderboard_cmd = command(
        group,
        "leaderboard",
        "Who rules Chicago on this server, game by game",
        handlers.leaderboard,
        game="Which game's ratings (default: the game last played in this channel)",
    )
    rated = [g for g in GAMES.values() if g.rated]
    app_commands.choices(game=[app_commands.Choice(name=g.title, value=g.key) for g in rated])(
        leaderboard_cmd
    )
    return [
        command(
            group,
            "history",
            "This server's recent matches: players, winner, how it ended",
            handlers.history,
            page="Which page (10 matches each, newest first)",
        ),
        command(
            group,
            "stats",
            "A player's matches, wins by character and as police, marks and raids",
            handlers.stats,
            player="Whose statistics (default: yours)",
        ),
        leaderboard_cmd,
        replay_cmd,
    ]
