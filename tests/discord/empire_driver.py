"""A player at an Empire table, for tests: reads the channel's prompt and the private
lists behind its 🔒 buttons the way a person does, and picks by a simple plan; and the
moves of a test that meets a moment for certain (four people seated, the rules' own
decisions up to the moment put in the store before a restart)."""

from __future__ import annotations

from typing import Any

import engine.empire as empire
from bot.store import DecisionRecord
from tests.discord.harness import Table, buttons, private_text
from tests.discord.turf_driver import game_table, live_prompt, member_of, select_values

# Public buttons a simple player prefers, in order (a decision text's start).
PREFERRED = ("start_lot", "roll", "turf:", "job_done", "fight", "casualty", "garage", "go", "none")
PEOPLE = ("alice", "bob", "carol", "dave")
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


async def start_people(table: Table, **options: object) -> None:
    """Four people at an Empire table (every decision is a person's, so the timer and
    the DMs reach them all)."""
    await table.open_lobby("alice", game="empire", players=4, **options)
    for name in PEOPLE[1:]:
        await table.click(table.members[name], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")
    await table.env.advance_time(1.5)


def copy_of_match(table: Table) -> empire.EmpireState:
    return empire.EmpireState.from_json(game_table(table).session.state.match.to_json())


async def jump(table: Table, made: list[tuple[int, str]]) -> None:
    """The decisions `made` (the rules played them ahead) put in the store as the seats'
    own, then a restart: the bot tells what it missed and asks what comes next."""
    if not made:
        return
    match = game_table(table)
    seq = match.session.seq
    records = [
        DecisionRecord(seq + i, seat, decision, str(match.player_of(seat)))
        for i, (seat, decision) in enumerate(made)
    ]
    await table.bot.store.append_decisions(match.match_id, records)
    await table.restart()
    await table.env.advance_time(1.5)
    assert game_table(table).session.seq == seq + len(made), "the restart lost decisions"


async def run_out(table: Table) -> None:
    await table.env.advance_time(game_table(table).timer_length.total_seconds() + 1)
    await table.env.advance_time(1.5)


async def click_decision(table: Table, seat: int, decision: str) -> None:
    """`decision` by its button in the channel, clicked by the seat's player."""
    prompt = live_prompt(table)
    assert prompt is not None, "nothing is asked"
    found = [i for i in ids_of(prompt) if ":g:" in i and i.split(":", 4)[4] == decision]
    assert found, (decision, ids_of(prompt))
    result = await member_of(table, seat).click(prompt, custom_id=found[0])
    assert result.acknowledged, private_text(result)
    await table.env.advance_time(1.5)
