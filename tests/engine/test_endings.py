"""RULES §1 and §11: payments, elimination, the last side standing and the bank shortage."""

from __future__ import annotations

from engine.chicago import MatchOver, apply
from engine.chicago.board import Deck
from engine.chicago.characters import Character
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import (
    BankCredit,
    ControlChanged,
    Eliminated,
    EliminationReason,
    MatchEnded,
    Paid,
)
from engine.chicago.state import MERCHANT, NOBODY, EndReason, MatchState
from engine.chicago.testing import give, place, script_dice, stack_card
from tests.engine.scenes import (
    BANK,
    asks,
    conserved,
    decide,
    draw_at,
    match,
    no_dice_left,
    of,
    payments,
    set_cash,
    turn,
)


def test_rules_11_1_payment_leaving_exactly_zero_eliminates() -> None:
    """RULES §11.1, §11.2 (tricky): a $1,000 Protection fine paid with exactly $1,000
    leaves $0: eliminated; businesses back to merchants; the turn ends (no action)."""
    state = match(bosses=3)
    state.police.position = 18
    give(state, 0, 5, 7)
    give(state, 1, 12)
    set_cash(state, 0, 1000)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    events = apply(state, 0, "pay")
    assert payments(events) == [(0, 1, 1000, "protection")]
    assert [(e.space, e.new) for e in of(events, ControlChanged)] == [(5, MERCHANT), (7, MERCHANT)]
    assert of(events, Eliminated) == [Eliminated(0, EliminationReason.OUT_OF_CASH)]
    assert state.sides[0].eliminated and state.sides[0].cash == 0
    assert state.sides[1].cash == 13_000
    asks(state, DecisionKind.ROLL, 1)
    assert conserved(state)


def test_rules_11_1_pay_only_available_cash() -> None:
    """RULES §11.1: a side pays what it owes up to its cash: $300 of a $1,000 fine."""
    state = match(bosses=3)
    state.police.position = 18
    give(state, 1, 12)
    set_cash(state, 0, 300)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    events = apply(state, 0, "pay")
    assert payments(events) == [(0, 1, 300, "protection")]
    assert state.sides[0].eliminated
    assert state.sides[1].cash == 12_300


