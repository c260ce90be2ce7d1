"""A match played over days, through discord.py and the offline Discord, with the clock
moved forward: banks spent and earned, running out, a computer after three timeouts,
notices (one each, none to the decider, a DM that falls back to a mention), quiet hours
across a change to summer time, a vacation, `/chicago mine` across two servers, an
archived thread, and restarts at each of those moments. Each runs on both stores (the
banks, notices sent, quiet hours and vacations come back from SQLite and PostgreSQL
alike)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.clocks.pace import spell
from tests.discord.conftest import LogGuard
from tests.discord.harness import (
    Table,
    answered_wrongly,
    buttons,
    close_dms,
    lobby_in,
    play_turn,
    private_text,
    running_here,
    seat_table,
)
from tests.store.conftest import postgres_database, postgres_server  # noqa: F401


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str | None:
    """Where the bot keeps the match: None for an SQLite file, or a fresh PostgreSQL
    database (as the store tests have it)."""
    if request.param == "sqlite":
        return None
    return str(request.getfixturevalue("postgres_database"))


@pytest.fixture
async def table(tmp_path: Path, database: str | None) -> AsyncIterator[Table]:
    """The conftest's table, on either store."""
    t = await Table(tmp_path, database=database).start()
    try:
        yield t
        wrong = answered_wrongly(t.env)
        assert not wrong, "interactions not answered exactly once:\n" + "\n".join(wrong)
    finally:
        await t.close()


HOUR = 3600.0
DAY = 24 * HOUR
DAYS = {"pace": "days"}


async def days_match(table: Table, **options: Any) -> None:
    """alice and bob as bosses, a computer police, over days."""
    await seat_table(table, ("alice", "bob"), None, ("police:easy",), **DAYS, **options)


async def advance(table: Table, seconds: float, step: float = 6 * HOUR) -> None:
    """Move the clock forward in steps, so the offline Discord settles between them."""
    while seconds > 0:
        await table.env.advance_time(min(step, seconds))
        seconds -= step


def bank(table: Table, name: str) -> str:
    """What the prompt's timestamp says is left in `name`'s bank ("1d 12h"), to the
    minute."""
    prompt = table.prompt()
    assert prompt is not None
    found = re.search(rf"\*\*{name}\*\*'s bank runs out <t:(\d+):R>", prompt.content)
    assert found, prompt.content
    left = int(found[1]) - table.now().timestamp()
    return spell(timedelta(minutes=round(left / 60)))


def notices(table: Table, member: simcord.MemberActor, channel: Any = None) -> list[str]:
    """The turn notices posted for `member` in the channel."""
    mention = f"<@{member.id}>"
    return [
        m.content
        for m in table.history(channel)
        if m.content.startswith(mention) and "🔔" in m.content
    ]


def decider_name(table: Table) -> str:
    prompt = table.prompt()
    assert prompt is not None
    member = table.decider(prompt)
    return next(n for n, m in table.members.items() if m.id == member.id)


async def click_first(table: Table) -> None:
    """The asked player makes the first choice they may."""
    prompt = table.prompt()
    assert prompt is not None
    first = next(b for b in buttons(prompt) if b.decision and not b.disabled)
    await table.click(table.decider(prompt), prompt, decision=first.decision)
    await table.env.advance_time(1.5)


async def test_banks_are_spent_while_asked_earn_the_increment_and_stop_at_the_cap(
    table: Table,
) -> None:
    await days_match(table, bank=2, increment=12, cap=3)
    who = decider_name(table)
    assert bank(table, who) == "2d"
    assert "runs out <t:" in table.prompt().content  # type: ignore[union-attr]
    await advance(table, 6 * HOUR)
    await click_first(table)  # 2d - 6h + 12h
    if decider_name(table) == who:
        assert bank(table, who) == "2d 6h"
    match = running_here(table)
    seat = next(i for i, s in enumerate(match.seats) if s.name == who)
    assert match.days is not None
    left = match.days.clocks.seats[seat].left  # what the bank held when asked again
    assert left == 2 * DAY + 6 * HOUR
    await table.restart()  # the banks come back from the store as they were
    match = running_here(table)
    assert match.days is not None
    assert match.days.clocks.seats[seat].left == left
    for _ in range(4):  # quick decisions: every one earns 12 h, up to the 3-day cap
        if decider_name(table) != who:
            break
        await click_first(table)
    assert running_here(table).days.clocks.seats[seat].left <= 3 * DAY  # type: ignore[union-attr]


