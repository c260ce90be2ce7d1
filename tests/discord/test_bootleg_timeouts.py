"""Bootleg's timer, through the real discord.py code paths: a 4-seat Secret match in
which the timer runs out once at every decision of BOOTLEG §12 — a move, the action
menu, the Barrel list, an ability's and a Service's target list, the Bomb and Lucky Joe
— and each time the rules' own default (`engine.bootleg.timeout_default`) is taken and
said. The end decisions are met for certain, not by luck: the other seats' choices are
drawn from a seed the rules alone have checked first (`bootleg_driver.plan_seed`), and
the bot restarts while each end decision waits."""

from __future__ import annotations

import random

import engine.bootleg as bootleg
from bot.session import TIMER
from engine.bootleg.random_play import random_decision
from tests.discord.bootleg_driver import (
    TARGET_LISTS,
    TIMEOUTS,
    choose,
    live_ids,
    open_list,
    plan_seed,
    timeout_here,
)
from tests.discord.harness import Table, private_text
from tests.discord.test_bootleg_table import start_four
from tests.discord.turf_driver import game_table, live_prompt, member_of, select_values


async def run_out(table: Table) -> None:
    await table.env.advance_time(game_table(table).timer_length.total_seconds() + 1)
    await table.env.advance_time(1.5)


async def test_the_timer_takes_the_default_of_every_bootleg_decision(table: Table) -> None:
    await start_four(table)
    setup = game_table(table).session.state.setup
    rng = random.Random(plan_seed(setup))
    waited: set[str] = set()
    session = game_table(table).session
    for _ in range(400):
        state = session.state
        if state.result is not None:
            break
        asked = state.pending[0]
        what = timeout_here(asked, waited)
        if what is None:
            _, decision = random_decision(rng, state)
            await choose(table, str(decision))
            await table.env.advance_time(1.5)
            session = game_table(table).session
            continue
        waited.add(what)
        expected = str(bootleg.timeout_default(state, asked.seat))
        if what in ("bomb", "lucky"):  # a restart while the end decision waits keeps it
            await table.restart()
            await table.env.advance_time(1.5)
            assert game_table(table).session.asked()[0].kind == what
            prompt = live_prompt(table)
            assert prompt is not None, "the restart closed the end decision"
            stranger = member_of(table, (asked.seat + 1) % 4)
            wrong = await stranger.click(prompt, custom_id=live_ids(prompt)[0])
            assert "Waiting for" in private_text(wrong), private_text(wrong)
        left_open = await open_list(table, TARGET_LISTS[what]) if what in TARGET_LISTS else None
        session = game_table(table).session  # kept: the last timeout ends the match
        before = session.seq
        await run_out(table)
        entry = session.log[before]
        assert (entry.seat, entry.decision, entry.actor) == (asked.seat, expected, TIMER), (
            what,
            entry,
        )
        assert "ran out of time" in table.texts()[-3000:], table.texts()[-3000:]
        if left_open is not None:  # the list left open counts for nothing afterwards
            seq = session.seq
            values = select_values(left_open)
            late = await member_of(table, asked.seat).select(left_open, values[:1])
            assert session.seq == seq, what
            assert "passed" in private_text(late) or "Already" in private_text(late), private_text(
                late
            )
    assert waited == set(TIMEOUTS), sorted(waited)
    final = table.history()[-1]
    assert "The match is over" in final.content, final.content
