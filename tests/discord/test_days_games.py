"""Turf and Bootleg over days, through discord.py and the offline Discord: the prompt
shows each asked seat's bank as a Discord timestamp; a secret decision (a Turf
confrontation's commitment, a Bootleg Barrel) charges the bank of the seat that made
it and no other; and the notices say whose turn it is and where, nothing of what was
chosen."""

from __future__ import annotations

import re
from typing import Any

from bot.clocks.banks import SeatClock
from bot.discord_app.game_table import GameTable
from tests.discord.bootleg_driver import live_ids
from tests.discord.bootleg_driver import take_turn as bootleg_turn
from tests.discord.harness import Table, buttons
from tests.discord.test_turf_table import play_to_a_confrontation, start_two
from tests.discord.turf_driver import Plan, game_table, live_prompt, member_of, select_values

HOUR = 3600
BANK = re.compile(r"\*\*([^*]+)\*\*'s bank runs out <t:(\d+):R>")


def banks_shown(message: Any) -> dict[str, int]:
    """Each name the prompt shows a bank for, with the instant it runs out."""
    return {name: int(at) for name, at in BANK.findall(message.content)}


def clock(match: GameTable, seat: int) -> SeatClock | None:
    """A copy of the seat's clock (the table changes its own); None: never asked yet."""
    assert match.days is not None
    found = match.days.clocks.seats.get(seat)
    return None if found is None else SeatClock(found.left, found.asked_at)


def told(table: Table) -> list[str]:
    """Every turn notice and reminder, in the channel and in the players' DMs."""
    channels = [table.channel, *(m.user.dm_channel for m in table.members.values())]
    return [
        m.content
        for channel in channels
        if channel is not None
        for m in channel.history()
        if "🔔" in m.content or "⏰" in m.content
    ]


def assert_says_nothing_secret(notices: list[str], title: str) -> None:
    """A notice is whose turn, which game (and, by DM, where), the prompt's link and
    when the bank runs out: these exact words, nothing more."""
    link = r"\[the prompt\]\(https://discord\.com/channels/\d+/\d+(?:/\d+)?\)"
    shape = re.compile(
        rf"^<@\d+> (?:🔔 It is your turn in \*\*{re.escape(title)}\*\*: {link}"
        rf"|⏰ Half your time is gone in \*\*{re.escape(title)}\*\*: decide on {link})"
        r"\. Your bank runs out <t:\d+:R>\.$"
    )
    assert notices
    for notice in notices:
        assert shape.fullmatch(notice), notice


def charged(before: SeatClock | None, at: float, increment: float, cap: float) -> float:
    """What a seat asked since `before.asked_at` holds after deciding at `at`."""
    assert before is not None and before.asked_at is not None
    return min(cap, before.left - (at - before.asked_at) + increment)


async def test_a_turf_confrontation_charges_each_side_for_its_own_secret_choice(
    table: Table,
) -> None:
    await start_two(table, pace="days", bank=2, increment=0)  # what is spent shows
    prompt = await play_to_a_confrontation(table, Plan())
    match = game_table(table)
    fight = match.session.state.fight
    names = match.session.game.names(match.session.state)
    attacker, defender = fight.attacker, fight.defender
    # Both sides are asked at once: the prompt shows both banks.
    shown = banks_shown(prompt)
    assert set(shown) == {names[attacker], names[defender]}, prompt.content
    for seat in (attacker, defender):
        assert shown[names[seat]] == int(match.days.clocks.seats[seat].runs_out())  # type: ignore[union-attr, arg-type]
    before = {seat: clock(match, seat) for seat in (attacker, defender)}
    notices_before = told(table)

    await table.env.advance_time(2 * HOUR)
    button = next(
        b for b in buttons(prompt) if ":gp:" in b.custom_id and f":{attacker}:commit" in b.custom_id
    )
    opened = await member_of(table, attacker).click(prompt, custom_id=button.custom_id)
    assert opened.response is not None
    at = table.now().timestamp()
    chosen = await member_of(table, attacker).select(
        opened.response, [select_values(opened.response)[-1]]
    )
    assert chosen.acknowledged
    await table.env.advance_time(1.5)

    assert "has chosen in secret" in table.texts()
    spent = clock(match, attacker)
    assert spent is not None and spent.asked_at is None  # waiting on the defender, not asked
    assert abs(spent.left - charged(before[attacker], at, 0, 2 * 24 * HOUR)) < 1
    assert spent.left <= before[attacker].left - 2 * HOUR  # type: ignore[union-attr]
    # The defender's bank runs on from where it was, untouched by the other's choice.
    assert clock(match, defender) == before[defender]
    now_asked = live_prompt(table)
    assert now_asked is not None
    assert set(banks_shown(now_asked)) == {names[defender]}, now_asked.content
    # Nobody is told anything new about a choice made in secret.
    assert told(table) == notices_before
    assert_says_nothing_secret(told(table), match.game.title)


async def test_a_bootleg_barrel_charges_only_the_seat_that_places_it(table: Table) -> None:
    await table.open_lobby("alice", game="bootleg", players=2, pace="days", increment=0)
    await table.click(table.members["bob"], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")
    for n in range(300):
        prompt = live_prompt(table)
        assert prompt is not None, "the match ended without a Barrel to place"
        if any(i.endswith(":place") for i in live_ids(prompt) if ":gp:" in i):
            break
        await bootleg_turn(table, n)
        await table.env.advance_time(1.5)
    else:
        raise AssertionError("no Barrel to place in 300 decisions")
    match = game_table(table)
    seat = match.session.asked()[0].seat
    other = 1 - seat
    names = match.session.game.names(match.session.state)
    shown = banks_shown(prompt)
    assert set(shown) == {names[seat]}, prompt.content  # only the asked seat's bank
    before = {s: clock(match, s) for s in (seat, other)}
    notices_before = told(table)

    await table.env.advance_time(3 * HOUR)
    at = table.now().timestamp()
    placed = await bootleg_turn(table)
    assert placed is not None
    await table.env.advance_time(1.5)

    assert match.days is not None
    spent = match.days.clocks.seats[seat]
    expected = charged(before[seat], at, 0, 3 * 24 * HOUR)
    if spent.asked_at is not None:  # asked again (the rest of the turn): counted from then
        assert abs(spent.asked_at - at) < 2
    assert abs(spent.left - expected) < 1
    assert expected <= before[seat].left - 3 * HOUR  # type: ignore[union-attr]
    assert clock(match, other) == before[other]  # the other bank did not move
    # The placer decided: no notice for them; nothing told says where the Barrel went.
    new = told(table)[len(notices_before) :]
    mention = f"<@{match.seats[seat].user_id}>"
    assert not [n for n in new if n.startswith(mention)], new
    assert_says_nothing_secret(told(table), match.game.title)
    assert placed not in "\n".join(told(table))
