"""EMPIRE §8 at the table, through the real discord.py code paths: the Badge holder
busts a Business and a car from the prompt's buttons; the channel tells the stand-off,
the raid and each Mobster sent to Jail, and the next picture and its alt text show
them in Jail (the moment is met for certain: `empire_plan.police_bust`)."""

from __future__ import annotations

from typing import Any

import engine.empire as empire
from bot.empire.render.facts import mobster_name
from tests.discord.empire_driver import click_decision, jump, start_people
from tests.discord.empire_plan import police_bust
from tests.discord.harness import Table
from tests.discord.turf_driver import game_table, live_prompt


def jailed(before: list[Any], after: empire.EmpireState) -> list[tuple[int, str]]:
    """(seat, Mobster) in Jail now that were not before."""
    now = [(p.seat, m) for p in after.players for m, s in p.mobsters.items() if s == "jail"]
    return [pair for pair in now if pair not in before]


async def bust_at_the_table(table: Table, kind: str) -> tuple[str, list[tuple[int, str]]]:
    """Play to a winning bust of `kind`, click it; the channel's new text and who went
    to Jail."""
    await start_people(table)
    made, bust = police_bust(game_table(table).session.state.match.setup, kind)
    await jump(table, made)
    session = game_table(table).session
    (asked,) = session.asked()
    assert asked.kind == "police_action", asked
    prompt = live_prompt(table)
    assert prompt is not None
    labels = [b.label for b in prompt.components[0].children] if prompt.components else []
    assert any(label.startswith("🚨 Bust") for label in labels), labels
    state = session.state.match
    before = [(p.seat, m) for p in state.players for m, s in p.mobsters.items() if s == "jail"]
    told = len(table.texts())
    await click_decision(table, asked.seat, bust)
    after = game_table(table).session.state.match
    return table.texts()[told:], jailed(before, after)


def names_of(table: Table) -> list[str]:
    session = game_table(table).session
    return session.game.names(session.state)


async def assert_jail_shown(table: Table, sent: list[tuple[int, str]]) -> None:
    """The picture posted after the bust lists the jailed Mobsters, by name in its alt
    text, and the Police Dept. cell counts them."""
    prompt = live_prompt(table)
    assert prompt is not None and prompt.attachments, "no picture after the bust"
    alt = prompt.attachments[0].description or ""
    names = names_of(table)
    for seat, mobster in sent:
        assert f"{mobster_name(mobster)} ({names[seat]})" in alt, alt
    assert "Jail: " in alt
    jail = sum(
        1 for p in game_table(table).session.state.match.players for s in p.mobsters.values()
        if s == "jail"
    )  # fmt: skip
    assert jail >= len(sent)


async def test_a_business_bust_closes_it_and_jails_its_mobsters(table: Table) -> None:
    """EMPIRE §8.3 Bust a Business: its Mobsters are revealed, the stand-off is won,
    the Business closes and its Mobsters (but Johnny Favorite) go to Jail."""
    said, sent = await bust_at_the_table(table, "bust")
    assert sent, "nobody went to Jail"
    names = names_of(table)
    holder = game_table(table).session.log[-1].seat
    assert "👮 Stand-off" in said and ("the police win" in said or "Tony Trouble" in said), said
    raid = next(line for line in said.splitlines() if line.startswith("🚨"))
    owner = sent[0][0]
    assert raid.startswith(f"🚨 {names[holder]}'s police bust {names[owner]}'s Business on lot")
    assert "inside: " in raid and "closed until the Trade Round ends" in raid, raid
    for seat, mobster in sent:
        assert f"🚔 {mobster_name(mobster)} ({names[seat]}) goes to Jail, busted." in said, said
    state = game_table(table).session.state.match
    assert any(not b.open for b in state.lots.values()), "the Business stayed open"
    await assert_jail_shown(table, sent)


async def test_a_car_bust_jails_its_riders(table: Table) -> None:
    """EMPIRE §8.3 Bust a Car: its riders (but Johnny Favorite) go to Jail and the car
    stays where it is."""
    said, sent = await bust_at_the_table(table, "bustcar")
    assert sent, "nobody went to Jail"
    names = names_of(table)
    raid = next(line for line in said.splitlines() if line.startswith("🚨"))
    owner = sent[0][0]
    assert f"police bust {names[owner]}'s car (inside: " in raid, raid
    for seat, mobster in sent:
        assert f"🚔 {mobster_name(mobster)} ({names[seat]}) goes to Jail, busted." in said, said
    await assert_jail_shown(table, sent)
