"""Computer players for Bootleg. They read only their seat's view (`player_view`), never
the state, so they cannot see a face-down token or another gang's "x" Barrels.

Levels: "random" (uniform, the yardstick), "easy" (a beginner), "normal" (plays to win).
Each choice is a pure function of the view, so computer seats replay like any other.
"""

from __future__ import annotations

import random

from engine.bootleg.computer.easy import choose_easy
from engine.bootleg.computer.normal import choose_normal
from engine.bootleg.decisions import Decision, Pending
from engine.bootleg.events import Event
from engine.bootleg.flow import apply
from engine.bootleg.state import BootlegState
from engine.bootleg.view import PlayerView, player_view
from engine.common.errors import IllegalDecision

LEVELS: tuple[str, ...] = ("easy", "normal", "random")
DEFAULT_LEVEL = "normal"
_MASK = (1 << 64) - 1


def view_rng(view: PlayerView, pending: Pending) -> random.Random:
    """A generator for one decision from public facts only: where the Locations lie (so
    each match draws differently), the decision count and the seat."""
    layout = 0
    for site in view.sites:
        layout = (layout * 31 + len(site.key) * site.cell) & _MASK
    mixed = view.decisions * 0x9E3779B97F4A7C15 + (pending.seat + 1) * 0xBF58476D1CE4E5B9
    return random.Random((layout ^ mixed) & _MASK)


def choose(view: PlayerView, level: str = DEFAULT_LEVEL) -> Decision:
    """The decision a computer of `level` takes for the view's seat. Always legal."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; levels: {', '.join(LEVELS)}")
    if not view.pending:
        raise IllegalDecision("this seat has no decision to make now")
    asked = view.pending[0]
    if level == "random":
        return Decision.parse(view_rng(view, asked).choice(asked.options))
    if level == "easy":
        return choose_easy(view, asked, view_rng(view, asked))
    return choose_normal(view, asked)


def play_computers(state: BootlegState, limit: int | None = None) -> list[Event]:
    """Let computer seats decide, each from its own view, until a person is asked, the
    match ends, or `limit` decisions were taken."""
    events: list[Event] = []
    taken = 0
    while state.result is None and (limit is None or taken < limit):
        seat = state.pending[0].seat
        level = state.players[seat].computer
        if level is None:
            break
        events.extend(apply(state, seat, choose(player_view(state, seat), level)))
        taken += 1
    return events


__all__ = ["DEFAULT_LEVEL", "LEVELS", "choose", "play_computers", "view_rng"]
