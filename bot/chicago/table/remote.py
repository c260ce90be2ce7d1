"""Chicago 1927's clicks on a match another bot process runs (`bot.discord_app.remote`
answers them at once and loads the match as the store has it): a decision is checked
against the seat and its risk, then committed for the owner; "Full board" draws the
whole board privately."""

from __future__ import annotations

import contextlib
import io

import discord

from bot.chicago.render.alt_text import alt_text
from bot.chicago.table import messages
from bot.chicago.table.offers import outcome
from bot.chicago.table.risks import risk_of
from bot.discord_app.custom_ids import DecisionClick
from bot.discord_app.remote import RemoteDecisions
from bot.discord_app.replies import reply
from bot.discord_app.stored_sessions import why_not
from bot.discord_app.views import sure_view
from bot.session import MatchSession
from bot.store import MatchRecord

BOARD = "board.png"


async def remote_decide(
    remote: RemoteDecisions,
    interaction: discord.Interaction,
    record: MatchRecord,
    session: MatchSession,
    click: DecisionClick,
) -> None:
    """A decision click, already answered: refused, warned of its risk, or committed
    (and the DM's buttons replaced by what it did)."""
    user = interaction.user.id
    refused = why_not(session, record.seats, user, click.seq, click.decision)
    if refused is not None:
        await reply(interaction, refused)
        return
    assert session.pending is not None
    risk = None if click.sure else risk_of(session.state, session.pending, str(click.decision))
    if risk is not None:
        option = next(o for o in session.pending.options if o.decision == str(click.decision))
        label = messages.option_label(session.state, session.pending, option)
        await reply(interaction, f"⚠️ {risk}", view=sure_view(click, label))
        return
    refused = await remote.commit(record, session, user, click)
    if refused is not None:
        await reply(interaction, refused)
    elif not click.sure:
        with contextlib.suppress(discord.HTTPException):
            await interaction.edit_original_response(content=outcome(session, click.seq), view=None)


async def remote_board(
    remote: RemoteDecisions,
    interaction: discord.Interaction,
    record: MatchRecord,
    session: MatchSession,
) -> None:
    """The whole board and standings, privately."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    state = session.state
    png = await remote.ctx.full_board(state, [])
    embed = messages.status_embed(state, record.seats, BOARD)
    picture = discord.File(io.BytesIO(png), filename=BOARD, description=alt_text(state))
    await interaction.followup.send(ephemeral=True, embed=embed, file=picture)
