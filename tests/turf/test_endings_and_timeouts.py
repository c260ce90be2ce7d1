"""TURF §8 (how a match ends) and §9 (timeouts)."""

from __future__ import annotations

import pytest

from engine.turf import DEFAULT_ROUND_LIMIT, EndReason, IllegalDecision, apply, new_match
from engine.turf import timeout_default as safe
from engine.turf.ending import ranking
from engine.turf.events import MatchEnded, PlayerOut
from engine.turf.testing import hand, scene, thugs


def test_ten_buildings_win_at_once() -> None:
    """TURF §8: a player who controls 10 buildings wins, checked after every action."""
    squares = {f"{c}{r}": 0 for c in range(1, 4) for r in range(1, 4)}
    state = scene(buildings={**squares, "45": -1, "46": 1})
    hand(state, 0, "4c", "5c")
    events = apply(state, 0, "infiltrate:45:4c.5c")
    assert state.result is not None and state.result.reason is EndReason.BUILDINGS
    assert state.result.winner == 0 and isinstance(events[-1], MatchEnded)
    with pytest.raises(IllegalDecision):
        apply(state, 1, "end")


def test_ten_buildings_after_a_confrontation_win_too() -> None:
    """TURF §8: checked after every confrontation."""
    squares = {f"{c}{r}": 0 for c in range(1, 4) for r in range(1, 4)}
    state = scene(buildings={**squares, "45": 1})
    thugs(state, 1)
    hand(state, 0, "4c", "5c")
    apply(state, 0, "infiltrate:45:4c.5c")
    apply(state, 0, "commit:2:0:-")
    assert state.result is not None and state.result.winner == 0


def test_a_player_with_no_thugs_and_no_cards_is_out_and_the_last_one_wins() -> None:
    """TURF §8 [R out]: no thugs at all and no cards: out; one player left wins."""
    state = scene(players=2, buildings={"35": 1})
    thugs(state, 1)
    hand(state, 0, "3c", "5c")
    apply(state, 0, "infiltrate:35:3c.5c")
    events = apply(state, 0, "commit:1:0:-")
    assert PlayerOut(1) in events
    assert state.result is not None and state.result.reason is EndReason.LAST_STANDING
    assert state.result.winner == 0


def test_out_players_are_skipped_and_if_all_go_out_together_nobody_wins() -> None:
    """TURF §8 [R out]: an out player never acts again; the last going out together:
    nobody wins."""
    state = scene(players=3, buildings={"35": 1})
    thugs(state, 1)
    thugs(state, 2, idle=1)
    hand(state, 0, "3c", "5c")
    apply(state, 0, "infiltrate:35:3c.5c")
    apply(state, 0, "commit:1:0:-")
    assert state.players[1].out and state.result is None
    apply(state, 0, "end")
    assert state.turn == 2
    state2 = scene(players=2, buildings={"35": 1})
    thugs(state2, 0, idle=1)
    thugs(state2, 1)
    hand(state2, 0, "3c", "5c")
    apply(state2, 0, "infiltrate:35:3c.5c")
    apply(state2, 0, "commit:1:0:-")
    assert state2.result is not None and state2.result.reason is EndReason.ALL_OUT
    assert state2.result.winner == -1


def test_a_quiet_round_ends_the_match_by_the_final_count() -> None:
    """TURF §8 [R stalemate]: a whole round with no card drawn, no infiltration, no hit
    and no thug gained ends the match by the final count."""
    state = scene(players=2)
    thugs(state, 1, idle=5)
    apply(state, 0, "end")
    events = apply(state, 1, "end")
    assert state.result is not None and state.result.reason is EndReason.STALEMATE
    assert state.result.winner == 1 and state.result.ranking == [1, 0]
    assert isinstance(events[-1], MatchEnded)


def test_the_round_limit_ends_the_match_after_its_last_round() -> None:
    """TURF §8 [R round limit]: default 30; after the last round, the final count."""
    assert new_match(2).setup.options.round_limit == DEFAULT_ROUND_LIMIT == 30
    state = scene(players=2, round_limit=1)
    apply(state, 0, "word")
    apply(state, 0, "end")
    apply(state, 0, "keep")
    apply(state, 1, "end")
    assert state.result is not None and state.result.reason is EndReason.ROUND_LIMIT


def test_final_count_ranks_buildings_then_thugs_then_cards_then_seat() -> None:
    """TURF §8 [R final count]: most buildings; ties: most thugs, most cards, earlier seat."""
    state = scene(players=4, buildings={"11": 3, "22": 2, "33": 1, "44": 0})
    thugs(state, 3, idle=1)
    thugs(state, 2, idle=2)
    thugs(state, 1, idle=2)
    thugs(state, 0, idle=2)
    hand(state, 1, "9c")
    hand(state, 2, "9d", "8d")
    assert ranking(state) == [2, 1, 0, 3]


def test_timeouts_make_the_safe_choice() -> None:
    """TURF §9 [R timeouts]: legwork → end, recruiting → keep, cops → pass, a deal →
    rejected; a confrontation: the attacker one thug (idle, cop, guard), the defender
    nothing beyond the guard; discards: idle, job, cop, guard; cards lowest first."""
    state = scene(players=3, buildings={"35": 1, "72": 1, "11": 0})
    thugs(state, 0, idle=0, cops=2)
    thugs(state, 1, idle=2, job=1, cops=1)
    hand(state, 0, "3c", "5c", "9d")
    hand(state, 1, "8c", "2d")
    assert str(safe(state, 0)) == "end"
    apply(state, 0, "infiltrate:35:3c.5c")
    assert str(safe(state, 0)) == "commit:0:1:-" and str(safe(state, 1)) == "commit:0:0:-"
    apply(state, 0, str(safe(state, 0)))
    apply(state, 1, str(safe(state, 1)))
    assert str(safe(state, 0)) == "end"
    apply(state, 0, "end")
    assert str(safe(state, 0)) == "keep"
    apply(state, 0, "keep")
    assert str(safe(state, 0)) == "pass"
    apply(state, 0, "squeeze_gang:1")
    assert str(safe(state, 1)) == "lose:idle"
    apply(state, 1, "lose:idle")
    assert state.turn == 1
    squeezed = scene(players=2)
    thugs(squeezed, 0, idle=1, cops=1)
    hand(squeezed, 1, "8c", "2d")
    apply(squeezed, 0, "end")
    apply(squeezed, 0, "squeeze_hand:1")
    assert str(safe(squeezed, 1)) == "drop:2d"


def test_a_deal_times_out_rejected_and_a_seat_with_nothing_open_has_no_default() -> None:
    """TURF §9 [R timeouts]: a deal → rejected."""
    state = scene(players=3)
    apply(state, 2, "deal:1:-/1/-/0:-/0/-/0")
    assert str(safe(state, 1)) == "reject:2"
    with pytest.raises(IllegalDecision):
        safe(state, 2)
