"""Seeded random play to the end of a match: the "random" level driven by one
`random.Random`, for property tests, benchmarks and sample pictures. Every open
decision gets answered in the order the engine lists them, and now and then the seat
that decides first offers a random deal instead."""

from __future__ import annotations

import random

from engine.common.errors import IllegalDecision
from engine.common.random_play import RandomPlay
from engine.turf.computer.random_player import choose_random, random_deal
from engine.turf.decisions import Decision
from engine.turf.events import Event
from engine.turf.flow import apply, check
from engine.turf.state import TurfState
from engine.turf.view import player_view

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


RANDOM_PLAY: RandomPlay[TurfState, Decision, Event] = RandomPlay(
    random_decision, apply, lambda state: state.result is not None
)


# Play to the end and return the decision log; `after(state, seat, decision, events)`
# runs after every decision, so property tests can check invariants as play goes.
play_random = RANDOM_PLAY.play
