"""Banknotes as a view of dollar amounts, and the bank's Ledger (RULES §2.2).

The engine keeps whole dollars. Notes are derived: sides in seat order (police last)
each break their cash down greedily, largest note first, from what is left of the box;
the bank holds the remaining notes. Exchanging is free, so a note value that has run
out never blocks a payment: what no note can show is reported as `unbroken`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.chicago.state import MatchState

BOX: tuple[tuple[int, int], ...] = ((5000, 20), (1000, 100), (500, 100), (100, 100), (50, 100))


@dataclass(frozen=True, slots=True)
class Notes:
    """Notes by value (largest first) and any dollars left that no note could show."""

    counts: dict[int, int]
    unbroken: int = 0

    @property
    def total(self) -> int:
        return sum(value * count for value, count in self.counts.items()) + self.unbroken


@dataclass(frozen=True, slots=True)
class Ledger:
    """The bank's dollars and notes, and the credit it owes (§11.3)."""

    dollars: int
    notes: Notes
    credit: dict[int, int]


def _break_down(amount: int, box: dict[int, int]) -> Notes:
    counts: dict[int, int] = {}
    for value, _ in BOX:
        take = min(amount // value, box[value])
        counts[value] = take
        box[value] -= take
        amount -= take * value
    return Notes(counts, amount)


def _all_notes(state: MatchState) -> tuple[list[Notes], Notes]:
    box = dict(BOX)
    sides = [_break_down(side.cash, box) for side in state.sides]
    return sides, _break_down(state.bank, box)


def banknotes(state: MatchState, seat: int) -> Notes:
    """The notes a side holds."""
    return _all_notes(state)[0][seat]


def bank_ledger(state: MatchState) -> Ledger:
    credit = {side.seat: side.credit for side in state.sides if side.credit}
    return Ledger(state.bank, _all_notes(state)[1], credit)
