"""Computer players: take any pending decision for any seat, boss or police.

Empty seats and players who walk away must not stop a match, so `choose` answers every
decision the engine can ask (RULES §13) with an option it offers. Levels:

- "random": a uniform choice among the available options (the yardstick);
- "easy": a beginner who takes part but misjudges raids and ignores marks (`easy`);
- "normal": a player that prices every raid and plays to win (`normal`);
- "hard": a sharper instinct whose raid choices are checked by playing imagined matches
  on (`hard`), imagined from what its seat can see only.

Everything is a pure function of the state: the same match seed and the same decisions
give the same choices, so computer seats replay like any other.

    >>> from engine.chicago import new_match, apply
    >>> state = new_match(bosses=2, seed=3)
    >>> str(choose(state))
    'roll'
"""

from __future__ import annotations

import random

from engine.chicago.computer.easy import choose_easy
from engine.chicago.computer.hard import choose_hard
from engine.chicago.computer.normal import choose_normal
from engine.chicago.computer.random_player import choose_random
from engine.chicago.computer.worlds import clone
from engine.chicago.decisions import Decision, DecisionKind
from engine.chicago.events import Event
from engine.chicago.flow import apply
from engine.chicago.limits import LEVELS as LEVELS
from engine.chicago.state import MatchState
from engine.common.errors import IllegalDecision, MatchOver

DEFAULT_LEVEL = "normal"
# The levels offered to players (lobby, preview, demo); "random" is a yardstick only.
PLAYER_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
_MASK = (1 << 64) - 1


def decision_rng(state: MatchState, seat: int) -> random.Random:
    """A generator for one decision, derived from the match seed and the decision count,
    so a level that draws lots stays replayable and never touches global randomness."""
    mixed = (state.rng.seed * 0x9E3779B97F4A7C15 + state.seq * 0xBF58476D1CE4E5B9 + seat) & _MASK
    return random.Random(mixed)


def choose(state: MatchState, seat: int | None = None, level: str | None = None) -> Decision:
    """The decision a computer player of `level` takes for `seat` (default: whoever must
    decide now; level default: the seat's own level, else "normal"). Always legal."""
    if state.result is not None:
        raise MatchOver("the match is over")
    pending = state.pending
    if pending is None:
        raise IllegalDecision("no decision is pending")
    if seat is None:
        seat = pending.seat
    if seat != pending.seat:
        raise IllegalDecision(f"it is seat {pending.seat}'s decision, not seat {seat}'s")
    level = level or state.sides[seat].computer or DEFAULT_LEVEL
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; levels: {', '.join(LEVELS)}")
    if pending.kind is DecisionKind.ROLL:
        return Decision("roll")
    if level == "random":
        return choose_random(pending, decision_rng(state, seat))
    if level == "easy":
        return choose_easy(state, pending, decision_rng(state, seat))
    if level == "hard":
        return choose_hard(state, pending, decision_rng(state, seat))
    return choose_normal(state, pending)


def is_computer_turn(state: MatchState) -> bool:
    """Does a computer seat hold the pending decision?"""
    pending = state.pending
    return pending is not None and state.sides[pending.seat].computer is not None


def play_computers(state: MatchState, limit: int | None = None) -> list[Event]:
    """Let computer seats decide until a human must, the match ends, or `limit`
    decisions were taken. Returns the events in order."""
    events: list[Event] = []
    taken = 0
    while state.result is None and is_computer_turn(state):
        if limit is not None and taken >= limit:
            break
        assert state.pending is not None
        seat = state.pending.seat
        events.extend(apply(state, seat, choose(state, seat)))
        taken += 1
    return events


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "PLAYER_LEVELS",
    "choose",
    "clone",
    "decision_rng",
    "is_computer_turn",
    "play_computers",
]
