"""Seeded random play: any legal option, trades too. For property tests, benchmarks and
the "random" seat of simulations."""

from __future__ import annotations

import random

from engine import Decision, MatchState, TradeTerms, apply


def random_trade(rng: random.Random, terms: TradeTerms) -> Decision | None:
    """A random legal proposal within the terms, or None if the chosen partner has none."""
    index = rng.randrange(len(terms.partners))
    pool = [("give", s) for s in terms.own] + [("take", s) for s in terms.theirs[index]]
    if not pool:
        return None
    chosen = rng.sample(pool, min(len(pool), rng.choice((1, 2))))
    give = tuple(sorted(s for side, s in chosen if side == "give"))
    take = tuple(sorted(s for side, s in chosen if side == "take"))
    cash = 0
    roll = rng.random()
    if roll < 0.3 and terms.max_pay >= 50:
        cash = 50 * rng.randint(1, terms.max_pay // 50)
    elif roll < 0.6 and terms.max_ask[index] >= 50:
        cash = -50 * rng.randint(1, terms.max_ask[index] // 50)
    return Decision("trade", terms.partners[index], give, take, cash)


def random_decision(rng: random.Random, state: MatchState) -> Decision:
    pending = state.pending
    assert pending is not None
    choice = rng.choice(pending.available())
    if choice == "trade":
        assert pending.trade is not None
        trade = random_trade(rng, pending.trade)
        if trade is not None:
            return trade
        choice = "pass"
    return Decision(choice)


def play_random(state: MatchState, seed: int, max_decisions: int = 20_000) -> list[tuple[int, str]]:
    """Play to the end; returns the decision log."""
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while state.result is None:
        if len(log) >= max_decisions:
            raise AssertionError(f"match did not end within {max_decisions} decisions")
        pending = state.pending
        assert pending is not None
        decision = random_decision(rng, state)
        apply(state, pending.seat, decision)
        log.append((pending.seat, str(decision)))
    return log
