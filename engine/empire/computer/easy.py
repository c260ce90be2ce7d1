"""The "easy" level: a beginner. On half of its choices that matter (where to drive,
what to do there, bids, the police, placing) it sees the good play, the one "normal"
would make; on the others it plays the obvious: it drives to the best thing in reach
(with nothing in reach, anywhere), finishes and starts its Jobs, opens the first
Business it can pay for, picks up Resources and free Turf, bids a little under what a
Mobster's numbers are worth, bribes the police a little, points the police at nobody in
particular, attacks only a Business far weaker than its car, plays the Events that
simply pay, and accepts only offers clearly in its favour. A fair opponent to learn
against, and the yardstick "normal" must beat (EMPIRE §14 lists the decisions)."""

from __future__ import annotations

import random

from engine.empire.cards import MOBSTERS
from engine.empire.computer.normal import choose_normal
from engine.empire.computer.reading import (
    attack_strength,
    best_square,
    can_pay,
    defence_guess,
    guarded_arrangement,
    side_value,
)
from engine.empire.decisions import Decision, DecisionKind, Pending
from engine.empire.timeouts import PLAIN
from engine.empire.view import PlayerView

INSIGHT = 0.5  # how often a beginner sees the good play (normal's) where it matters
SHARP = (DecisionKind.ACTION, DecisionKind.MOVE_TO, DecisionKind.BID, DecisionKind.BRIBE,
         DecisionKind.POLICE_MOVE, DecisionKind.POLICE_ACTION, DecisionKind.PLACE)  # fmt: skip
EASY_MARGIN = 3  # a beginner attacks a Business only when far stronger than it looks
PLAIN_GAINS = ("E15", "E17", "E18", "E19")  # Events that simply pay the player


def choose_easy(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    if pending.kind in SHARP and rng.random() < INSIGHT:
        return choose_normal(view, pending, rng)
    return _beginner(view, pending, rng)


def _beginner(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    kind = pending.kind
    keys = pending.offered()
    if kind is DecisionKind.OFFER_ANSWER:
        return _answer(view, pending)
    if kind in (DecisionKind.PRE_MOVE, DecisionKind.AFTER_ACTION):
        gain = next((k for k in keys if k.removeprefix("play:") in PLAIN_GAINS), None)
        return Decision.parse(gain or keys[0])
    if kind is DecisionKind.MOVE_TO:
        squares = [int(k.split(":")[1][1:]) for k in keys]
        here = view.players[pending.seat].car
        best = best_square(view, squares, here, attacks=False, plans=False)
        return Decision.parse(f"move:S{best if best is not None else rng.choice(squares)}")
    if kind is DecisionKind.ACTION:
        return _action(view, pending, rng)
    if kind is DecisionKind.BID:
        return _bid(view, pending, rng)
    if kind is DecisionKind.BRIBE:
        top = pending.facts["max"]
        amount = 50 * rng.randint(1, 3) if top >= 900 else 0
        return Decision("bribe", (str(amount),))
    if kind is DecisionKind.PLACE:
        return guarded_arrangement(view, car_keep=2)
    if kind in (DecisionKind.POLICE_MOVE, DecisionKind.POLICE_ACTION, DecisionKind.START_LOT):
        option = rng.choice(pending.options)
        return Decision.parse(option.sample)
    if kind in PLAIN:
        return Decision.parse(PLAIN[kind])
    return Decision.parse(pending.options[0].sample)


def _answer(view: PlayerView, pending: Pending) -> Decision:
    proposer = pending.facts["from"]
    offer = next(o for o in view.offers if o.proposer == proposer and o.receiver == view.seat)
    assert offer.give is not None and offer.get is not None
    ok = (
        side_value(offer.give) >= side_value(offer.get) * 1.2
        and can_pay(view, offer.get)
        and f"accept:{proposer}" in pending.offered()
    )
    return Decision("accept" if ok else "reject", (str(proposer),))


def _bid(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    """About what the Mobster's numbers are worth, less a little, keeping $300."""
    top = pending.facts["max"]
    card = MOBSTERS[view.lot]
    worth = 200 + 50 * (card.da + card.dd + card.ba + card.bd) + 50 * rng.randint(-1, 2)
    amount = max(0, min(worth, top - 300))
    return Decision("bid", (str(amount // 50 * 50),))


ORDER = ("job_done:", "open:", "job_start:", "pickup:", "jail", "hosp")


def _action(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    """The first kind of action in ORDER that is open, then a free Turf, else none."""
    for prefix in ORDER:
        found = [o for o in pending.options if o.decision.startswith(prefix)]
        if found:
            return Decision.parse(rng.choice(found).sample)
    free = [k for k in pending.offered() if k.startswith("turf:") and k[5:] not in view.turf]
    if free:
        return Decision.parse(free[0])
    for k in pending.offered():
        if k.startswith("hit:"):
            lot = k.split(":")[1]
            owner = next(b.owner for b in view.businesses if b.lot == lot)
            if attack_strength(view, False) - defence_guess(view, owner, lot) >= EASY_MARGIN:
                return Decision.parse(k)
    return Decision("none")
