"""What the channel shows at the start: the dealt seats and the first prompt."""

from __future__ import annotations

import re

from tests.discord.harness import Table, buttons, play_turn, seat_table


async def test_the_start_tells_who_plays_what(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    lobby = table.history()[0]
    assert lobby.embeds[0].title == "Chicago 1927 — the match is on"
    assert not buttons(lobby)
    prompt = table.prompt()
    assert prompt is not None
    description = prompt.embeds[0].description or ""
    assert "The seed deals the seats" in description and "🤖 Chicago Police" in description
    assert prompt.content.startswith(table.decider(prompt).mention)
    assert prompt.attachments[0].filename == "board.png"


async def test_a_prompt_edited_after_a_roll_shows_the_moved_board(table: Table) -> None:
    """The text tells the roll, so the picture in the same message must show it too."""
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    prompt = table.prompt()
    assert prompt is not None and prompt.attachments
    before = await prompt.attachments[0].read()
    await table.click(table.decider(prompt), prompt, decision="roll")
    edited = table.prompt()
    assert edited is not None and edited.id == prompt.id  # the same player decides on
    assert "rolls" in (edited.embeds[0].description or "")
    after = await edited.attachments[0].read()
    assert after != before


async def test_a_turn_closed_by_its_last_choice_shows_the_board_after_it(table: Table) -> None:
    """The closed turn's message tells its last choice's outcome too, so its picture is
    the board after it: the one the next turn opens with, never the one before."""
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    seen: dict[str, int] = {}
    for _ in range(40):
        prompt = table.prompt()
        assert prompt is not None
        before = await prompt.attachments[0].read() if prompt.attachments else None
        await play_turn(table, seen)
        nxt = table.prompt()
        assert nxt is not None
        if nxt.id == prompt.id or before is None or not nxt.attachments:
            continue  # the turn goes on in the same message, or its prompt had no picture
        closed = next(m for m in table.history() if m.id == prompt.id)
        after = await closed.attachments[0].read()
        assert after == await nxt.attachments[0].read()
        if after != before:
            return  # the last choice moved the board, and the closed picture shows it
    raise AssertionError("no turn closed by a choice that moved the board")


async def test_the_dealt_seats_name_the_players_without_raw_mentions(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    lobby = table.history()[0]
    embed = lobby.embeds[0]
    shown = "\n".join([embed.description or ""] + [f.value or "" for f in embed.fields])
    assert "<@" not in shown and "Host alice" in shown


async def test_a_closed_turn_keeps_the_round_it_was_played_in(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    seen: dict[str, int] = {}
    for _ in range(8):
        await play_turn(table, seen)
    turns = [m for m in table.history() if m.embeds and m.embeds[0].footer.text]
    for message in turns:
        description = message.embeds[0].description or ""
        headers = re.findall(r"— Round (\d+):", description)  # its turn is the last told
        if headers and message.id != (table.prompt() or message).id:
            footer = message.embeds[0].footer.text or ""
            assert footer.startswith(f"Round {headers[-1]} ")
