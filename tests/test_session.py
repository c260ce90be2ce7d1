"""The match session: one path from a decision to everything a front end shows."""

from __future__ import annotations

import pytest

from bot.chicago.demo import play_demo
from bot.session import COMPUTER, TIMER, Applied, MatchSession, StepResult, Verdict
from engine.chicago import DecisionKind, PlayerSpec, Setup, apply, new_match
from engine.chicago.computer import choose

PEOPLE = [PlayerSpec("Ada"), PlayerSpec("Bix"), PlayerSpec("Cy")]


def setup_for(seed: int, bosses: int = 3, level: str | None = None) -> Setup:
    players = [PlayerSpec(p.name, level) for p in PEOPLE[:bosses]]
    return new_match(bosses, seed, players=players, police=PlayerSpec("Police", level)).setup


def play_until(session: MatchSession, kind: DecisionKind, limit: int = 3000) -> bool:
    """Every seat answered as a random player would, until `kind` is asked."""
    for _ in range(limit):
        pending = session.pending
        if pending is None:
            return False
        if pending.kind is kind:
            return True
        decision = choose(session.state, pending.seat, "random")
        step = session.decide(pending.seat, str(decision), session.seq, "1")
        assert step.ok, step.message
    return False


def finish(session: MatchSession) -> list[StepResult]:
    steps = []
    while session.pending is not None:
        pending = session.pending
        decision = choose(session.state, pending.seat, "random")
        steps.append(session.decide(pending.seat, str(decision), session.seq, "1"))
    return steps


def test_demo_and_a_session_driven_match_give_the_same_events_and_state() -> None:
    """The demo goes through the session; a bare engine loop must agree with it."""
    demo_state = play_demo(8, bosses=3, level="normal", write=lambda line: None)
    players = [PlayerSpec(n, "normal") for n in ("Vito Marchetti", "Mae Kowalski", "Frankie Doyle")]
    state = new_match(3, 8, None, players, PlayerSpec("Chicago Police", "normal"))
    events = []
    while state.pending is not None:
        events += apply(state, state.pending.seat, choose(state))
    assert demo_state.to_json() == state.to_json()

    session, first = MatchSession.new(demo_state.setup)
    assert first.result is not None and first.turns_ended > 0
    assert first.events == events
    assert session.state.to_json() == state.to_json()
    assert all(entry.actor == COMPUTER for entry in session.log)


@pytest.mark.parametrize("kind", [DecisionKind.FIGHT_OR_WITHDRAW, DecisionKind.TRADE_ANSWER])
def test_a_session_rebuilt_from_setup_and_log_continues_and_narrates_identically(
    kind: DecisionKind,
) -> None:
    for seed in range(1, 60):
        session, _ = MatchSession.new(setup_for(seed))
        if play_until(session, kind):
            break
    else:
        pytest.fail(f"no seed reached {kind}")
    rebuilt = MatchSession.restore(session.state.setup, session.log)
    assert rebuilt.state.to_json() == session.state.to_json()
    snapshot = MatchSession.restore(
        session.state.setup, session.log, snapshot_json=session.state.to_json()
    )
    original, again = finish(session), finish(rebuilt)
    assert [s.lines for s in original] == [s.lines for s in again]
    assert [s.events for s in original] == [s.events for s in again]
    assert rebuilt.state.to_json() == session.state.to_json()
    assert finish(snapshot) and snapshot.state.to_json() == session.state.to_json()


def unchanged(session: MatchSession, step: StepResult, before: bytes, verdict: Verdict) -> None:
    assert step.verdict is verdict and not step.ok and step.message
    assert step.applied == [] and step.events == []
    assert session.state.to_json() == before


def test_stale_duplicate_wrong_seat_and_illegal_decisions_change_nothing() -> None:
    session, _ = MatchSession.new(setup_for(3))
    seat = session.pending.seat if session.pending else -1
    done = session.decide(seat, "roll", 0, "42")
    assert done.ok and done.applied[0] == Applied(0, seat, "roll", "42")
    before = session.state.to_json()

    unchanged(session, session.decide(seat, "roll", 0, "42"), before, Verdict.DUPLICATE)
    unchanged(session, session.decide(seat, "pay", 0, "42"), before, Verdict.STALE)
    unchanged(session, session.decide(seat, "roll", session.seq + 3, "42"), before, Verdict.STALE)
    pending = session.pending
    assert pending is not None
    other = (pending.seat + 1) % len(session.state.sides)
    wrong = session.decide(other, pending.available()[0], session.seq, "42")
    unchanged(session, wrong, before, Verdict.WRONG_SEAT)
    assert session.name(pending.seat) in wrong.message
    illegal = session.decide(pending.seat, "recruit10:x", session.seq, "42")
    unchanged(session, illegal, before, Verdict.ILLEGAL)
    assert len(session.log) == 1


def test_a_timer_applies_the_safe_default_once() -> None:
    session, _ = MatchSession.new(setup_for(4))
    seq = session.seq
    step = session.expire(seq)
    assert step.ok and step.applied[0].actor == TIMER and step.applied[0].decision == "roll"
    assert session.expire(seq).verdict is Verdict.STALE


def test_computer_seats_play_until_a_person_must_decide_and_a_seat_can_be_handed_over() -> None:
    players = [PlayerSpec("Ada"), PlayerSpec("Bot", "normal")]
    setup = new_match(2, 11, players=players, police=PlayerSpec("Police", "easy")).setup
    session, _ = MatchSession.new(setup)
    assert session.pending is not None
    assert not session.is_computer(session.pending.seat)
    human = session.pending.seat
    step = session.hand_to_computer(human, "normal")
    assert step.ok and step.applied and step.applied[0].seat == human
    assert session.result is not None  # every seat is a computer now: it plays out
    assert step.turns_ended >= 1 and step.result is session.result
    replayed = MatchSession.restore(setup, session.log)
    assert replayed.state.to_json() == session.state.to_json()


def test_turns_closed_counts_a_board_per_finished_turn() -> None:
    session, _ = MatchSession.new(setup_for(5, bosses=2))
    turns = 0
    while session.result is None:
        pending = session.pending
        assert pending is not None
        step = session.decide(pending.seat, str(choose(session.state)), session.seq)
        turns += step.turns_ended
    total = sum(side.turns for side in session.state.sides)
    assert turns == total
