"""Marks, elimination and the end of the match (RULES §1, §8.1.7, §11.2, §11.3).

Ending the match raises `MatchEnd`, which unwinds to the runner: the match ends at
once, wherever in a turn it happens.
"""

from __future__ import annotations

from engine.chicago.board import SPACES
from engine.chicago.events import (
    ControlChanged,
    ControlReason,
    Eliminated,
    EliminationReason,
    Event,
    MarkEarned,
    MatchEnded,
    Paid,
    PayReason,
)
from engine.chicago.state import BANK, MERCHANT, NOBODY, EndReason, MatchState, Result


class MatchEnd(Exception):
    """Raised inside `apply` when the match has just ended; never escapes the engine."""


def eliminate(
    state: MatchState, ev: list[Event], seat: int, reason: EliminationReason, check: bool = True
) -> None:
    """Out at $0 cash or 0 people: businesses to merchants, cash to the bank, Contacts to
    the Street Life discard (RULES §2.4, §11.2)."""
    side = state.sides[seat]
    if side.eliminated:
        return
    side.eliminated = True
    side.detained = False
    side.powered = False
    side.truce_through = 0
    for space, owner in enumerate(state.control):
        if owner == seat:
            state.control[space] = MERCHANT
            ev.append(ControlChanged(space, seat, MERCHANT, ControlReason.ELIMINATION))
    if side.cash:
        ev.append(Paid(seat, BANK, side.cash, PayReason.ELIMINATION))
        state.bank += side.cash
        side.cash = 0
    state.street_discard.extend(side.contacts)
    side.contacts.clear()
    ev.append(Eliminated(seat, reason))
    if seat == state.turn.seat:
        state.turn.over = True
    if check:
        check_last_standing(state, ev)


def check_last_standing(state: MatchState, ev: list[Event]) -> None:
    alive = [s.seat for s in state.sides if not s.eliminated]
    if len(alive) == 1:
        finish(state, ev, EndReason.LAST_STANDING, alive[0])


def award_mark(state: MatchState, ev: list[Event], seat: int, check: bool = True) -> None:
    """Marks are permanent and come only from completed raids (RULES §8.1.7)."""
    side = state.sides[seat]
    side.marks += 1
    ev.append(MarkEarned(seat, side.marks))
    if check:
        check_marks(state, ev, seat)


def check_marks(state: MatchState, ev: list[Event], seat: int) -> None:
    side = state.sides[seat]
    if not side.eliminated and side.marks >= state.setup.options.marks_to_win:
        finish(state, ev, EndReason.MARKS, seat)


def score(state: MatchState, seat: int) -> int:
    """The final count of RULES §11.3."""
    side = state.sides[seat]
    holdings = sum(SPACES[i].cost for i, owner in enumerate(state.control) if owner == seat)
    return 10_000 * side.marks + side.cash + side.credit + holdings + 100 * side.people


def _count_key(state: MatchState, seat: int) -> tuple[int, int, int, int, int]:
    side = state.sides[seat]
    return (-score(state, seat), -side.marks, -(side.cash + side.credit), -side.people, seat)


def finish(state: MatchState, ev: list[Event], reason: EndReason, winner: int = NOBODY) -> None:
    """End the match now. With no winner given, the final count decides (RULES §11.3)."""
    alive = [s.seat for s in state.sides if not s.eliminated]
    ranked = sorted(alive, key=lambda seat: _count_key(state, seat))
    if winner == NOBODY:
        winner = ranked[0]
    ranking = [winner, *(s for s in ranked if s != winner)]
    ranking += [s.seat for s in state.sides if s.eliminated]
    scores: list[int | None] = [None if s.eliminated else score(state, s.seat) for s in state.sides]
    state.result = Result(reason, winner, scores, ranking)
    state.pending = None
    state.agenda.clear()
    state.raid = None
    state.offer = None
    ev.append(MatchEnded(reason, winner, tuple(ranking), tuple(scores)))
    raise MatchEnd
