"""What a finished match was, read back from its seed and decision log, and what a
server's finished matches add up to.

The store keeps only setup + decisions; the story of a match (marks over time, its
biggest raid, its richest moment, each side's raids) is recovered by replaying it,
once, when it finishes. Statistics then read the small per-side rows, never logs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.chicago.narration import ENDINGS
from bot.registry import CHICAGO, game_of_side
from bot.store.interface import SeatRecord, SideResult
from engine.chicago import NO_SPACE, MatchState, Setup, apply, replay
from engine.chicago.characters import CHARACTERS
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


def side_results(
    match_id: int, state: MatchState, story: MatchStory, seats: Sequence[SeatRecord]
) -> list[SideResult]:
    """The per-side rows a finished match leaves for statistics. `seats` are the
    store's seat records in engine order (their names are the stored names)."""
    result = state.result
    rows = []
    for side in state.sides:
        seat = seats[side.seat] if side.seat < len(seats) else SeatRecord("boss", side.name)
        rows.append(
            SideResult(
                match_id=match_id,
                seat=side.seat,
                name=seat.name,
                role="police" if side.is_police else "boss",
                character=CHARACTERS[side.character].name,
                user_id=seat.user_id,
                computer=seat.computer,
                won=result is not None and result.winner == side.seat,
                score=result.scores[side.seat] if result is not None else None,
                marks=side.marks,
                raids_won=story.raids_won[side.seat],
                raids_lost=story.raids_lost[side.seat],
            )
        )
    return rows


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


# --- statistics over many matches ---------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Matches and wins of one kind (a character, the police, everything)."""

    played: int = 0
    won: int = 0

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def text(self) -> str:
        return f"{self.won}/{self.played} ({self.rate:.0%})"


@dataclass(slots=True)
class PlayerStats:
    user_id: int
    name: str
    overall: Tally = field(default_factory=Tally)
    police: Tally = field(default_factory=Tally)
    characters: dict[str, Tally] = field(default_factory=dict)
    games: dict[str, Tally] = field(default_factory=dict)  # other games than Chicago 1927
    marks: int = 0
    raids_won: int = 0
    raids_lost: int = 0


def player_stats(rows: Iterable[SideResult]) -> dict[int, PlayerStats]:
    """Per player: overall, as police and by character; the name is the latest stored
    one, so a player who left the server still shows as they played. Another game's
    matches (Turf) count overall and under their game, not in marks or raids."""
    stats: dict[int, PlayerStats] = {}
    for row in rows:
        if row.user_id is None:
            continue
        entry = stats.setdefault(row.user_id, PlayerStats(row.user_id, row.name))
        entry.name = row.name
        tallies = [entry.overall]
        game = game_of_side(row.character)
        if game is not CHICAGO:
            for tally in (entry.overall, entry.games.setdefault(game.title, Tally())):
                tally.played += 1
                tally.won += int(row.won)
            continue
        if row.role == "police":
            tallies.append(entry.police)
        else:
            tallies.append(entry.characters.setdefault(row.character, Tally()))
        for tally in tallies:
            tally.played += 1
            tally.won += int(row.won)
        entry.marks += row.marks
        entry.raids_won += row.raids_won
        entry.raids_lost += row.raids_lost
    return stats


def leaderboard(rows: Iterable[SideResult]) -> list[PlayerStats]:
    """Players ranked by wins, then win rate, then marks earned, then name."""
    players = player_stats(rows).values()
    return sorted(
        players, key=lambda p: (-p.overall.won, -p.overall.rate, -p.marks, p.name.lower())
    )


__all__ = [
    "END_TEXT",
    "MatchStory",
    "PlayerStats",
    "RaidMoment",
    "RichMoment",
    "Tally",
    "leaderboard",
    "player_stats",
    "raid_text",
    "side_results",
    "tell",
]
