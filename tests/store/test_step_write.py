"""One decision, one durable transaction: the decisions, the next timer and the messages
it settles are kept together or not at all; posted message ids are notes."""

from __future__ import annotations

import random
import secrets
from datetime import UTC, datetime

import pytest

from bot.store import (
    DuplicateDecision,
    MatchStatus,
    SqliteStore,
    StepWrite,
    StoreError,
    load_state,
    snapshot_of,
)
from engine.chicago import wide_seed
from tests.store.helpers import Store, fetch_sql, start, step

WHEN = datetime(2027, 3, 4, 5, 6, 7, tzinfo=UTC)


async def test_a_step_keeps_decisions_timer_and_messages_together(store: Store) -> None:
    match_id, state = await start(store, 1, seed=5)
    await store.set_message(match_id, "reminder", 41)
    first = step(state, random.Random(5))
    durable = store.stats.durable
    write = StepWrite([first], timer=(first.seq + 1, WHEN), messages={"reminder": None})
    await store.commit_step(match_id, write)
    assert store.stats.durable == durable + 1
    assert await store.deadline(match_id) == (first.seq + 1, WHEN)
    assert await store.messages(match_id) == {}
    assert [d.decision for d in (await store.load(match_id)).full_log] == [first.decision]


async def test_a_refused_step_keeps_nothing_of_it(store: Store) -> None:
    match_id, state = await start(store, 1, seed=6)
    first = step(state, random.Random(6))
    await store.commit_step(match_id, StepWrite([first], timer=(1, WHEN)))
    again = StepWrite([first], timer=(9, None), messages={"prompt": 77})
    with pytest.raises(DuplicateDecision):
        await store.commit_step(match_id, again)
    assert await store.deadline(match_id) == (1, WHEN)
    assert await store.messages(match_id) == {}


async def test_message_notes_are_not_durable_transactions(store: Store) -> None:
    match_id, _ = await start(store, 1, seed=7)
    durable, notes = store.stats.durable, store.stats.notes
    await store.note_messages(match_id, {"prompt": 123, "prompt_seq": 0})
    assert (store.stats.durable, store.stats.notes) == (durable, notes + 1)
    assert await store.messages(match_id) == {"prompt": 123, "prompt_seq": 0}
    if isinstance(store, SqliteStore):
        synchronous = await store.db.execute_fetchall("PRAGMA synchronous")
        assert next(iter(synchronous))[0] == 2  # FULL again after the note
    else:  # relaxed for the note's transaction only
        assert await fetch_sql(store, "SHOW synchronous_commit") == [("on",)]


async def test_a_wide_seed_is_stored_without_loss(store: Store) -> None:
    seed = wide_seed(secrets.randbits(128))
    match_id, state = await start(store, 1, seed=seed, bosses=3)
    record = await store.match(match_id)
    assert record.seed == seed
    assert (await load_state(store, match_id)).setup.seed == seed
    assert (await load_state(store, match_id)).to_json() == state.to_json()


async def test_a_full_step_writes_every_part_at_once(store: Store) -> None:
    """Several decisions, a snapshot, a timer cleared, one message kept and one forgotten:
    the step PostgreSQL writes as one statement leaves what the statements one by one
    would have left (checked on both stores)."""
    match_id, state = await start(store, 1, seed=8)
    await store.set_message(match_id, "reminder", 41)
    await store.commit_step(match_id, StepWrite([step(state, random.Random(8))], timer=(1, WHEN)))
    rng = random.Random(9)
    decisions = [step(state, rng) for _ in range(3)]
    write = StepWrite(
        decisions,
        snapshot_of(state),
        timer=(decisions[-1].seq + 1, None),
        messages={"reminder": None, "prompt": 77},
    )
    durable = store.stats.durable
    await store.commit_step(match_id, write)
    assert store.stats.durable == durable + 1
    assert await store.deadline(match_id) is None
    assert await store.messages(match_id) == {"prompt": 77}
    stored = await store.load(match_id)
    assert stored.snapshot_seq == decisions[-1].seq and stored.log_tail == []
    assert [d.decision for d in stored.full_log][1:] == [d.decision for d in decisions]
    restored = await load_state(store, match_id, None)
    assert restored.to_json() == state.to_json()


async def test_a_step_for_a_match_that_is_not_running_writes_nothing(store: Store) -> None:
    match_id, state = await start(store, 1, seed=10)
    first = step(state, random.Random(10))
    await store.finish(match_id, MatchStatus.ABANDONED)
    with pytest.raises(StoreError, match="abandoned"):
        await store.commit_step(match_id, StepWrite([first], messages={"prompt": 5}))
    assert await store.messages(match_id) == {}
    with pytest.raises(StoreError, match="does not exist"):
        await store.commit_step(match_id + 1000, StepWrite([first]))
