"""Every click is answered exactly once (no answer is "This interaction failed"; a second
is refused by Discord): every kind of button, list and form the bot offers, in every
game — live, stale, after a restart, on private screens, in the lobby and in DMs.

The `table` fixture fails a test on any interaction not answered exactly once, and on
any ERROR logged; the tests here also check the words each click gets.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import discord.ui.view
import pytest
import simcord

from tests.discord.bootleg_driver import take_turn as bootleg_turn
from tests.discord.harness import (
    Seen,
    Table,
    answered_wrongly,
    buttons,
    private_text,
    seat_table,
)
from tests.discord.test_trades import (
    DELI,
    PAWN,
    Scene,
    component_id,
    open_screen,
    two_bosses,
)
from tests.discord.turf_driver import Plan, live_prompt
from tests.discord.turf_driver import take_turn as turf_turn

SCREEN_CLOSED = "This trade screen has closed"
PASSED = "This trade screen has passed"


def components(message: Any) -> list[dict[str, Any]]:
    """Every button and list of a message, as its payload shows them."""
    found = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for child in children:
            data = child if isinstance(child, dict) else child.to_dict()
            if data.get("type") in (2, 3) and data.get("custom_id"):
                found.append(data)
    return found


async def click_everything(table: Table, member: Any, messages: list[Any]) -> int:
    """`member` clicks every button and picks the first option of every list of each
    message, as they saw it (stale or live); returns how many interactions were made."""
    made = 0
    for message in messages:
        for component in components(message):
            kind = component["type"]
            values = [component["options"][0]["value"]] if kind == 3 else None
            await table.raw_component(member, message, component["custom_id"], kind, values)
            made += 1
    return made


def assert_all_answered_once(table: Table) -> None:
    wrong = answered_wrongly(table.env)
    assert not wrong, wrong


# --- Chicago 1927's private trade screen ---------------------------------------------


async def proposing(table: Table) -> tuple[Scene, simcord.MemberActor, Any]:
    """Two bosses on Start: the proposer's private trade screen, open."""
    scene = await two_bosses(table)
    screen = await open_screen(table, scene.proposer)
    assert screen.response is not None
    return scene, scene.proposer, screen.response


async def test_every_part_of_a_trade_screen_is_answered_once(table: Table) -> None:
    _, member, message = await proposing(table)
    for suffix, values in ((":give", [str(DELI)]), (":take", [str(PAWN)])):
        picked = await member.select(message, values, custom_id=component_id(message, suffix))
        assert picked.acknowledged
    for which, amount in (("pay", "²"), ("pay", "100"), ("ask", "50")):
        shown = await member.click(message, custom_id=component_id(message, f":{which}"))
        assert shown.modal is not None
        sent = await member.submit_modal(shown, {"amount": amount})
        assert sent.acknowledged
    assert "$50" in message.content, message.content
    seen = Seen.of(message)
    cancel = await member.click(message, custom_id=component_id(message, ":cancel"))
    assert cancel.acknowledged and "Offer cancelled" in message.content
    # The cancelled screen, as a slow screen still shows it: each part answered once.
    for component in components(seen):
        kind = component["type"]
        first = [component["options"][0]["value"]] if kind == 3 else None
        again = await table.raw_component(member, seen, component["custom_id"], kind, first)
        assert SCREEN_CLOSED in private_text(again) or SCREEN_CLOSED in message.content
    assert_all_answered_once(table)


async def test_a_trade_screen_whose_decision_passed_is_answered_once(table: Table) -> None:
    _, member, message = await proposing(table)
    shown = await member.click(message, custom_id=component_id(message, ":pay"))
    assert shown.modal is not None
    prompt = table.prompt()
    assert prompt is not None
    await table.click(member, prompt, decision="pass")  # the decision is made elsewhere
    late_form = await member.submit_modal(shown, {"amount": "100"})
    assert PASSED in private_text(late_form) or SCREEN_CLOSED in private_text(late_form)
    late_click = await member.select(message, [str(DELI)], custom_id=component_id(message, ":give"))
    assert late_click.acknowledged
    assert PASSED in message.content or SCREEN_CLOSED in message.content, message.content


async def test_a_trade_screen_left_open_past_its_time_is_answered_once(tmp_path: Any) -> None:
    table = await Table(tmp_path, settings={"turn_timer": 3600}).start()
    try:
        scene = await two_bosses(table)
        screen = await open_screen(table, scene.proposer)
        message = screen.response
        assert message is not None
        await table.env.advance_time(14 * 60 + 5)
        late = await scene.proposer.click(message, custom_id=component_id(message, ":cancel"))
        assert late.acknowledged
        assert SCREEN_CLOSED in message.content, message.content
        assert "Propose a trade" in message.content
        assert_all_answered_once(table)
    finally:
        await table.close()


