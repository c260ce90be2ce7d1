"""The picture in words, for screen readers (Discord allows 1,024 characters)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.telling import plural
from bot.turf.narration import last_action
from engine.turf import NOBODY, PlayerView
from engine.turf.events import Event

MAX_ALT = 1024


def turf_alt_text(view: PlayerView, events: Sequence[Event] = ()) -> str:
    names = [p.name for p in view.players]
    if view.result is None:
        limit = view.options.round_limit
        head = f"Turf board, round {view.round} of {limit}, {names[view.turn]} to play."
    else:
        winner = view.result.winner
        who = "nobody wins." if winner == NOBODY else f"{names[winner]} wins."
        head = f"Turf board, match over: {who}"
    empty = sum(1 for g in view.guards.values() if g == NOBODY)
    parts = [head, f"{len(view.guards)} buildings, {empty} unoccupied."]
    for p in view.players:
        if p.out:
            parts.append(f"{p.name}: out.")
        else:
            parts.append(
                f"{p.name}: {plural(p.guards, 'building')}, {p.idle} idle, {p.job} on a job, "
                f"{plural(p.cops, 'cop')}, {plural(p.cards, 'card')}."
            )
    said = last_action(names, events)
    if said:
        parts.append(f"Last: {said}")
    text = " ".join(parts)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1].rstrip() + "…"
