"""The preview's clock control for a match over days, without a browser: its buttons
pressed through discord.py in the offline Discord, and through the page of a running
`chicago-bot preview --pace days`; moving the clock runs the banks down, sends the
notices and makes the safe choice when a bank runs out."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from bot.discord_app.game_table import GameTable
from bot.preview import OfflineServer, seats_for
from bot.preview_clock import ClockControl
from tests.test_preview import click_label, free_port, read_url, running, stop


@pytest.fixture
async def days_table(tmp_path: Path) -> AsyncIterator[tuple[OfflineServer, ClockControl]]:
    """alice and bob as bosses and a computer police, over days with a 1-day bank and
    the default 12 h increment, the clock control posted before the lobby's Start."""
    server = OfflineServer(tmp_path / "p.db", ["alice", "bob"], seed=5)
    await server.start()
    try:
        await server.open_match(2, ["alice", "bob"], seats_for(2, 2, "easy"), pace="days", bank=1)
        control = ClockControl(server)
        await control.post()
        await server.start_match()
        await server.env.advance_time(2)
        yield server, control
    finally:
        await server.close()


def control_message(server: OfflineServer, control: ClockControl) -> discord.Message:
    found = [m for m in server.history() if "Preview clock" in m.content]
    assert len(found) == 1, [m.content for m in found]  # the old control is removed
    assert found[0].id == control.message_id
    return found[0]


async def press(server: OfflineServer, control: ClockControl, label: str) -> None:
    """A viewer presses a control button; the preview's task then moves the clock."""
    message = control_message(server, control)
    pressed = await server.members["alice"].click(message, label=label)
    assert pressed.acknowledged
    await control.move_next()


def said(server: OfflineServer, pattern: str) -> list[str]:
    return [m.content for m in server.history() if re.search(pattern, m.content)]


async def mine(server: OfflineServer, name: str) -> str:
    shown = await server.members[name].slash(server.channel, "chicago mine")
    assert shown.response is not None
    return shown.response.content


async def test_moving_the_clock_runs_the_bank_down_notices_and_runs_out(
    days_table: tuple[OfflineServer, ClockControl],
) -> None:
    server, control = days_table
    prompt = server.prompt()
    assert prompt is not None
    asked = server.decider(prompt)
    name = next(n for n, m in server.members.items() if m.id == asked.id)
    assert f"**{name}**'s bank runs out <t:{int(server.env.now().timestamp()) + 86_398}:R>" in (
        prompt.content
    )  # a day from the ask, 2 s ago
    mention = f"<@{asked.id}>"
    assert len(said(server, rf"^{mention} 🔔 It is your turn")) == 1
    start = server.env.now()

    await press(server, control, "1 hour")
    assert (server.env.now() - start).total_seconds() >= 3600
    assert server.history()[-1].id == control.message_id  # the control is at the bottom
    assert "(moved on 1h)" in control_message(server, control).content
    assert "22h 59m left" in await mine(server, name)  # the match began 2 s ago
    assert "ran out of time" not in "\n".join(m.content for m in server.history())

    await press(server, control, "1 day")
    assert "(moved on 1d 1h)" in control_message(server, control).content
    reminders = said(server, rf"^{mention} ⏰ Half your time is gone")
    assert len(reminders) == 1 and "Your bank runs out <t:" in reminders[0]
    assert said(server, rf"^⏱ \*\*{name}\*\* ran out of time: ")  # the rules' safe choice
    # Told once, however far the clock moved; the seat earned its increment.
    assert len(said(server, rf"^{mention} 🔔 It is your turn")) >= 1
    table = server.bot.tables.by_id[1]
    assert isinstance(table, GameTable) and table.days is not None
    seat = next(i for i, s in enumerate(table.seats) if s.user_id == asked.id)
    assert table.days.clocks.seats[seat].left == 12 * 3600


async def test_the_page_moves_the_clock_of_a_preview_over_days(tmp_path: Path) -> None:
    """`--pace days`: the control is in the channel; pressed from the page, the clock
    moves on and the control comes back under the newest message."""
    import aiohttp

    port = free_port()
    with running(
        "--pace", "days", "--bank", "1", "--port", str(port), "--computer-delay", "0"
    ) as process:
        url = read_url(process)
        await click_label(aiohttp, url, "Start", "your turn")
        moved = await click_label(aiohttp, url, "1 hour", "moved on 1h")
        assert "Preview clock" in moved
        stop(process)


def test_bank_needs_days(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main

    assert main(["preview", "--bank", "2"]) == 2
    assert "--bank needs --pace days" in capsys.readouterr().err
