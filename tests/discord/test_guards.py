"""Clicks and commands that must not count, and the replies that say why."""

from __future__ import annotations

import discord
import pytest

from bot.store import MatchStatus
from tests.discord.conftest import LogGuard
from tests.discord.harness import Table, buttons, private_text, seat_table


async def two_players(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))


async def test_only_the_deciding_player_may_click(table: Table) -> None:
    await two_players(table)
    prompt = table.prompt()
    assert prompt is not None
    decider = table.decider(prompt)
    other = next(m for m in (table.members["alice"], table.members["bob"]) if m is not decider)
    refused = await table.click(other, prompt, decision="roll")
    assert refused.ephemeral
    assert private_text(refused) == f"Waiting for {decider.mention}: it is their decision."
    stored = await table.bot.store.load(1)
    assert stored.full_log == []
    dave = await table.click(table.members["dave"], prompt, decision="roll")
    assert "Waiting for" in private_text(dave)


async def test_a_double_click_applies_once(table: Table) -> None:
    await two_players(table)
    prompt = table.prompt()
    assert prompt is not None
    decider = table.decider(prompt)
    roll = next(b for b in buttons(prompt) if b.decision == "roll")
    await table.click(decider, prompt, decision="roll")
    again = await table.raw_click(decider, prompt, roll.custom_id)
    assert again.ephemeral
    assert "counted once" in private_text(again)
    stored = await table.bot.store.load(1)
    assert [d.decision for d in stored.full_log].count("roll") == 1


async def test_a_passed_prompt_says_so(table: Table) -> None:
    await two_players(table)
    prompt = table.prompt()
    assert prompt is not None
    roll = next(b for b in buttons(prompt) if b.decision == "roll")
    await table.env.advance_time(301)  # the timer rolls for the player
    assert "ran out of time" in table.texts()
    late = await table.raw_click(table.decider(prompt), prompt, roll.custom_id)
    assert private_text(late) == "That choice has passed."
    # The passed prompt's buttons are gone; the next decision is asked.
    refreshed = next(m for m in table.history() if m.id == prompt.id)
    assert roll.custom_id not in [b.custom_id for b in buttons(refreshed)]
    assert table.prompt() is not None


async def test_too_few_seats_cannot_start(table: Table) -> None:
    await table.open_lobby(bosses=3)
    await table.click(table.members["bob"], table.lobby(), label="Join as boss")
    refused = await table.click(table.members["bob"], table.lobby(), label="Start")
    assert "Only the host" in private_text(refused)
    refused = await table.click(table.members["alice"], table.lobby(), label="Start")
    text = private_text(refused)
    assert "Every seat must be filled" in text and "1 boss seat" in text and "police" in text
    assert table.prompt() is None
    lobby = table.lobby().embeds[0]
    assert "Bosses (2/3)" in [f.name for f in lobby.fields]


async def test_a_second_new_in_the_channel_points_to_the_first(table: Table) -> None:
    await table.open_lobby()
    second = await table.open_lobby("bob")
    assert second.ephemeral
    assert "A match is already open here" in private_text(second)
    assert len([m for m in table.history() if ":lobby:" in str(m.components)]) == 1


async def test_end_asks_to_confirm_and_only_for_host_or_moderators(table: Table) -> None:
    await two_players(table)
    bob = table.members["bob"]
    refused = await bob.slash(table.channel, "chicago end")
    assert "Only the host" in private_text(refused)
    mod = table.guild.add_member(table.env.create_user("mia"), roles=[table.mods])
    asked = await mod.slash(table.channel, "chicago end")
    assert asked.response is not None and "End this match" in asked.response.content
    kept = await table.click(mod, asked.response, label="Keep playing")
    assert kept.acknowledged and table.prompt() is not None
    asked = await mod.slash(table.channel, "chicago end")
    assert asked.response is not None
    await table.click(mod, asked.response, label="End the match")
    assert "The match was ended by" in table.history()[-1].content
    assert table.prompt() is None
    stored = await table.bot.store.load(1)
    assert stored.record.status is MatchStatus.ABANDONED
    again = await table.open_lobby("bob")
    assert not again.ephemeral  # the channel is free for a new match


