"""Late clicks at an Empire table, through the real discord.py code paths: a button or
a private list from a prompt that has passed, pressed later (before and after a
restart), and a sealed bid from a lot whose time ran out, each get a clear private
answer and change nothing (no decision logged, the match as it was, no error logged)."""

from __future__ import annotations

from typing import Any

import engine.empire as empire
from bot.session import TIMER
from engine.empire import DecisionKind
from engine.empire.cards import MOBSTERS
from tests.discord.empire_driver import copy_of_match, ids_of, jump, run_out, start_people
from tests.discord.empire_plan import Plan
from tests.discord.harness import Table, private_text
from tests.discord.turf_driver import game_table, live_prompt, member_of, select_values

PASSED = "That choice has passed."


def snapshot(table: Table) -> tuple[int, bytes]:
    session = game_table(table).session
    return len(session.log), session.state.match.to_json()


async def late_click(table: Table, seat: int, seen: Any, custom_id: str) -> str:
    """`custom_id` of the message as it was `seen`, pressed now by the seat's player:
    its private answer, having checked that nothing changed."""
    before = snapshot(table)
    answer = await table.raw_click(member_of(table, seat), seen, custom_id)
    await table.env.advance_time(1.5)
    assert answer.ephemeral, "a late click answered in public"
    assert snapshot(table) == before, "a late click changed the match"
    return private_text(answer)


async def late_choice(table: Table, seat: int, opened: Any, value: str) -> str:
    """A value picked now in a private list opened earlier: its answer, nothing changed."""
    before = snapshot(table)
    answer = await member_of(table, seat).select(opened.response, [value])
    assert answer.acknowledged
    await table.env.advance_time(1.5)
    assert snapshot(table) == before, "a late choice changed the match"
    return private_text(answer)


async def test_buttons_of_a_passed_prompt_are_answered_privately(table: Table) -> None:
    """The start lot prompt's other buttons, pressed after the lot was chosen, by the
    seat that chose and by the seat asked next; and the same after a restart."""
    await start_people(table)
    prompt = live_prompt(table)
    assert prompt is not None
    seen = prompt  # as the screen showed it then
    first = game_table(table).session.asked()[0].seat
    ids = [i for i in ids_of(prompt) if ":g:" in i]
    assert len(ids) >= 3
    chosen = await member_of(table, first).click(prompt, custom_id=ids[0])
    assert chosen.acknowledged
    await table.env.advance_time(1.5)
    later = game_table(table).session.asked()[0].seat
    assert later != first
    assert await late_click(table, first, seen, ids[1]) == PASSED
    assert await late_click(table, later, seen, ids[2]) == PASSED
    await table.restart()
    await table.env.advance_time(1.5)
    assert await late_click(table, later, seen, ids[2]) == PASSED
    assert game_table(table).session.asked()[0].seat == later, "the late clicks moved the turn"


async def test_a_private_list_of_a_passed_decision_is_answered_privately(table: Table) -> None:
    """A 🔒 street list opened while the move was asked, used after the timer moved the
    car; and the 🔒 button itself pressed again after."""
    await start_people(table)
    plan = Plan(0, [DecisionKind.MOVE_TO])
    await jump(table, plan.play_to_stop(copy_of_match(table)))
    session = game_table(table).session
    (asked,) = session.asked()
    assert asked.kind == "move_to", asked
    prompt = live_prompt(table)
    assert prompt is not None
    seen = prompt  # as the screen showed it then
    lists = [i for i in ids_of(prompt) if ":gp:" in i and i.split(":")[4] == str(asked.seat)]
    assert lists, ids_of(prompt)
    opened = await member_of(table, asked.seat).click(prompt, custom_id=lists[0])
    values = select_values(opened.response)
    assert values
    moved = session.seq
    await run_out(table)
    session = game_table(table).session
    assert session.seq > moved and session.log[moved].actor == TIMER
    assert await late_choice(table, asked.seat, opened, values[-1]) == PASSED
    assert await late_click(table, asked.seat, seen, lists[0]) == PASSED


async def test_a_sealed_bid_after_the_lot_closed_is_answered_privately(table: Table) -> None:
    """EMPIRE §9.3: a bid picked in the private form after the lot's time ran out (the
    timer passed for the seat) counts for nothing; `/chicago bid` then names the lot it
    goes to, the next one."""
    await start_people(table)
    await jump(table, Plan(0, [DecisionKind.BID]).play_to_stop(copy_of_match(table)))
    session = game_table(table).session
    bidders = [a.seat for a in session.asked() if a.kind == "bid"]
    assert bidders
    prompt = live_prompt(table)
    assert prompt is not None
    seat = bidders[0]
    mine = [i for i in ids_of(prompt) if ":gp:" in i and i.split(":")[4] == str(seat)]
    opened = await member_of(table, seat).click(prompt, custom_id=mine[0])
    values = select_values(opened.response)
    assert "bid:50" in values, values
    first_lot = game_table(table).session.state.match.lot_index
    await run_out(table)
    match = game_table(table).session.state.match
    assert match.phase.name == "BID" and match.lot_index != first_lot, "no next lot"
    assert empire.pending_for(match, seat), "the seat may not bid on the next lot"
    assert await late_choice(table, seat, opened, "bid:50") == PASSED
    said = await member_of(table, seat).slash(table.channel, "chicago bid", amount=0)
    lot = MOBSTERS[match.auction[match.lot_index]].name
    assert private_text(said) == f"Sealed: $0 for {lot}. Only you know it."
