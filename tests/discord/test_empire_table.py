"""Empire at the table, through the real discord.py code paths: a 4-seat match with two
computers from `/chicago new game:empire` to its king, by the clicks a person makes."""

from __future__ import annotations

from bot.empire.game import EMPIRE
from tests.discord.empire_driver import decide, ids_of
from tests.discord.harness import Table, private_text
from tests.discord.turf_driver import game_table, live_prompt, member_of


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
        assert made is not None, table.texts()[-800:]
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
    rated = text.split("📈 **Ratings in Empire**\n", 1)[1].splitlines()
    assert {line.split(":")[0] for line in rated if line.startswith("•")} >= {"• alice", "• bob"}


async def test_clicks_restarts_and_offers_at_an_empire_table(table: Table) -> None:
    """Wrong-seat, double and stale clicks, and a restart during the sealed bids (offers,
    closed DMs and lapses: test_empire_moments)."""
    await start_four(table, rounds=4)
    match = game_table(table)
    session = match.session
    seat = session.asked()[0].seat
    prompt = live_prompt(table)
    assert prompt is not None
    ids = ids_of(prompt)
    other = member_of(table, next(s for s in range(4) if s != seat and not session.is_computer(s)))
    refused = await other.click(prompt, custom_id=ids[0])
    assert "not your" in private_text(refused).lower() or "waiting" in private_text(refused).lower()
    await member_of(table, seat).click(prompt, custom_id=ids[0])
    await table.env.advance_time(0.5)
    before = game_table(table).session.seq
    again = await table.raw_click(member_of(table, seat), prompt, ids[0])
    assert game_table(table).session.seq == before, "a double click counts once"
    assert private_text(again)

    # On to the first sealed bid a person must answer; a restart keeps it open.
    while True:
        session = game_table(table).session
        bids = [
            a.seat for a in session.asked() if a.kind == "bid" and not session.is_computer(a.seat)
        ]
        if bids:
            break
        seats = [a.seat for a in session.asked() if not session.is_computer(a.seat)]
        if not seats:
            await table.env.advance_time(1.5)
            continue
        await decide(table, seats[0])
        await table.env.advance_time(0.2)
    assert "answered**" in table.texts()
    await table.restart()
    await table.env.advance_time(1.5)
    session = game_table(table).session
    assert [a.seat for a in session.asked() if a.kind == "bid"], "the restart lost the bids"
    assert await decide(table, bids[0]) is not None
    await table.env.advance_time(0.5)
    assert "answered**" in table.texts()
