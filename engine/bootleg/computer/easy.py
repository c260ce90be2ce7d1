"""The "easy" level: a beginner who moves an Envoy at random, though it likes a full Pot,
places plain Barrels while it has them, tries a Service now and then, and answers the
end's questions by a coin."""

from __future__ import annotations

import random

from engine.bootleg.decisions import Decision, DecisionKind, Pending
from engine.bootleg.view import PlayerView


def choose_easy(view: PlayerView, pending: Pending, rng: random.Random) -> Decision:
    if pending.kind is DecisionKind.MOVE:
        rich = [o for o in pending.options if view.site(int(o[-1])).pot > 0]
        pool = rich if rich and rng.random() < 0.7 else pending.options
        return Decision.parse(rng.choice(pool))
    if pending.kind is DecisionKind.ACT:
        extras = pending.group("ability") + pending.group("service")
        if extras and rng.random() < 0.3:
            return Decision.parse(rng.choice(extras))
        places = pending.group("place")
        if places:
            plain = [o for o in places if o == "place:plain"]
            return Decision.parse(plain[0] if plain else rng.choice(places))
        return Decision("end")
    return Decision.parse(rng.choice(pending.options))
