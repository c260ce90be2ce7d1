"""TURF §5 (recruiting) and §6 (the cop phase)."""

from __future__ import annotations

import pytest

from engine.turf import IllegalDecision, apply
from engine.turf.cards import card_text
from engine.turf.events import Squeezed, ThugsGained
from engine.turf.testing import hand, scene, thugs


def test_recruiting_gains_a_thug_per_building_controlled() -> None:
    """TURF §5.1: one idle thug for each building the player controls."""
    state = scene(buildings={"11": 0, "22": 0, "33": 1})
    events = apply(state, 0, "end")
    assert ThugsGained(0, 2, "buildings") in events and state.players[0].idle == 6


def test_discarded_cards_gain_one_thug_a_street_and_two_a_nine_or_ten() -> None:
    """TURF §5.2: any number of cards; 1-8 gain 1 thug each, 9 and 10 gain 2."""
    state = scene()
    hand(state, 0, "3c", "9d", "10h", "7s")
    apply(state, 0, "end")
    assert state.pending[0].kind.value == "recruit"
    events = apply(state, 0, "recruit:3c.9d.10h")
    assert ThugsGained(0, 5, "cards") in events
    assert [card_text(c) for c in state.players[0].hand] == ["7s"]
    assert state.players[0].idle == 9


def test_recruiting_discards_only_cards_in_hand_once_each() -> None:
    """TURF §5.2: the cards must be the player's own."""
    state = scene()
    hand(state, 0, "3c")
    apply(state, 0, "end")
    for bad in ("recruit:3d", "recruit:3c.3c", "recruit:-"):
        with pytest.raises(IllegalDecision):
            apply(state, 0, bad)


def test_squeeze_the_gang_hits_the_other_player_with_most_thugs() -> None:
    """TURF §6: the other player with the most thugs discards one per corrupt cop of the
    acting player, of their own choice; TURF §6 [R other player]: never oneself."""
    state = scene(players=3)
    thugs(state, 0, idle=9, cops=2)
    thugs(state, 1, idle=3, job=2)
    thugs(state, 2, idle=1)
    apply(state, 0, "end")
    keys = state.pending[0].available()
    assert "squeeze_gang:1" in keys and "squeeze_gang:0" not in keys
    events = apply(state, 0, "squeeze_gang:1")
    assert Squeezed(0, 1, False, 2) in events
    asked = state.pending[0]
    assert asked.seat == 1 and asked.available() == ["lose:idle", "lose:job"]
    apply(state, 1, "lose:job")
    apply(state, 1, "lose:job")
    assert (state.players[1].idle, state.players[1].job) == (3, 0)
    assert state.turn == 1


def test_squeeze_the_hand_takes_cards_of_the_victims_choice() -> None:
    """TURF §6: the other player with the most cards discards one per cop."""
    state = scene(players=3)
    thugs(state, 0, idle=1, cops=1)
    hand(state, 1, "2c", "9h")
    hand(state, 2, "4c")
    apply(state, 0, "end")
    apply(state, 0, "squeeze_hand:1")
    assert state.pending[0].available() == ["drop:2c", "drop:9h"]
    apply(state, 1, "drop:9h")
    assert [card_text(c) for c in state.players[1].hand] == ["2c"]
    assert card_text(state.discard[-1]) == "9h"


def test_ties_for_the_most_let_the_acting_player_choose() -> None:
    """TURF §6 [R ties]: the acting player chooses among the tied."""
    state = scene(players=3)
    thugs(state, 0, idle=1, cops=1)
    apply(state, 0, "end")
    keys = state.pending[0].available()
    assert "squeeze_gang:1" in keys and "squeeze_gang:2" in keys


def test_the_cop_phase_may_be_passed_and_is_skipped_without_cops() -> None:
    """TURF §6 [R pass]: a player with a cop may pass; without one, no cop phase."""
    state = scene(players=2)
    thugs(state, 0, idle=1, cops=1)
    apply(state, 0, "end")
    assert "pass" in state.pending[0].available()
    apply(state, 0, "pass")
    assert state.turn == 1
    apply(state, 1, "word")
    apply(state, 1, "end")
    apply(state, 1, "keep")
    assert state.turn == 0  # seat 1 has no cop: straight to the next turn


def test_a_victim_who_owes_more_than_they_have_discards_all() -> None:
    """TURF §6: a player who must discard more than they have discards all."""
    state = scene(players=2)
    thugs(state, 0, idle=1, cops=3)
    thugs(state, 1, idle=1, job=1)
    hand(state, 1, "9c")
    apply(state, 0, "end")
    apply(state, 0, "squeeze_gang:1")
    assert state.thugs(1) == 0 and state.players[1].supply == 40 and state.turn == 1
