"""Turf's secrets stay out of its pictures (TURF §4.3, §10): two matches that differ
only in a hand, or only in a secret commitment, give pixel-identical pictures to every
seat and spectator — the channel's pictures, `/chicago board` for a spectator and for
each seat, and the pictures of any direct message — and no replay before the end.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from PIL import Image

from bot.discord_app.cooldowns import PICTURE_WINDOW
from engine.turf.testing import hand
from tests.discord.harness import Table, answered_wrongly, buttons, private_text
from tests.discord.test_turf_table import play_to_a_confrontation, start_two
from tests.discord.turf_driver import Plan, game_table, live_prompt, member_of, select_values

WATCHERS = ("alice", "bob", "carol")  # both seats and a spectator


def pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
        return rgb.size, rgb.tobytes()


async def attachments_of(messages: list[Any]) -> list[tuple[str, tuple[tuple[int, int], bytes]]]:
    """Every picture of these messages, in order, as pixels."""
    found = []
    for message in messages:
        for attachment in message.attachments:
            if attachment.filename.endswith(".png"):
                found.append((attachment.filename, pixels(await attachment.read())))
    return found


async def every_picture(table: Table) -> dict[str, list[Any]]:
    """Every picture anyone at the table can get now: the channel's, each watcher's
    `/chicago board`, and the pictures in each player's direct messages."""
    seen: dict[str, list[Any]] = {"channel": await attachments_of(table.history())}
    await table.env.advance_time(PICTURE_WINDOW)  # a picture command may be used again
    for name in WATCHERS:
        member = table.members[name]
        board = await member.slash(table.channel, "chicago board")
        assert board.acknowledged and board.response is not None, private_text(board)
        seen[f"board for {name}"] = await attachments_of([board.response])
        assert seen[f"board for {name}"], private_text(board)
        dms = member.user.dm_channel
        seen[f"DMs of {name}"] = await attachments_of(list(dms.history()) if dms else [])
    return seen


def assert_same_pictures(one: dict[str, list[Any]], other: dict[str, list[Any]]) -> None:
    assert one.keys() == other.keys()
    for where, pictures in one.items():
        theirs = other[where]
        assert [n for n, _ in pictures] == [n for n, _ in theirs], where
        for index, ((_, mine), (_, twin)) in enumerate(zip(pictures, theirs, strict=True)):
            assert mine == twin, f"{where}: picture {index} differs between the two matches"
    assert sum(len(p) for p in one.values()) >= len(WATCHERS) + 1


Checkpoints = list[dict[str, list[Any]]]


async def twin_runs(
    root: Path, play: Callable[[Table, int], Awaitable[Checkpoints]]
) -> tuple[Checkpoints, Checkpoints]:
    """`play` on two fresh tables (one after the other: one offline Discord at a time),
    as variant 0 and variant 1; what each saw at its checkpoints."""
    seen = []
    for variant in (0, 1):
        folder = root / f"match-{variant}"
        folder.mkdir()
        table = await Table(folder).start()
        try:
            seen.append(await play(table, variant))
            assert not answered_wrongly(table.env)
        finally:
            await table.close()
    return seen[0], seen[1]


def assert_same_checkpoints(runs: tuple[Checkpoints, Checkpoints]) -> None:
    one, other = runs
    assert len(one) == len(other) > 1
    for mine, twin in zip(one, other, strict=True):
        assert_same_pictures(mine, twin)


async def public_turn(table: Table) -> str | None:
    """The asked seat sends thugs for word on the street, or ends its turn: public
    choices only, so two matches that differ in a secret play alike."""
    prompt = live_prompt(table)
    if prompt is None:
        return None
    member = member_of(table, game_table(table).session.asked()[0].seat)
    live = {b.custom_id.rsplit(":", 1)[1]: b.custom_id for b in buttons(prompt) if not b.disabled}
    for wanted in ("word", "end", "pass", "keep"):
        if wanted in live:
            clicked = await member.click(prompt, custom_id=live[wanted])
            assert clicked.acknowledged
            await table.env.advance_time(1.5)
            return wanted
    return None


HANDS = (("3c", "5h", "8d"), ("4s", "9h", "10c"))


async def play_with_a_hand(table: Table, variant: int) -> Checkpoints:
    """A match whose first seat holds one of two hands of three cards, played by
    public choices; every picture at the start and after each decision."""
    await start_two(table)
    hand(game_table(table).session.state, 0, *HANDS[variant])
    seen = [await every_picture(table)]
    for _ in range(6):
        if await public_turn(table) is None:
            break
        seen.append(await every_picture(table))
    # No replay of a running match: its animation is only for finished ones.
    replay = await table.members["carol"].slash(table.channel, "chicago replay", match=1)
    assert "There is no finished match #1" in private_text(replay), private_text(replay)
    return seen


async def test_two_matches_differing_in_a_hand_draw_the_same_pictures(tmp_path: Path) -> None:
    assert_same_checkpoints(await twin_runs(tmp_path, play_with_a_hand))


async def play_with_a_commitment(table: Table, variant: int) -> Checkpoints:
    """A match played to a confrontation, where the attacker commits the least it may
    (variant 0) or the most (variant 1); every picture before and after, until the
    defender chooses."""
    await start_two(table)
    prompt = await play_to_a_confrontation(table, Plan())
    seen = [await every_picture(table)]
    fight = game_table(table).session.state.fight
    assert fight is not None
    attacker = member_of(table, fight.attacker)
    button = next(
        b.custom_id for b in buttons(prompt) if b.custom_id.endswith(f":{fight.attacker}:commit")
    )
    opened = await attacker.click(prompt, custom_id=button)
    assert opened.response is not None
    choices = select_values(opened.response)
    assert len(choices) > 1, choices
    chosen = await attacker.select(opened.response, [choices[-variant]])
    assert chosen.acknowledged
    await table.env.advance_time(1.5)
    assert game_table(table).session.state.fight is not None  # the defender still chooses
    seen.append(await every_picture(table))
    return seen


async def test_two_matches_differing_in_a_commitment_draw_the_same_pictures(
    tmp_path: Path,
) -> None:
    assert_same_checkpoints(await twin_runs(tmp_path, play_with_a_commitment))
