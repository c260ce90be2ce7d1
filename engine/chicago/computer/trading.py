"""Trades at Start (RULES §10): which proposal to make, and whether to accept one.

Both sides of a trade are priced with the same yardstick (`holdings_value`), so the
player proposes only deals a sensible partner would take — whole blocks for one side
or both, with cash to even it out — and accepts only deals that leave it better off.
"""

from __future__ import annotations

from engine.chicago.board import BLOCKS, SPACES
from engine.chicago.computer.reading import holdings_value
from engine.chicago.decisions import Decision, TradeTerms
from engine.chicago.state import MatchState, TradeOffer
from engine.chicago.trades import CASH_STEP

KEEP_CASH = 2000  # never pay so much for a business that the next fine could put us out


def _gains(
    state: MatchState, seat: int, partner: int, give: tuple[int, ...], take: tuple[int, ...]
) -> tuple[int, int]:
    """How much the businesses moving are worth to each side (before any cash)."""
    control = state.control
    after = list(control)
    for space in give:
        after[space] = partner
    for space in take:
        after[space] = seat
    mine = holdings_value(state, seat, after) - holdings_value(state, seat, control)
    theirs = holdings_value(state, partner, after) - holdings_value(state, partner, control)
    return mine, theirs


def _wanted(state: MatchState, seat: int, spaces: list[int]) -> list[int]:
    """Among `spaces`, those in a block where `seat` already holds another business."""
    control = state.control
    return [
        space
        for space in spaces
        if any(control[i] == seat for i in BLOCKS[SPACES[space].block] if i != space)
    ]


def _round_up(amount: int) -> int:
    return -(-amount // CASH_STEP) * CASH_STEP


def best_trade(state: MatchState, seat: int, terms: TradeTerms, margin: int) -> Decision | None:
    """The proposal that gains us most among those that also gain the partner at least
    `margin`, or None when no deal is worth making."""
    best: tuple[int, Decision] | None = None
    cash = state.sides[seat].cash
    for index, partner in enumerate(terms.partners):
        theirs = terms.theirs[index]
        takes = _wanted(state, seat, theirs)
        gives = _wanted(state, partner, terms.own) or terms.own
        plans: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), (t,)) for t in takes]
        plans += [((g,), (t,)) for t in takes for g in gives]
        plans += [((g,), ()) for g in _wanted(state, partner, terms.own)]
        for give, take in plans:
            mine, their_gain = _gains(state, seat, partner, give, take)
            pay = _round_up(margin - their_gain)  # < 0: the partner pays us
            if pay > 0 and pay > min(terms.max_pay, cash - KEEP_CASH):
                continue
            if pay < 0 and -pay > terms.max_ask[index]:
                pay = -terms.max_ask[index] // CASH_STEP * CASH_STEP
            gain = mine - pay
            if gain < margin:
                continue
            if best is None or gain > best[0]:
                best = (gain, Decision("trade", partner, give, take, pay))
    return None if best is None else best[1]


def answer_trade(state: MatchState, seat: int, offer: TradeOffer, margin: int) -> bool:
    """Accept when the deal leaves us at least `margin` better off, cash included."""
    mine, _ = _gains(state, seat, offer.proposer, tuple(offer.take), tuple(offer.give))
    if offer.cash < 0 and -offer.cash > state.sides[seat].cash - KEEP_CASH:
        return False
    return mine + offer.cash >= margin
