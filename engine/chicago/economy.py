"""Money and people moving between sides and the bank (RULES §2.2, §2.3, §11.1, §11.3)."""

from __future__ import annotations

from engine.chicago.board import BLOCKS, SPACES, base_fine
from engine.chicago.characters import Character
from engine.chicago.events import (
    BankCredit,
    EliminationReason,
    Event,
    Paid,
    PayReason,
    PeopleChanged,
    PeopleReason,
)
from engine.chicago.outcome import eliminate, finish
from engine.chicago.state import BANK, MAX_PEOPLE, MERCHANT, NOBODY, EndReason, MatchState


def pay(
    state: MatchState, ev: list[Event], payer: int, payee: int, amount: int, reason: PayReason
) -> int:
    """A side pays what it owes up to its cash; left at $0 it is eliminated (§11.1)."""
    side = state.sides[payer]
    paid = min(amount, side.cash)
    if paid <= 0:
        return 0
    side.cash -= paid
    if payee == BANK:
        state.bank += paid
    else:
        state.sides[payee].cash += paid
    ev.append(Paid(payer, payee, paid, reason))
    if side.cash == 0:
        eliminate(state, ev, payer, EliminationReason.OUT_OF_CASH)
    return paid


def spend(state: MatchState, ev: list[Event], payer: int, amount: int, reason: PayReason) -> None:
    """A voluntary spend to the bank; legality already checked that cash stays above $0."""
    state.sides[payer].cash -= amount
    state.bank += amount
    ev.append(Paid(payer, BANK, amount, reason))


def collect(state: MatchState, ev: list[Event], seat: int, amount: int, reason: PayReason) -> None:
    """The bank pays a side. What it cannot cover becomes bank credit and the match ends
    with the final count (§11.3). An empty bank pays nothing, so no $0 payment is told:
    the shortfall is said once, as the credit."""
    paid = min(amount, state.bank)
    state.bank -= paid
    side = state.sides[seat]
    side.cash += paid
    if paid > 0:
        ev.append(Paid(BANK, seat, paid, reason))
    if paid < amount:
        side.credit += amount - paid
        ev.append(BankCredit(seat, amount - paid))
        finish(state, ev, EndReason.BANK_SHORTAGE)


def gain_people(
    state: MatchState, ev: list[Event], seat: int, count: int, reason: PeopleReason
) -> None:
    """Gains past 120 are lost; a powered Iron Fist gains half again, rounded down (§2.5)."""
    side = state.sides[seat]
    if side.has(Character.IRON_FIST):
        count = count * 3 // 2
    new = min(MAX_PEOPLE, side.people + count)
    ev.append(PeopleChanged(seat, new - side.people, reason, side.people + count - new))
    side.people = new


def lose_people(
    state: MatchState, ev: list[Event], seat: int, count: int, reason: PeopleReason
) -> None:
    side = state.sides[seat]
    lost = min(count, side.people)
    side.people -= lost
    ev.append(PeopleChanged(seat, -lost, reason))
    if side.people == 0:
        eliminate(state, ev, seat, EliminationReason.NO_PEOPLE)


def holds_block(state: MatchState, block: int) -> int:
    """The side controlling every business of a block (MERCHANT if none does), or
    NOBODY when the block is split."""
    owners = {state.control[i] for i in BLOCKS[block]}
    if len(owners) == 1:
        (owner,) = owners
        return owner
    return NOBODY


def fine_at(state: MatchState, space: int) -> int:
    """Protection or Inspection due on this business: doubled for a whole block (§2.1)."""
    block = SPACES[space].block
    fine = base_fine(block)
    owner = state.control[space]
    if owner != MERCHANT and holds_block(state, block) == owner:
        fine *= 2
    return fine


def truce_active(state: MatchState, seat: int) -> bool:
    return state.sides[seat].truce_through > 0
