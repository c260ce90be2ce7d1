"""Seeded random play to the end of a match: the "random" level driven by one
`random.Random`, for property tests, benchmarks and sample pictures. Every open
decision gets answered in the order the engine lists them, and now and then the seat
that decides first offers a random deal instead."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.errors import IllegalDecision
from turf.computer.random_player import choose_random, random_deal
from turf.decisions import Decision
from turf.events import Event
from turf.flow import apply, check
from turf.state import TurfState
from turf.view import player_view

AfterDecision = Callable[[TurfState, int, Decision, list[Event]], None]
DEAL_CHANCE = 0.03


def random_decision(rng: random.Random, state: TurfState) -> tuple[int, Decision]:
    """The seat and decision of a random player who must decide now."""
    asked = state.pending[0]
    if rng.random() < DEAL_CHANCE:
        offer = random_deal(player_view(state, asked.seat), rng)
        if offer is not None and not _offer_refused(state, asked.seat, offer):
            return asked.seat, offer
    return asked.seat, choose_random(asked, rng)


def _offer_refused(state: TurfState, seat: int, offer: Decision) -> bool:
    try:
        check(state, seat, offer)
    except IllegalDecision:
        return True
    return False


def play_random(
    state: TurfState,
    seed: int,
    max_decisions: int = 20_000,
    after: AfterDecision | None = None,
) -> list[tuple[int, str]]:
    """Play to the end; returns the decision log. `after(state, seat, decision, events)`
    runs after every decision, so property tests can check invariants as play goes."""
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    while state.result is None:
        if len(log) >= max_decisions:
            raise AssertionError(f"match did not end within {max_decisions} decisions")
        seat, decision = random_decision(rng, state)
        events = apply(state, seat, decision)
        if after is not None:
            after(state, seat, decision, events)
        log.append((seat, str(decision)))
    return log
