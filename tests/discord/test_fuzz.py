"""Several matches at once, clicked at random by everyone in the server: the right
player, the wrong one, stale buttons, double clicks and clicks in two channels arriving
together, with timers running out and a restart in the middle (seeded, so a failure
replays). Every match must still finish, every decision be applied exactly once, and no
error be logged (the autouse guard in conftest)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from bot.store import MatchStatus, SqliteStore, StepWrite, load_setup
from engine.chicago import replay
from tests.discord.harness import Button, Table, answered_wrongly, burst, buttons, seat_channel

FUZZ_SEEDS = (1, 2, 3, 4)
TIMER = 60  # seconds per decision, so a long pause runs the timers out
MAX_STEPS = 1500
OVER = "🏁 The match is over."
MATCH_OF = re.compile(r"chicago:(\d+):")


@dataclass
class Tally:
    """What the clicks did, per match: how many counted, and how many were committed."""

    accepted: Counter[int] = field(default_factory=Counter)
    appended: Counter[int] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)

    def count_commits(self, store: SqliteStore) -> None:
        """Count every decision the bot commits, whoever made it."""
        original = store.commit_step

        async def counting(match_id: int, write: StepWrite) -> None:
            await original(match_id, write)
            self.appended[match_id] += len(write.decisions)

        store.commit_step = counting  # type: ignore[method-assign]

    def record(self, kind: str, custom_id: str, result: simcord.InteractionResult) -> bool:
        """A click counted when the bot answered it without a private reply."""
        counted = not refusal(result)
        self.kinds[f"{kind}:{'counted' if counted else 'refused'}"] += 1
        found = MATCH_OF.match(custom_id)
        if counted and found:
            self.accepted[int(found[1])] += 1
        return counted


async def confirmed(
    member: simcord.MemberActor, result: simcord.InteractionResult
) -> simcord.InteractionResult:
    """A risky choice asks once more in private: these players mean it and confirm."""
    asked = result.response
    if not result.ephemeral or asked is None:
        return result
    sure = [b for b in buttons(asked) if b.label.startswith("Yes")]
    if not sure:
        return result
    answer = await member.click(asked, custom_id=sure[0].custom_id)
    assert answer.acknowledged
    return answer


def refusal(result: simcord.InteractionResult) -> str:
    """The private reply to a click ("" when there is none: the click counted). A counted
    click is deferred, so its `response` is the prompt itself, not a reply."""
    texts = [f.content for f in result.followups]
    if result.ephemeral and result.response is not None:
        texts.insert(0, result.response.content)
    return "\n".join(texts)


def live(message: discord.Message) -> list[Button]:
    return [b for b in buttons(message) if b.decision and not b.disabled]


async def seat_matches(table: Table) -> dict[int, Any]:
    """Three channels: three people; one person and two computers; two people (one of
    them also playing in the first channel) and a computer police. By match id."""
    channels = [table.channel] + [table.guild.create_text_channel(f"table-{i}") for i in (2, 3)]
    short: dict[str, Any] = {"length": "rounds", "rounds": 8}
    await seat_channel(table, channels[0], ("alice", "bob"), "carol", **short)
    await seat_channel(table, channels[1], ("dave",), None, ("boss:normal", "police:easy"), **short)
    await seat_channel(table, channels[2], ("erin", "alice"), None, ("police:normal",), **short)
    matches = {}
    for channel in channels:
        record = await table.bot.store.match_in_channel(channel.id)
        assert record is not None
        matches[record.match_id] = channel
    return matches


async def fuzz(table: Table, rng: random.Random, tally: Tally) -> dict[int, Any]:
    matches = await seat_matches(table)
    channels = list(matches.values())
    everyone = list(table.members.values())
    seen: list[discord.Message] = []  # prompts as players saw them: later, stale buttons
    restart_at = rng.randrange(20, 80)
    for step in range(MAX_STEPS):
        prompts = {ch.id: p for ch in channels if (p := table.prompt(ch)) is not None}
        if not prompts:
            break
        if step == restart_at:
            await table.restart()
            tally.count_commits(table.bot.store)  # type: ignore[arg-type]
            await table.env.advance_time(1)
            continue
        prompt = prompts[rng.choice(list(prompts))]
        seen.append(prompt)
        decider = table.decider(prompt)
        choice = rng.choice(live(prompt))
        roll = rng.random()
        if roll < 0.5:
            result = await table.raw_click(decider, prompt, choice.custom_id)
            tally.record("right", choice.custom_id, await confirmed(decider, result))
        elif roll < 0.62:
            other = rng.choice([m for m in everyone if m.id != decider.id])
            result = await table.raw_click(other, prompt, choice.custom_id)
            assert not tally.record("wrong", choice.custom_id, result)
        elif roll < 0.77 and len(seen) > 1:
            old = rng.choice(seen[:-1])
            button = rng.choice(live(old))
            clicker = rng.choice([table.decider(old), rng.choice(everyone)])
            result = await table.raw_click(clicker, old, button.custom_id)
            current = live(prompts[old.channel.id]) if old.channel.id in prompts else []
            if not any(b.custom_id == button.custom_id for b in current):
                assert not tally.record("stale", button.custom_id, result)
            else:
                tally.record("stale-still-open", button.custom_id, result)
        elif roll < 0.9:
            results = await burst(table, [(decider, prompt, choice.custom_id)] * 2)
            results = [await confirmed(decider, r) for r in results]
            counted = [tally.record("double", choice.custom_id, r) for r in results]
            assert counted.count(True) == 1, [refusal(r) for r in results]
        else:
            clicks = []
            for shown in prompts.values():
                button = rng.choice(live(shown))
                clicker = table.decider(shown) if rng.random() < 0.7 else rng.choice(everyone)
                clicks.append((clicker, shown, button.custom_id))
            results = await burst(table, clicks)
            for (clicker, _, custom_id), result in zip(clicks, results, strict=True):
                tally.record("together", custom_id, await confirmed(clicker, result))
        pause = TIMER + 1 if rng.random() < 0.04 else rng.uniform(0, 3)
        await table.env.advance_time(pause)
    else:
        pytest.fail(f"the matches did not finish in {MAX_STEPS} steps")
    return matches


async def check_match(table: Table, match_id: int, channel: Any, tally: Tally) -> None:
    """Finished, its log contiguous, each decision committed once, user decisions exactly
    the clicks that counted, and the log replays to the recorded result."""
    store = table.bot.store
    assert isinstance(store, SqliteStore)
    assert await store.match_in_channel(channel.id) is None
    overs = [m for m in table.history(channel) if m.content == OVER]
    assert len(overs) == 1, "the final standings were posted more than once"
    stored = await store.load(match_id)
    assert stored.record.status is MatchStatus.FINISHED
    log = stored.full_log
    assert [d.seq for d in log] == list(range(len(log)))
    assert tally.appended[match_id] == len(log)
    users = sum(d.actor.isdigit() for d in log)
    tally.kinds["timer"] += sum(d.actor == "timer" for d in log)
    assert users == tally.accepted[match_id]
    assert stored.setup_json is not None
    state, _ = replay(load_setup(stored.setup_json), [(d.seat, d.decision) for d in log])
    result = await store.result(match_id)
    assert state.result is not None and result is not None
    assert (result.winner, result.scores, result.decisions) == (
        state.result.winner,
        list(state.result.scores),
        len(log),
    )


@pytest.fixture
async def crowd(tmp_path: Path) -> AsyncIterator[Table]:
    """A server of six players, with a short decision timer."""
    names = ("alice", "bob", "carol", "dave", "erin", "frank")
    table = await Table(tmp_path, settings={"turn_timer": TIMER}, names=names).start()
    try:
        yield table
    finally:
        await table.close()


@pytest.mark.parametrize("seed", FUZZ_SEEDS)
async def test_random_clicks_in_three_channels(crowd: Table, seed: int) -> None:
    rng = random.Random(seed)
    crowd.seed = 100 + seed
    tally = Tally()
    tally.count_commits(crowd.bot.store)  # type: ignore[arg-type]
    matches = await fuzz(crowd, rng, tally)
    for match_id, channel in matches.items():
        await check_match(crowd, match_id, channel, tally)
    assert tally.kinds["right:counted"] > 10, tally.kinds
    assert tally.kinds["wrong:refused"] and tally.kinds["stale:refused"]
    assert not answered_wrongly(crowd.env)  # bursts and stale clicks included
