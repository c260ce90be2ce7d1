"""Seeded random matches to draw: for `chicago-bot render`, the render benchmark and
the tests. Random play is the engine's own (`engine.chicago.random_play`), trades included."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from bot.session import MatchSession
from engine.chicago import MatchState, new_match
from engine.chicago.events import Event, TurnStarted
from engine.chicago.random_play import random_decision


@dataclass(slots=True)
class Moment:
    """A state during a match and the events of its last turn or so, as the bot would
    pass them to the renderer after a decision."""

    state: MatchState
    events: list[Event]
    decisions: int


def _trim(events: list[Event]) -> list[Event]:
    """Keep events from the start of the previous turn on."""
    starts = [i for i, e in enumerate(events) if isinstance(e, TurnStarted)]
    if len(starts) >= 2:
        return events[starts[-2] :]
    return events


def play(seed: int, bosses: int = 4) -> Iterator[Moment]:
    """Every moment of a seeded random match, from setup to its end. The same state
    object is updated in place between moments."""
    # Seats are not shuffled, so "Boss 1" sits in seat 0 and the panel reads Boss 1, 2, 3…
    setup = new_match(bosses=bosses, seed=seed, shuffle_seats=False).setup
    session, _ = MatchSession.new(setup, narrated=False)
    state = session.state
    rng = random.Random(seed)
    events: list[Event] = []
    yield Moment(state, [], 0)
    while state.pending is not None:
        seat = state.pending.seat
        step = session.decide(seat, str(random_decision(rng, state)), session.seq)
        events = _trim(events + step.events)
        yield Moment(state, events, session.seq)


def moment_after(seed: int, decisions: int, bosses: int = 4) -> Moment:
    """The match after `decisions` decisions, or at its end if it ends sooner."""
    for moment in play(seed, bosses):
        if moment.decisions >= decisions or moment.state.result is not None:
            return moment
    raise AssertionError("play() always yields a finished match")
