"""What just happened, read from the engine's events: the last dice, the paths of the
last move and a few short lines for the centre of the board.

The board never diffs two states to find out what changed; the events say it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.chicago.narration import Narrator
from bot.telling import Line
from engine.chicago import MatchState
from engine.chicago.events import DiceRolled, Event, Moved

MAX_LINES = 6


@dataclass(frozen=True, slots=True)
class MoveTrace:
    seat: int
    start: int
    path: tuple[int, ...]
    how: str


@dataclass(frozen=True, slots=True)
class Recent:
    dice: tuple[int, tuple[int, ...]] | None
    moves: tuple[MoveTrace, ...]
    lines: tuple[Line, ...]


def last_dice(events: Sequence[Event]) -> tuple[int, tuple[int, ...]] | None:
    """The seat and dice of the last movement roll."""
    for event in reversed(events):
        if isinstance(event, DiceRolled) and event.purpose == "move":
            return event.seat, event.dice
    return None


def last_moves(events: Sequence[Event]) -> tuple[MoveTrace, ...]:
    """The last dice move and every move it set off (a card's advance, police sent
    along by a card or the Heist); without a dice move, the last move alone."""
    start = None
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if isinstance(event, DiceRolled) and event.purpose == "move":
            start = i
            break
    moves = [e for e in events[start or 0 :] if isinstance(e, Moved)]
    if start is None:
        moves = moves[-1:]
    return tuple(MoveTrace(m.seat, m.start, m.path, m.how) for m in moves)


def summarise(state: MatchState, events: Sequence[Event]) -> Recent:
    """The last dice, the last move's paths and the last few lines of narration."""
    lines = Narrator().told(state, events, turn_headers=False)[-MAX_LINES:]
    return Recent(last_dice(events), last_moves(events), tuple(lines))
