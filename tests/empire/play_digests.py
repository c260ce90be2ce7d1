"""Digests of seeded Empire matches, to prove that work on the rules' speed changes no
rule: the same seed and the same random player give the same decisions, events, final
state and views as the recorded digests in `play_digests.json`.

Run `python tests/empire/play_digests.py` only when a rule is meant to change; it
rewrites the fixture from the code as it is.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from engine.empire import Decision, EmpireState, apply, new_match, player_view, timeout_default
from engine.empire.events import Event
from engine.empire.random_play import play_random

FIXTURE = Path(__file__).with_name("play_digests.json")
RANDOM_MATCHES = 200
TIMEOUT_MATCHES = 10
VIEW_EVERY = 40  # decisions between two looks at every seat's view


def seats_for(seed: int) -> int:
    return 2 + seed % 5


class Digest:
    """Running hashes of what a match shows: its decisions, events and views."""

    def __init__(self) -> None:
        self.log = hashlib.sha256()
        self.events = hashlib.sha256()
        self.views = hashlib.sha256()
        self.count = 0

    def after(self, state: EmpireState, seat: int, decision: Decision, events: list[Event]) -> None:
        self.log.update(f"{seat} {decision}\n".encode())
        for e in events:
            self.events.update(f"{e!r}\n".encode())
        self.count += 1
        if self.count % VIEW_EVERY == 0:
            self.look(state)

    def look(self, state: EmpireState) -> None:
        for seat in (None, *range(len(state.players))):
            self.views.update(player_view(state, seat).to_json())

    def finish(self, state: EmpireState) -> dict[str, str | int]:
        self.look(state)
        return {
            "decisions": self.count,
            "log": self.log.hexdigest()[:20],
            "events": self.events.hexdigest()[:20],
            "views": self.views.hexdigest()[:20],
            "state": hashlib.sha256(state.to_json()).hexdigest()[:20],
        }


def random_match(seed: int) -> dict[str, str | int]:
    state = new_match(seats_for(seed), seed=seed)
    digest = Digest()
    play_random(state, seed, after=digest.after)
    return digest.finish(state)


def timeout_match(seed: int) -> dict[str, str | int]:
    """Every decision the §14 default of the first seat asked, to the cap."""
    state = new_match(seats_for(seed), seed=seed)
    digest = Digest()
    while state.result is None:
        seat = state.pending[0].seat
        decision = timeout_default(state, seat)
        digest.after(state, seat, decision, apply(state, seat, decision))
    return digest.finish(state)


def all_digests() -> dict[str, dict[str, str | int]]:
    found = {f"random {seed}": random_match(seed) for seed in range(RANDOM_MATCHES)}
    found |= {f"timeout {seed}": timeout_match(seed) for seed in range(TIMEOUT_MATCHES)}
    return found


if __name__ == "__main__":
    if len(sys.argv) > 1:
        sys.exit(f"usage: python {sys.argv[0]}  (rewrites {FIXTURE.name}; takes no options)")
    FIXTURE.write_text(json.dumps(all_digests(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
