"""`/chicago deal`: offer another player a deal in a Turf match (TURF §7).

Each side may give cards (named by rank: suits never matter) and idle thugs, and may
promise to discard cards or idle thugs. The offer is checked by the game itself, goes
to the receiver by DM (with the channel's 🔒 button as the fallback when their DMs are
closed), and an accepted deal is carried out at once.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

from bot.discord_app.command_group import Command, command
from bot.discord_app.game_table import GameTable
from bot.discord_app.ports import host_of
from bot.discord_app.replies import reply
from bot.registry import TURF
from bot.typed_numbers import not_a_number, whole_number
from engine.turf import DealSide, Decision
from engine.turf.cards import RANKS

RANK_WORDS = {"ace": 1, "a": 1}
NOT_TURF = "Deals are part of Turf; this channel has no Turf match running."
OFFER_SENT = "Offer sent: they answer in private."


class DealTerms(ValueError):
    """The terms as typed do not read as a deal; the message says why."""


def ranks(text: str | None) -> tuple[int, ...]:
    """ "7 9 ace" or "7,9,1" → (7, 9, 1); anything else is refused in words."""
    out = []
    for word in re.split(r"[\s,;]+", (text or "").strip().lower()):
        if not word:
            continue
        number = whole_number(word)
        value = RANK_WORDS.get(word) if number is None else number
        if value not in RANKS:
            raise DealTerms(not_a_number(word, "a card rank", "ranks are 1 to 10, or ace"))
        out.append(value)
    return tuple(out)


def deal_text(
    receiver: int,
    give: str | None,
    give_thugs: int,
    ask: str | None,
    ask_thugs: int,
    discard: str | None,
    they_discard: str | None,
    discard_thugs: int = 0,
    they_discard_thugs: int = 0,
) -> str:
    """The deal's decision text (the game checks it against the match)."""
    mine = DealSide(ranks(give), give_thugs, ranks(discard), discard_thugs)
    theirs = DealSide(ranks(ask), ask_thugs, ranks(they_discard), they_discard_thugs)
    if mine.empty and theirs.empty:
        raise DealTerms("A deal must move something: name cards or thugs.")
    return str(Decision("deal", seat=receiver, mine=mine, theirs=theirs))


async def deal_cmd(
    interaction: discord.Interaction,
    to: discord.Member,
    give: str | None = None,
    give_thugs: app_commands.Range[int, 0, 40] = 0,
    ask: str | None = None,
    ask_thugs: app_commands.Range[int, 0, 40] = 0,
    discard: str | None = None,
    they_discard: str | None = None,
    discard_thugs: app_commands.Range[int, 0, 40] = 0,
    they_discard_thugs: app_commands.Range[int, 0, 40] = 0,
) -> None:
    table = host_of(interaction).table_in(interaction.channel_id)
    if not isinstance(table, GameTable) or table.game is not TURF:
        await reply(interaction, NOT_TURF)
        return
    receiver = table.seat_of(to.id)
    if receiver is None:
        await reply(interaction, f"{to.display_name} has no seat in this match.")
        return
    try:
        text = deal_text(
            receiver, give, give_thugs, ask, ask_thugs, discard, they_discard,
            discard_thugs, they_discard_thugs,
        )  # fmt: skip
    except DealTerms as exc:
        await reply(interaction, f"That deal does not read right. {exc}")
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    refused = await table.offer(interaction.user.id, text)
    await interaction.followup.send(refused or OFFER_SENT, ephemeral=True)


def commands(group: app_commands.Group) -> list[Command]:
    return [
        command(
            group,
            "deal",
            "Turf: offer another player a deal (cards by rank, idle thugs)",
            deal_cmd,
            to="The player you offer the deal to",
            give="Cards you give, by rank (e.g. 7 9 ace)",
            give_thugs="Idle thugs you give",
            ask="Cards you ask for, by rank",
            ask_thugs="Idle thugs you ask for",
            discard="Cards you promise to discard, by rank",
            they_discard="Cards they promise to discard, by rank",
            discard_thugs="Idle thugs you promise to discard",
            they_discard_thugs="Idle thugs they promise to discard",
        )
    ]
