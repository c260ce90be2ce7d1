"""The rules play exactly as recorded (EMPIRE §15: seed + decision log replays a match):
200 seeded random matches at 2-6 seats and 10 matches of §14 defaults give the decisions,
events, views and final state whose digests `play_digests.json` keeps, and a replay of
the decision log rebuilds the same final state."""

from __future__ import annotations

import hashlib
import json

import pytest

from engine.empire import new_match, replay
from engine.empire.random_play import play_random
from tests.empire.play_digests import (
    FIXTURE,
    RANDOM_MATCHES,
    TIMEOUT_MATCHES,
    random_match,
    seats_for,
    timeout_match,
)

RECORDED: dict[str, dict[str, str | int]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
BATCH = 20


def test_the_fixture_covers_every_seat_count_and_kind_of_match() -> None:
    assert len(RECORDED) == RANDOM_MATCHES + TIMEOUT_MATCHES
    assert {seats_for(seed) for seed in range(RANDOM_MATCHES)} == {2, 3, 4, 5, 6}
    assert len({d["log"] for d in RECORDED.values()}) == len(RECORDED)


@pytest.mark.parametrize("first", range(0, RANDOM_MATCHES, BATCH))
def test_random_matches_play_as_recorded(first: int) -> None:
    for seed in range(first, first + BATCH):
        assert random_match(seed) == RECORDED[f"random {seed}"], f"seed {seed}"


def test_default_matches_play_as_recorded() -> None:
    for seed in range(TIMEOUT_MATCHES):
        assert timeout_match(seed) == RECORDED[f"timeout {seed}"], f"seed {seed}"


@pytest.mark.parametrize("seed", [3, 44, 105, 166, 199])
def test_a_replayed_log_rebuilds_the_recorded_state(seed: int) -> None:
    state = new_match(seats_for(seed), seed=seed)
    log = play_random(state, seed)
    again, _ = replay(state.setup, log)
    digest = hashlib.sha256(again.to_json()).hexdigest()[:20]
    assert digest == RECORDED[f"random {seed}"]["state"]
