"""A player at a Bootleg table, for tests: reads the channel's prompt and the private
lists behind its 🔒 buttons the way a person does, and clicks the first thing offered."""

from __future__ import annotations

import random
from typing import Any

import engine.bootleg as bootleg
from bot.bootleg.choices import ENVOY_OF_GROUP, MOVE_GROUPS
from engine.bootleg import DecisionKind, Pending
from engine.bootleg.envoys import SMUGGLER
from engine.bootleg.random_play import random_decision
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


# --- a match that lets the timer run out at every decision of BOOTLEG §12 --------------

# Each §12 decision the timer must decide once, by what the seat had open when it ran
# out: nothing (a move, the action menu), the Barrel list, an action's target list, or
# an end decision (its owner asked, after a restart).
TIMEOUTS = ("move", "act", "barrel", "ability", "service", "bomb", "lucky")
TARGET_LISTS = {"barrel": "place", "ability": "ability", "service": "service"}


def timeout_here(asked: Pending, waited: set[str]) -> str | None:
    """Which of `TIMEOUTS` the timer should decide now (None: the seat plays on)."""
    if asked.kind is DecisionKind.MOVE and "move" not in waited:
        return "move"
    if asked.kind in (DecisionKind.BOMB, DecisionKind.LUCKY):
        return asked.kind.value
    if asked.kind is not DecisionKind.ACT:
        return None
    if asked.group("place"):
        for what in ("act", "barrel"):
            if what not in waited:
                return what
    abilities = asked.group("ability")
    if abilities and abilities != [f"ability:{SMUGGLER}"] and "ability" not in waited:
        return "ability"  # its targets are a list (the Smuggler's ability is one button)
    services = asked.group("service")
    if services and not (len(services) == 1 and services[0].count(":") == 1):
        return None if "service" in waited else "service"
    return None


def rehearse(setup: Any, rng_seed: int) -> set[str]:
    """The timeouts the plan meets in the match `setup` with random choices from
    `rng_seed`, played by the rules alone (a fraction of a second)."""
    state, _ = bootleg.replay(setup, [])
    rng = random.Random(rng_seed)
    waited: set[str] = set()
    while state.result is None:
        seat = state.pending[0].seat
        what = timeout_here(state.pending[0], waited)
        if what is None:
            seat, decision = random_decision(rng, state)
        else:
            waited.add(what)
            decision = bootleg.timeout_default(state, seat)
        bootleg.apply(state, seat, decision)
    return waited


def plan_seed(setup: Any) -> int:
    """The first seed for the random choices with which the match meets every timeout of
    `TIMEOUTS`, so the test never depends on luck."""
    for rng_seed in range(1000):
        if rehearse(setup, rng_seed) == set(TIMEOUTS):
            return rng_seed
    raise AssertionError("no plan meets every timeout of BOOTLEG §12 in this match")


async def choose(table: Table, decision: str) -> None:
    """Make `decision` by the clicks a person makes: its button in the channel, or the
    🔒 button of its list (the Envoy's, the Barrel's, the action's) and then the entry."""
    prompt = live_prompt(table)
    assert prompt is not None, "nothing is asked"
    seat = game_table(table).session.asked()[0].seat
    member = member_of(table, seat)
    ids = live_ids(prompt)
    public = next((i for i in ids if ":g:" in i and i.split(":", 4)[4] == decision), None)
    if public is not None:
        result = await member.click(prompt, custom_id=public)
        assert result.acknowledged, private_text(result)
        return
    head = decision.split(":", 1)[0]
    group = MOVE_GROUPS.get(head, head)
    opened_id = next(i for i in ids if ":gp:" in i and i.rsplit(":", 1)[1] == group)
    opened = await member.click(prompt, custom_id=opened_id)
    assert opened.response is not None, private_text(opened)
    assert decision in select_values(opened.response), (decision, private_text(opened))
    chosen = await member.select(opened.response, [decision])
    assert chosen.acknowledged, private_text(chosen)


async def open_list(table: Table, group: str) -> Any:
    """Open the asked seat's 🔒 list `group` and leave it open: the private message."""
    prompt = live_prompt(table)
    assert prompt is not None
    member = member_of(table, game_table(table).session.asked()[0].seat)
    opened_id = next(i for i in live_ids(prompt) if ":gp:" in i and i.rsplit(":", 1)[1] == group)
    opened = await member.click(prompt, custom_id=opened_id)
    assert opened.response is not None, private_text(opened)
    return opened.response
