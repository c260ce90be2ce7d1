"""Seeded random play keeps the invariants (EMPIRE §1.2, §3.1, §3.2, §11, §12): money and
Resources never negative, the pool conserved, the 128 cards all somewhere once,
capacities kept, PP shown equal to PP recomputed, every offered option legal, illegal
ones refused with the state unchanged, replay equal to play, JSON round trips."""

from __future__ import annotations

import contextlib
import random

import pytest

from engine.empire import (
    Decision,
    EmpireState,
    IllegalDecision,
    apply,
    check,
    new_match,
    player_view,
    replay,
)
from engine.empire.board import LOTS
from engine.empire.events import Event
from engine.empire.gang import BUSINESS_SIZE, at, car_capacity, power
from engine.empire.random_play import play_random
from engine.empire.state import CAR, WIN_POWER

POOL = 40


def invariants(state: EmpireState) -> None:
    held = [0, 0, 0]
    for p in state.players:
        assert p.money >= 0 and min(p.res) >= 0
        for i in range(3):
            held[i] += p.res[i]
        car = at(p, CAR)
        assert len(car) <= car_capacity(car)
    for res in state.board_res.values():
        assert min(res) >= 0
        for i in range(3):
            held[i] += res[i]
    assert all(state.pool[i] >= 0 and held[i] + state.pool[i] <= POOL for i in range(3))
    # Resources spent on Businesses go back to the pool: what is out is on the board or held
    assert [held[i] + state.pool[i] for i in range(3)] == [POOL] * 3
    for lot in LOTS:
        b = state.lots.get(lot)
        if b is not None:
            assert len(at(state.players[b.owner], lot)) <= BUSINESS_SIZE
    cards = state.deck + state.used + state.graveyard + state.auction
    for p in state.players:
        cards += p.hand + list(p.mobsters) + list(p.jobs)
    assert sorted(cards) == sorted(set(cards)) and len(cards) == 128
    view = player_view(state, None)
    assert [pl.power for pl in view.players] == [power(state, s) for s in range(len(state.players))]
    if state.result is None:
        assert max(pl.power for pl in view.players) < WIN_POWER
        assert state.pending and all(p.options for p in state.pending)


def after(state: EmpireState, seat: int, decision: Decision, events: list[Event]) -> None:
    invariants(state)
    if state.sealed or state.seq % 25 == 0:  # mid-match, sealed answers included
        assert EmpireState.from_json(state.to_json()) == state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_matches_keep_the_invariants_and_end(players: int) -> None:
    for seed in range(5):
        state = new_match(players, seed=seed * 7 + players)
        log = play_random(state, seed, after=after)
        assert state.result is not None and state.sequence <= 12
        replayed, _ = replay(state.setup, log)
        assert replayed.to_json() == state.to_json()
        assert EmpireState.from_json(state.to_json()).to_json() == state.to_json()


def test_every_offered_option_is_legal_and_illegal_ones_change_nothing() -> None:
    state = new_match(3, seed=11)
    rng = random.Random(5)
    bad = ["roll:1", "move:S0", "pickup:WHA:9.9.9", "bid:-1", "none:x", "go", "play:E99",
           "place:M99", "fight", "casualty:M01", "garage:GX", "occupy:M01.M02.M03.M04"]  # fmt: skip
    for _ in range(600):
        if state.result is not None:
            break
        for p in state.pending:
            for option in p.options:
                check(state, p.seat, option.sample)
        seat = rng.randrange(len(state.players))
        before = state.to_json()
        for text in bad:
            try:
                check(state, seat, text)
            except IllegalDecision:
                with pytest.raises(IllegalDecision):
                    apply(state, seat, text)
                assert state.to_json() == before
        asked = state.pending[0]
        apply(state, asked.seat, rng.choice(asked.options).sample)


def test_decision_texts_round_trip_and_fit_a_button() -> None:
    state = new_match(4, seed=2)
    seen = 0
    while state.result is None and seen < 2000:
        for p in state.pending:
            for option in p.options:
                d = Decision.parse(option.sample)
                assert str(d) == option.sample and Decision.parse(str(d)) == d
                assert len(option.sample) <= 90
        asked = state.pending[0]
        apply(state, asked.seat, asked.options[seen % len(asked.options)].sample)
        seen += 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_computer_matches_keep_the_invariants(players: int) -> None:
    """Longer gangs than random play builds: normal, easy and random seats together,
    with normal's offers beside its decisions."""
    from engine.common.seats import PlayerSpec
    from engine.empire.computer import choose, offer_for

    kinds = ["normal", "easy", "random"]
    for seed in range(3):
        specs = [PlayerSpec(f"P{i}", kinds[(i + seed) % 3]) for i in range(players)]
        state = new_match(specs, seed=seed)
        while state.result is None:
            seat = state.pending[0].seat
            level = state.players[seat].computer or "normal"
            offer = offer_for(player_view(state, seat), level)
            if offer is not None:
                with contextlib.suppress(IllegalDecision):
                    apply(state, seat, offer)
            for p in state.pending:
                for option in p.options:
                    check(state, p.seat, option.sample)
            apply(state, seat, choose(player_view(state, seat), level))
            invariants(state)
