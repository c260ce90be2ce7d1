"""Empire at the table, through the real discord.py code paths: a 4-seat match with two
computers from `/chicago new game:empire` to its king, by the clicks a person makes."""

from __future__ import annotations

from bot.empire.game import EMPIRE
from tests.discord.empire_driver import decide
from tests.discord.harness import Table
from tests.discord.turf_driver import game_table, live_prompt


async def start_four(table: Table, **options: object) -> None:
    """alice and bob, and two computers (an easy and a normal one)."""
    await table.open_lobby("alice", game="empire", players=4, **options)
    await table.click(table.members["bob"], table.lobby(), label="Join")
    for level in ("Easy player", "Normal player"):
        menu = await table.click(table.members["alice"], table.lobby(), label="Add computer player")
        await table.click(table.members["alice"], menu.response, label=level)
    await table.click(table.members["alice"], table.lobby(), label="Start")
    await table.env.advance_time(1.5)


async def play_out(table: Table, limit: int = 3000) -> int:
    clicks = 0
    while clicks < limit:
        if table.bot.tables.by_id.get(1) is None:  # over: the table left the registry
            return clicks
        session = game_table(table).session
        seats = [a.seat for a in session.asked() if not session.is_computer(a.seat)]
        if not seats:
            await table.env.advance_time(1.5)
            continue
        made = await decide(table, seats[0])
        assert made is not None, live_prompt(table).content
        await table.env.advance_time(0.2)
        clicks += 1
    raise AssertionError("the match did not end")


async def test_an_empire_match_from_new_to_its_king(table: Table) -> None:
    await start_four(table, rounds=4)
    match = game_table(table)
    assert match.game is EMPIRE
    prompt = live_prompt(table)
    assert prompt is not None and "Empire" in table.texts()
    clicks = await play_out(table)
    assert clicks > 20
    text = table.texts()
    assert "King of Chicago" in text, text[-2000:]
    assert "Sealed bids" in text and "answered" in text
