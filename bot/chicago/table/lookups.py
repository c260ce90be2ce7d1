"""Look-ups in the `/chicago` group: rules, card, banknotes, ledger and your hand.

Every answer is private (ephemeral) and reads only public facts or the asker's own seat,
so a spectator can use them as freely as a player and nobody sees what is another
player's alone. The commands are plain functions the group takes from `commands()`, which
keeps them apart from the match commands.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.chicago.business_card import (
    BusinessCard,
    business_card,
    card_titles_matching,
    find_business,
)
from bot.chicago.narration import money
from bot.discord_app.command_group import Command
from bot.discord_app.game_table import GameTable
from bot.discord_app.ports import host_of
from bot.discord_app.replies import reply
from bot.games import CardText
from bot.registry import CHICAGO, GAMES
from bot.rulebook import Entry, Topic, load
from bot.telling import plural
from engine.chicago import MatchState, Notes, bank_ledger, banknotes, player_view
from engine.chicago.board import SPACES
from engine.chicago.cards import MAX_CONTACTS_HELD
from engine.chicago.characters import CHARACTERS

COLOUR = discord.Colour(0xB8860B)
NO_MATCH = "There is no match in this channel. `/chicago new` opens one."
NOT_STARTED = "The match has not started yet: seats and money are dealt at the start."
MAX_EMBED = 4000
MAX_CHOICES = 25


def _state(
    interaction: discord.Interaction,
) -> tuple[GameTable | None, MatchState | None, str]:
    """The channel's running match (woken by the command tree's check), or why there is
    none to read."""
    table = host_of(interaction).table_in(interaction.channel_id)
    if table is None:
        return None, None, NO_MATCH
    if not isinstance(table, GameTable) or table.game is not CHICAGO or table.asleep:
        return None, None, NOT_STARTED
    return table, table.session.state, ""


async def _private(interaction: discord.Interaction, embed: discord.Embed) -> None:
    await interaction.response.send_message(embed=embed, ephemeral=True)


def notes_text(notes: Notes) -> str:
    """ "2 × $5,000 · 3 × $1,000" — largest note first, empty values left out."""
    parts = [f"{count} × {money(value)}" for value, count in notes.counts.items() if count]
    if notes.unbroken:
        parts.append(f"{money(notes.unbroken)} not in notes")
    return " · ".join(parts) or "no notes"


# --- the rule book -------------------------------------------------------------------


def topic_embed(topic: Topic) -> discord.Embed:
    """A topic as an embed; a long one (the cards) lists its entries instead."""
    body = topic.body
    if len(body) > MAX_EMBED:
        intro = body.split("\n#", 1)[0].strip()
        titles = [e.title for e in load().entries if e.group == topic.title or _in(topic, e)]
        listing = ", ".join(titles)
        body = f"{intro}\n\n**Entries:** {listing}\n\n`/chicago card <title>` shows any of them."
    return discord.Embed(title=topic.title, description=body[:MAX_EMBED], colour=COLOUR)


def _in(topic: Topic, entry: Entry) -> bool:
    return f"### {entry.title}" in topic.body


def contents_embed() -> discord.Embed:
    book = load()
    lines = [f"**{t.slug}** — {t.title}" for t in book.topics]
    embed = discord.Embed(
        title="Chicago 1927 — the rule book", description="\n".join(lines), colour=COLOUR
    )
    embed.set_footer(text="/chicago rules <topic> opens one; /chicago card <title> a card.")
    return embed


def card_embed(card: CardText) -> discord.Embed:
    embed = discord.Embed(title=card.title, description=card.text[:MAX_EMBED], colour=COLOUR)
    embed.set_footer(text=card.kind)
    return embed


def find_card(title: str) -> CardText | None:
    """The first game (in the registry's order) that knows a card of that title."""
    for game in GAMES.values():
        found = game.card(title)
        if found is not None:
            return found
    return None


@app_commands.command(name="rules", description="A topic of the rule book, just for you")
@app_commands.describe(topic="Which topic (leave empty for the contents)")
async def rules_cmd(interaction: discord.Interaction, topic: str | None = None) -> None:
    if topic is None or not topic.strip():
        await _private(interaction, contents_embed())
        return
    found = load().topic(topic)
    if found is None:
        await reply(interaction, f"No topic called “{topic}”. Leave it empty to see them all.")
        return
    await _private(interaction, topic_embed(found))


@rules_cmd.autocomplete("topic")
async def _topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    wanted = current.strip().casefold()
    return [
        app_commands.Choice(name=t.title, value=t.slug)
        for t in load().topics
        if wanted in t.title.casefold() or wanted in t.slug
    ][:MAX_CHOICES]


def business_embed(card: BusinessCard) -> discord.Embed:
    embed = discord.Embed(title=card.title, description=card.text()[:MAX_EMBED], colour=COLOUR)
    embed.set_footer(text=f"{card.category.value} business")
    return embed


@app_commands.command(name="card", description="Any game's card, character, business or place")
@app_commands.describe(title="Its name: pick one as you type")
async def card_cmd(interaction: discord.Interaction, title: str) -> None:
    card = find_card(title)
    if card is not None:
        await _private(interaction, card_embed(card))
        return
    space = find_business(title)
    if space is None:
        await reply(
            interaction,
            f"No card, character, business or place called “{title}”. Pick one as you type.",
        )
        return
    _, state, _ = _state(interaction)
    await _private(interaction, business_embed(business_card(space, state)))


@card_cmd.autocomplete("title")
async def _titles(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t, value=t) for t in card_titles_matching(current)]


