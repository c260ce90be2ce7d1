"""The words a screen reader says for a board picture (Discord's attachment
description, at most 1,024 characters): whose turn, where the turn happened and what
stands there, then every side's cash, people, marks and where it stands.

The same facts as the phone picture, from the same snapshot. With five long names the
full text can outgrow the limit, so it is told at the richest detail that fits:
first the latest news goes, then the characters, then names are shortened.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.chicago.narration import FINAL_COUNT, money
from bot.chicago.render.spotlight import short_name, space_words, spotlight, spotlight_title
from bot.chicago.render.view import BoardView, SideView, snapshot
from bot.telling import plural
from engine.chicago import MatchState
from engine.chicago.board import SPACES
from engine.chicago.events import Event

MAX_ALT = 1024  # Discord's limit for an attachment's description
ELLIPSIS = "…"


def _side(view: BoardView, side: SideView, characters: bool, limit: int | None) -> str:
    name = short_name(side.name, limit)
    if characters:
        power = ", powered" if side.powered and not side.eliminated else ""
        name = f"{name} ({side.character}{power})"
    result = view.result
    score = result.scores[side.seat] if result and side.seat < len(result.scores) else None
    if side.eliminated and score is None:
        return f"{name}: out of the match, {side.marks} of {view.marks_to_win} marks."
    noun = "officer" if side.is_police else "soldier"
    facts = [
        money(side.cash),
        plural(side.people, noun),
        f"{side.marks} of {view.marks_to_win} marks",
    ]
    if score is not None:
        facts.append(f"{FINAL_COUNT} {money(score)}")
    else:
        where = SPACES[side.position].name
        facts.append(f"detained on {where}" if side.detained else f"on {where}")
    return f"{name}: {', '.join(facts)}."


def _opening(view: BoardView, limit: int | None) -> list[str]:
    result = view.result
    if result is not None:
        winner = short_name(view.sides[result.winner].name, limit)
        return [f"Chicago 1927 board after round {view.round}: {winner} wins {result.reason}."]
    turn = short_name(view.sides[view.turn_seat].name, limit)
    parts = [f"Chicago 1927 board, round {view.round}, {turn}'s turn"]
    if view.waiting is not None:
        seat, words = view.waiting
        parts[0] += f"; waiting for {short_name(view.sides[seat].name, limit)} {words}"
    parts[0] += "."
    return parts


def _told(view: BoardView, news: bool, characters: bool, limit: int | None) -> str:
    spot = spotlight(view)
    parts = _opening(view, limit)
    words = space_words(view, spot, limit).replace(" · ", ", ")  # a reader says "dot" for "·"
    parts.append(f"{spotlight_title(spot, limit)}: {words}.")
    parts.extend(_side(view, side, characters, limit) for side in view.sides)
    if news and view.recent.lines:
        parts.append(f"Latest: {view.recent.lines[-1].text}")
    return " ".join(parts)


def alt_text_of(view: BoardView) -> str:
    """The description of a snapshot, at most MAX_ALT characters."""
    text = ""
    for news, characters, limit in (
        (True, True, None),
        (False, True, None),
        (False, False, None),
        (False, False, 16),
        (False, False, 8),
    ):
        text = _told(view, news, characters, limit)
        if len(text) <= MAX_ALT:
            return text
    return text[: MAX_ALT - 1] + ELLIPSIS


def alt_text(state: MatchState, events: Sequence[Event] = ()) -> str:
    """The description for a board picture of `state` (full board or phone picture)."""
    return alt_text_of(snapshot(state, events))
