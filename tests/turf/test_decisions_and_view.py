"""Decisions' text form, replays, saved state, and TURF §10: what a seat may know."""

from __future__ import annotations

import random

import pytest

from engine.common.rng import wide_seed
from engine.common.seats import PlayerSpec
from engine.turf import Decision, IllegalDecision, TurfState, new_match, player_view, replay
from engine.turf.computer import play_computers
from engine.turf.random_play import play_random
from engine.turf.testing import hand, scene

TEXTS = [
    "word", "police", "end", "keep", "pass", "infiltrate:35:3c.5h", "hit:2",
    "squeeze_gang:1", "squeeze_hand:0", "commit:2:1:11.72", "commit:0:0:-",
    "recruit:9d.10s", "lose:idle", "lose:guard:44", "drop:7c", "accept:3", "reject:0",
    "deal:1:3.3/2/-/0:9/0/5/1",
]  # fmt: skip


@pytest.mark.parametrize("text", TEXTS)
def test_every_decision_text_round_trips(text: str) -> None:
    """TURF §4-§7: every decision has a short text form that reads back the same."""
    d = Decision.parse(text)
    assert str(d) == text and Decision.parse(str(d)) == d


@pytest.mark.parametrize(
    "text",
    ["", "word:1", "hit:x", "infiltrate:95:3c.5h", "commit:1:1", "lose:guard", "drop:11c",
     "deal:1:3/0/-/0", "recruit:3c." , "hit:01", "x" * 100, "lose:elsewhere"],
)  # fmt: skip
def test_malformed_text_is_refused_by_name(text: str) -> None:
    with pytest.raises(IllegalDecision):
        Decision.parse(text)


def test_seed_and_decision_log_replay_a_match_exactly() -> None:
    """TURF §2: the seed shuffles seats, buildings and deck; with the log it replays."""
    state = new_match(4, seed=11)
    log = play_random(state, 11)
    again, events = replay(state.setup, log)
    assert again.to_json() == state.to_json() and events


def test_saved_state_reads_back_identically() -> None:
    state = new_match(3, seed=5)
    play_random(state, 5, max_decisions=10_000)
    assert TurfState.from_json(state.to_json()).to_json() == state.to_json()


def test_a_view_shows_its_own_hand_and_never_another_or_the_draw_pile() -> None:
    """TURF §10: public counts and discards; hidden hands and draw order."""
    state = scene(players=3)
    hand(state, 0, "3c", "5h")
    hand(state, 1, "9d")
    mine = player_view(state, 0)
    assert mine.hand == sorted(state.players[0].hand)
    assert [p.cards for p in mine.players] == [2, 1, 0] and mine.draw_left == len(state.draw)
    data = mine.to_json()
    assert b'"draw":' not in data and b"rng" not in data and b"seed" not in data
    assert player_view(state, None).hand == [] and player_view(state, 2).pending == []
    assert [w.seat for w in player_view(state, 2).waiting] == [0]


def test_views_of_states_that_differ_only_in_hidden_facts_are_equal() -> None:
    """TURF §10: other hands and the draw order change nothing a seat sees."""
    state = new_match([PlayerSpec(f"P{i}", "normal") for i in range(4)], seed=8)
    play_computers(state, limit=40)
    assert state.result is None and state.players[2].hand
    other = TurfState.from_json(state.to_json())
    pool = other.draw + other.players[2].hand
    random.Random(1).shuffle(pool)
    keep = len(other.players[2].hand)
    other.players[2].hand, other.draw = pool[:keep], pool[keep:]
    assert player_view(other, 0).to_json() == player_view(state, 0).to_json()


def test_a_wide_seed_plays_and_replays_on_the_keyed_generator() -> None:
    """Seeds wider than 64 bits are kept whole, as the Chicago engine keeps them."""
    seed = wide_seed(123456789 << 70)
    state = new_match(3, seed=seed)
    assert state.rng.seed == seed
    log = play_random(state, 1)
    again, _ = replay(state.setup, log)
    assert again.to_json() == state.to_json()
    assert [b.square for b in new_match(3, seed=seed).buildings] != [
        b.square for b in new_match(3, seed=seed & ((1 << 64) - 1)).buildings
    ]
