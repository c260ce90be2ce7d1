"""What the rating commands show, read from the store: a leaderboard page, a player's
rating with its history, and the changes a finished match made.

The Discord layer only puts these texts into embeds; the chat-free front ends and the
tests read them the same way. Each reads a few indexed rows, so a page costs the same at
a hundred finished matches as at a hundred thousand.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import ratings
from bot.store.interface import MatchStore


@dataclass(frozen=True, slots=True)
class BoardPage:
    """One leaderboard page: its lines, which page (0-based) of how many, and how many
    players are ranked in all."""

    lines: list[str]
    page: int
    pages: int
    ranked: int

    @property
    def footer(self) -> str:
        return (
            f"Page {self.page + 1} of {self.pages} · {self.ranked} ranked · rating = "
            f"skill − 3 × uncertainty · ranked after {ratings.MIN_RANKED_MATCHES} matches"
        )


async def leaderboard_page(
    store: MatchStore, guild_id: int | None, page: int, size: int
) -> BoardPage:
    """Players of this server with enough matches, best rating first (people only:
    computer levels are rated, but they are not on the board)."""
    ranked = await store.ranked_count(guild_id, ratings.MIN_RANKED_MATCHES)
    pages = max(1, -(-ranked // size))
    page = max(0, min(page, pages - 1))
    rows = await store.leaderboard(guild_id, ratings.MIN_RANKED_MATCHES, size, page * size)
    lines = [ratings.leaderboard_line(page * size + n, row) for n, row in enumerate(rows, start=1)]
    return BoardPage(lines, page, pages, ranked)


async def player_rating(store: MatchStore, guild_id: int | None, user_id: int) -> str:
    """`/chicago stats`' rating field: the rating now and its latest changes."""
    player = f"user:{user_id}"
    row = await store.player_rating(guild_id, player)
    history = await store.rating_history(guild_id, player)
    return "\n".join([ratings.rating_summary(row), *ratings.history_lines(history)])


async def rate_finished(store: MatchStore, match_id: int) -> str:
    """Move the ratings with a finished match (its sides already recorded) and say each
    person's change, for the final message."""
    changes = await store.rate_match(match_id, ratings.rated)
    return "\n".join(ratings.change_lines(changes)) or "No people were rated."
