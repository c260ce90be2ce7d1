"""What a finished Chicago 1927 match was, read back from its seed and decision log.

The store keeps only setup + decisions; the story of a match (marks over time, its
biggest raid, its richest moment, each side's raids) is recovered by replaying it,
once, when it finishes. Statistics then read the small per-side rows
(`bot.chicago.side_rows`), never logs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.chicago.narration import ENDINGS
from engine.chicago import NO_SPACE, MatchState, Setup, apply, replay
from engine.chicago.events import Event, MatchEnded, RaidEnded, TurnStarted

# The ending as the story tells it, keyed by the stored reason text.
END_TEXT: dict[str, str] = {reason.value: text for reason, text in ENDINGS.items()}


@dataclass(frozen=True, slots=True)
class RaidMoment:
    """One finished raid; `lost` is the people both sides lost in it."""

    round: int
    attacker: int
    defender: int
    winner: int
    space: int
    attacker_lost: int
    defender_lost: int

    @property
    def lost(self) -> int:
        return self.attacker_lost + self.defender_lost


@dataclass(frozen=True, slots=True)
class RichMoment:
    round: int
    seat: int
    cash: int


@dataclass(slots=True)
class MatchStory:
    """The match as a summary and a chart tell it. `marks` holds one point per closed
    turn: (round, every side's marks then), starting with the setup."""

    names: list[str]
    police_seat: int
    marks: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    raids_won: list[int] = field(default_factory=list)
    raids_lost: list[int] = field(default_factory=list)
    biggest_raid: RaidMoment | None = None
    richest: RichMoment | None = None  # None: nobody ever held more than was dealt
    turns: int = 0
    dealt: int = 0  # each side's cash at the start


def _marks(state: MatchState) -> tuple[int, ...]:
    return tuple(side.marks for side in state.sides)


def _closes_turn(events: Iterable[Event]) -> bool:
    return any(isinstance(e, (TurnStarted, MatchEnded)) for e in events)


def tell(setup: Setup, decisions: Sequence[tuple[int, str]]) -> tuple[MatchState, MatchStory]:
    """Replay a match and note what its summary tells. Raises IllegalDecision if the
    log does not fit the setup."""
    state, _ = replay(setup, ())
    count = len(state.sides)
    story = MatchStory(
        [side.name for side in state.sides], state.police_seat, [(state.round, _marks(state))],
        [0] * count, [0] * count,
    )  # fmt: skip
    story.dealt = dealt = max(side.cash for side in state.sides)  # a moment counts above it
    for seat, decision in decisions:
        events = apply(state, seat, decision)
        for event in events:
            if isinstance(event, RaidEnded):
                _note_raid(story, state.round, event)
        for side in state.sides:
            best = story.richest.cash if story.richest is not None else dealt
            if side.cash > best:
                story.richest = RichMoment(state.round, side.seat, side.cash)
        if _closes_turn(events):
            story.turns += 1
            story.marks.append((state.round, _marks(state)))
    return state, story


def _note_raid(story: MatchStory, round_: int, event: RaidEnded) -> None:
    if event.winner >= 0:
        story.raids_won[event.winner] += 1
    if event.loser >= 0:
        story.raids_lost[event.loser] += 1
    defender = event.loser if event.winner == event.attacker else event.winner
    raid = RaidMoment(
        round_, event.attacker, defender, event.winner, event.space,
        event.attacker_lost, event.defender_lost,
    )  # fmt: skip
    if story.biggest_raid is None or raid.lost > story.biggest_raid.lost:
        story.biggest_raid = raid


def raid_text(story: MatchStory, raid: RaidMoment, space_name: str | None) -> str:
    """ "Round 7: Alice raided Bob at Green Mill Lounge and won; 31 people lost"."""
    names = story.names
    where = f" at {space_name}" if space_name and raid.space != NO_SPACE else ""
    outcome = "won" if raid.winner == raid.attacker else "was beaten off"
    return (
        f"Round {raid.round}: {names[raid.attacker]} raided {names[raid.defender]}{where} "
        f"and {outcome}; {raid.lost} people lost "
        f"({raid.attacker_lost} attacking, {raid.defender_lost} defending)"
    )


__all__ = ["END_TEXT", "MatchStory", "RaidMoment", "RichMoment", "raid_text", "tell"]