async def test_out_of_bank_the_safe_choice_and_after_three_a_computer(table: Table) -> None:
    await days_match(table, bank=1, increment=0)
    who = decider_name(table)
    await advance(table, DAY + 1)
    await table.env.advance_time(1.5)
    assert f"**{who}** ran out of time" in table.texts()
    assert not [n for n in notices(table, table.members[who]) if "0m left" in n]
    await table.restart()  # a restart between timeouts keeps the count (the log has it)
    seen: dict[str, int] = {}
    for _ in range(20):  # the other player plays their turn in time
        if table.prompt() is None or decider_name(table) == who:
            break
        await play_turn(table, seen)
    for _ in range(3):  # an empty bank: the third timeout comes at once
        await table.env.advance_time(2)
    stored = await table.bot.store.load(1)
    seat = next(i for i, s in enumerate(stored.record.seats) if s.name == who)
    assert [d.actor for d in stored.full_log if d.seat == seat][:3] == ["timer"] * 3
    assert stored.record.seats[seat].controller != "user"
    assert f"{who} timed out 3 times running" in table.texts()
    back = await table.members[who].slash(table.channel, "chicago join")
    assert "You have your seat back" in private_text(back)


async def test_one_notice_each_time_asked_none_to_the_decider_and_dms_fall_back(
    table: Table,
) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    for member in (alice, bob):
        chose = await member.slash(table.channel, "chicago notify", how="dm")
        assert "direct message" in private_text(chose)
    close_dms(table, alice)
    await days_match(table)
    first = decider_name(table)
    member = table.members[first]
    other = bob if member is alice else alice
    dm_notices = [m for m in member.user.dm_channel.history() if "🔔" in m.content]
    if member is bob:
        assert len(dm_notices) == 1
        text = dm_notices[0].content
        assert "Chicago 1927" in text and "Speakeasy" in text and "#chicago" in text
        assert f"/channels/{table.guild.id}/{table.channel.id}/" in text
    else:  # alice's DMs are closed: the mention instead, once
        assert len(notices(table, alice)) == 1
    await table.restart()  # nothing is sent twice after a restart
    seen: dict[str, int] = {}
    for _ in range(30):
        if decider_name(table) != first:
            break
        await play_turn(table, seen)
    # However many decisions the first player made, they were told once.
    told = len(notices(table, member)) + len(
        [m for m in member.user.dm_channel.history() if "🔔" in m.content]
    )
    assert told == 1
    # The next player is told their way: bob by DM, alice (DMs closed) by a mention.
    if other is bob:
        assert len([m for m in bob.user.dm_channel.history() if "🔔" in m.content]) == 1
        assert notices(table, bob) == []
    else:
        assert len(notices(table, alice)) == 1


async def test_quiet_hours_hold_the_notice_until_they_end_across_summer_time(
    tmp_path: Path, database: str | None
) -> None:
    table = Table(tmp_path, database=database)
    # The bot's clock: 23:30 in Warsaw on 28 March 2026; summer time starts that night.
    table.clock_ahead = datetime(2026, 3, 28, 22, 30, tzinfo=UTC) - datetime(2026, 1, 1, tzinfo=UTC)
    await table.start()
    try:
        for member in table.members.values():
            set_quiet = await member.slash(
                table.channel, "chicago quiet", hours="23:00-08:00", tz="Europe/Warsaw"
            )
            assert "Quiet hours 23:00-08:00" in private_text(set_quiet)
        await days_match(table)
        member = table.members[decider_name(table)]
        assert notices(table, member) == []
        await table.restart()  # the notice is still due after a restart
        # 07:59 in Warsaw (05:59 UTC): still quiet.
        await table.env.advance_time(
            (datetime(2026, 3, 29, 5, 59, tzinfo=UTC) - table.now()).total_seconds()
        )
        assert notices(table, member) == []
        await table.env.advance_time(2 * 60)  # 08:01 summer time
        assert len(notices(table, member)) == 1
        assert table.now() < datetime(2026, 3, 29, 7, 0, tzinfo=UTC)  # not 08:00 winter time
    finally:
        await table.close()


