"""The post-match summary the final message carries: how the match ended, the biggest
raid, the richest moment, the marks chart and the Rematch button. Writing it also keeps
each side's record for statistics."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass, field

import discord

from bot import rating_board
from bot.chicago import history, side_rows
from bot.chicago.narration import money
from bot.chicago.render.chart import marks_chart
from bot.chicago.table.messages import ending_reason
from bot.discord_app.views import Layout, rematch_button
from bot.session import Applied
from bot.store import MatchRecord, MatchStore
from engine.chicago import MatchState
from engine.chicago.board import SPACES

COLOUR = discord.Colour(0xB8860B)
CHART = "marks.png"


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
        record.match_id, side_rows.side_results(record.match_id, state, story, record.seats)
    )
    rated = await rating_board.rate_finished(store, record.match_id)
    names = story.names
    embed = discord.Embed(title="📜 Match summary", colour=COLOUR)
    how = history.END_TEXT.get(str(result.reason), str(result.reason))
    why = ending_reason(state)  # the marks beside do not say why the winner won
    embed.add_field(
        name="How it ended",
        value=f"{names[result.winner]} won {how} in round {state.round} "
        f"({state.seq} decisions, {story.turns} turns)." + (f"\n{why}" if why else ""),
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
    embed.add_field(name="Ratings", value=rated, inline=False)
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
    view = Layout()
    view.add_item(rematch_button(record.match_id))
    return Summary([embed], [discord.File(io.BytesIO(chart), filename=CHART)], view)
