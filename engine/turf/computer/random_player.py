"""The "random" level: a uniform choice among the available options, with random legal
details (the cards, the thugs committed). It is the yardstick the other levels are
measured against, and a fuzzer for the engine: it offers random deals too."""

from __future__ import annotations

import random

from engine.turf.cards import rank
from engine.turf.decisions import (
    CommitFacts,
    DealSide,
    Decision,
    DecisionKind,
    LegworkFacts,
    Pending,
    RecruitFacts,
)
from engine.turf.view import PlayerView


def choose_random(pending: Pending, rng: random.Random) -> Decision:
    if pending.kind is DecisionKind.COMMIT:
        return random_commit(pending.facts_as(CommitFacts), rng)
    key = rng.choice(pending.available())
    if key == "recruit":
        hand = list(pending.facts_as(RecruitFacts).hand)
        return Decision("recruit", cards=tuple(sorted(rng.sample(hand, rng.randint(1, len(hand))))))
    if key.startswith("infiltrate:"):
        d = Decision.parse(f"{key}:-")
        pair = rng.choice(pending.facts_as(LegworkFacts).pairs[d.square])
        return Decision("infiltrate", square=d.square, cards=pair)
    return Decision.parse(key)


def random_commit(facts: CommitFacts, rng: random.Random) -> Decision:
    while True:
        idle = rng.randint(0, facts.idle)
        cops = rng.randint(0, facts.cops)
        guards = tuple(sorted(sq for sq in facts.guards if rng.random() < 0.2))
        if idle + cops + len(guards) >= facts.least:
            return Decision("commit", idle=idle, cops=cops, squares=guards)


def random_deal(view: PlayerView, rng: random.Random) -> Decision | None:
    """A small random offer to another player still in, or None when there is nothing
    to offer or nobody to offer it to."""
    assert view.seat is not None
    partners = [p.seat for p in view.players if not p.out and p.seat != view.seat]
    me = view.players[view.seat]
    if not partners or me.out:
        return None
    give = tuple(rank(c) for c in rng.sample(view.hand, min(len(view.hand), rng.randint(0, 1))))
    thugs = rng.randint(0, min(1, me.idle))
    ask = tuple(rng.sample(range(1, 11), rng.randint(0, 1)))
    mine, theirs = DealSide(give, thugs), DealSide(ask, rng.randint(0, 1))
    if mine.empty and theirs.empty:
        return None
    return Decision("deal", seat=rng.choice(partners), mine=mine, theirs=theirs)
