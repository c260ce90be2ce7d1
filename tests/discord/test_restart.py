"""Restarts and absent players: buttons keep working, timers resume, seats come back."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
import simcord

from bot.store import MatchStatus
from tests.discord.harness import Table, buttons, play_turn, private_text, running, seat_table
from tests.discord.test_match import SEED

HANDED = "a computer plays their seat now"
OwnPrompt = Callable[[discord.Message], Awaitable[None]]


async def until_handed_over(
    table: Table, player: simcord.MemberActor, on_own_prompt: OwnPrompt, limit: int = 80
) -> None:
    """Others play on; `on_own_prompt` handles `player`'s prompts (usually letting time
    run out) until the bot hands `player`'s seat to a computer."""
    seen: dict[str, int] = {}
    for _ in range(limit):
        if HANDED in table.texts():
            return
        prompt = table.prompt()
        assert prompt is not None
        if table.decider(prompt) is player:
            await on_own_prompt(prompt)
        else:
            await play_turn(table, seen)
    raise AssertionError(f"{player.name}'s seat was never handed to a computer")


async def until_asked(table: Table, player: simcord.MemberActor, limit: int = 40) -> None:
    """Others play on until `player` must decide."""
    seen: dict[str, int] = {}
    for _ in range(limit):
        prompt = table.prompt()
        assert prompt is not None
        if table.decider(prompt) is player:
            return
        await play_turn(table, seen)
    raise AssertionError(f"{player.name} was never asked again")


async def run_out(table: Table) -> None:
    """Let the decision timer of the channel's match run out once."""
    await table.env.advance_time(running(table).timer_length.total_seconds() + 1)


async def test_restart_in_a_raid_prompt_then_the_old_button_works(table: Table) -> None:
    table.seed = SEED
    await seat_table(table, ("alice", "bob"), "carol", length="rounds", rounds=6)
    seen: dict[str, int] = {}
    prompt = None
    for _ in range(100):
        prompt = table.prompt()
        assert prompt is not None, "the withdrawal prompt never came"
        if any(b.decision == "withdraw" for b in buttons(prompt)):
            break
        await play_turn(table, seen)
    assert prompt is not None
    posted = len(table.history())
    await table.restart()
    await table.env.settle()
    assert len(table.history()) == posted  # nothing posted twice
    still = table.prompt()
    assert still is not None and still.id == prompt.id
    await table.click(table.decider(prompt), prompt, decision="withdraw")
    stored = await table.bot.store.load(1)
    assert stored.full_log[-1].decision == "withdraw"
    await table.env.advance_time(2)
    after = table.prompt()
    assert after is not None and after.id != prompt.id


async def test_timers_resume_with_the_time_left(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    await table.env.advance_time(200)  # past half time: the reminder is out
    reminders = [m for m in table.history() if "half your time" in m.content]
    assert len(reminders) == 1
    await table.restart()
    await table.env.advance_time(60)
    assert "ran out of time" not in table.texts()
    assert len([m for m in table.history() if "half your time" in m.content]) == 1
    await table.env.advance_time(41)  # 301 s in all: the default is applied once
    assert table.texts().count("ran out of time") == 1
    stored = await table.bot.store.load(1)
    assert [d.actor for d in stored.full_log] == ["timer"]


async def test_a_seat_handed_to_a_computer_and_taken_back(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    alice, bob = table.members["alice"], table.members["bob"]
    await until_handed_over(table, alice, lambda _: run_out(table))
    stored = await table.bot.store.load(1)
    assert any(s.user_id == alice.id and s.controller != "user" for s in stored.record.seats)
    assert [d.actor for d in stored.full_log].count("timer") == 3
    # The computer plays alice's turns: every prompt now is bob's.
    seen: dict[str, int] = {}
    for _ in range(6):
        prompt = table.prompt()
        assert prompt is not None and table.decider(prompt) is bob
        await play_turn(table, seen)
    back = await alice.slash(table.channel, "chicago join")
    assert private_text(back) == "You have your seat back."
    await until_asked(table, alice)
    assert "is back at the table" in table.texts()
    stored = await table.bot.store.load(1)
    assert stored.record.status is MatchStatus.RUNNING
    assert all(s.controller == "user" for s in stored.record.seats if s.user_id)


async def test_timeouts_in_a_row_are_still_counted_after_a_restart(table: Table) -> None:
    """Two timeouts, a restart, a third: the seat goes to a computer all the same."""
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    alice = table.members["alice"]
    restarted = False

    async def time_out(_: discord.Message) -> None:
        nonlocal restarted
        await run_out(table)
        timers = [d.actor for d in (await table.bot.store.load(1)).full_log].count("timer")
        if timers == 2 and not restarted:
            await table.restart()
            await table.env.settle()
            restarted = True

    await until_handed_over(table, alice, time_out)
    assert restarted
    stored = await table.bot.store.load(1)
    assert [d.actor for d in stored.full_log].count("timer") == 3
    assert any(s.user_id == alice.id and s.controller != "user" for s in stored.record.seats)


async def test_a_seat_taken_back_keeps_no_old_streak_after_a_restart(table: Table) -> None:
    """Three timeouts hand the seat over; taken back before the computer played it and
    then restarted, one more timeout must not hand it over again."""
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    alice = table.members["alice"]
    rolled = False

    async def roll_once_then_time_out(prompt: discord.Message) -> None:
        nonlocal rolled
        if not rolled and any(b.decision == "roll" for b in buttons(prompt)):
            # She rolls once herself, so her third timeout falls on her turn's last choice.
            await table.click(alice, prompt, decision="roll")
            rolled = True
        else:
            await run_out(table)

    await until_handed_over(table, alice, roll_once_then_time_out)
    stored = await table.bot.store.load(1)
    alice_seat = next(i for i, s in enumerate(stored.record.seats) if s.user_id == alice.id)
    last = [d.actor for d in stored.full_log if d.seat == alice_seat][-1]
    assert last == "timer", "the computer already played for alice: scene not reached"
    back = await alice.slash(table.channel, "chicago join")
    assert private_text(back) == "You have your seat back."
    await table.restart()
    await table.env.settle()
    timers = [d.actor for d in stored.full_log].count("timer")
    await until_asked(table, alice)
    await run_out(table)  # one timeout, the first since she came back
    stored = await table.bot.store.load(1)
    assert [d.actor for d in stored.full_log].count("timer") == timers + 1
    assert stored.record.seats[alice_seat].controller == "user"
    assert table.texts().count(HANDED) == 1
