"""Loading starts from the snapshot, checks the log against it in the background, and
keeps a diverged match playable."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from pathlib import Path

import pytest

from bot.store import (
    LOG_CHECKS,
    DecisionRecord,
    LogChecks,
    SqliteStore,
    check_log,
    load_match,
    load_state,
    restore,
    resume,
    snapshot_of,
)
from engine.chicago import apply, new_match, replay
from tests.store.helpers import Store, execute_sql, fetch_sql, play, start, step


async def test_restore_matches_replay_with_and_without_snapshot(store: Store) -> None:
    for count, seed in ((30, 1), (75, 2), (150, 3)):
        match_id, state = await start(store, seed, seed=seed)
        await play(store, match_id, state, random.Random(seed), count)
        stored = await store.load(match_id)
        restored = restore(stored)
        assert not restored.diverged and restored.refused_from is None
        assert restored.state.to_json() == state.to_json()
        assert resume(stored).state.to_json() == state.to_json()
        assert await check_log(stored)


async def test_snapshot_the_log_no_longer_reaches_is_used_with_a_warning(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """As if a newer engine replayed the log differently: the snapshot wins."""
    match_id, state = await start(store, 1, seed=8)
    await play(store, match_id, state, random.Random(8), 60)
    snap_seq, snap_json = snapshot_of(state)
    data = json.loads(snap_json)
    data["bank"] += 100  # a state this engine's replay of the log does not reach
    await execute_sql(
        store,
        "UPDATE snapshots SET seq = ?, state = ? WHERE match_id = ?",
        (snap_seq, json.dumps(data), match_id),
    )
    warning = f"match {match_id}: its decision log no longer replays"
    with caplog.at_level(logging.WARNING, logger="bot.store"):
        restored = await load_state(store, match_id)
        assert warning not in caplog.text  # loading did not replay the log...
        await LOG_CHECKS.wait()
    assert warning in caplog.text  # ...its check did, afterwards
    assert restored.bank == state.bank + 100
    assert restored.seq == state.seq
    assert restore(await store.load(match_id)).diverged
    # And play goes on from there.
    rng = random.Random(80)
    await store.append_decisions(match_id, [step(restored, rng)])


async def test_decisions_this_engine_refuses_are_set_aside(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    match_id, state = await start(store, 1, seed=9)
    await play(store, match_id, state, random.Random(9), 20)
    before = state.seq
    # A decision the engine refuses now (as if its rules changed), and one after it.
    bogus = [
        DecisionRecord(before, 3, "recruit10", "1"),
        DecisionRecord(before + 1, 0, "roll", "1"),
    ]
    await store.append_decisions(match_id, bogus)
    with caplog.at_level(logging.WARNING, logger="bot.store"):
        restored = await load_state(store, match_id)
    assert restored.to_json() == state.to_json()
    assert f"match {match_id}: this engine refuses logged decision {before}" in caplog.text
    assert [d.seq for d in (await store.load(match_id)).full_log] == list(range(before))
    kept = await fetch_sql(
        store, "SELECT seq, decision FROM set_aside WHERE match_id = ? ORDER BY seq", (match_id,)
    )
    assert kept == [(before, "recruit10"), (before + 1, "roll")]
    # The next decision takes the freed seq.
    await store.append_decisions(match_id, [step(restored, random.Random(1))])
    again, _ = replay(
        state.setup, [(d.seat, d.decision) for d in (await store.load(match_id)).full_log]
    )
    assert again.seq == before + 1


def test_seq_convention() -> None:
    """A decision's seq is state.seq before it is applied; a snapshot's, that of the
    last decision it includes."""
    state = new_match(2, seed=1)
    assert state.seq == 0
    apply(state, state.pending.seat if state.pending else 0, "roll")
    assert state.seq == 1
    assert snapshot_of(state)[0] == 0


async def test_log_checks_wait_until_loading_is_quiet(
    sqlite_store: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    """A start-up loads every match first; their checks come once loading stops."""
    store = sqlite_store
    match_id, state = await start(store, 1, seed=12)
    await play(store, match_id, state, random.Random(12), 60)
    await store.db.execute("UPDATE snapshots SET state = replace(state, '\"bank\":', '\"bank\":1')")
    checks = LogChecks(quiet=30.0)
    warning = f"match {match_id}: its decision log no longer replays"
    with caplog.at_level(logging.WARNING, logger="bot.store"):
        await load_match(store, match_id, checks)
        await asyncio.sleep(0.05)
        assert warning not in caplog.text  # still quiet for less than 30 s: not checked
        await checks.wait()  # told to check now
    assert warning in caplog.text


async def test_a_log_check_of_a_closed_store_is_dropped(db_path: Path) -> None:
    checks = LogChecks(quiet=0.0)
    async with SqliteStore(db_path) as store:
        match_id, state = await start(store, 1, seed=13)
        await play(store, match_id, state, random.Random(13), 60)
        await load_match(store, match_id, checks)
    await checks.wait()  # the store is closed: nothing to read, nothing raised


async def test_a_turf_match_restores_through_its_game_and_refusals_are_set_aside(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """The store restores any game the same way (bot.games): a Turf match stored with
    its game in its settings comes back as the Turf state its log replays to; a logged
    decision Turf refuses is set aside like a Chicago one."""
    import engine.turf as turf
    import engine.turf.computer
    from bot.registry import TURF

    state = turf.new_match(
        [turf.PlayerSpec("ann", "normal"), turf.PlayerSpec("ben", "normal")], seed=5
    )
    setup = state.setup
    played = turf.replay(setup, ())[0]
    log: list[DecisionRecord] = []
    while played.result is None and len(log) < 60:
        seat = played.pending[0].seat
        choice = str(engine.turf.computer.choose(turf.player_view(played, seat), "normal"))
        log.append(DecisionRecord(played.seq, seat, choice, "computer"))
        turf.apply(played, seat, choice)
    record = await store.create_match(1, 77, 7, {"game": "turf", "bosses": 2, "timer": 60}, 5)
    await store.start_match(record.match_id, TURF.dump_setup(setup))
    await store.append_decisions(record.match_id, log)
    restored = await load_state(store, record.match_id)
    assert isinstance(restored, turf.TurfState)
    assert restored.to_json() == played.to_json()
    bogus = DecisionRecord(played.seq, 0, "hit:9", "1")
    await store.append_decisions(record.match_id, [bogus])
    with caplog.at_level(logging.WARNING, logger="bot.store"):
        again = await load_state(store, record.match_id)
    assert again.to_json() == played.to_json()
    assert f"refuses logged decision {played.seq}" in caplog.text