async def test_missing_permissions_are_explained_at_new(table: Table) -> None:
    me = table.guild.me
    assert me is not None
    locked = table.guild.create_text_channel(
        "locked", overwrites={me: discord.PermissionOverwrite(attach_files=False)}
    )
    result = await table.members["alice"].slash(locked, "chicago new")
    text = private_text(result)
    assert result.ephemeral and "Attach Files" in text and "board picture" in text
    assert await table.bot.store.match_in_channel(locked.id) is None


async def test_a_deleted_channel_ends_its_match(table: Table) -> None:
    await two_players(table)
    table.env.backend.delete_channel(table.channel.id)
    await table.env.settle()
    stored = await table.bot.store.load(1)
    assert stored.record.status is MatchStatus.ABANDONED
    await table.env.advance_time(400)  # no timer fires into the void


async def test_help_and_board(table: Table) -> None:
    shown = await table.members["dave"].slash(table.channel, "chicago help")
    assert shown.ephemeral and shown.response is not None
    assert any(f.name == "/chicago new" for f in shown.response.embeds[0].fields)
    await two_players(table)
    private = await table.members["dave"].slash(table.channel, "chicago board")
    assert private.ephemeral and private.response is not None
    assert private.response.attachments[0].filename == "board.png"
    public = await table.members["dave"].slash(table.channel, "chicago board", public=True)
    assert not public.ephemeral


async def test_an_error_is_told_privately_logged_and_the_match_goes_on(
    table: Table, no_errors_logged: LogGuard, caplog: pytest.LogCaptureFixture
) -> None:
    await two_players(table)
    prompt = table.prompt()
    assert prompt is not None
    no_errors_logged.expect("match 1: decision 0 'roll' failed")
    table.env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/*", times=1)
    result = await table.click(table.decider(prompt), prompt, decision="roll")
    assert "Something went wrong" in private_text(result)
    assert any("match 1: decision 0 'roll' failed" in r.getMessage() for r in caplog.records)
    stored = await table.bot.store.load(1)
    assert [d.decision for d in stored.full_log] == ["roll"]
    after = table.prompt()
    assert after is not None and buttons(after)[0].seq == 1  # the match was not left stuck


async def test_a_match_in_a_new_thread(table: Table) -> None:
    result = await table.open_lobby(bosses=2, thread=True)
    assert result.ephemeral and "lobby is open in" in private_text(result)
    thread = table.channel.threads[0]
    bob = table.members["bob"]
    joined = await bob.slash(thread, "chicago join", role="police")
    assert private_text(joined) == "You joined as the police."
    lobby = table.history(thread)[0]
    assert "bob" in (lobby.embeds[0].fields[1].value or "")
    await table.click(table.members["alice"], lobby, label="Add computer player")
    started = await table.members["alice"].slash(thread, "chicago start")
    assert "Every seat" in private_text(started)  # one boss seat is still open
    assert table.bot.tables.in_channel(table.channel.id) is None  # the parent stays free
    table.env.backend.delete_channel(thread.id)
    await table.env.settle()
    stored = await table.bot.store.load(1)
    assert stored.record.status is MatchStatus.ABANDONED


async def test_leaving_a_running_match_hands_the_seat_to_a_computer(table: Table) -> None:
    await two_players(table)
    prompt = table.prompt()
    assert prompt is not None
    leaver = table.decider(prompt)
    left = await leaver.slash(table.channel, "chicago leave")
    assert "A computer plays your seat" in private_text(left)
    assert "left the table" in table.texts()
    now = table.prompt()
    assert now is not None and table.decider(now) is not leaver
