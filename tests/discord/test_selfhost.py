"""Running the bot for real: a graceful stop that loses nothing and resumes, per-server
settings and who may change them, cooldowns and click spam, idle matches dropped from
memory and reloaded."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.cli import main
from bot.discord_app import ChicagoBot
from bot.discord_app.cooldowns import SLOW_DOWN
from bot.discord_app.lobby_room import COMPUTERS_OFF
from bot.discord_app.server_settings import MANAGERS_ONLY
from bot.discord_app.shutdown import STOPPING, drain, install_signal_handlers
from bot.store import SqliteStore
from tests.discord.harness import (
    Table,
    buttons,
    private_text,
    running,
    seat_channel,
    seat_table,
    sweep_idle,
)


def refusal(result: simcord.InteractionResult) -> str:
    """The private reply to a click ("" when there is none: the click counted)."""
    texts = [f.content for f in result.followups]
    if result.ephemeral and result.response is not None:
        texts.insert(0, result.response.content)
    return "\n".join(texts)


async def two_players(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))


# --- stopping and starting again ------------------------------------------------------


async def test_a_stop_finishes_the_decision_in_flight_and_the_match_resumes(
    table: Table,
) -> None:
    await two_players(table)
    bot = table.bot
    store = bot.store
    assert isinstance(store, SqliteStore)
    prompt = table.prompt()
    assert prompt is not None
    decider = table.decider(prompt)
    runner = running(table)
    # The decision is in flight: inside its match's lock, about to commit.
    gate = asyncio.Event()
    reached = asyncio.Event()
    commit = store.commit_step

    async def slow_commit(*args: Any, **kwargs: Any) -> None:
        reached.set()
        await gate.wait()
        await commit(*args, **kwargs)

    store.commit_step = slow_commit  # type: ignore[method-assign]
    in_flight = asyncio.create_task(runner.decide(decider.id, 0, "roll"))
    await reached.wait()
    stopping = asyncio.create_task(drain(bot))
    await asyncio.sleep(0)
    assert bot.stopping and not stopping.done()
    # Clicks and commands meanwhile get one polite private word and change nothing.
    other = table.members["dave"]
    clicked = await table.click(other, prompt, decision="roll")
    assert refusal(clicked) == STOPPING
    asked = await other.slash(table.channel, "chicago board")
    assert private_text(asked) == STOPPING
    gate.set()
    assert await in_flight is None
    await stopping
    assert bot.is_closed() and store._db is None  # the database is closed
    # The next start resumes the match where it was: the roll is in the log and the
    # next prompt's buttons work.
    await table.restart()
    await table.env.settle()
    stored = await table.bot.store.load(1)
    assert [d.decision for d in stored.full_log][:1] == ["roll"]
    after = table.prompt()
    assert after is not None
    choice = next(b for b in buttons(after) if b.decision and not b.disabled)
    result = await table.click(table.decider(after), after, decision=choice.decision)
    assert not refusal(result)
    stored = await table.bot.store.load(1)
    assert len(stored.full_log) > 1


async def test_sigterm_drains_the_bot(table: Table) -> None:
    await two_players(table)
    bot = table.bot
    install_signal_handlers(bot)
    loop = asyncio.get_running_loop()
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(200):
            if bot.is_closed() and bot.store._db is None:  # type: ignore[attr-defined]
                break
            await asyncio.sleep(0.01)
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
    assert bot.stopping and bot.is_closed()


def test_chicago_bot_run_exits_0_on_sigterm(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async def connected_until_stopped(self: ChicagoBot, token: str, **_: Any) -> None:
        os.kill(os.getpid(), signal.SIGTERM)  # `docker stop`
        while not self.is_closed():
            await asyncio.sleep(0.01)

    monkeypatch.setattr(ChicagoBot, "start", connected_until_stopped)
    monkeypatch.setenv(
        "DISCORD_TOKEN", "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"
    )
    monkeypatch.setenv("CHICAGO_DB", str(tmp_path / "c.db"))
    monkeypatch.setenv("CHICAGO_RENDER_WORKERS", "1")
    monkeypatch.setenv("CHICAGO_SHARDS", "1")
    monkeypatch.chdir(tmp_path)
    assert main(["run"]) == 0
    err = capsys.readouterr().err
    assert "received SIGTERM" in err and "every match is saved" in err
    assert "abcdefghijklmnopqrstuvwxyz0123" not in err


# --- per-server settings ----------------------------------------------------------------


async def test_server_settings_need_manage_server_and_rule_new_matches(table: Table) -> None:
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    hosts = table.guild.create_role("Hosts")
    boss = table.guild.add_member(table.env.create_user("boss"), roles=[admins])
    host = table.guild.add_member(table.env.create_user("host"), roles=[hosts])
    alice = table.members["alice"]

    refused = await alice.slash(table.channel, "chicago settings", computers=False)
    assert private_text(refused) == MANAGERS_ONLY
    saved = await boss.slash(
        table.channel,
        "chicago settings",
        timer=2,
        starter_role=hosts,
        computers=False,
        max_matches=1,
    )
    text = private_text(saved)
    assert text.startswith("Saved.") and "2 min" in text and "not allowed" in text

    # Only the role (or a manager) may open a match; its timer is the server's.
    no = await alice.slash(table.channel, "chicago new")
    assert "only members with" in private_text(no)
    yes = await host.slash(table.channel, "chicago new")
    assert not private_text(yes)
    record = await table.bot.store.match_in_channel(table.channel.id)
    assert record is not None and record.settings["timer"] == 120
    menu = await table.click(host, table.lobby(), label="Add computer player")
    assert private_text(menu) == COMPUTERS_OFF
    # The server's most matches at once.
    other = table.guild.create_text_channel("second")
    full = await host.slash(other, "chicago new")
    assert "most at once" in private_text(full)

    # Stored: a restarted bot reads the same settings.
    await table.restart()
    shown = await boss.slash(table.channel, "chicago settings")
    assert "<@&" in private_text(shown) and "Most matches open at once: 1" in private_text(shown)
    cleared = await boss.slash(table.channel, "chicago settings", everyone_may_start=True)
    assert "everyone" in private_text(cleared)


async def test_the_starter_role_may_end_any_match(table: Table) -> None:
    hosts = table.guild.create_role("Hosts")
    admins = table.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = table.guild.add_member(table.env.create_user("boss"), roles=[admins])
    for name in ("host", "helper"):
        member = table.guild.add_member(table.env.create_user(name), roles=[hosts])
        table.members[name], table.by_id[member.id] = member, member
    await boss.slash(table.channel, "chicago settings", starter_role=hosts, computers=True)
    await seat_table(table, ("host", "bob"), None, ("police:easy",))
    refused = await table.members["carol"].slash(table.channel, "chicago end")
    assert "Only the host" in private_text(refused)
    asked = await table.members["helper"].slash(table.channel, "chicago end")
    assert "End this match for everyone?" in private_text(asked)


# --- abuse ------------------------------------------------------------------------------


async def test_picture_commands_have_a_cooldown(table: Table) -> None:
    await two_players(table)
    dave = table.members["dave"]
    for _ in range(2):
        shown = await dave.slash(table.channel, "chicago board")
        assert shown.response is not None and shown.response.attachments
    again = await dave.slash(table.channel, "chicago board")
    assert "draws a picture" in private_text(again) and not again.response.attachments  # type: ignore[union-attr]
    other = await table.members["carol"].slash(table.channel, "chicago board")
    assert other.response is not None and other.response.attachments  # per user
    await table.env.advance_time(21)
    later = await dave.slash(table.channel, "chicago board")
    assert later.response is not None and later.response.attachments


async def test_a_click_spammer_gets_one_answer_not_one_per_click(table: Table) -> None:
    await two_players(table)
    prompt = table.prompt()
    assert prompt is not None
    dave = table.members["dave"]
    answers = [refusal(await table.click(dave, prompt, decision="roll")) for _ in range(12)]
    waiting = [a for a in answers if a.startswith("Waiting for")]
    assert len(waiting) == 5
    assert answers[5] == SLOW_DOWN
    assert answers[6:] == [""] * 6  # acknowledged, nothing sent
    await table.env.advance_time(6)
    calm = await table.click(dave, prompt, decision="roll")
    assert refusal(calm).startswith("Waiting for")
    stored = await table.bot.store.load(1)
    assert stored.full_log == []


async def test_lobbies_per_user_are_limited(table: Table) -> None:
    alice = table.members["alice"]
    channels = [table.channel] + [table.guild.create_text_channel(f"t{i}") for i in (2, 3)]
    for channel in channels[:2]:
        opened = await alice.slash(channel, "chicago new")
        assert not private_text(opened)
    third = await alice.slash(channels[2], "chicago new")
    assert "You already host 2 open lobbies" in private_text(third)


# --- idle matches -----------------------------------------------------------------------


async def test_idle_matches_leave_memory_and_come_back_on_a_click(tmp_path: Path) -> None:
    table = await Table(tmp_path, settings={"idle_after": 60}).start()
    try:
        await two_players(table)
        channel2 = table.guild.create_text_channel("second")
        await seat_channel(table, channel2, ("carol", "dave"), None, ("police:easy",))
        first, second = running(table, 1), running(table, 2)
        await table.env.advance_time(90)
        assert sweep_idle(table) == 0 or (first.asleep and second.asleep)
        assert first.asleep and second.asleep
        # A click reloads the first from the store; the second stays asleep.
        prompt = table.prompt()
        assert prompt is not None
        result = await table.click(table.decider(prompt), prompt, decision="roll")
        assert not refusal(result)
        assert not first.asleep and second.asleep
        stored = await table.bot.store.load(1)
        assert stored.full_log[0].decision == "roll"
        # A command wakes it too.
        board = await table.members["carol"].slash(channel2, "chicago board")
        assert board.response is not None and board.response.attachments
        assert not second.asleep
        # A timer wakes a sleeping match and makes the safe choice.
        await table.env.advance_time(90)
        sweep_idle(table)
        assert second.asleep
        await table.env.advance_time(300)
        assert "ran out of time" in table.texts(channel2)
        assert not second.asleep or second.closed
        stored = await table.bot.store.load(2)
        assert stored.full_log and stored.full_log[0].actor == "timer"
    finally:
        await table.close()
