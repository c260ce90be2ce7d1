"""RULES §2.2: notes are a view of the dollars; the box holds 420 notes worth $265,000."""

from __future__ import annotations

from engine.chicago import bank_ledger, banknotes, new_match
from engine.chicago.ledger import BOX
from engine.chicago.random_play import play_random
from engine.chicago.state import TOTAL_MONEY


def test_box_is_420_notes_worth_265000() -> None:
    assert sum(count for _, count in BOX) == 420
    assert sum(value * count for value, count in BOX) == TOTAL_MONEY


def test_sides_break_down_greedily_in_seat_order_and_the_bank_keeps_the_rest() -> None:
    state = new_match(4, seed=1)
    first = banknotes(state, 0)
    assert first.counts == {5000: 2, 1000: 2, 500: 0, 100: 0, 50: 0}
    ledger = bank_ledger(state)
    assert ledger.dollars == 205_000
    assert ledger.notes.total == 205_000
    held = [banknotes(state, s.seat) for s in state.sides]
    for value, count in BOX:
        assert sum(n.counts[value] for n in held) + ledger.notes.counts[value] == count


def test_notes_always_add_up_to_the_dollars_after_play() -> None:
    state = new_match(3, seed=8)
    play_random(state, 8)
    for side in state.sides:
        assert banknotes(state, side.seat).total == side.cash
    ledger = bank_ledger(state)
    assert ledger.notes.total == state.bank
    assert ledger.credit == {s.seat: s.credit for s in state.sides if s.credit}


def test_missing_note_values_are_reported_not_blocking() -> None:
    state = new_match(2, seed=1)
    state.sides[0].cash = 20 * 5000 + 100 * 1000 + 100 * 500 + 100 * 100 + 100 * 50
    state.sides[1].cash = 50
    assert banknotes(state, 1).unbroken == 50
