"""The "easy" level: a beginner who draws cards and grabs what it can name, attacks
with a thug or two without counting the defence, defends with the guard alone, never
corrupts a cop, and says no to every deal."""

from __future__ import annotations

import random

from engine.turf.cards import is_street
from engine.turf.decisions import CommitFacts, Decision, DecisionKind, LegworkFacts, Pending
from engine.turf.timeouts import safe_choice
from engine.turf.view import PlayerView


def choose_easy(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    if pending.kind is DecisionKind.LEGWORK:
        return _legwork(pending, rng)
    if pending.kind is DecisionKind.COMMIT:
        facts = pending.facts_as(CommitFacts)
        if pending.seat == facts.defender:
            return Decision("commit")
        idle = min(facts.idle, rng.randint(1, 2))
        return Decision("commit", idle=idle) if idle else safe_choice(pending)
    if pending.kind is DecisionKind.RECRUIT:
        spare = tuple(c for c in view.hand if not is_street(c))
        return Decision("recruit", cards=spare) if spare else Decision("keep")
    if pending.kind is DecisionKind.COP:
        squeezes = [k for k in pending.available() if k != "pass"]
        return Decision.parse(squeezes[0] if squeezes else "pass")
    return safe_choice(pending)


def _legwork(pending: Pending, rng: random.Random) -> Decision:
    keys = [k for k in pending.available() if k != "police"]
    infiltrate = [k for k in keys if k.startswith("infiltrate:")]
    if infiltrate and rng.random() < 0.8:
        d = Decision.parse(f"{rng.choice(infiltrate)}:-")
        pair = pending.facts_as(LegworkFacts).pairs[d.square][0]
        return Decision("infiltrate", square=d.square, cards=pair)
    if "word" in keys and rng.random() < 0.85:
        return Decision("word")
    hits = [k for k in keys if k.startswith("hit:")]
    if hits and rng.random() < 0.1:
        return Decision.parse(rng.choice(hits))
    return Decision("end")
