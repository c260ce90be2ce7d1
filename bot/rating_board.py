"""What the rating commands show, read from the store, game by game (each game keeps
its own ratings): a leaderboard page, a player's rating with its history, and the
changes a finished match made.

The Discord layer only puts these texts into embeds; the chat-free front ends and the
tests read them the same way. Each reads a few indexed rows, so a page costs the same at
a hundred finished matches as at a hundred thousand.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot import ratings
from bot.ratings import ordinal
from bot.store.interface import MatchStore
from bot.telling import plural


@dataclass(frozen=True, slots=True)
class BoardPage:
    """One leaderboard page: its lines, which page (0-based) of how many, how many
    players are ranked (enough matches) and how many are provisional (fewer)."""

    lines: list[str]
    page: int
    pages: int
    ranked: int
    provisional: int = 0

    @property
    def footer(self) -> str:
        return (
            f"Page {self.page + 1} of {self.pages} · {self.ranked} ranked · "
            f"{self.provisional} provisional · rating = skill − 3 × uncertainty · "
            f"provisional until {ratings.MIN_RANKED_MATCHES} matches"
        )


async def leaderboard_page(
    store: MatchStore, guild_id: int | None, game: str, page: int, size: int
) -> BoardPage:
    """Every person of this server who has played a rated match of `game`: the ranked
    ones (enough matches) first, best rating first, then the provisional ones, marked,
    the same way, as rating sites list them (people only: computer levels are rated,
    but they are not on the board). A page reads only its own rows."""
    least = ratings.MIN_RANKED_MATCHES
    ranked = await store.ranked_count(guild_id, game, least)
    provisional = await store.ranked_count(guild_id, game, 1, below=least)
    pages = max(1, -(-(ranked + provisional) // size))
    page = max(0, min(page, pages - 1))
    first = page * size
    rows = await store.leaderboard(guild_id, game, least, size, first) if first < ranked else []
    more = size - len(rows)
    newcomers = (
        await store.leaderboard(guild_id, game, 1, more, max(0, first - ranked), below=least)
        if more > 0 and provisional
        else []
    )
    lines = [
        ratings.leaderboard_line(first + n, row, provisional=n > len(rows))
        for n, row in enumerate([*rows, *newcomers], start=1)
    ]
    return BoardPage(lines, page, pages, ranked, provisional)


async def player_rating(
    store: MatchStore, guild_id: int | None, user_id: int, game: str, history: int = 10
) -> str:
    """A player's rating in one game, with its latest `history` changes: a field of
    `/chicago stats`."""
    player = f"user:{user_id}"
    row = await store.player_rating(guild_id, game, player)
    changes = await store.rating_history(guild_id, game, player, history) if history else []
    return "\n".join([ratings.rating_summary(row), *ratings.history_lines(changes)])


async def rated_games(store: MatchStore, guild_id: int | None, user_id: int) -> list[str]:
    """The games a player has a rating in on this server (keys, in key order)."""
    return [row.game for row in await store.player_ratings(guild_id, f"user:{user_id}")]


async def rate_finished(store: MatchStore, match_id: int) -> str:
    """Move the ratings with a finished match (its sides already recorded) and say each
    person's change and where they now stand on its game's board, for the final
    message."""
    changes = await store.rate_match(match_id, ratings.rated)
    people = sorted((c for c in changes if c.user_id is not None), key=lambda c: c.place)
    lines = [
        f"{ratings.change_line(c)} · {await standing(store, c.guild_id, c.game, c.player)}"
        for c in people
    ]
    return "\n".join(lines) or "No people were rated."


async def standing(store: MatchStore, guild_id: int | None, game: str, player: str) -> str:
    """Where a person stands on the game's board now: "3rd of 7 ranked", or
    provisional with the matches still to play before being ranked."""
    row = await store.player_rating(guild_id, game, player)
    least = ratings.MIN_RANKED_MATCHES
    if row is None:
        return "not on the board"
    if row.matches < least:
        left = least - row.matches
        return f"provisional, ranked after {plural(left, 'more match', 'more matches')}"
    above = await store.rated_above(guild_id, game, least, row.skill.rating)
    return f"{ordinal(above + 1)} of {await store.ranked_count(guild_id, game, least)} ranked"
