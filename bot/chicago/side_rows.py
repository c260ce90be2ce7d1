"""What a finished Chicago 1927 match leaves for history and statistics: each side's
row, with its character, role, Empire Marks and raids as the game's own facts, and the
words and figures `/chicago history` and `/chicago stats` make of those facts.

The store keeps the facts as JSON and never reads them; only this module does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.chicago.history import END_TEXT, MatchStory
from bot.games.protocol import GameStats, StatField
from bot.player_stats import Tally
from engine.chicago import MatchState
from engine.chicago.characters import CHARACTERS

if TYPE_CHECKING:
    from bot.store.interface import SeatRecord, SideResult, SideTally

KEY = "chicago"  # the game's registry key, stored on its rows


def side_facts(state: MatchState, story: MatchStory) -> list[dict[str, Any]]:
    """Each side's facts, in seat order: its character, role, marks and raids."""
    return [
        {
            "character": CHARACTERS[side.character].name,
            "marks": side.marks,
            "raids_lost": story.raids_lost[side.seat],
            "raids_won": story.raids_won[side.seat],
            "role": "police" if side.is_police else "boss",
        }
        for side in state.sides
    ]


def side_results(
    match_id: int, state: MatchState, story: MatchStory, seats: Sequence[SeatRecord]
) -> list[SideResult]:
    """The per-side rows a finished match leaves for statistics. `seats` are the
    store's seat records in engine order (their names are the stored names). The score
    is the final count, None for a side out of the match (the ratings rank those last)."""
    # Imported here: loading the store loads the registry of games, and so this module.
    from bot.store.interface import SeatRecord, SideResult

    result = state.result
    places = {seat: n for n, seat in enumerate(result.ranking, 1)} if result is not None else {}
    rows = []
    for side, facts in zip(state.sides, side_facts(state, story), strict=True):
        seat = seats[side.seat] if side.seat < len(seats) else SeatRecord("boss", side.name)
        rows.append(
            SideResult(
                match_id=match_id,
                seat=side.seat,
                game=KEY,
                name=seat.name,
                user_id=seat.user_id,
                computer=seat.computer,
                won=result is not None and result.winner == side.seat,
                place=places.get(side.seat, len(state.sides)),
                score=result.scores[side.seat] if result is not None else None,
                facts=facts,
            )
        )
    return rows


def ending_words(reason: str) -> str:
    """ "by Empire Marks": how the story tells a stored reason."""
    return END_TEXT.get(reason, reason)


def winner_words(name: str, facts: Mapping[str, Any]) -> str:
    """ "Ada (Queen Bee)": the winner with the character they played."""
    return f"{name} ({facts['character']})"


def stat_fields(tallies: Sequence[SideTally]) -> GameStats:
    """Wins as police and by boss character, Empire Marks earned and raids won and lost
    (shown even to a player who never played Chicago 1927, as dashes and zeros)."""
    police = Tally()
    characters: dict[str, Tally] = {}
    marks = raids_won = raids_lost = 0
    for tally in tallies:
        kind, sums = tally.kind, tally.sums
        if kind["role"] == "police":
            police.add(tally.played, tally.won)
        else:
            characters.setdefault(str(kind["character"]), Tally()).add(tally.played, tally.won)
        marks += int(sums.get("marks", 0))
        raids_won += int(sums.get("raids_won", 0))
        raids_lost += int(sums.get("raids_lost", 0))
    by_character = "\n".join(
        f"{name}: {tally.text()}"
        for name, tally in sorted(characters.items(), key=lambda kv: -kv[1].played)
    )
    return GameStats(
        tallies=(
            StatField("As police", police.text() if police.played else "—"),
            StatField("As a boss, by character", by_character or "—", inline=False),
        ),
        totals=(
            StatField("Empire Marks earned", str(marks)),
            StatField("Raids won / lost", f"{raids_won} / {raids_lost}"),
        ),
    )
