"""What the channel shows at the start: the dealt seats and the first prompt."""

from __future__ import annotations

from tests.discord.harness import Table, buttons, seat_table


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
