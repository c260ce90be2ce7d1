"""The "random" level: a uniform choice among the available options.

It is the yardstick the other levels are measured against, and a fuzzer for the engine:
when it picks "trade" it builds a random legal proposal, so trades get exercised too.
"""

from __future__ import annotations

import random

from engine.chicago.decisions import Decision, Pending, TradeTerms
from engine.chicago.trades import CASH_STEP, MAX_BUSINESSES_MOVED


def choose_random(pending: Pending, rng: random.Random) -> Decision:
    """Any available option, each equally likely."""
    choice = rng.choice(pending.available())
    if choice == "trade" and pending.trade is not None:
        return random_trade(pending.trade, rng)
    return Decision(choice)


def random_trade(terms: TradeTerms, rng: random.Random) -> Decision:
    """A random proposal inside the terms: one or two businesses, sometimes cash.

    The terms always let at least one business move to some partner, so this never fails.
    """
    movable = [i for i, theirs in enumerate(terms.theirs) if terms.own or theirs]
    index = rng.choice(movable)
    partner = terms.partners[index]
    pool = [(True, space) for space in terms.own] + [
        (False, space) for space in terms.theirs[index]
    ]
    count = rng.randint(1, min(MAX_BUSINESSES_MOVED, len(pool)))
    picked = rng.sample(pool, count)
    give = tuple(sorted(space for mine, space in picked if mine))
    take = tuple(sorted(space for mine, space in picked if not mine))
    cash = 0
    roll = rng.random()
    if roll < 1 / 3 and terms.max_pay >= CASH_STEP:
        cash = CASH_STEP * rng.randint(1, min(terms.max_pay, 5000) // CASH_STEP)
    elif roll < 2 / 3 and terms.max_ask[index] >= CASH_STEP:
        cash = -CASH_STEP * rng.randint(1, min(terms.max_ask[index], 5000) // CASH_STEP)
    return Decision("trade", partner, give, take, cash)
