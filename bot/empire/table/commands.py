"""Empire's own `/chicago` commands: `offer` (EMPIRE §10), `orders` (the standing orders
of §6.9) and `bid` (any sealed amount of §9.3-§9.4 the private list does not show).

Each is a decision of the caller's own seat, checked by the rules: an offer and a
standing order are made unasked through the one table's `offer`, a bid answers the
seat's open question. What is refused is said privately.
"""

from __future__ import annotations

import re

import discord
from discord import app_commands

import engine.empire as empire
from bot.discord_app.command_group import Command, command
from bot.discord_app.game_table import GameTable
from bot.discord_app.ports import host_of
from bot.discord_app.replies import reply
from bot.registry import game_named
from engine.empire import DecisionKind, Side
from engine.empire.cards import EVENTS, JOBS, MOBSTERS

NOT_EMPIRE = "That is part of Empire; this channel has no Empire match running."
OFFER_SENT = "Offer sent: they answer by DM (or in the channel when their DMs are closed)."


class Terms(ValueError):
    """The terms as typed do not read; the message says why."""


def _named(text: str | None, table: dict[str, object], what: str) -> tuple[str, ...]:
    """Cards or Mobsters by id ("E14") or by name ("Tax Man"), comma-separated."""
    out = []
    for word in re.split(r"[,;]+", (text or "").strip()):
        word = word.strip()
        if not word:
            continue
        wanted = word.casefold()
        found = next(
            (
                cid
                for cid, row in table.items()
                if wanted in (cid.casefold(), getattr(row, "name", "").casefold())
            ),
            None,
        )
        if found is None:
            raise Terms(f"“{word}” is not {what}")
        out.append(found)
    return tuple(out)


def side(
    money: int, girls: int, booze: int, henchmen: int, cards: str | None, mobsters: str | None
) -> Side:
    if money % 50:
        raise Terms("money moves in multiples of $50")
    return Side(
        money,
        (girls, booze, henchmen),
        _named(cards, {**EVENTS, **JOBS}, "an Event or a Job card"),
        _named(mobsters, dict(MOBSTERS), "a Mobster"),
    )


def _table(interaction: discord.Interaction) -> GameTable | None:
    table = host_of(interaction).table_in(interaction.channel_id)
    if not isinstance(table, GameTable) or table.game is not game_named("empire"):
        return None
    return table


async def offer_cmd(
    interaction: discord.Interaction,
    to: discord.Member,
    give_money: app_commands.Range[int, 0, 1_000_000] = 0,
    give_girls: app_commands.Range[int, 0, 40] = 0,
    give_booze: app_commands.Range[int, 0, 40] = 0,
    give_henchmen: app_commands.Range[int, 0, 40] = 0,
    give_cards: str | None = None,
    give_mobsters: str | None = None,
    ask_money: app_commands.Range[int, 0, 1_000_000] = 0,
    ask_girls: app_commands.Range[int, 0, 40] = 0,
    ask_booze: app_commands.Range[int, 0, 40] = 0,
    ask_henchmen: app_commands.Range[int, 0, 40] = 0,
    ask_cards: str | None = None,
    ask_mobsters: str | None = None,
) -> None:
    table = _table(interaction)
    if table is None:
        await reply(interaction, NOT_EMPIRE)
        return
    receiver = table.seat_of(to.id)
    if receiver is None:
        await reply(interaction, f"{to.display_name} has no seat in this match.")
        return
    try:
        give = side(give_money, give_girls, give_booze, give_henchmen, give_cards, give_mobsters)
        get = side(ask_money, ask_girls, ask_booze, ask_henchmen, ask_cards, ask_mobsters)
    except Terms as exc:
        await reply(interaction, f"That offer does not read right: {exc}.")
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    refused = await table.offer(
        interaction.user.id, str(empire.offer_decision(receiver, give, get))
    )
    await interaction.followup.send(refused or OFFER_SENT, ephemeral=True)


async def orders_cmd(
    interaction: discord.Interaction, horse_head: str | None = None, first_aid: str | None = None
) -> None:
    table = _table(interaction)
    if table is None:
        await reply(interaction, NOT_EMPIRE)
        return
    try:
        ticks = (
            ()
            if (horse_head or "").strip().casefold() == "none"
            else _named(horse_head, dict(EVENTS), "an Event card")
            if horse_head
            else empire.orders_decision().args[0].split(".")
        )
        aid = (first_aid or "first").strip()
        if aid.casefold() not in ("first", "never"):
            aid = ".".join(_named(aid, dict(MOBSTERS), "a Mobster"))
        else:
            aid = aid.casefold()
    except Terms as exc:
        await reply(interaction, f"Those orders do not read right: {exc}.")
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    refused = await table.offer(interaction.user.id, str(empire.orders_decision(ticks, aid)))
    await interaction.followup.send(
        refused or "Standing orders set: only you know them.", ephemeral=True
    )


async def bid_cmd(
    interaction: discord.Interaction, amount: app_commands.Range[int, 0, 1_000_000]
) -> None:
    table = _table(interaction)
    if table is None:
        await reply(interaction, NOT_EMPIRE)
        return
    await table.wake()
    seat = table.playing(interaction.user.id)
    asked = [] if seat is None else empire.pending_for(table.session.state.match, seat)
    sealed = next((p for p in asked if p.kind in (DecisionKind.BID, DecisionKind.BRIBE)), None)
    seq = None if seat is None else table.session.asked_at(seat)
    if sealed is None or seq is None:
        await reply(interaction, "You have no sealed bid to make now.")
        return
    # Named, since a lot whose time ran out gives way to the next one between a look
    # at the prompt and the command.
    view = empire.player_view(table.session.state.match, seat)
    what = "the Badge" if sealed.kind is DecisionKind.BRIBE else MOBSTERS[view.lot].name
    await interaction.response.defer(ephemeral=True, thinking=True)
    refused = await table.decide(interaction.user.id, seq, f"{sealed.kind.value}:{amount}")
    await interaction.followup.send(
        refused or f"Sealed: ${amount:,} for {what}. Only you know it.", ephemeral=True
    )


def commands(group: app_commands.Group) -> list[Command]:
    return [
        command(
            group, "offer", "Empire: offer another player a trade (money, Resources, cards)",
            offer_cmd,
            to="The player you make the offer to",
            give_money="Dollars you give (multiples of $50)", give_girls="Girls you give",
            give_booze="Booze you give", give_henchmen="Henchmen you give",
            give_cards="Event or Job cards you give, by name, comma-separated",
            give_mobsters="Mobsters you give (Trade Round only), by name",
            ask_money="Dollars you ask for", ask_girls="Girls you ask for",
            ask_booze="Booze you ask for", ask_henchmen="Henchmen you ask for",
            ask_cards="Event or Job cards you ask for, by name",
            ask_mobsters="Mobsters you ask for (Trade Round only), by name",
        ),
        command(
            group, "orders", "Empire: your standing orders for the reaction cards, privately",
            orders_cmd,
            horse_head="Events your Severed Horse Head cancels, by name (or none)",
            first_aid="Whom Fabulous First Aid saves: first, never, or Mobsters by name",
        ),
        command(
            group, "bid", "Empire: seal any bid or bribe amount for the open lot",
            bid_cmd, amount="Dollars (0 passes; multiples of $50)",
        ),
    ]  # fmt: skip
