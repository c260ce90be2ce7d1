"""Look-ups answer privately, for players and spectators alike, and never show one
player's own hand to anybody else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord

from bot.chicago.table.lookups import notes_text
from engine.chicago import banknotes
from tests.discord.harness import (
    Table,
    private_text,
    running,
    running_here,
    seat_table,
    sweep_idle,
)


def embed_text(result: simcord.InteractionResult) -> str:
    assert result.ephemeral, "a look-up must be private"
    message = result.response
    assert message is not None
    parts: list[str] = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(parts)


async def seated(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))


async def slash(table: Table, who: str, command: str, **options: Any) -> str:
    result = await table.members[who].slash(table.channel, f"chicago {command}", **options)
    assert result.acknowledged
    return (
        embed_text(result) if result.response and result.response.embeds else (private_text(result))
    )


async def test_rules_and_cards_for_players_and_spectators(table: Table) -> None:
    await seated(table)
    for who in ("alice", "dave"):  # dave has no seat
        contents = await slash(table, who, "rules")
        assert "**trades** — Trades at Start" in contents
        trades = await slash(table, who, "rules", topic="trades")
        assert "one or two businesses in all" in trades
        cards = await slash(table, who, "rules", topic="cards")
        assert "Big Boss Meeting!" in cards and "/chicago card" in cards
        card = await slash(table, who, "card", title="gangland truce")
        assert "Gangland truce" in card and "Street Life card" in card
        character = await slash(table, who, "card", title="Night Gun")
        assert "tied raid dice" in character and "Character" in character
    missing = await slash(table, "dave", "card", title="Ace of spades")
    assert "No card, character, business or place" in missing
    assert "No topic" in await slash(table, "dave", "rules", topic="poker")


async def test_a_business_look_up_says_who_runs_it_here(table: Table) -> None:
    """`/chicago card <business>`: category, cost and fine; in a match, its runner."""
    alone = await slash(table, "carol", "card", title="customs shed")
    assert "Category:** Harbour" in alone and "$2,800" in alone and "$1,500" in alone
    assert "a merchant at the start of every match" in alone and "Harbour business" in alone
    await seated(table)
    runner = running_here(table)
    state = runner.session.state
    seat = runner.seat_of(table.members["alice"].id)
    assert seat is not None
    state.control[22] = seat
    held = await slash(table, "dave", "card", title="Customs Shed")
    assert f"**Run by:** {state.sides[seat].name}" in held and "**Fine now:** $1,500" in held
    hand = await slash(table, "alice", "hand")
    assert "Customs Shed (Harbour)" in hand
    names = await table.members["dave"].autocomplete(table.channel, "chicago card", "title", "cus")
    assert [c["value"] for c in names] == ["Customs Shed"]


async def test_rules_work_without_a_match(table: Table) -> None:
    assert "Paying, going under" in await slash(table, "carol", "rules", topic="endings")
    assert "There is no match" in await slash(table, "carol", "ledger")


async def test_banknotes_ledger_and_hand(table: Table) -> None:
    await seated(table)
    runner = running_here(table)
    state = runner.session.state
    alice_seat = runner.seat_of(table.members["alice"].id)
    assert alice_seat is not None
    alice = state.sides[alice_seat]
    bob = state.sides[runner.seat_of(table.members["bob"].id) or 0]

    mine = await slash(table, "alice", "banknotes")
    assert f"{alice.name} — $12,000" in mine and bob.name not in mine
    assert notes_text(banknotes(state, alice_seat)) in mine  # the engine's breakdown
    theirs = await slash(table, "alice", "banknotes", player=bob.name)
    assert bob.name in theirs and alice.name not in theirs
    everyone = await slash(table, "dave", "banknotes")
    assert all(side.name in everyone for side in state.sides)
    unknown = await slash(table, "dave", "banknotes", player="nobody")
    assert "Nobody called" in unknown

    for who in ("alice", "dave"):
        ledger = await slash(table, who, "ledger")
        assert "The Ledger" in ledger and "$229,000" in ledger  # 2 bosses + police (§2.2)
        assert f"${state.bank:,}" in ledger and "$265,000" in ledger

    hand = await slash(table, "alice", "hand")
    assert f"Your hand — {alice.name}" in hand
    assert "Contacts 1 of 2" in hand and "soldiers" in hand and "power off" in hand
    assert bob.name not in hand
    spectator = await slash(table, "dave", "hand")
    assert "no seat" in spectator


async def test_autocomplete(table: Table) -> None:
    await seated(table)
    dave = table.members["dave"]
    cards = await dave.autocomplete(table.channel, "chicago card", "title", "pro")
    names = [c["name"] for c in cards]
    assert names[:3] == ["Protection squeeze", "Prohibition raid", "Prohibition squad"]
    everything = await dave.autocomplete(table.channel, "chicago card", "title", "")
    assert len(everything) == 25
    fixer = await dave.autocomplete(table.channel, "chicago card", "title", "fix")
    # Titles starting with the text come first (Bootleg's Fixed Price token, Empire's
    # Fixed Fight Job), then the titles containing it.
    assert [c["value"] for c in fixer] == ["Fixed Price", "Fixed Fight", "The Fixer"]
    topics = await dave.autocomplete(table.channel, "chicago rules", "topic", "trad")
    assert [c["value"] for c in topics] == ["trades"]
    players = await dave.autocomplete(table.channel, "chicago banknotes", "player", "")
    runner = running_here(table)
    assert [c["name"] for c in players] == [s.name for s in runner.session.state.sides]


async def test_look_ups_wake_a_match_that_left_memory(tmp_path: Path) -> None:
    table = await Table(tmp_path, settings={"idle_after": 60}).start()
    try:
        await seated(table)
        runner = running(table)
        await table.env.advance_time(90)
        sweep_idle(table)
        assert runner.asleep
        hand = await slash(table, "alice", "hand")
        assert "not started" not in hand and "$" in hand
        assert not runner.asleep
    finally:
        await table.close()


async def test_every_empire_card_piece_and_site_is_looked_up_and_suggested(table: Table) -> None:
    """EMPIRE §2-§3 through `/chicago card`: each game's `card` hook answers, here every
    Mobster, Event, Job, Business piece and site of Empire, by name, id or code."""
    from bot.empire.cards_text import card_lines, card_names

    mobster = await slash(table, "dave", "card", title="tony trouble")
    assert "Tony Trouble" in mobster and "bust always works" in mobster and "Empire" in mobster
    turf = await slash(table, "dave", "card", title="t4")
    assert "Turf square on S9" in turf
    for name in card_names():  # every entry reads through the command's own finder
        from bot.chicago.table.lookups import find_card

        found = find_card(name)
        assert found is not None and found.text == "\n".join(card_lines(name) or []), name
    names = await table.members["dave"].autocomplete(table.channel, "chicago card", "title", "elec")
    assert "Election Day" in [n["name"] for n in names]
    job = await table.members["dave"].autocomplete(table.channel, "chicago card", "title", "Fixed")
    assert "Fixed Fight" in [n["value"] for n in job]
