"""Seeded random play to the end of a match, for property tests and benchmarks: every
open decision answered in the order listed, each by a uniformly chosen option (its
sample details, a random target, a random bid); now and then a random offer."""

from __future__ import annotations

import random

from engine.common.errors import IllegalDecision
from engine.common.random_play import RandomPlay
from engine.empire.decisions import Decision, DecisionKind, Pending
from engine.empire.events import Event
from engine.empire.flow import apply, check
from engine.empire.offers import offer_decision
from engine.empire.state import EmpireState, Side

OFFER_CHANCE = 0.02


def random_choice(pending: Pending, rng: random.Random) -> Decision:
    option = rng.choice(pending.options)
    if option.choices:
        return Decision.parse(f"{option.decision}:{rng.choice(option.choices)}")
    if pending.kind in (DecisionKind.BID, DecisionKind.BRIBE):
        top = pending.facts["max"] // 50
        amount = 0 if rng.random() < 0.5 or not top else 50 * rng.randint(1, top)
        return Decision(pending.kind.value, (str(amount),))
    return Decision.parse(option.sample)


def random_offer(state: EmpireState, seat: int, rng: random.Random) -> Decision | None:
    """A small offer: some money or one card for one Resource, to a random rival."""
    player = state.players[seat]
    receiver = rng.choice([p.seat for p in state.players if p.seat != seat])
    kind = rng.randrange(3)
    want = [0, 0, 0]
    want[kind] = 1
    give = (
        Side(cards=(rng.choice(player.hand),))
        if player.hand and rng.random() < 0.5
        else Side(money=50 * rng.randint(0, 4))
    )
    d = offer_decision(receiver, give, Side(res=(want[0], want[1], want[2])))
    try:
        check(state, seat, d)
    except IllegalDecision:
        return None
    return d


def random_decision(rng: random.Random, state: EmpireState) -> tuple[int, Decision]:
    asked = state.pending[0]
    if rng.random() < OFFER_CHANCE:
        offer = random_offer(state, asked.seat, rng)
        if offer is not None:
            return asked.seat, offer
    return asked.seat, random_choice(asked, rng)


RANDOM_PLAY: RandomPlay[EmpireState, Decision, Event] = RandomPlay(
    random_decision, apply, lambda state: state.result is not None
)
play_random = RANDOM_PLAY.play
