"""A running match has one home, and everything a player sees survives a restart: the DM
offer, the reminder, the private trade screen; two lobbies opened at once; names that
look like mentions; custom ids of an unexpected shape. Each journey is played through
discord.py in the offline Discord."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import discord
import simcord
from simcord.actors import _component_interaction

from bot.store import snapshot_of
from tests.discord.harness import (
    Table,
    buttons,
    play_turn,
    private_text,
    running,
    running_here,
    seat_table,
)
from tests.discord.test_trades import (
    DELI,
    PAWN,
    build_offer,
    component_id,
    dm_of,
    open_screen,
    two_bosses,
)

REMINDER = "half your time is gone"
PENDING = "has sent you a trade offer by direct message"


async def keep_scene(table: Table) -> None:
    """A scene set with `engine.chicago.testing` lives only in memory; a snapshot of it makes it
    the state a restart continues from (the log no longer replays to it, and a diverged
    log continues from the snapshot)."""
    match = running(table)
    await table.bot.store.append_decisions(match.match_id, [], snapshot_of(match.session.state))


def dm_messages(member: simcord.MemberActor) -> list[discord.Message]:
    channel = member.user.dm_channel
    return [] if channel is None else list(channel.history())


async def test_a_dm_offer_answered_after_a_restart_is_the_one_that_updates(table: Table) -> None:
    scene = await two_bosses(table)
    await build_offer(table, scene.proposer, [DELI], [PAWN])
    await keep_scene(table)
    offer = dm_of(scene.partner)
    assert len(dm_messages(scene.partner)) == 1
    assert table.texts().count(PENDING) == 1
    await table.restart()
    await table.env.settle()
    assert len(dm_messages(scene.partner)) == 1, "the offer was sent again"
    assert table.texts().count(PENDING) == 1, "the channel was told twice"
    result = await scene.partner.user.click(offer, label="Accept")
    assert result.acknowledged
    assert len(dm_messages(scene.partner)) == 1
    clicked = dm_messages(scene.partner)[0]
    assert clicked.id == offer.id
    assert "You accepted the offer" in clicked.content
    assert not buttons(clicked), "the DM they clicked kept live buttons"
    state = running_here(table).session.state
    assert state.control[DELI] == scene.partner_seat


async def test_a_reminder_goes_once_decided_after_a_restart(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    await table.env.advance_time(200)  # past half time: the reminder is out
    assert len([m for m in table.history() if REMINDER in m.content]) == 1
    await table.restart()
    await table.env.settle()
    prompt = table.prompt()
    assert prompt is not None
    await table.click(table.decider(prompt), prompt, decision="roll")
    assert [m.content for m in table.history() if REMINDER in m.content] == []


async def test_the_reminder_links_the_prompt_in_words(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    await table.env.advance_time(200)
    reminder = next(m for m in table.history() if REMINDER in m.content)
    assert "[your prompt](https://discord.com/channels/" in reminder.content
    assert "by in" not in reminder.content


async def test_a_trade_screen_closed_by_a_restart_answers_politely(table: Table) -> None:
    scene = await two_bosses(table)
    await keep_scene(table)
    screen = await open_screen(table, scene.proposer)
    message = screen.response
    assert message is not None
    cancel = component_id(message, ":cancel")
    await table.restart()
    await table.env.settle()
    result = await scene.proposer.click(message, custom_id=cancel)
    assert result.acknowledged, "the click on the old screen was not answered"
    assert "This trade screen has closed" in message.content
    assert "Propose a trade" in message.content
    # The prompt still offers the trade: the screen opens again and works.
    again = await open_screen(table, scene.proposer)
    assert again.response is not None


async def test_a_trade_screen_keeps_working_without_a_restart(table: Table) -> None:
    scene = await two_bosses(table)
    screen = await open_screen(table, scene.proposer)
    message = screen.response
    assert message is not None
    await scene.proposer.click(message, custom_id=component_id(message, ":cancel"))
    assert "Offer cancelled" in message.content
    assert running_here(table).show.screens == {}  # type: ignore[attr-defined]


async def test_the_registry_opens_one_lobby_when_two_race(table: Table) -> None:
    """Two `/chicago new` at the same moment (the offline Discord runs one command at a
    time, so the race is made here): both opens wait inside the store call together;
    one lobby is made and the other gets the usual answer, with no error."""
    from bot.discord_app.match_settings import MatchSettings
    from bot.store import SeatRecord

    tables = table.bot.tables
    store = tables.ctx.store
    gate = asyncio.Event()
    create = store.create_match

    async def slow_create(*args: Any, **kwargs: Any) -> Any:
        await gate.wait()
        return await create(*args, **kwargs)

    store.create_match = slow_create  # type: ignore[method-assign]
    posted: list[int] = []

    async def post(lobby: Any) -> int:
        posted.append(lobby.match_id)
        return 10_000 + int(lobby.match_id)

    settings = MatchSettings(main_seats=2, timer=300)
    seats = [SeatRecord("boss", "Al", 1)]
    both = asyncio.gather(
        tables.open_lobby(table.guild.id, 777, 1, settings, seats, post),
        tables.open_lobby(table.guild.id, 777, 2, settings, seats, post),
    )
    await asyncio.sleep(0.01)
    gate.set()
    first, second = await both
    made = [r for r in (first, second) if not isinstance(r, str)]
    refused = [r for r in (first, second) if isinstance(r, str)]
    assert len(made) == 1 and len(posted) == 1
    assert len(refused) == 1 and "already open here" in refused[0]


async def test_names_written_like_mentions_ping_nobody(table: Table) -> None:
    dave = table.members["dave"]
    guild = table.guild
    tricky = {
        "eve": f"<@{dave.id}>",
        "fay": "@everyone **boss**",
        "gil": f"<@&{table.mods.id}> [x](https://example.com)",
    }
    for name, nick in tricky.items():
        member = guild.add_member(table.env.create_user(name), nick=nick)
        table.members[name] = member
        table.by_id[member.id] = member
    await seat_table(table, ("eve", "fay"), "gil")
    seen: dict[str, int] = {}
    for _ in range(12):
        await play_turn(table, seen)
    players = {table.members[n].id for n in tricky}
    for message in table.history():
        assert not message.mention_everyone, message.content
        assert not message.role_mentions, message.content
        assert {u.id for u in message.mentions} <= players, message.content
    text = table.texts()
    assert f"<@{dave.id}>" not in text and "@everyone" not in text and "](https" not in text
    assert "everyone boss" in text  # the name is still there, as plain text


async def test_a_custom_id_of_an_unexpected_shape_is_refused_politely(table: Table) -> None:
    await table.open_lobby(bosses=2)
    lobby = table.lobby()
    bob = table.members["bob"]
    for custom_id in ("chicago:1:lobby:add:boss", "chicago:1:lobby:remove:x", "chicago:1:7:flip"):
        result = await click_forged(table, bob, lobby, custom_id)
        assert private_text(result) == "That button is no longer in use.", custom_id


async def click_forged(
    table: Table, member: simcord.MemberActor, message: discord.Message, custom_id: str
) -> simcord.InteractionResult:
    """A click on a button whose custom id no release of the bot wrote (an old client's
    cache, a forged payload), on a message that shows it."""
    stored = copy.copy(table.env.backend.get_message(message.channel.id, message.id))
    button = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
    stored.components = [{"type": 1, "components": [button]}]
    data = {"custom_id": custom_id, "component_type": 2}
    result = await _component_interaction(member, stored, data)
    assert result.acknowledged, f"{custom_id} was not answered"
    return result


def live_decision_messages(table: Table) -> list[discord.Message]:
    return [m for m in table.history() if any(b.decision and not b.disabled for b in buttons(m))]


async def nothing_stale(table: Table) -> None:
    """One live prompt, for the decision asked now; at most one reminder, about it."""
    match = running_here(table)
    await match.wake()
    live = live_decision_messages(table)
    assert len(live) == 1, [m.content for m in live]
    assert {b.seq for b in buttons(live[0]) if b.decision} == {match.session.seq}
    assert len([m for m in table.history() if REMINDER in m.content]) <= 1


async def test_a_restart_at_any_step_leaves_nothing_stale(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), "carol")
    seen: dict[str, int] = {}
    for step in range(16):
        if step % 4 == 3:
            await table.env.advance_time(200)  # a reminder is out when the bot stops
        await table.restart()
        await table.env.settle()
        await nothing_stale(table)
        await play_turn(table, seen)
        await nothing_stale(table)


async def test_a_crash_between_commit_and_post_is_mended_at_the_restart(table: Table) -> None:
    """The decision is committed and the process dies before telling it: the restart
    closes the prompt that asked it and posts the one asked now."""
    await seat_table(table, ("alice", "bob"), "carol")
    match = running_here(table)

    async def died(*_: Any) -> None:
        return None

    match.show.publish = died  # type: ignore[method-assign, assignment]
    prompt = table.prompt()
    assert prompt is not None
    await table.click(table.decider(prompt), prompt, decision="roll")
    assert (await table.bot.store.load(1)).full_log[-1].decision == "roll"
    await table.restart()
    await table.env.settle()
    await nothing_stale(table)
    old = next(m for m in table.history() if m.id == prompt.id)
    assert not any(b.decision and not b.disabled for b in buttons(old))