# --- money -----------------------------------------------------------------------------


@app_commands.command(name="banknotes", description="A side's cash as banknotes (RULES §2.2)")
@app_commands.describe(player="Whose notes (default: yours, or every side for a spectator)")
async def banknotes_cmd(interaction: discord.Interaction, player: str | None = None) -> None:
    match, state, why = _state(interaction)
    if match is None or state is None:
        await reply(interaction, why)
        return
    if player:
        wanted = player.strip().casefold()
        seats = [s.seat for s in state.sides if s.name.casefold() == wanted]
        if not seats:
            await reply(interaction, f"Nobody called “{player}” plays in this match.")
            return
    else:
        mine = match.seat_of(interaction.user.id)
        seats = [mine] if mine is not None else [s.seat for s in state.sides]
    embed = discord.Embed(title="Banknotes", colour=COLOUR)
    for seat in seats:
        side = state.sides[seat]
        embed.add_field(
            name=f"{side.name} — {money(side.cash)}",
            value=notes_text(banknotes(state, seat)),
            inline=False,
        )
    embed.set_footer(text="Cash is public; notes are how it breaks down. Changing notes is free.")
    await _private(interaction, embed)


@banknotes_cmd.autocomplete("player")
async def _players(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    _, state, _ = _state(interaction)
    if state is None:
        return []
    wanted = current.strip().casefold()
    return [
        app_commands.Choice(name=s.name, value=s.name)
        for s in state.sides
        if wanted in s.name.casefold()
    ][:MAX_CHOICES]


@app_commands.command(
    name="ledger", description="The bank's dollars, notes and credit (RULES §2.2)"
)
async def ledger_cmd(interaction: discord.Interaction) -> None:
    match, state, why = _state(interaction)
    if match is None or state is None:
        await reply(interaction, why)
        return
    ledger = bank_ledger(state)
    embed = discord.Embed(title="The Ledger", colour=COLOUR)
    embed.add_field(name="The bank holds", value=money(ledger.dollars), inline=False)
    embed.add_field(name="In notes", value=notes_text(ledger.notes), inline=False)
    credit = [f"{state.sides[s].name}: {money(c)}" for s, c in ledger.credit.items()]
    embed.add_field(name="Bank credit owed", value="\n".join(credit) or "none", inline=False)
    total = ledger.dollars + sum(s.cash for s in state.sides) - sum(ledger.credit.values())
    embed.set_footer(text=f"Bank + every side's cash − credit = {money(total)}, always.")
    await _private(interaction, embed)


# --- your hand -------------------------------------------------------------------------


def hand_embed(state: MatchState, seat: int) -> discord.Embed:
    """Your own side: character and power, Contacts, cash and notes, people, holdings,
    as your view of the match shows them (`player_view`)."""
    seen = player_view(state, seat)
    side = seen.sides[seat]
    info = CHARACTERS[side.character]
    embed = discord.Embed(title=f"Your hand — {side.name}", colour=COLOUR)
    power = info.power
    if not side.powered:
        power += "\nOff for now: a 4–6 on your renewal roll at Start turns it on."
    state_word = "on" if side.powered else "off"
    embed.add_field(name=f"{info.name} — power {state_word}", value=power, inline=False)
    word = "officer" if side.is_police else "soldier"
    embed.add_field(name="Cash", value=f"{money(side.cash)}\n{notes_text(banknotes(state, seat))}")
    embed.add_field(name="People", value=plural(side.people, word))
    embed.add_field(name="Empire Marks", value=str(side.marks))
    if not side.is_police:
        held = side.contacts
        embed.add_field(
            name="Contacts",
            value=f"{held} of {MAX_CONTACTS_HELD} (no effect on play in this edition)",
        )
    held_spaces = [
        f"{SPACES[i].name} ({SPACES[i].category})" for i, owner in enumerate(seen.control)
        if owner == seat
    ]  # fmt: skip
    embed.add_field(
        name="Sealed" if side.is_police else "Businesses",
        value=", ".join(held_spaces) or "none",
        inline=False,
    )
    where = SPACES[side.position].name
    status = "out of the match" if side.eliminated else "detained" if side.detained else "free"
    embed.set_footer(text=f"On {where} · {status} · only you see this")
    return embed


@app_commands.command(name="hand", description="My hand: your Contacts, power, cash and people")
async def hand_cmd(interaction: discord.Interaction) -> None:
    table = host_of(interaction).table_in(interaction.channel_id)
    hand = table.hand(interaction.user.id) if isinstance(table, GameTable) else None
    if hand is not None:  # a game that tells a hand in words (Turf: the seat's own view)
        await reply(interaction, hand)
        return
    match, state, why = _state(interaction)
    if match is None or state is None:
        await reply(interaction, why)
        return
    seat = match.seat_of(interaction.user.id)
    if seat is None:
        await reply(
            interaction,
            "You have no seat in this match, so you hold no hand. `/chicago board` and "
            "`/chicago banknotes` show the table.",
        )
        return
    await _private(interaction, hand_embed(state, seat))


LOOKUPS: tuple[app_commands.Command[Any, ..., None], ...] = (
    rules_cmd,
    card_cmd,
    banknotes_cmd,
    ledger_cmd,
    hand_cmd,
)


def commands() -> list[Command]:
    """The look-ups, for the `/chicago` group."""
    return list(LOOKUPS)
