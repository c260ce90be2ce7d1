"""Seeded random play keeps the invariants (TURF §1.3, §4.2.2, §8): every player owns
40 thugs in their places and supply, never fewer than none anywhere; at most 12 corrupt
cops; the 40 cards are all somewhere once; a building changes hands only by an
infiltration, a reveal or a discarded guard; someone always has a way to go on; every
match ends."""

from __future__ import annotations

import pytest

from engine.common.seats import PlayerSpec
from engine.turf import MAX_COPS, SUPPLY, Decision, TurfState, apply, new_match, player_view
from engine.turf.computer import choose
from engine.turf.events import ControlChanged, Event
from engine.turf.random_play import play_random

CONTROL_MOVES = {"infiltrate", "commit", "lose"}


def check(state: TurfState, seat: int, decision: Decision, events: list[Event]) -> None:
    for p in state.players:
        places = (p.idle, p.job, p.cops, p.supply)
        assert min(places) >= 0, p
        assert state.thugs(p.seat) + p.supply == SUPPLY, p
        if p.out:
            assert state.thugs(p.seat) == 0 and not p.hand
    assert state.cops_in_play() <= MAX_COPS
    cards = state.draw + state.discard + [c for p in state.players for c in p.hand]
    assert sorted(cards) == list(range(40))
    if any(isinstance(e, ControlChanged) for e in events):
        # a squeeze or a hit ends in a chosen (or forced) "lose"; those forced come with
        # the decision that caused them
        assert decision.kind in CONTROL_MOVES | {"hit", "squeeze_gang", "deal", "accept"}
    assert all(b.guard == -1 or not state.players[b.guard].out for b in state.buildings)
    assert state.result is not None or state.pending
    assert all(p.available() for p in state.pending), "an open decision with no way out"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_matches_keep_the_invariants_and_end(players: int) -> None:
    for seed in range(6):
        state = new_match(players, seed=seed * 31 + players)
        play_random(state, seed, after=check)
        assert state.result is not None
        assert state.round <= state.setup.options.round_limit


@pytest.mark.parametrize("players", [2, 4, 6])
def test_computer_matches_keep_the_invariants(players: int) -> None:
    """Longer matches than random play gives: normal, easy and random seats together."""
    kinds = ["normal", "easy", "random"]
    specs = [PlayerSpec(f"P{i}", kinds[i % 3]) for i in range(players)]
    for seed in range(2):
        state = new_match(specs, seed=seed)
        while state.result is None:
            seat = state.pending[0].seat
            decision = choose(player_view(state, seat), state.players[seat].computer or "normal")
            check(state, seat, decision, apply(state, seat, decision))
