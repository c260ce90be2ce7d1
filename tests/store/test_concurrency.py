"""200 matches receiving decisions at once in one event loop, with double clicks."""

from __future__ import annotations

import asyncio
import random

from bot.store import DuplicateDecision, restore_state
from tests.store.helpers import Store, start, step

MATCHES = 200
DECISIONS = 5


async def test_concurrent_matches_lose_and_duplicate_nothing(store: Store) -> None:
    matches = await asyncio.gather(*(start(store, n, seed=n) for n in range(MATCHES)))
    refused = 0
    made = [0] * MATCHES

    async def drive(match_id: int, seed: int) -> None:
        nonlocal refused
        state = matches[seed][1]
        rng = random.Random(seed)
        pace = random.Random(-seed)  # how often this match lets the others go first
        while made[seed] < DECISIONS and state.result is None:
            record = step(state, rng, actor=str(seed))
            # Two clicks on the same button arrive together: exactly one is committed.
            outcomes = await asyncio.gather(
                store.append_decisions(match_id, [record]),
                store.append_decisions(match_id, [record]),
                return_exceptions=True,
            )
            assert sorted(type(o).__name__ for o in outcomes) == ["DuplicateDecision", "NoneType"]
            refused += sum(isinstance(o, DuplicateDecision) for o in outcomes)
            made[seed] += 1
            for _ in range(pace.randrange(3)):
                await asyncio.sleep(0)

    await asyncio.gather(*(drive(match_id, n) for n, (match_id, _) in enumerate(matches)))
    assert refused == sum(made) > MATCHES * (DECISIONS - 1)
    for (match_id, state), count in zip(matches, made, strict=True):
        stored = await store.load(match_id)
        assert [d.seq for d in stored.full_log] == list(range(count))
        assert restore_state(stored).to_json() == state.to_json()
    assert len(await store.active_matches()) == MATCHES
