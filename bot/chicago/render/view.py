"""A frozen snapshot of everything the picture shows.

Taking it costs microseconds, so the async renderer takes it on the event loop and
draws in a worker thread: the thread never reads a MatchState the bot may be changing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.chicago.narration import ENDINGS
from bot.chicago.render.palette import side_colour
from bot.chicago.render.recent import Recent, summarise
from bot.pictures.vision import RGB
from engine.chicago import MatchState, player_view
from engine.chicago.characters import CHARACTERS
from engine.chicago.events import Event

# What the pending decision asks, in a few words (RULES §13).
DECISION_WORDS: dict[str, str] = {
    "roll": "to roll",
    "pay_or_raid": "to pay or raid",
    "bribe_or_raid": "to bribe or raid",
    "fight_or_withdraw": "to fight on or withdraw",
    "action": "to act",
    "police_action": "to act",
    "trade_answer": "to answer a trade",
    "meeting_trade": "to trade at the meeting",
}


@dataclass(frozen=True, slots=True)
class SideView:
    seat: int
    name: str
    initials: str
    character: str
    is_police: bool
    colour: RGB
    cash: int
    credit: int
    people: int
    marks: int
    powered: bool
    detained: bool
    eliminated: bool
    contacts: int
    position: int
    truce: bool


@dataclass(frozen=True, slots=True)
class RaidView:
    attacker: int
    defender: int
    space: int
    attacker_lost: int
    defender_lost: int


@dataclass(frozen=True, slots=True)
class ResultView:
    reason: str
    winner: int
    scores: tuple[int | None, ...]
    ranking: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BoardView:
    sides: tuple[SideView, ...]
    control: tuple[int, ...]
    round: int
    turn_seat: int
    waiting: tuple[int, str] | None
    marks_to_win: int
    recent: Recent
    raid: RaidView | None
    result: ResultView | None

    @property
    def police_seat(self) -> int:
        return len(self.sides) - 1


def snapshot(state: MatchState, events: Sequence[Event] = ()) -> BoardView:
    """Copy out what the picture needs from what players may see (`player_view`) and
    the recent events: the picture never reads the match's secrets."""
    seen = player_view(state)
    sides = tuple(
        SideView(
            seat=side.seat,
            name=side.name,
            initials=CHARACTERS[side.character].initials,
            character=CHARACTERS[side.character].name,
            is_police=side.is_police,
            colour=side_colour(side.seat, side.is_police),
            cash=side.cash,
            credit=side.credit,
            people=side.people,
            marks=side.marks,
            powered=side.powered,
            detained=side.detained,
            eliminated=side.eliminated,
            contacts=side.contacts,
            position=side.position,
            truce=side.truce_through > 0,
        )
        for side in seen.sides
    )
    pending = seen.pending
    waiting = None
    if pending is not None and seen.result is None:
        waiting = (pending.seat, DECISION_WORDS.get(pending.kind.value, "to decide"))
    raid = None
    if seen.raid is not None:
        r = seen.raid
        raid = RaidView(r.attacker, r.defender, r.space, r.attacker_lost, r.defender_lost)
    result = None
    if seen.result is not None:
        res = seen.result
        result = ResultView(
            ENDINGS[res.reason],
            res.winner,
            tuple(res.scores),
            tuple(res.ranking),
        )
    marks_to_win = seen.options.marks_to_win
    return BoardView(
        sides=sides,
        control=tuple(seen.control),
        round=seen.round,
        turn_seat=seen.turn_seat,
        waiting=waiting,
        marks_to_win=marks_to_win,
        recent=summarise(state, events),
        raid=raid,
        result=result,
    )