def test_rules_11_2_r_eliminated_cash_returns_to_the_bank() -> None:
    """RULES §11.2 [R]: a side out of people returns its remaining cash to the bank."""
    state = match(bosses=3)
    state.police.position = 18
    state.sides[0].people = 2
    give(state, 1, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    bank = state.bank
    events = decide(state, 0, "raid", 1, 6, 1, 6)
    assert (0, BANK, 12_000, "elimination") in payments(events)
    assert state.bank == bank + 12_000
    assert conserved(state)


def test_rules_11_2_r_current_boss_eliminated_mid_step_the_step_finishes() -> None:
    """RULES §11.2 [R] (tricky): the drawer of Prohibition squad is eliminated by its
    bribe; the other boss there still faces police; then the turn ends — no police action,
    no action."""
    state = match(bosses=3)
    state.police.position = 18
    set_cash(state, 0, 200)
    place(state, 2, 6)
    events = draw_at(state, 0, Deck.POLICE_FILE, "Prohibition squad", 6)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    events = decide(state, 0, "bribe", 3)
    assert payments(events)[0] == (0, 3, 200, "bribe")
    assert state.sides[0].eliminated
    asks(state, DecisionKind.BRIBE_OR_RAID, 2)
    decide(state, 2, "bribe", 4)
    asks(state, DecisionKind.ROLL, 1)
    assert state.police.cash == 12_600
    assert no_dice_left(state)


def test_rules_1_last_side_standing_wins() -> None:
    """RULES §1, §11.2: a boss beating the last police officer with the other boss already
    out is the last side standing and wins."""
    state = match(bosses=2)
    state.sides[1].eliminated = True
    state.police.people = 2
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    events = decide(state, 0, "raid", 6, 1, 6, 1)
    assert state.police.eliminated
    assert state.result is not None
    assert state.result.reason is EndReason.LAST_STANDING
    assert state.result.winner == 0
    assert of(events, MatchEnded)[0].winner == 0
    try:
        apply(state, 0, "pass")
    except MatchOver:
        pass
    else:  # pragma: no cover
        raise AssertionError("a decision after the end must be refused")


def shortage_scene() -> MatchState:
    """Three bosses; the bank holds only $1,000 when seat 0 passes Start (owed $4,000)."""
    state = match(bosses=3)
    state.police.position = 18
    state.bank = 1000  # a scene: the rest of the money is simply left out
    place(state, 1, 20)
    place(state, 2, 22)
    place(state, 0, 30)
    return state


def test_rules_11_3_bank_shortage_credit_and_final_count() -> None:
    """RULES §11.3 (tricky): the bank pays the $1,000 it has, $3,000 becomes credit, the
    match ends at once (no renewal roll) with the final count:
    $10,000 × marks + cash + credit + establishment costs + $100 × people."""
    state = shortage_scene()
    state.sides[1].marks = 1
    state.sides[1].people = 40
    give(state, 1, 12)
    give(state, 3, 5)
    total = state.bank + sum(s.cash for s in state.sides)
    script_dice(state, 3, 4)
    events = apply(state, 0, "roll")
    assert payments(events) == [(BANK, 0, 1000, "start")]
    assert of(events, BankCredit) == [BankCredit(0, 3000)]
    assert (state.sides[0].cash, state.sides[0].credit, state.bank) == (13_000, 3000, 0)
    # RULES §2.2: bank + all sides' cash - bank credit is unchanged by the payout, reading
    # "cash" as the engine's cash plus credit ("counted as cash", §11.3)
    counted = sum(s.cash + s.credit for s in state.sides)
    assert state.bank + counted - 3000 == total
    assert not [e for e in events if e.kind == "power_renewed"]
    assert state.result is not None
    assert state.result.reason is EndReason.BANK_SHORTAGE
    # seat 0: 13,000 + 3,000 + 5,000 = 21,000; seat 1: 10,000 + 12,000 + 2,000 + 4,000 =
    # 28,000; seat 2: 12,000 + 5,000 = 17,000; police: 12,000 + 1,400 + 2,800 = 16,200
    assert state.result.scores == [21_000, 28_000, 17_000, 16_200]
    assert state.result.winner == 1
    assert state.result.ranking == [1, 0, 2, 3]
    assert state.pending is None
    assert no_dice_left(state)


def test_rules_11_3_tie_goes_to_more_marks() -> None:
    """RULES §11.3: equal counts: more marks wins (seat 1: 10,000 + 6,000 + 5,000)."""
    state = shortage_scene()
    state.sides[1].marks = 1
    state.sides[1].cash = 6000
    turn(state, 0, 3, 4)
    assert state.result is not None
    assert state.result.scores[:2] == [21_000, 21_000]
    assert state.result.winner == 1


def test_rules_11_3_tie_then_more_cash_credit_included() -> None:
    """RULES §11.3: equal counts and marks: more cash (credit included) wins; seat 0 has
    $13,000 + $3,000 credit against seat 1's $15,000 + a $1,000 business."""
    state = shortage_scene()
    state.sides[1].cash = 15_000
    give(state, 1, 1)
    turn(state, 0, 3, 4)
    assert state.result is not None
    assert state.result.scores[:2] == [21_000, 21_000]
    assert state.result.winner == 0


def test_rules_11_3_tie_then_more_people() -> None:
    """RULES §11.3: equal counts, marks and cash: more people wins (seat 1's 50 against
    seat 0's 40 + a $1,000 business)."""
    state = shortage_scene()
    state.sides[0].people = 40
    give(state, 0, 1)
    state.sides[1].cash = 16_000
    turn(state, 0, 3, 4)
    assert state.result is not None
    assert state.result.scores[:2] == [21_000, 21_000]
    assert state.result.winner == 1


def test_rules_11_3_tie_then_earlier_seat_police_last() -> None:
    """RULES §11.3: all equal: the earlier seat wins; police last."""
    state = shortage_scene()
    state.sides[1].cash = 16_000
    turn(state, 0, 3, 4)
    assert state.result is not None
    assert state.result.winner == 0
    state = shortage_scene()
    state.sides[1].eliminated = True
    state.sides[2].eliminated = True
    state.police.cash = 16_000
    state.police.people = 50
    turn(state, 0, 3, 4)
    assert state.result is not None
    assert state.result.scores == [21_000, None, None, 21_000]
    assert state.result.ranking[:2] == [0, 3]


def test_rules_11_3_eliminated_sides_cannot_win() -> None:
    """RULES §11.3: eliminated sides have no count and cannot win."""
    state = shortage_scene()
    state.sides[2].eliminated = True
    state.sides[2].marks = 3
    turn(state, 0, 3, 4)
    assert state.result is not None
    assert state.result.scores[2] is None
    assert state.result.winner != 2
    assert state.result.ranking[-1] == 2


def test_rules_11_3_shortage_on_a_card_payout() -> None:
    """RULES §11.3: any payout from the bank (Bootleg payoff, $1,500 owed, $600 held)."""
    state = match(bosses=2)
    state.police.position = 18
    state.bank = 600
    stack_card(state, Deck.STREET_LIFE, "Bootleg payoff")
    turn(state, 0, 1, 1)
    assert (state.sides[0].cash, state.sides[0].credit) == (12_600, 900)
    assert state.result is not None and state.result.reason is EndReason.BANK_SHORTAGE
    assert state.result.winner == 0
    assert state.bank == 0


def test_rules_1_marks_win_needs_the_4th_mark_only() -> None:
    """RULES §1: three marks do not win; the match goes on."""
    state = match(bosses=2)
    state.police.position = 18
    state.sides[0].marks = 2
    give(state, 1, 12)
    state.sides[1].people = 1
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    events = decide(state, 0, "raid", 6, 1)
    assert state.sides[0].marks == 3
    assert state.sides[1].eliminated
    assert state.result is None
    assert not of(events, MatchEnded)
    assert isinstance(of(events, Paid)[0], Paid)


def test_rules_11_2_police_eliminated_seals_vanish_after_the_business_moves() -> None:
    """RULES §8.1.5-6, §11.2: police with one officer on its sealed business loses a
    personal raid: the boss takes that business first, then police is eliminated and its
    other seals vanish; its cash returns to the bank."""
    state = match(bosses=3)
    give(state, 3, 12, 24)
    state.police.people = 1
    state.police.position = 12
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    bank = state.bank
    events = decide(state, 0, "raid", 6, 1)
    changes = [(e.space, e.old, e.new, e.reason) for e in of(events, ControlChanged)]
    assert changes == [(12, 3, 0, "raid"), (24, 3, MERCHANT, "elimination")]
    assert state.police.eliminated
    assert state.bank == bank + 12_000
    assert state.result is None
    asks(state, DecisionKind.ACTION, 0)
    apply(state, 0, "pass")
    assert conserved(state)


def test_rules_7_1_5_eliminated_police_piece_does_nothing() -> None:
    """RULES §7.1.5, §4: once police is eliminated, Heist still pays $1,500 but moves
    nobody and gives no police action; police's turn is skipped."""
    state = match(bosses=2)
    state.police.eliminated = True
    state.bank += state.police.cash
    state.police.cash = 0
    state.police.position = 27
    place(state, 0, 16)
    events = turn(state, 0, 1, 1)
    assert state.sides[0].cash == 13_500
    assert state.police.position == 27
    assert not [e for e in events if e.kind == "moved" and getattr(e, "seat", NOBODY) == 2]
    asks(state, DecisionKind.ACTION, 0)
    apply(state, 0, "pass")
    place(state, 1, 25)
    turn(state, 1, 1, 1)  # to Arrested (27): where the police piece lies, no encounter
    assert state.sides[1].detained
    asks(state, DecisionKind.ROLL, 0)
    assert state.round == 2


def test_rules_11_2_police_eliminated_on_its_own_turn_takes_no_action() -> None:
    """RULES §11.2 [R], §4: police loses its last officer in a personal raid on its own
    turn: it leaves the turn order at once (no action) and a new round begins."""
    state = match(bosses=3)
    state.police.people = 1
    state.police.position = 30
    place(state, 1, 25)
    turn(state, 3, 2, 3)
    asks(state, DecisionKind.BRIBE_OR_RAID, 1)
    decide(state, 1, "raid", 6, 1)
    assert state.police.eliminated
    assert state.sides[1].marks == 1
    assert state.result is None
    asks(state, DecisionKind.ROLL, 0)
    assert state.round == 2


def test_rules_12_1_meeting_with_eliminated_police_on_start_is_no_start_raid() -> None:
    """RULES §7.1.5, §12.1: the piece of an eliminated police does nothing: a meeting on
    Start where it lies eliminates nobody."""
    state = match(bosses=2)
    state.police.eliminated = True
    state.bank += state.police.cash
    state.police.cash = 0
    place(state, 1, 30)
    draw_at(state, 0, Deck.STREET_LIFE, "Big Boss Meeting!", 2, 1, 1)
    assert not state.sides[0].eliminated and not state.sides[1].eliminated
    assert state.result is None
    asks(state, DecisionKind.ACTION, 0)


def test_rules_11_3_bank_shortage_during_a_meeting_ends_the_match() -> None:
    """RULES §11.3, §12.1: a powered Don's meeting bonus the bank cannot cover ends the
    match at once with the final count (no later renewal rolls)."""
    state = match(Character.DON, Character.QUEEN_BEE)
    state.police.position = 18
    state.sides[0].powered = True
    place(state, 1, 30)
    state.bank = 2000
    events = draw_at(state, 0, Deck.STREET_LIFE, "Big Boss Meeting!", 2, 6)
    assert of(events, BankCredit) == [BankCredit(0, 1000)]
    assert state.result is not None and state.result.reason is EndReason.BANK_SHORTAGE
    # seat 0: 14,000 + 1,000 credit + 5,000 = 20,000; seat 1: 17,000; police: 14,800
    assert state.result.scores == [20_000, 17_000, 14_800]
    assert no_dice_left(state)


def test_rules_6_lucky_jack_payment_eliminates_the_mover_before_the_fine() -> None:
    """RULES §6 (stop if eliminated), §11.1: a boss with $500 moving onto a powered Lucky
    Jack on a rival business pays him and is out: no pay-or-raid follows."""
    state = match(Character.LUCKY_JACK, Character.DON, Character.FIXER)
    state.police.position = 18
    state.sides[0].powered = True
    give(state, 2, 12)
    place(state, 0, 12)
    set_cash(state, 1, 500)
    place(state, 1, 10)
    events = turn(state, 1, 1, 1)
    assert payments(events)[0] == (1, 0, 500, "lucky_jack")
    assert state.sides[1].eliminated
    assert state.sides[2].cash == 12_000
    asks(state, DecisionKind.ROLL, 2)