async def test_a_trade_screen_and_its_form_after_a_restart_are_answered_once(
    table: Table,
) -> None:
    _, member, message = await proposing(table)
    shown = await member.click(message, custom_id=component_id(message, ":ask"))
    assert shown.modal is not None
    await table.restart()
    await table.env.settle()
    form = await member.submit_modal(shown, {"amount": "100"})
    assert SCREEN_CLOSED in private_text(form), private_text(form)
    picked = await member.select(message, [str(PAWN)], custom_id=component_id(message, ":take"))
    assert picked.acknowledged and SCREEN_CLOSED in message.content


# --- private messages older than Discord's 15 minutes -----------------------------------


class VirtualMonotonic:
    """discord.py times its views out by `time.monotonic()`, which the offline Discord's
    virtual clock does not move: this one moves with it."""

    def __init__(self, env: simcord.Env) -> None:
        self.env = env
        self.start = env.now()
        self.real = time.monotonic()

    def monotonic(self) -> float:
        return self.real + (self.env.now() - self.start).total_seconds()


async def test_buttons_keep_working_after_a_private_menu_is_fifteen_minutes_old(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py ends a kept ephemeral view after 15 minutes; no private menu of ours is
    kept, and the persistent buttons, the lobby's and the menu's, still answer."""
    monkeypatch.setattr(discord.ui.view, "time", VirtualMonotonic(table.env))
    await table.open_lobby("alice")
    menu = await table.click(table.members["alice"], table.lobby(), label="Add computer player")
    assert menu.response is not None
    await table.env.advance_time(16 * 60)
    joined = await table.click(table.members["bob"], table.lobby(), label="Join as boss")
    assert joined.acknowledged
    assert "bob" in table.texts()
    added = await table.click(table.members["alice"], menu.response, label="Easy boss")
    assert added.acknowledged


# --- every button and list of every game, live and stale, by players and spectators ------


async def test_every_chicago_component_is_answered_once(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), "carol")
    seen: list[discord.Message] = []
    for _ in range(12):
        prompt = table.prompt()
        if prompt is None:
            break
        seen.append(prompt)
        decider = table.decider(prompt)
        choice = next(b for b in buttons(prompt) if b.decision and not b.disabled)
        if "propose" in choice.custom_id or choice.decision is None:
            break
        await table.click(decider, prompt, decision=choice.decision)
        await table.env.advance_time(1.5)
    seen.extend(m for m in table.history() if components(m))
    spectator = table.members["dave"]
    made = await click_everything(table, spectator, seen)
    player = table.members["alice"]
    made += await click_everything(table, player, seen[:-1])  # stale for everyone now
    assert made > 20
    assert_all_answered_once(table)


async def two_seat_match(
    table: Table, game: str, turns: int, turn: Callable[[int], Awaitable[object]]
) -> list[Any]:
    """A two-seat `game` (alice and bob) played for up to `turns` decisions; returns the
    lobby and every prompt as the players saw them."""
    await table.open_lobby("alice", game=game, players=2)
    seen: list[Any] = [table.lobby()]
    await table.click(table.members["bob"], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")
    for n in range(turns):
        prompt = live_prompt(table)
        if prompt is not None:
            seen.append(prompt)
        if await turn(n) is None:
            break
        await table.env.advance_time(1.5)
    return seen


async def test_every_turf_component_is_answered_once(table: Table) -> None:
    plan = Plan()
    seen = await two_seat_match(table, "turf", 10, lambda n: turf_turn(table, plan))
    made = await click_everything(table, table.members["carol"], seen)
    made += await click_everything(table, table.members["alice"], seen)
    assert made > 10
    await table.restart()
    await table.env.settle()
    made += await click_everything(table, table.members["bob"], seen)
    assert_all_answered_once(table)


async def test_every_bootleg_component_is_answered_once(table: Table) -> None:
    seen = await two_seat_match(table, "bootleg", 8, lambda n: bootleg_turn(table, n))
    made = await click_everything(table, table.members["dave"], seen)
    await table.restart()
    await table.env.settle()
    made += await click_everything(table, table.members["alice"], seen)
    assert made > 10
    assert_all_answered_once(table)


async def test_a_stale_dm_offer_is_answered_once(table: Table) -> None:
    scene, member, message = await proposing(table)
    await member.select(message, [str(DELI)], custom_id=component_id(message, ":give"))
    await member.click(message, custom_id=component_id(message, ":send"))
    dm_channel = scene.partner.user.dm_channel
    assert dm_channel is not None
    offer = dm_channel.last_message
    assert offer is not None and buttons(offer)
    partner: simcord.UserHandle = scene.partner.user
    accepted = await partner.click(offer, label="Accept")
    assert accepted.acknowledged
    for button in buttons(offer):  # the offer as a slow screen still shows it
        again = await table.raw_component(partner, offer, button.custom_id, 2)
        said = private_text(again)
        assert not button.decision or "passed" in said or "Already done" in said, said
    assert_all_answered_once(table)
