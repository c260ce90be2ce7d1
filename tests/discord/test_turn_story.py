"""A Chicago turn message tells its story in the order it happened, and its picture is
drawn from the moment its text ends: a closed prompt once said "✅ alice: Take control"
above the roll it answered, and kept a picture "waiting for alice to roll" while its
text went on to the police raid that followed (or to the end of the turn)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.chicago.render.view import snapshot
from tests.discord.harness import Table, buttons, play_turn, running, seat_table

ANSWERS = ("✅ **", "⏱ **")


def story(message: Any) -> list[str]:
    return (message.embeds[0].description or "").splitlines() if message.embeds else []


def alt(message: Any) -> str:
    return str(message.attachments[0].description or "") if message.attachments else ""


def asked_now(table: Table) -> str:
    """What a picture drawn now says it waits for (as the alt text words it)."""
    view = snapshot(running(table).session.state)
    assert view.waiting is not None
    seat, words = view.waiting
    return f"waiting for {view.sides[seat].name} {words}"


async def test_a_closed_prompt_tells_the_answer_after_what_asked_it(tmp_path: Path) -> None:
    table = await Table(tmp_path, seed=1).start()  # meets questions asked on in a turn
    try:
        await seat_table(table, ("alice", "bob"), "carol", length="rounds", rounds=10)
        await play_and_check(table)
    finally:
        await table.close()


async def play_and_check(table: Table) -> None:
    seen: dict[str, int] = {}
    redrawn = 0
    asked: dict[int, list[str]] = {}  # each prompt's story as last shown live
    pictured: dict[int, str] = {}  # and its picture's alt text then
    for _ in range(250):
        prompt = table.prompt()
        if prompt is None:
            break
        told = story(prompt)  # its story, then (after a blank line) what is at stake
        asked[prompt.id] = told[: told.index("")] if "" in told else told
        pictured[prompt.id] = alt(prompt)
        await play_turn(table, seen, pause=0.2)
        history = table.history()
        prompt = table.prompt()
        if prompt is None:
            break
        index = next(i for i, m in enumerate(history) if m.id == prompt.id)
        before = history[index - 1]
        asked_in_turn = prompt.id not in asked and not prompt.attachments
        if asked_in_turn and before.attachments and not buttons(before):
            # The new question came in the same turn: the closed message's picture is
            # of now, as its story ends now.
            assert asked_now(table) in alt(before), (alt(before), story(before))
            redrawn += 1
    closed = [m for m in table.history() if m.id in asked and not buttons(m)]
    went_on = 0
    assert len(closed) > 5
    for message in closed:
        assert not message.content, message.content  # the question is gone with it
        lines, shown = story(message), asked[message.id]
        if not lines[0].startswith(ANSWERS):  # else it was asked with no story, only stakes
            assert lines[: len(shown)] == shown, (lines, shown)
            assert lines[len(shown)].startswith(ANSWERS), (lines, shown)
        answer = next(i for i, x in enumerate(lines) if x.startswith(ANSWERS))
        if message.attachments and lines[answer + 1 :]:
            # Its story went on past the answer: its picture was drawn again, later.
            assert alt(message) != pictured[message.id], lines
            went_on += 1
    assert redrawn > 0, "no question was asked on in the same turn"
    assert went_on > 5, "few stories went on past their answer"
