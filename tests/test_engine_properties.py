"""Property tests over seeded random play (RULES §2.2, §2.3, §8.1.7, §11.2, §13).

Every decision of every match is checked: money conserved, nobody negative or past 120,
marks never decrease, eliminated sides own nothing, every offered option passes the
legality gate and every other decision is refused without change, and the seed plus
the decision log replays the match byte for byte.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.chicago import (
    Decision,
    IllegalDecision,
    MatchOptions,
    MatchOver,
    MatchState,
    apply,
    check,
    new_match,
    replay,
)
from engine.chicago.decisions import SIMPLE
from engine.chicago.random_play import play_random, random_decision
from engine.chicago.state import MAX_PEOPLE, MERCHANT, TOTAL_MONEY

MAX_DECISIONS = 20_000


def assert_invariants(state: MatchState, marks_before: list[int]) -> None:
    # RULES §2.2: bank + cash - credit, where cash counts bank credit (§11.3).
    cash = sum(s.cash + s.credit for s in state.sides)
    assert state.bank + cash - sum(s.credit for s in state.sides) == TOTAL_MONEY
    for side in state.sides:
        assert side.cash >= 0
        assert 0 <= side.people <= MAX_PEOPLE
        assert side.marks >= marks_before[side.seat]
        assert side.cash % 50 == 0
        if side.eliminated:
            assert side.seat not in state.control
            assert side.cash == 0 and not side.contacts
    for seat in state.control:
        assert seat == MERCHANT or not state.sides[seat].eliminated


def assert_refused_unchanged(state: MatchState, seat: int, decision: Decision | str) -> None:
    before = state.to_json()
    try:
        apply(state, seat, decision)
    except IllegalDecision:
        pass
    else:
        raise AssertionError(f"{decision} by seat {seat} was accepted")
    assert state.to_json() == before


def check_gate(state: MatchState) -> None:
    """Offered options pass; unavailable, unoffered and other seats' decisions fail."""
    pending = state.pending
    assert pending is not None
    for option in pending.options:
        if option.decision == "trade":
            continue
        if option.available:
            check(state, pending.seat, option.decision)
        else:
            assert option.reason
            assert_refused_unchanged(state, pending.seat, option.decision)
    offered = {o.decision for o in pending.options}
    for text in sorted(SIMPLE - offered):
        assert_refused_unchanged(state, pending.seat, text)
    other = (pending.seat + 1) % len(state.sides)
    assert_refused_unchanged(state, other, pending.available()[0] if pending.options else "pass")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63), bosses=st.integers(2, 4), short=st.booleans())
def test_random_play_keeps_every_invariant(seed: int, bosses: int, short: bool) -> None:
    options = MatchOptions(marks_to_win=3, round_limit=12) if short else MatchOptions()
    state = new_match(bosses, seed=seed, options=options)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while state.result is None:
        assert len(log) < MAX_DECISIONS, "match did not end"
        marks = [s.marks for s in state.sides]
        check_gate(state)
        pending = state.pending
        assert pending is not None
        decision = random_decision(rng, state)
        apply(state, pending.seat, decision)
        log.append((pending.seat, str(decision)))
        assert_invariants(state, marks)
    assert state.pending is None
    assert not state.sides[state.result.winner].eliminated
    replayed, _ = replay(state.setup, log)
    assert replayed.to_json() == state.to_json()
    try:
        apply(state, 0, "roll")
    except MatchOver:
        pass
    else:
        raise AssertionError("a decision was accepted after the match ended")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**63), bosses=st.integers(2, 4))
def test_every_available_option_is_accepted(seed: int, bosses: int) -> None:
    """Apply each available option to its own copy of the state, a few times per match."""
    state = new_match(bosses, seed=seed)
    rng = random.Random(seed)
    for step in range(400):
        if state.result is not None:
            break
        pending = state.pending
        assert pending is not None
        if step % 7 == 0:
            for text in pending.available():
                if text == "trade":
                    continue
                copy = MatchState.from_json(state.to_json())
                apply(copy, pending.seat, text)
        apply(state, pending.seat, random_decision(rng, state))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**63), cut=st.integers(0, 300))
def test_json_round_trip_continues_identically(seed: int, cut: int) -> None:
    """A state saved and loaded mid-match plays on exactly like the original."""
    state = new_match(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.result is not None:
            break
        pending = state.pending
        assert pending is not None
        apply(state, pending.seat, random_decision(rng, state))
    text = state.to_json()
    loaded = MatchState.from_json(text)
    assert loaded.to_json() == text
    if state.result is None:
        original_log = play_random(state, seed + 1)
        loaded_log = play_random(loaded, seed + 1)
        assert original_log == loaded_log
        assert loaded.to_json() == state.to_json()


def test_replay_gives_identical_events() -> None:
    state = new_match(3, seed=99)
    log = play_random(state, 5)
    first_state, first_events = replay(state.setup, log)
    second_state, second_events = replay(state.setup, log)
    assert [e.as_dict() for e in first_events] == [e.as_dict() for e in second_events]
    assert first_state.to_json() == second_state.to_json() == state.to_json()


def test_decision_text_round_trips() -> None:
    for text in sorted(SIMPLE):
        assert str(Decision.parse(text)) == text
    trade = Decision("trade", 3, (33, 34), (), -12_000)
    assert Decision.parse(str(trade)) == trade
    assert len(str(Decision("trade", 3, (34, 35), (), 9_999_950))) <= 60
    for bad in ("trade:1:1:2", "trade:x:1:-:0", "trade:1:01:-:0", "fly", "trade:1:-:-:1e9", ""):
        try:
            Decision.parse(bad)
        except IllegalDecision:
            continue
        raise AssertionError(f"{bad!r} parsed")
