"""A player at a Turf table, for tests: reads the channel's prompt and private lists the
way a person does and clicks what a simple plan chooses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import simcord

from bot.discord_app.game_table import GameTable
from tests.discord.harness import Table, buttons, private_text


def game_table(table: Table, match_id: int = 1) -> GameTable:
    found = table.bot.tables.by_id.get(match_id)
    assert isinstance(found, GameTable), f"match {match_id} is not a running Turf match"
    return found


def live_prompt(table: Table) -> Any | None:
    """The newest message with live game buttons."""
    for message in reversed(table.history()):
        if any(
            ":g:" in b.custom_id or ":gp:" in b.custom_id
            for b in buttons(message)
            if not b.disabled
        ):
            return message
    return None


def select_values(message: Any) -> list[str]:
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else row.children
        for child in children:
            data = child if isinstance(child, dict) else child.to_dict()
            if ":gs:" in str(data.get("custom_id", "")):
                return [o["value"] for o in data.get("options", [])]
    return []


@dataclass
class Plan:
    """What the simple players did so far (so a test can ask for each kind once)."""

    done: dict[str, int] = field(default_factory=dict)

    def did(self, what: str) -> None:
        self.done[what] = self.done.get(what, 0) + 1

    def first(self, what: str) -> bool:
        return what not in self.done


def member_of(table: Table, seat: int) -> simcord.MemberActor:
    user = game_table(table).seats[seat].user_id
    assert user is not None
    return table.by_id[user]


async def choose_private(
    table: Table, member: simcord.MemberActor, message: Any, custom_id: str, plan: Plan
) -> str:
    """Open a private list and take the choice the plan prefers; returns the decision."""
    opened = await member.click(message, custom_id=custom_id)
    assert opened.acknowledged
    shown = opened.response
    assert shown is not None, private_text(opened)
    values = select_values(shown)
    assert values, private_text(opened)
    group = custom_id.rsplit(":", 1)[1]
    choice = values[-1] if group == "commit" and len(values) > 1 else values[0]
    plan.did(group)
    result = await member.select(shown, [choice])
    assert result.acknowledged
    return choice


async def take_turn(table: Table, plan: Plan) -> str | None:
    """One click by whoever the prompt asks; None when nothing is asked."""
    prompt = live_prompt(table)
    if prompt is None:
        return None
    session = game_table(table).session
    live = [b for b in buttons(prompt) if not b.disabled]
    privates = [b for b in live if ":gp:" in b.custom_id]
    publics = {b.custom_id.split(":", 4)[4]: b for b in live if ":g:" in b.custom_id}
    asked = session.asked()
    turn_seat = asked[0].seat
    member = member_of(table, turn_seat)
    for wanted in ("hit", "squeeze_gang", "squeeze_hand"):
        found = next((k for k in publics if k.startswith(wanted)), None)
        if found and plan.first(wanted):
            plan.did(wanted)
            result = await member.click(prompt, custom_id=publics[found].custom_id)
            assert result.acknowledged
            return found
    for b in privates:
        seat = int(b.custom_id.split(":")[4])
        return await choose_private(table, member_of(table, seat), prompt, b.custom_id, plan)
    if "police" in publics and plan.first("police"):
        wanted_first: tuple[str, ...] = ("police",)
    else:
        wanted_first = ()
    for wanted in (
        *wanted_first,
        "lose:idle",
        "lose:job",
        "lose:cop",
        "word",
        "pass",
        "keep",
        "end",
    ):
        if wanted in publics:
            result = await member.click(prompt, custom_id=publics[wanted].custom_id)
            assert result.acknowledged
            plan.did(wanted)
            return wanted
    key, button = next(iter(publics.items()))
    result = await member.click(prompt, custom_id=button.custom_id)
    assert result.acknowledged
    return key
