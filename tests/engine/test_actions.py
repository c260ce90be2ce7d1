"""RULES §9: the turn's one action."""

from __future__ import annotations

import pytest

from engine.chicago import IllegalDecision, apply
from engine.chicago.board import Deck
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import ActionTaken, ControlChanged, Event
from engine.chicago.state import MERCHANT, MatchState
from engine.chicago.testing import give, place, stack_card
from tests.engine.scenes import (
    BANK,
    asks,
    available,
    conserved,
    decide,
    match,
    offered,
    payments,
    set_cash,
    turn,
)


def on(space: int, bosses: int = 2, cash: int = 12_000) -> MatchState:
    """Seat 0 rolls 1+1 onto `space` (police on Heist) and is asked for its action."""
    state = match(bosses=bosses)
    state.police.position = 18 if space != 18 else 27
    set_cash(state, 0, cash)
    place(state, 0, space - 2)
    turn(state, 0, 1, 1)
    return state


def test_rules_9_take_control_pays_the_establishment_cost_to_the_bank() -> None:
    """RULES §9: take control of a merchant-run business: its cost to the bank."""
    state = on(24)
    asks(state, DecisionKind.ACTION, 0)
    assert available(state) == ["control", "pass"]
    events = apply(state, 0, "control")
    assert payments(events) == [(0, BANK, 3000, "establish")]
    assert [(e.space, e.old, e.new, e.reason) for e in of_control(events)] == [
        (24, MERCHANT, 0, "control")
    ]
    assert state.sides[0].cash == 9000
    assert conserved(state)
    asks(state, DecisionKind.ROLL, 1)


def of_control(events: list[Event]) -> list[ControlChanged]:
    return [e for e in events if isinstance(e, ControlChanged)]


@pytest.mark.parametrize(("cash", "allowed"), [(3000, False), (3050, True)])
def test_rules_9_r_voluntary_spend_needs_more_cash_than_it_costs(cash: int, allowed: bool) -> None:
    """RULES §9 [R]: nobody spends themselves to $0: $3,000 cannot buy a $3,000 business,
    $3,050 can (leaving $50)."""
    state = on(24, cash=cash)
    assert ("control" in available(state)) is allowed
    assert "control" in offered(state)
    if allowed:
        apply(state, 0, "control")
        assert state.sides[0].cash == 50
    else:
        before = state.to_json()
        with pytest.raises(IllegalDecision):
            apply(state, 0, "control")
        assert state.to_json() == before


def test_rules_9_police_secures_a_merchant_business_on_its_turn() -> None:
    """RULES §9: police standing on a merchant-run business may place its seal."""
    state = match(bosses=2)
    state.police.position = 15
    turn(state, 2, 1, 2)
    asks(state, DecisionKind.ACTION, 2)
    assert available(state) == ["control", "pass"]
    events = apply(state, 2, "control")
    assert [(e.space, e.new, e.reason) for e in of_control(events)] == [(12, 2, "seal")]
    assert state.police.cash == 10_000
    asks(state, DecisionKind.ROLL, 0)


@pytest.mark.parametrize(
    ("text", "gain", "price"), [("recruit4", 4, 1500), ("recruit10", 10, 3000)]
)
def test_rules_9_recruit_at_a_hub(text: str, gain: int, price: int) -> None:
    """RULES §9: recruit 4 for $1,500 or 10 for $3,000 on a recruitment hub."""
    state = on(23)
    events = apply(state, 0, text)
    assert state.sides[0].people == 50 + gain
    assert payments(events) == [(0, BANK, price, "recruit")]


def test_rules_9_recruit_past_120_loses_the_excess_price_stays() -> None:
    """RULES §2.3, §9: at 117, recruiting 10 reaches 120 for the full $3,000."""
    state = on(31)
    state.sides[0].people = 117
    apply(state, 0, "recruit10")
    assert state.sides[0].people == 120
    assert state.sides[0].cash == 9000


def test_rules_9_recruit_needs_fewer_than_120_people() -> None:
    """RULES §9: recruiting needs fewer than 120 people."""
    state = match(bosses=2)
    state.police.position = 18
    state.sides[0].people = 120
    place(state, 0, 11)
    turn(state, 0, 1, 1)
    assert available(state) == ["pass"]
    assert offered(state) == ["recruit4", "recruit10", "pass"]


def test_rules_9_recruit_needs_more_cash_than_the_price() -> None:
    """RULES §9 [R]: $1,500 cannot recruit 4; $1,550 can, but not 10."""
    state = on(4, cash=1500)
    assert available(state) == ["pass"]
    state = on(4, cash=1550)
    assert available(state) == ["recruit4", "pass"]


@pytest.mark.parametrize(("cash", "offered_rebuild"), [(1450, True), (1500, False)])
def test_rules_9_r_rebuild_contacts_below_1500(cash: int, offered_rebuild: bool) -> None:
    """RULES §9 [R]: a boss with cash below $1,500 may gain $1,000 from the bank."""
    state = on(9, cash=cash)
    assert ("rebuild" in available(state)) is offered_rebuild
    if offered_rebuild:
        events = apply(state, 0, "rebuild")
        assert payments(events) == [(BANK, 0, 1000, "rebuild")]
        assert state.sides[0].cash == 2450


def test_rules_9_one_action_per_turn() -> None:
    """RULES §4, §9: one action, then the turn passes on."""
    state = on(13)
    events = apply(state, 0, "recruit4")
    assert [e.action for e in events if isinstance(e, ActionTaken)] == ["recruit4"]
    asks(state, DecisionKind.ROLL, 1)


def test_rules_9_raid_action_needs_no_encounter_this_turn() -> None:
    """RULES §9: Raid as an action needs that no pay-or-raid or personal encounter was
    resolved this turn: after paying the fine the option is refused."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    apply(state, 0, "pay")
    assert "raid" in offered(state)
    assert "raid" not in available(state)


def test_rules_9_police_raid_action_refused_after_its_personal_encounters() -> None:
    """RULES §9: police on a boss's business after a personal encounter this turn cannot
    raid it as its action."""
    state = match(bosses=2)
    give(state, 1, 12)
    place(state, 1, 12)
    state.police.position = 15
    turn(state, 2, 1, 2)
    decide(state, 1, "bribe", 1)
    asks(state, DecisionKind.ACTION, 2)
    assert "raid" in offered(state) and "raid" not in available(state)


def test_rules_9_pass_is_always_available() -> None:
    """RULES §9: Pass, always."""
    for space in (4, 9, 12, 24):
        state = on(space)
        assert "pass" in available(state)


def test_rules_9_service_alley_then_take_control() -> None:
    """RULES §12.1 [R], §9: after Service-alley entrance the boss may take control."""
    state = match(bosses=2)
    state.police.position = 18
    stack_card(state, Deck.STREET_LIFE, "Service-alley entrance")
    turn(state, 0, 1, 1)
    apply(state, 0, "control")
    assert state.control[3] == 0 and state.sides[0].cash == 10_800
