"""A player at an Empire table, for tests: reads the channel's prompt and the private
lists behind its 🔒 buttons the way a person does, and picks by a simple plan."""

from __future__ import annotations

from typing import Any

from tests.discord.harness import Table, buttons, private_text
from tests.discord.turf_driver import game_table, live_prompt, member_of, select_values

# Public buttons a simple player prefers, in order (a decision text's start).
PREFERRED = ("start_lot", "roll", "turf:", "job_done", "fight", "casualty", "garage", "go", "none")
LISTS_FIRST = ("pickup", "open", "startmob", "bid", "place", "burgle", "occupy", "offer")


def ids_of(message: Any) -> list[str]:
    return [b.custom_id for b in buttons(message) if not b.disabled]


async def open_list(table: Table, seat: int, custom_id: str) -> tuple[Any, list[str]]:
    """Press a 🔒 button as its seat's player; the private list's message and values."""
    member = member_of(table, seat)
    prompt = live_prompt(table)
    assert prompt is not None
    opened = await member.click(prompt, custom_id=custom_id)
    assert opened.acknowledged
    values = select_values(opened.response) if opened.response is not None else []
    return opened, values


async def decide(table: Table, seat: int, prefer_list: bool = True) -> str | None:
    """One decision of `seat` by the prompt's buttons; None when it has none."""
    prompt = live_prompt(table)
    if prompt is None:
        return None
    ids = ids_of(prompt)
    mine = [i for i in ids if ":gp:" in i and i.split(":")[4] == str(seat)]
    public = [i for i in ids if ":g:" in i]
    if prefer_list:
        for group in LISTS_FIRST:
            found = [i for i in mine if i.endswith(f":{group}")]
            if found:
                opened, values = await open_list(table, seat, found[0])
                if values:
                    pick = values[0]
                    chosen = await member_of(table, seat).select(opened.response, [pick])
                    assert chosen.acknowledged, private_text(chosen)
                    return pick
    session = game_table(table).session
    if session.asked_at(seat) is None:
        return None
    for start in PREFERRED:
        found = [i for i in public if i.split(":", 4)[4].startswith(start)]
        if found:
            result = await member_of(table, seat).click(prompt, custom_id=found[0])
            assert result.acknowledged
            return found[0].split(":", 4)[4]
    if public:
        result = await member_of(table, seat).click(prompt, custom_id=public[0])
        assert result.acknowledged
        return public[0].split(":", 4)[4]
    for custom_id in mine:  # a move: a street's list, then its first square
        opened, values = await open_list(table, seat, custom_id)
        if values:
            chosen = await member_of(table, seat).select(opened.response, [values[0]])
            assert chosen.acknowledged
            return values[0]
    return None
