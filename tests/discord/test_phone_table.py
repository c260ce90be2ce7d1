"""The table on a phone: the picture a turn posts is the phone picture with its alt
text, and the whole board is one click away, privately."""

from __future__ import annotations

import io

from PIL import Image

from tests.discord.harness import Table, private_text, seat_table


async def test_a_turn_posts_the_phone_picture_with_alt_text(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    prompt = table.prompt()
    assert prompt is not None and prompt.attachments
    picture = prompt.attachments[0]
    size = Image.open(io.BytesIO(await picture.read())).size
    assert size[0] < size[1], f"not a portrait picture for a phone: {size}"
    described = picture.description or ""
    assert 0 < len(described) <= 1024
    for name in ("alice", "bob", "Chicago Police"):
        assert name in described, described


async def test_the_full_board_is_one_click_away(table: Table) -> None:
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    prompt = table.prompt()
    assert prompt is not None
    carol = table.members["carol"]  # a spectator may look too
    shown = await table.click(carol, prompt, label="Full board")
    assert shown.ephemeral
    answers = [shown.response, *shown.followups]
    files = [a for m in answers if m is not None for a in m.attachments]
    assert files, private_text(shown)
    size = Image.open(io.BytesIO(await files[0].read())).size
    assert size[0] > size[1], f"the full board is landscape: {size}"
    assert files[0].description
