"""The cop phase (TURF §6): squeeze the gang or the hand of the other player with the
most, once per turn, one discard per corrupt cop; or pass."""

from __future__ import annotations

from engine.turf.decisions import CopFacts, Decision, DecisionKind, Option, Pending
from engine.turf.events import CopPassed, Event, Squeezed
from engine.turf.losses import start_loss
from engine.turf.state import Phase, TurfState
from engine.turf.turns import end_turn


def _most(state: TurfState, seat: int, count_of: dict[int, int]) -> list[int]:
    """The other players tied for the most (TURF §6 [R other player], [R ties])."""
    others = {s: n for s, n in count_of.items() if s != seat}
    top = max(others.values(), default=0)
    return [s for s, n in others.items() if n == top] if top > 0 else []


def cop_pending(state: TurfState) -> Pending:
    seat = state.turn
    cops = state.players[seat].cops
    seats = state.in_play()
    guarded = state.guard_counts()
    players = state.players
    thugs = _most(
        state,
        seat,
        {s: players[s].idle + players[s].job + players[s].cops + guarded[s] for s in seats},
    )
    cards = _most(state, seat, {s: len(state.players[s].hand) for s in seats})
    options: list[Option] = []
    for key, label, targets, missing in (
        ("squeeze_gang", "Squeeze {}'s gang", thugs, "nobody else has a thug"),
        ("squeeze_hand", "Squeeze {}'s hand", cards, "nobody else holds a card"),
    ):
        options += [Option(f"{key}:{t}", label.format(state.players[t].name)) for t in targets]
        if not targets:
            options.append(Option(key, label.format("a rival"), False, missing))
    options.append(Option("pass", "Pass"))
    return Pending(DecisionKind.COP, seat, options, CopFacts(cops))


def take_cop(state: TurfState, ev: list[Event], d: Decision) -> None:
    seat = state.turn
    if d.kind == "pass":
        ev.append(CopPassed(seat))
        end_turn(state, ev)
        return
    hand = d.kind == "squeeze_hand"
    cops = state.players[seat].cops
    ev.append(Squeezed(seat, d.seat, hand, cops))
    start_loss(state, ev, d.seat, seat, cops, cards=hand, cause="squeeze", resume=Phase.COP)
