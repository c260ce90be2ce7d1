"""The second audit of the rules: Rebuild contacts for police (RULES §9, §7.1), the card
steps of §11.2, and an empty bank that pays nothing (§11.3)."""

from __future__ import annotations

import pytest

from engine.chicago import apply, timeout_default
from engine.chicago.board import Deck
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import BankCredit, Paid
from engine.chicago.state import MatchState
from engine.chicago.testing import place, script_dice
from tests.engine.scenes import (
    BANK,
    asks,
    available,
    draw_at,
    match,
    of,
    offered,
    payments,
    set_cash,
    turn,
)


def police_turn(cash: int) -> MatchState:
    """Police with `cash` rolls 1+1 from 11 onto 9 and is asked for its own action."""
    state = match(bosses=2)
    state.police.position = 11
    set_cash(state, 2, cash)
    turn(state, 2, 1, 1)
    assert state.police.position == 9
    asks(state, DecisionKind.ACTION, 2)
    return state


def test_rules_9_police_below_1500_rebuilds_contacts_on_its_turn() -> None:
    """RULES §9: Rebuild contacts is an action for any side: police with $1,450 is offered
    it on its own turn and gains $1,000 from the bank."""
    state = police_turn(1450)
    assert available(state) == ["rebuild", "pass"]
    events = apply(state, 2, "rebuild")
    assert payments(events) == [(BANK, 2, 1000, "rebuild")]
    assert state.police.cash == 2450
    asks(state, DecisionKind.ROLL, 0)


def test_rules_9_police_at_1500_is_not_offered_rebuild() -> None:
    """RULES §9: Rebuild contacts needs cash below $1,500, for police as for a boss."""
    state = police_turn(1500)
    assert "rebuild" not in offered(state)
    assert available(state) == ["pass"]


def test_rules_7_1_police_moved_by_a_card_is_not_offered_rebuild() -> None:
    """RULES §7.1 step 5, §9: police moved by a card (Rival speakeasies, police 3
    counterclockwise) may secure, recruit or pass — not rebuild, even below $1,500."""
    state = match(bosses=2)
    state.police.position = 18
    set_cash(state, 2, 1000)
    draw_at(state, 0, Deck.STREET_LIFE, "Rival speakeasies", 2)
    assert state.police.position == 15
    asks(state, DecisionKind.POLICE_ACTION, 2)
    assert "rebuild" not in offered(state)
    assert available(state) == ["pass"]


def test_rules_7_1_police_moved_by_the_heist_is_not_offered_rebuild() -> None:
    """RULES §6 step 6, §7.1 step 5: the Heist's police move gives the moved-police action
    (secure, recruit or pass), never Rebuild contacts."""
    state = match(bosses=2)
    state.police.position = 27
    set_cash(state, 2, 1000)
    place(state, 0, 16)
    turn(state, 0, 1, 1)
    assert state.police.position == 24
    asks(state, DecisionKind.POLICE_ACTION, 2)
    assert "rebuild" not in offered(state)
    assert "pass" in available(state)


def test_rules_11_2_r_drawer_eliminated_by_a_card_payment_skips_its_police_move() -> None:
    """RULES §11.2 [R]: the parts of a card are steps in the order printed; a drawer
    eliminated by a card's payment does not carry out the rest of that card. Rival
    speakeasies ("pay $500; police 3 counterclockwise") drawn with exactly $500: the
    drawer is out and police stays where it was."""
    state = match(bosses=3)
    state.police.position = 18
    set_cash(state, 0, 500)
    draw_at(state, 0, Deck.STREET_LIFE, "Rival speakeasies", 2)
    assert state.sides[0].eliminated
    assert state.police.position == 18
    asks(state, DecisionKind.ROLL, 1)


@pytest.mark.parametrize("bank", [0, 1000])
def test_rules_11_3_empty_bank_emits_no_zero_payment(bank: int) -> None:
    """RULES §11.3: the bank pays what it has and the rest becomes credit, said once. An
    empty bank pays nothing, so there is no $0 payment; a bank with $1,000 pays that."""
    state = match(bosses=3)
    state.police.position = 18
    state.bank = bank  # a scene: the rest of the money is simply left out
    place(state, 1, 20)
    place(state, 2, 22)
    place(state, 0, 30)
    script_dice(state, 3, 4)
    events = apply(state, 0, "roll")
    assert all(e.amount > 0 for e in of(events, Paid))
    assert payments(events) == ([(BANK, 0, bank, "start")] if bank else [])
    assert of(events, BankCredit) == [BankCredit(0, 4000 - bank)]
    assert state.sides[0].credit == 4000 - bank
    assert state.result is not None


def test_rules_11_3_police_rebuilding_from_an_empty_bank_is_credit_only() -> None:
    """RULES §9, §11.3: police rebuilding contacts from an empty bank gets $1,000 of credit,
    no $0 payment, and the match ends with the final count."""
    state = police_turn(1000)
    state.bank = 0
    events = apply(state, 2, "rebuild")
    assert of(events, Paid) == []
    assert of(events, BankCredit) == [BankCredit(2, 1000)]
    assert state.result is not None


def test_rules_13_timeout_default_for_police_below_1500_stays_pass() -> None:
    """RULES §13 [R]: the safe default of the action is pass, also when police could
    rebuild contacts."""
    state = police_turn(1000)
    assert "rebuild" in available(state)
    assert str(timeout_default(state)) == "pass"
