"""TURF §4.1 and §4.2: legwork and its four actions."""

from __future__ import annotations

import pytest

from engine.turf import MAX_COPS, IllegalDecision, apply
from engine.turf.events import CopCorrupted, HitOrdered, ThugLost, TurnStarted
from engine.turf.testing import hand, rebalance, scene, thugs


def test_thugs_on_a_job_come_back_idle_when_legwork_starts() -> None:
    """TURF §4.1: all the player's thugs on a job become idle."""
    state = scene()
    thugs(state, 1, idle=1, job=3)
    apply(state, 0, "end")
    events = apply(state, 0, "keep") if state.players[0].hand else []
    assert state.turn == 1 or events
    assert state.players[1].idle == 4 and state.players[1].job == 0


def test_start_of_turn_event_counts_the_thugs_back_from_jobs() -> None:
    """TURF §4.1: told as the turn begins."""
    state = scene()
    thugs(state, 1, idle=0, job=2)
    events = apply(state, 0, "end")
    assert TurnStarted(1, 1, 2) in events


def test_word_on_the_street_puts_two_on_a_job_and_draws() -> None:
    """TURF §4.2.1: 2 idle thugs on a job, 1 card drawn."""
    state = scene()
    top = state.draw[-1]
    apply(state, 0, "word")
    p = state.players[0]
    assert (p.idle, p.job, p.hand) == (2, 2, [top])
    apply(state, 0, "word")
    assert "word" not in state.pending[0].available()
    assert state.pending[0].option("word").reason == "needs 2 idle thugs, you have 0"  # type: ignore[union-attr]


def test_legwork_goes_on_until_the_player_ends_it() -> None:
    """TURF §4.2 [R end legwork]: any number of actions, then an explicit End legwork."""
    state = scene()
    thugs(state, 0, idle=8)
    for _ in range(4):
        apply(state, 0, "word")
        assert state.pending[0].kind.value == "legwork" and state.turn == 0
    assert state.pending[0].available() == ["end"]
    apply(state, 0, "end")
    assert state.pending[0].kind.value == "recruit"


def test_infiltrate_the_police_makes_a_cop_and_discards_a_thug() -> None:
    """TURF §4.2.2: one idle thug becomes a corrupt cop, another is discarded."""
    state = scene()
    events = apply(state, 0, "police")
    p = state.players[0]
    assert (p.idle, p.cops, p.supply) == (2, 1, 37)
    assert CopCorrupted(0, 1) in events


def test_no_more_than_twelve_corrupt_cops_exist() -> None:
    """TURF §4.2.2: only while fewer than 12 corrupt cops exist among all players."""
    state = scene(players=3)
    thugs(state, 1, cops=6)
    thugs(state, 2, cops=5)
    thugs(state, 0, idle=6)
    apply(state, 0, "police")
    assert state.cops_in_play() == MAX_COPS
    option = state.pending[0].option("police")
    assert option is not None and not option.available
    assert option.reason == "12 corrupt cops already exist"
    with pytest.raises(IllegalDecision):
        apply(state, 0, "police")


def test_infiltrating_an_unoccupied_building_places_a_guard() -> None:
    """TURF §4.2.3: two street cards naming it, discarded; one idle thug guards it."""
    state = scene(buildings={"35": -1, "72": -1})
    hand(state, 0, "5h", "3c", "9d")
    assert "infiltrate:35" in state.pending[0].available()
    apply(state, 0, "infiltrate:35:3c.5h")
    assert state.buildings[0].guard == 0 and state.players[0].idle == 3
    assert state.players[0].hand == [state.players[0].hand[0]] and len(state.discard) == 2


def test_two_cards_name_a_square_in_either_order_and_the_player_chooses() -> None:
    """TURF §4.2.3 [R either order]: a 3 and a 5 name (3,5) or (5,3); the player picks."""
    state = scene(buildings={"35": -1, "53": -1})
    hand(state, 0, "3c", "5h")
    assert {"infiltrate:35", "infiltrate:53"} <= set(state.pending[0].available())
    apply(state, 0, "infiltrate:53:3c.5h")
    assert [b.guard for b in state.buildings] == [-1, 0]


def test_cards_must_name_the_building() -> None:
    """TURF §4.2.3: only cards 1-8 in hand that name the square."""
    state = scene(buildings={"35": -1, "99" if False else "36": -1})
    hand(state, 0, "3c", "5h", "6d")
    for bad in ("infiltrate:35:3c.6d", "infiltrate:35:3c.5d", "infiltrate:44:3c.5h"):
        with pytest.raises(IllegalDecision):
            apply(state, 0, bad)


def test_a_building_the_player_controls_cannot_be_infiltrated() -> None:
    """TURF §4.2.3 [R own building]: not on a building the player already controls."""
    state = scene(buildings={"35": 0})
    hand(state, 0, "3c", "5h")
    option = state.pending[0].option("infiltrate:35")
    assert option is not None and option.reason == "you control it already"


def test_unoccupied_building_needs_an_idle_thug() -> None:
    """TURF §4.2.3: placing a guard needs 1 idle thug."""
    state = scene(buildings={"35": -1})
    hand(state, 0, "3c", "5h")
    thugs(state, 0, job=4)
    option = state.pending[0].option("infiltrate:35")
    assert option is not None and option.reason == "needs 1 idle thug to guard it"


def test_a_hit_makes_the_target_discard_a_thug_of_their_choice() -> None:
    """TURF §4.2.4: 3 idle thugs on a job; the target discards one of their own thugs,
    of their choice — a guard's building becomes unoccupied."""
    state = scene(buildings={"35": 1, "72": 1})
    thugs(state, 1, idle=2, cops=1)
    events = apply(state, 0, "hit:1")
    assert HitOrdered(0, 1) in events and state.players[0].job == 3
    asked = state.pending[0]
    assert asked.seat == 1 and asked.kind.value == "lose_thug"
    assert asked.available() == ["lose:idle", "lose:cop", "lose:guard:35", "lose:guard:72"]
    events = apply(state, 1, "lose:guard:72")
    assert ThugLost(1, "guard", 72) in events and state.buildings[1].guard == -1
    assert state.pending[0].seat == 0 and state.pending[0].kind.value == "legwork"


def test_a_hit_needs_a_target_with_a_building_and_never_yourself() -> None:
    """TURF §4.2.4 [R not yourself]: the target controls a building and is another player."""
    state = scene(buildings={"35": 0})
    assert "hit:0" not in [o.decision for o in state.pending[0].options]
    option = state.pending[0].option("hit")
    assert option is not None and option.reason == "nobody else controls a building"
    with pytest.raises(IllegalDecision):
        apply(state, 0, "hit:0")


def test_a_hit_on_a_lone_guard_takes_it_without_asking() -> None:
    """TURF §4.2.4: with a single thug, there is no choice to make."""
    state = scene(buildings={"35": 1})
    thugs(state, 1)
    hand(state, 1, "9c")
    apply(state, 0, "hit:1")
    assert state.buildings[0].guard == -1 and state.pending[0].seat == 0
    rebalance(state)
