"""Computer players for Empire. They read only their seat's view (`player_view`), never
the state, so they see no other hand, folder, bid, placement or the deck's order.

Levels: "easy" (a beginner), "normal" (plays to win), "random" (uniform, the yardstick).
Each choice draws from a generator of its own, seeded from public facts of the view and
the seat, never from the match's dice (EMPIRE §15 [R]), so computer seats replay like any
other and changing how they play never changes the dice.
"""

from __future__ import annotations

import random

from engine.common.errors import IllegalDecision
from engine.empire.computer.easy import choose_easy
from engine.empire.computer.normal import choose_normal, normal_offer
from engine.empire.decisions import Decision, DecisionKind, Pending
from engine.empire.events import Event
from engine.empire.flow import apply, check
from engine.empire.random_play import random_choice
from engine.empire.state import EmpireState
from engine.empire.view import PlayerView, player_view

LEVELS: tuple[str, ...] = ("easy", "normal", "random")
DEFAULT_LEVEL = "normal"
_MASK = (1 << 64) - 1


def view_rng(view: PlayerView, pending: Pending) -> random.Random:
    """A generator for one decision from public facts: where the starting Businesses
    went (so each match differs), the decision count, the seat and the kind."""
    layout = 0
    for b in view.businesses[: len(view.players)]:
        layout = (layout * 131 + ord(b.lot[0]) * 7 + int(b.piece[1:])) & _MASK
    mixed = view.decisions * 0x9E3779B97F4A7C15 + (pending.seat + 1) * 0xBF58476D1CE4E5B9
    return random.Random((layout ^ mixed) + len(pending.kind.value))


def choose(
    view: PlayerView, level: str = DEFAULT_LEVEL, pending: Pending | None = None
) -> Decision:
    """The decision a computer of `level` takes on `pending` (else the seat's first open
    decision). Always one of the open options, with legal details."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; levels: {', '.join(LEVELS)}")
    asked = pending or (view.pending[0] if view.pending else None)
    if asked is None:
        raise IllegalDecision("this seat has no decision to make now")
    rng = view_rng(view, asked)
    if level == "random":
        return random_choice(asked, rng)
    if level == "easy":
        return choose_easy(view, asked, rng)
    return choose_normal(view, asked, rng)


def offer_for(view: PlayerView, level: str) -> Decision | None:
    """A simple offer the level would make now, beside its decision (EMPIRE §10)."""
    if level != "normal" or not view.pending:
        return None
    if view.pending[0].kind not in (DecisionKind.PRE_MOVE, DecisionKind.PLACE):
        return None
    return normal_offer(view, view_rng(view, view.pending[0]))


def play_computers(state: EmpireState, limit: int | None = None) -> list[Event]:
    """Let computer seats decide, each from its own view, until only people are asked,
    the match ends, or `limit` decisions were taken."""
    events: list[Event] = []
    taken = 0
    while state.result is None and (limit is None or taken < limit):
        seat = next(
            (p.seat for p in state.pending if state.players[p.seat].computer is not None), None
        )
        if seat is None:
            break
        level = state.players[seat].computer or DEFAULT_LEVEL
        view = player_view(state, seat)
        offer = offer_for(view, level)
        if offer is not None:
            try:
                check(state, seat, offer)
                events.extend(apply(state, seat, offer))
                view = player_view(state, seat)
            except IllegalDecision:
                pass
        events.extend(apply(state, seat, choose(view, level)))
        taken += 1
    return events


__all__ = ["DEFAULT_LEVEL", "LEVELS", "choose", "offer_for", "play_computers", "view_rng"]
