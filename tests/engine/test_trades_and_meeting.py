"""RULES §10: trades at Start (and §6.1, §9's Trade action)."""

from __future__ import annotations

import pytest

from engine.chicago import IllegalDecision, apply
from engine.chicago.board import Deck
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import ControlChanged, Event, TradeAnswered, TradeProposed
from engine.chicago.state import MatchState
from engine.chicago.testing import give, place, stack_card
from tests.engine.scenes import (
    E,
    asks,
    available,
    conserved,
    match,
    offered,
    payments,
    set_cash,
    turn,
)


def at_start(bosses: int = 2, also: tuple[int, ...] = ()) -> MatchState:
    """Seat 0 arrives on Start by dice (30 + 3 + 3, renewal 1: $16,000) where seat 1 waits;
    seat 0 holds Taylor Street Trattoria (5), seat 1 Union Stock Yard Packers (11) and
    Bridgeport Chop House (12), police has sealed Four Deuces Cabaret (15)."""
    state = match(bosses=bosses)
    state.police.position = 18
    give(state, 0, 5, *also)
    give(state, 1, 12, 11)
    give(state, state.police_seat, 15)
    for seat in range(2, bosses):
        place(state, seat, 20)
    place(state, 1, 0)
    place(state, 0, 30)
    turn(state, 0, 3, 3, 1)
    asks(state, DecisionKind.ACTION, 0)
    return state


def test_rules_10_accepted_trade_moves_businesses_and_cash_and_uses_the_action() -> None:
    """RULES §10: the other boss accepts: the exchange happens and uses the proposer's
    action."""
    state = at_start()
    assert "trade" in available(state)
    events = apply(state, 0, "trade:1:5:12:1000")
    assert of_kind(events, TradeProposed) == [TradeProposed(0, 1, (5,), (12,), 1000)]
    asks(state, DecisionKind.TRADE_ANSWER, 1)
    events = apply(state, 1, "accept")
    assert of_kind(events, TradeAnswered) == [TradeAnswered(1, True)]
    assert (state.control[5], state.control[12]) == (1, 0)
    assert payments(events) == [(0, 1, 1000, "trade")]
    assert (state.sides[0].cash, state.sides[1].cash) == (15_000, 13_000)
    assert [(e.space, e.reason) for e in of_kind(events, ControlChanged)] == [
        (5, "trade"),
        (12, "trade"),
    ]
    asks(state, DecisionKind.ROLL, 1)
    assert conserved(state)


def of_kind(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def test_rules_10_partner_pays_cash() -> None:
    """RULES §10: cash may go the other way (the partner pays)."""
    state = at_start()
    apply(state, 0, "trade:1:5:-:-700")
    apply(state, 1, "accept")
    assert state.control[5] == 1
    assert (state.sides[0].cash, state.sides[1].cash) == (16_700, 11_300)


def test_rules_10_rejected_trade_then_another_action() -> None:
    """RULES §10 (tricky): rejected: nothing moves, no other proposal this turn, other
    actions stay available (here Rebuild contacts after arriving on Start by card)."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    set_cash(state, 0, 1400)
    place(state, 1, 0)
    stack_card(state, Deck.STREET_LIFE, "Getaway through the alley")
    turn(state, 0, 1, 1)
    assert state.sides[0].position == 0
    assert available(state) == ["trade", "rebuild", "pass"]
    apply(state, 0, "trade:1:-:12:-50")
    before = list(state.control)
    events = apply(state, 1, "reject")
    assert of_kind(events, TradeAnswered) == [TradeAnswered(1, False)]
    assert state.control == before
    asks(state, DecisionKind.ACTION, 0)
    assert "trade" in offered(state) and "trade" not in available(state)
    with pytest.raises(IllegalDecision):
        apply(state, 0, "trade:1:-:12:0")
    apply(state, 0, "rebuild")
    assert state.sides[0].cash == 2400
    asks(state, DecisionKind.ROLL, 1)


@pytest.mark.parametrize(
    "text",
    [
        "trade:1:-:-:0",  # no business at all
        "trade:1:5:12.11:0",  # three businesses
        "trade:1:12:-:0",  # giving what you do not control
        "trade:1:-:5:0",  # asking for what the partner does not control
        "trade:1:-:15:0",  # a police seal never trades
        "trade:1:5:-:75",  # not a $50 step
        "trade:1:5:-:16000",  # spending yourself to $0
        "trade:1:5:-:-12000",  # the partner spending itself to $0
        "trade:2:5:-:0",  # police never trades
        "trade:0:5:-:0",  # not with yourself
    ],
)
def test_rules_10_illegal_proposals_are_refused_and_change_nothing(text: str) -> None:
    """RULES §10, §9 [R]: one or two businesses in all, only one's own and the partner's,
    no seals, $50 steps, nobody pays to $0; the state stays byte-identical."""
    state = at_start()
    before = state.to_json()
    with pytest.raises(IllegalDecision):
        apply(state, 0, text)
    assert state.to_json() == before


def test_rules_10_two_businesses_one_each_way_is_fine() -> None:
    """RULES §10: two businesses in all may move, from either boss or both."""
    state = at_start(also=(7,))
    apply(state, 0, "trade:1:5.7:-:0")
    apply(state, 1, "accept")
    assert (state.control[5], state.control[7]) == (1, 1)


def test_rules_10_only_with_a_free_boss_on_start() -> None:
    """RULES §10, §7.2: a boss elsewhere is no partner; nobody on Start: no Trade."""
    state = at_start(bosses=3)
    with pytest.raises(IllegalDecision):
        apply(state, 0, "trade:2:5:-:0")
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    place(state, 1, 9, detained=True)
    place(state, 0, 30)
    turn(state, 0, 3, 3, 1)
    assert "trade" not in offered(state)


def test_rules_10_trade_moves_no_marks_people_or_contacts() -> None:
    """RULES §10: marks, Contacts and people never trade."""
    state = at_start()
    state.sides[1].marks = 2
    marks = [s.marks for s in state.sides]
    people = [s.people for s in state.sides]
    contacts = [list(s.contacts) for s in state.sides]
    apply(state, 0, "trade:1:5:12:0")
    apply(state, 1, "accept")
    assert [s.marks for s in state.sides] == marks
    assert [s.people for s in state.sides] == people
    assert [s.contacts for s in state.sides] == contacts


def test_rules_10_no_trade_without_any_business() -> None:
    """RULES §10: a proposal moves at least one business; none on Start: no trade."""
    state = match(bosses=2)
    state.police.position = 18
    place(state, 1, 0)
    place(state, 0, 30)
    turn(state, 0, 3, 3, 1)
    assert "trade" not in available(state)


def test_rules_10_meeting_trades_with_a_detained_boss_impossible() -> None:
    """RULES §7.2, §12.1: a detained boss attends no meeting and cannot be a partner."""
    state = match(bosses=3)
    state.police.position = 18
    give(state, 2, 12)
    give(state, 0, 5)
    place(state, 2, 9, detained=True)
    place(state, 1, 30)
    stack_card(state, Deck.STREET_LIFE, "Big Boss Meeting!")
    turn(state, 0, 1, 1, 1, 1)
    asks(state, DecisionKind.MEETING_TRADE, 0)
    with pytest.raises(IllegalDecision):
        apply(state, 0, "trade:2:5:12:0")
    assert state.pending is not None and state.pending.trade is not None
    assert state.pending.trade.partners == [1]
