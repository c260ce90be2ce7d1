"""A player at a Bootleg table, for tests: reads the channel's prompt and the private
lists behind its 🔒 buttons the way a person does, and clicks the first thing offered."""

from __future__ import annotations

from typing import Any

from bot.bootleg.choices import ENVOY_OF_GROUP
from tests.discord.harness import Table, buttons, private_text
from tests.discord.turf_driver import game_table, live_prompt, member_of, select_values


def live_ids(message: Any) -> list[str]:
    return [b.custom_id for b in buttons(message) if not b.disabled]


async def take_turn(table: Table, n: int = 0) -> str | None:
    """One decision by whoever the prompt asks (a move's Envoy and end Location, a
    Barrel, End turn, an end decision); None when nothing is asked. `n` varies the
    Envoy and its end Location, so the Barrels spread over the city."""
    prompt = live_prompt(table)
    if prompt is None:
        return None
    asked = game_table(table).session.asked()
    if not asked:
        return None
    member = member_of(table, asked[0].seat)
    ids = live_ids(prompt)
    lists = [i for i in ids if ":gp:" in i]
    place = [i for i in lists if i.endswith(":place")]
    moves = [i for i in lists if i.rsplit(":", 1)[1] in ENVOY_OF_GROUP]
    opened_id = place[0] if place else moves[n % len(moves)] if moves else None
    if opened_id is not None:
        opened = await member.click(prompt, custom_id=opened_id)
        assert opened.acknowledged and opened.response is not None, private_text(opened)
        values = select_values(opened.response)
        assert values, private_text(opened)
        value = values[0] if place else values[(n * 7) % len(values)]
        chosen = await member.select(opened.response, [value])
        assert chosen.acknowledged
        return value
    publics = [i for i in ids if ":g:" in i]
    ends = [i for i in publics if i.endswith(":end")]
    chosen_id = (ends or publics)[0]
    result = await member.click(prompt, custom_id=chosen_id)
    assert result.acknowledged
    return chosen_id.split(":", 4)[4]
