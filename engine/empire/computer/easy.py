"""The "easy" level: a beginner. It drives to a random square in reach, takes whatever
action comes first to hand, bids a little now and then, never plays the police against
anyone in particular, fights with what it has, and accepts only offers clearly in its
favour."""

from __future__ import annotations

import random

from engine.empire.computer.reading import side_value
from engine.empire.decisions import Decision, DecisionKind, Pending
from engine.empire.timeouts import PLAIN
from engine.empire.view import PlayerView


def choose_easy(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    kind = pending.kind
    keys = pending.offered()
    if kind is DecisionKind.OFFER_ANSWER:
        proposer = pending.facts["from"]
        offer = next(o for o in view.offers if o.proposer == proposer and o.receiver == view.seat)
        assert offer.give is not None and offer.get is not None and view.own is not None
        ok = (
            side_value(offer.give) >= side_value(offer.get) * 1.2
            and view.own.money >= offer.get.money
            and all(h >= n for h, n in zip(view.own.res, offer.get.res, strict=True))
            and f"accept:{proposer}" in keys
        )
        return Decision("accept" if ok else "reject", (str(proposer),))
    if kind is DecisionKind.MOVE_TO:
        return Decision.parse(rng.choice(keys))
    if kind is DecisionKind.ACTION:
        useful = [o for o in pending.options if not o.decision.startswith(("play:", "peek:"))]
        useful = [o for o in useful if o.decision != "none"] or useful
        if rng.random() < 0.7:
            option = rng.choice(useful)
            return Decision.parse(option.sample)
        return Decision("none")
    if kind in (DecisionKind.BID, DecisionKind.BRIBE):
        top = pending.facts["max"]
        amount = 0
        if kind is DecisionKind.BID and top >= 100 and rng.random() < 0.4:
            amount = min(top, 50 * rng.randint(1, 6))
        return Decision(kind.value, (str(amount),))
    if kind is DecisionKind.POLICE_MOVE:
        return Decision.parse(rng.choice(keys))
    if kind is DecisionKind.POLICE_ACTION:
        return Decision.parse(rng.choice(keys))
    if kind is DecisionKind.START_LOT:
        return Decision.parse(rng.choice(keys))
    if kind in PLAIN:
        return Decision.parse(PLAIN[kind])
    return Decision.parse(pending.options[0].sample)