async def test_a_vacation_pauses_the_clock_once_and_is_told_to_the_table(table: Table) -> None:
    await days_match(table, bank=1)
    who = decider_name(table)
    member = table.members[who]
    away = await member.slash(table.channel, "chicago away", days=2)
    assert "paused until" in private_text(away)
    assert f"{who} is away until" in table.texts()
    assert f"**{who}**'s bank has 1d left, paused until <t:" in table.prompt().content  # type: ignore[union-attr]
    again = await member.slash(table.channel, "chicago away", days=1)
    assert "already" in private_text(again)
    await advance(table, 2 * DAY)
    await table.restart()  # the vacation is in the store
    await advance(table, DAY - 60)
    assert "ran out of time" not in table.texts()
    await table.env.advance_time(120)
    assert f"**{who}** ran out of time" in table.texts()


async def test_mine_lists_matches_across_two_servers(table: Table) -> None:
    await days_match(table)
    other = table.env.create_guild("Back Room")
    room = other.create_text_channel("cards")
    alice = other.add_member(table.members["alice"].user)
    bob = other.add_member(table.members["bob"].user)
    opened = await alice.slash(room, "chicago new", bosses=2)
    assert opened.acknowledged
    lobby = next(m for m in room.history() if any(":lobby:" in b.custom_id for b in buttons(m)))
    await bob.click(lobby, label="Join as boss")
    menu = await alice.click(lobby, label="Add computer player")
    assert menu.response is not None
    await alice.click(menu.response, label="Easy police")
    await alice.click(lobby, label="Start")
    await table.env.advance_time(1.5)
    await table.restart()
    for name in ("alice", "bob"):
        shown = await table.members[name].slash(table.channel, "chicago mine")
        text = private_text(shown)
        assert shown.response is not None and shown.response.ephemeral
        assert "Speakeasy #chicago" in text and "Back Room #cards" in text, text
        assert "Your matches (2)" in text
    waiting = [n for n in ("alice", "bob") if n == decider_name(table)]
    shown = await table.members[waiting[0]].slash(table.channel, "chicago mine")
    assert "Waiting on you" in private_text(shown) and " left · [the prompt](" in private_text(
        shown
    )


async def test_an_archived_thread_is_reopened_and_else_the_parent_is_told(
    table: Table, no_errors_logged: LogGuard
) -> None:
    host = table.members["alice"]
    await host.slash(table.channel, "chicago new", bosses=2, thread=True, **DAYS)
    thread = table.channel.threads[0]
    await table.click(table.members["bob"], lobby_in(table, thread), label="Join as boss")
    menu = await table.click(host, lobby_in(table, thread), label="Add computer player")
    await table.click(host, menu.response, label="Easy police")
    await table.click(host, lobby_in(table, thread), label="Start")
    await table.env.advance_time(1.5)
    path = f"/channels/{thread.id}/messages"
    table.env.inject_error("POST", path, status=400, code=50083, message="Thread is archived")
    await advance(table, 1.5 * DAY + 60)  # half the bank: a reminder is posted
    reopened = [
        r for r in table.env.http_requests
        if r.method == "PATCH" and r.path == f"/channels/{thread.id}"
    ]  # fmt: skip
    assert reopened and reopened[0].json == {"archived": False}
    assert any("Half your time is gone" in m.content for m in table.history(thread))
    await table.restart()
    no_errors_logged.expect("Thread is archived")
    for method, where, code in (("POST", path, 50083), ("PATCH", f"/channels/{thread.id}", 50013)):
        table.env.inject_error(method, where, status=403, code=code, times=None)
    await advance(table, 1.5 * DAY + 60)  # out of time: the bot must post
    parent = [m.content for m in table.history() if "cannot go on" in m.content]
    assert len(parent) == 1 and "the thread is archived" in parent[0]


async def click_first_in(table: Table, channel: Any) -> None:
    prompt = table.prompt(channel)
    assert prompt is not None
    first = next(b for b in buttons(prompt) if b.decision and not b.disabled)
    await table.click(table.decider(prompt), prompt, decision=first.decision)
    await table.env.advance_time(1.5)
