"""Trades by Discord (RULES §10, §12.1): built privately, offered by DM, answered there
(or in the channel when DMs are closed), timed out, and at a Big Boss Meeting.

Scenes are set with `engine.chicago.testing` on the running match before the first roll: the
pieces are placed, businesses handed out and dice scripted, then the players click.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import simcord

from bot.discord_app.game_table import GameTable
from engine.chicago.board import START, Deck
from engine.chicago.testing import begin_turn, give, place, script_dice, stack_card
from tests.discord.harness import Table, buttons, private_text, running_here, seat_table

DELI, PAWN, TRATTORIA = 1, 3, 5  # Maxwell Street Deli, Halsted Pawn Shop (block 1), block 2
AWAY = 20  # where the police waits, far from Start


def runner_of(table: Table) -> GameTable:
    return running_here(table)


def component_id(message: Any, suffix: str) -> str:
    """The custom id of a component of an ephemeral screen, by what it does."""
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for child in children:
            cid = child.get("custom_id", "") if isinstance(child, dict) else child.custom_id
            if cid and cid.endswith(suffix):
                return str(cid)
    raise AssertionError(f"no component ending in {suffix!r}")


def select_values(message: Any, suffix: str) -> list[str]:
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for child in children:
            data = child if isinstance(child, dict) else child.to_dict()
            if str(data.get("custom_id", "")).endswith(suffix):
                return [o["value"] for o in data.get("options", [])]
    raise AssertionError(f"no select ending in {suffix!r}")


def dm_of(member: simcord.MemberActor) -> Any:
    channel = member.user.dm_channel
    assert channel is not None, "no direct message was sent"
    return channel.last_message


@dataclass
class Scene:
    proposer: simcord.MemberActor
    partner: simcord.MemberActor
    proposer_seat: int
    partner_seat: int


async def trade_at_start(table: Table, partner_name: str | None = None) -> Scene:
    """The boss to roll arrives on Start (by scripted dice) where the other boss stands;
    each holds a business, so the action prompt offers a trade."""
    scene, prompt = set_trade_scene(table, partner_name)
    await table.click(scene.proposer, prompt, decision="roll")
    return scene


def set_trade_scene(table: Table, partner_name: str | None = None) -> tuple[Scene, Any]:
    """`trade_at_start` before its roll: the scene set, and the prompt to roll on."""
    prompt = table.prompt()
    assert prompt is not None
    proposer = table.decider(prompt)
    runner = runner_of(table)
    state = runner.session.state
    seat = runner.seat_of(proposer.id)
    assert seat is not None
    if partner_name is not None:
        partner = table.members[partner_name]
        other = runner.seat_of(partner.id)
    else:
        other = next(s.seat for s in state.bosses if s.seat != seat)
        user = runner.player_of(other)
        partner = table.by_id[user] if user is not None else proposer
    assert other is not None
    begin_turn(state, seat)
    place(state, state.police.seat, AWAY)
    place(state, seat, 30)
    place(state, other, START)
    give(state, seat, DELI)
    give(state, other, PAWN, TRATTORIA)
    script_dice(state, 3, 3, 1)  # six steps to Start; the renewal roll leaves power off
    return Scene(proposer, partner, seat, other), prompt


async def open_screen(table: Table, member: simcord.MemberActor) -> simcord.InteractionResult:
    prompt = table.prompt()
    assert prompt is not None
    propose = next(b for b in buttons(prompt) if ":propose:" in b.custom_id)
    assert propose.label.startswith("Propose a trade") and not propose.disabled
    screen = await table.click(member, prompt, label=propose.label)
    assert screen.ephemeral and screen.response is not None
    assert "Your offer to" in screen.response.content
    return screen


async def build_offer(
    table: Table,
    member: simcord.MemberActor,
    give_: list[int],
    take: list[int],
    cash: tuple[str, str] | None = None,
) -> simcord.InteractionResult:
    """Open the screen, pick businesses and cash, and send; returns the screen."""
    screen = await open_screen(table, member)
    message = screen.response
    assert message is not None
    if give_:
        await member.select(
            message, [str(s) for s in give_], custom_id=component_id(message, ":give")
        )
    if take:
        await member.select(
            message, [str(s) for s in take], custom_id=component_id(message, ":take")
        )
    if cash is not None:
        which, amount = cash
        shown = await member.click(message, custom_id=component_id(message, f":{which}"))
        assert shown.modal is not None
        await member.submit_modal(shown, {"amount": amount})
    assert "Send offer" in str(message.components)
    sent = await member.click(message, custom_id=component_id(message, ":send"))
    assert sent.acknowledged
    assert "Offer sent" in message.content, message.content
    return screen


async def answer_dm(member: simcord.MemberActor, label: str) -> None:
    offer = dm_of(member)
    result = await member.user.click(offer, label=label)
    assert result.acknowledged


async def two_bosses(table: Table) -> Scene:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    return await trade_at_start(table)


async def test_an_offer_by_dm_accepted(table: Table) -> None:
    scene = await two_bosses(table)
    await build_offer(table, scene.proposer, [DELI], [PAWN], ("pay", "500"))
    # The partner has the offer, with the board, by DM; the channel says it is pending.
    offer = dm_of(scene.partner)
    assert "offers you a trade" in offer.content
    embed = offer.embeds[0]
    assert "You get: Maxwell Street Deli" in embed.description
    assert "You give: Halsted Pawn Shop" in embed.description
    assert "pays you $500" in embed.description
    assert offer.attachments and offer.attachments[0].filename == "board.png"
    assert "pending" in table.history()[-1].content
    assert table.prompt() is None  # no buttons in the channel: the answer is in the DM
    await answer_dm(scene.partner, "Accept")
    state = runner_of(table).session.state
    assert state.control[DELI] == scene.partner_seat
    assert state.control[PAWN] == scene.proposer_seat
    assert "accepted" in dm_of(scene.partner).content
    assert not buttons(dm_of(scene.partner))
    text = table.texts()
    assert "accepts" in text and "offered" in text
    stored = await table.bot.store.load(1)
    decisions = [d.decision for d in stored.full_log]
    assert decisions[-2:] == [f"trade:{scene.partner_seat}:1:3:500", "accept"]


async def test_a_rejected_offer_leaves_the_other_actions(table: Table) -> None:
    scene = await two_bosses(table)
    await build_offer(table, scene.proposer, [], [PAWN], ("pay", "1000"))
    await answer_dm(scene.partner, "Reject")
    assert "rejected" in dm_of(scene.partner).content
    assert "turns it down" in table.texts()
    prompt = table.prompt()
    assert prompt is not None and table.decider(prompt) is scene.proposer
    shown = {b.label: b for b in buttons(prompt)}
    trade = next(b for label, b in shown.items() if label.startswith("Propose a trade"))
    assert trade.disabled and "one proposal per turn" in trade.label
    assert "Pass" in shown and not shown["Pass"].disabled
    state = runner_of(table).session.state
    assert state.control[PAWN] == scene.partner_seat


async def test_an_offer_that_times_out_counts_as_rejected(table: Table) -> None:
    scene = await two_bosses(table)
    await build_offer(table, scene.proposer, [DELI], [], None)
    await table.env.advance_time(301)
    assert "Time ran out" in dm_of(scene.partner).content
    assert "ran out of time" in table.texts()
    stored = await table.bot.store.load(1)
    last = [d for d in stored.full_log if d.actor == "timer"]
    assert last and last[-1].decision == "reject"
    prompt = table.prompt()
    assert prompt is not None and table.decider(prompt) is scene.proposer


async def test_closed_dms_put_the_offer_in_the_channel(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    prompt = table.prompt()
    assert prompt is not None
    proposer = table.decider(prompt)
    partner = next(
        m for n, m in table.members.items() if n in ("alice", "bob") and m is not proposer
    )
    table.env.inject_error(
        "POST",
        f"/channels/{partner.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    scene = await trade_at_start(table)
    await build_offer(table, scene.proposer, [DELI], [PAWN])
    prompt = table.prompt()
    assert prompt is not None
    assert "direct messages are closed" in prompt.content
    assert {b.label for b in buttons(prompt)} >= {"Accept", "Reject"}
    # Only the partner may answer.
    refused = await table.click(scene.proposer, prompt, decision="accept")
    assert "Waiting for" in private_text(refused)
    await table.click(scene.partner, prompt, decision="accept")
    state = runner_of(table).session.state
    assert state.control[DELI] == scene.partner_seat
    assert "accepts" in table.texts()


async def test_bad_cash_then_a_valid_retry(table: Table) -> None:
    scene = await two_bosses(table)
    screen = await open_screen(table, scene.proposer)
    message = screen.response
    assert message is not None
    member = scene.proposer
    await member.select(message, [str(DELI)], custom_id=component_id(message, ":give"))
    wrong = {
        "lots": "not a whole number",
        "-500": "not a whole number",
        "125": "$50 steps",
        "999999": "too much",
    }
    for typed, why in wrong.items():
        shown = await member.click(message, custom_id=component_id(message, ":ask"))
        await member.submit_modal(shown, {"amount": typed})
        assert why in message.content, (typed, message.content)
        assert "unchanged" in message.content
        assert "You give: Maxwell Street Deli" in message.content  # the draft is kept
    shown = await member.click(message, custom_id=component_id(message, ":ask"))
    await member.submit_modal(shown, {"amount": "$1,500"})
    assert "pays you $1,500" in message.content
    await member.click(message, custom_id=component_id(message, ":send"))
    assert "Offer sent" in message.content
    offer = dm_of(scene.partner).embeds[0].description
    assert "You pay" in offer and "$1,500" in offer


async def test_too_many_businesses_and_cancel(table: Table) -> None:
    scene = await two_bosses(table)
    screen = await open_screen(table, scene.proposer)
    message = screen.response
    assert message is not None
    member = scene.proposer
    # The selects offer exactly what the engine's terms allow: mine to give, theirs to ask.
    assert select_values(message, ":give") == [str(DELI)]
    assert select_values(message, ":take") == [str(PAWN), str(TRATTORIA)]
    await member.select(message, [str(DELI)], custom_id=component_id(message, ":give"))
    await member.select(
        message, [str(PAWN), str(TRATTORIA)], custom_id=component_id(message, ":take")
    )
    assert "at most two businesses" in message.content
    send = next(b for b in buttons(message) if b.custom_id.endswith(":send"))
    assert send.disabled
    await member.click(message, custom_id=component_id(message, ":cancel"))
    assert "cancelled" in message.content
    prompt = table.prompt()
    assert prompt is not None and table.decider(prompt) is member
    assert any(b.label.startswith("Propose a trade") and not b.disabled for b in buttons(prompt))


async def test_a_big_boss_meeting_with_two_proposals(table: Table) -> None:
    await seat_table(table, ("alice", "bob", "carol"), None, ("police:easy",))
    prompt = table.prompt()
    assert prompt is not None
    drawer = table.decider(prompt)
    runner = runner_of(table)
    state = runner.session.state
    seat = runner.seat_of(drawer.id)
    assert seat is not None
    begin_turn(state, seat)
    place(state, state.police.seat, AWAY)
    bosses = [s.seat for s in state.bosses]
    order = bosses[bosses.index(seat) :] + bosses[: bosses.index(seat)]
    for boss, space in zip(order, (DELI, PAWN, TRATTORIA), strict=True):
        place(state, boss, 10 + boss)
        give(state, boss, space)
    place(state, seat, 0)
    stack_card(state, Deck.STREET_LIFE, "Big Boss Meeting!")
    script_dice(state, 1, 1, 1, 1, 1)  # two steps to Street Life; three renewal rolls
    await table.click(drawer, prompt, decision="roll")
    members = [table.by_id[runner.player_of(b) or 0] for b in order]
    first, second, third = members
    assert "Big Boss Meeting" in table.texts()
    # The drawer offers first, to the next attendee; the offer is accepted.
    screen = await open_screen(table, first)
    message = screen.response
    assert message is not None
    partner = component_id(message, ":partner")
    await first.select(message, [str(order[1])], custom_id=partner)
    await first.select(message, [str(PAWN)], custom_id=component_id(message, ":take"))
    await first.click(message, custom_id=component_id(message, ":send"))
    await answer_dm(second, "Accept")
    # Then the second attendee offers the third, who rejects.
    screen = await open_screen(table, second)
    message = screen.response
    assert message is not None
    await second.select(message, [str(order[2])], custom_id=component_id(message, ":partner"))
    await second.select(message, [str(TRATTORIA)], custom_id=component_id(message, ":take"))
    await second.click(message, custom_id=component_id(message, ":send"))
    await answer_dm(third, "Reject")
    # The third lets the chance go; the drawer then takes its action, without a trade.
    prompt = table.prompt()
    assert prompt is not None and table.decider(prompt) is third
    await table.click(third, prompt, decision="pass")
    prompt = table.prompt()
    assert prompt is not None and table.decider(prompt) is first
    assert not any(":propose:" in b.custom_id for b in buttons(prompt))
    assert state.control[PAWN] == order[0] and state.control[TRATTORIA] == order[2]
    stored = await table.bot.store.load(1)
    assert sum(d.decision.startswith("trade:") for d in stored.full_log) == 2


async def test_a_computer_offers_a_trade_to_a_person_by_dm(table: Table) -> None:
    await seat_table(table, ("alice",), None, ("boss:normal", "police:easy"))
    runner = runner_of(table)
    state = runner.session.state
    alice = table.members["alice"]
    mine = runner.seat_of(alice.id)
    assert mine is not None
    computer = next(s.seat for s in state.bosses if s.seat != mine)
    prompt = table.prompt()
    assert prompt is not None
    begin_turn(state, mine)
    place(state, state.police.seat, AWAY)
    place(state, mine, 30)
    place(state, computer, 26)
    give(state, computer, DELI)
    give(state, mine, PAWN)
    # alice: six steps to Start and a renewal roll; police (if it plays between): two steps
    # to Heist; the computer: ten steps to Start, where alice stands, and a renewal roll.
    police = (1, 1) if computer < mine else ()
    script_dice(state, 3, 3, 1, *police, 5, 5, 1)
    await table.click(alice, prompt, decision="roll")
    prompt = table.prompt()
    assert prompt is not None
    await table.click(alice, prompt, decision="pass")
    # The computer, holding the Deli, wants the Pawn Shop of the same block.
    offer = dm_of(alice)
    assert "offers you a trade" in offer.content
    assert "You give: Halsted Pawn Shop" in offer.embeds[0].description
    assert "pending" in table.history()[-1].content
    await answer_dm(alice, "Accept")
    assert state.control[PAWN] == computer
    assert "accepts" in table.texts()
