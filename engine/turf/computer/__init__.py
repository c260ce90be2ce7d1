"""Computer players for Turf. They read only their seat's view (`turf.player_view`),
never the state, so they cannot see another hand, the draw pile or a secret commitment.

Levels: "random" (uniform, the yardstick), "easy" (a beginner), "normal" (plays to win).
Each choice is a pure function of the view: the same match and decisions give the same
choices, so computer seats replay like any other.
"""

from __future__ import annotations

import random

from engine.common.errors import IllegalDecision
from engine.turf.computer.easy import choose_easy
from engine.turf.computer.normal import choose_normal
from engine.turf.computer.random_player import choose_random
from engine.turf.decisions import Decision, Pending
from engine.turf.events import Event
from engine.turf.flow import apply
from engine.turf.state import TurfState
from engine.turf.view import PlayerView, player_view

LEVELS: tuple[str, ...] = ("easy", "normal", "random")
DEFAULT_LEVEL = "normal"
_MASK = (1 << 64) - 1


def view_rng(view: PlayerView, pending: Pending) -> random.Random:
    """A generator for one decision, from public facts only: where the seed put the
    buildings (so each match draws differently), the decision count, the seat and the
    decision's kind. A level that draws lots stays replayable and learns nothing hidden."""
    layout = 0
    for square in sorted(view.guards):
        layout = (layout * 89 + square) & _MASK
    mixed = view.decisions * 0x9E3779B97F4A7C15 + (pending.seat + 1) * 0xBF58476D1CE4E5B9
    return random.Random((layout ^ mixed) + len(pending.kind.value))


def choose(
    view: PlayerView, level: str = DEFAULT_LEVEL, pending: Pending | None = None
) -> Decision:
    """The decision a computer of `level` takes for the view's seat: on `pending`, else
    on the seat's first open decision. Always legal."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; levels: {', '.join(LEVELS)}")
    asked = pending or (view.pending[0] if view.pending else None)
    if asked is None:
        raise IllegalDecision("this seat has no decision to make now")
    if level == "random":
        return choose_random(asked, view_rng(view, asked))
    if level == "easy":
        return choose_easy(view, asked, view_rng(view, asked))
    return choose_normal(view, asked)


def computer_seat_waiting(state: TurfState) -> int | None:
    """The first seat a computer plays that has a decision open, if any."""
    return next((p.seat for p in state.pending if state.players[p.seat].computer is not None), None)


def play_computers(state: TurfState, limit: int | None = None) -> list[Event]:
    """Let computer seats decide, each from its own view, until only people are asked,
    the match ends, or `limit` decisions were taken."""
    events: list[Event] = []
    taken = 0
    while state.result is None and (limit is None or taken < limit):
        seat = computer_seat_waiting(state)
        if seat is None:
            break
        level = state.players[seat].computer or DEFAULT_LEVEL
        events.extend(apply(state, seat, choose(player_view(state, seat), level)))
        taken += 1
    return events


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "choose",
    "computer_seat_waiting",
    "play_computers",
    "view_rng",
]
