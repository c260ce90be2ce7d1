"""Player ratings: a skill estimate per person (and per computer level), server and
game, moved by every finished match of a rated game, with OpenSkill's Plackett-Luce
model for many sides at once.

Wins alone reward playing many easy matches; a rating rewards beating strong tables. Each
side of a match is one team, ranked by the places its game gives the stored sides
(`Game.rating_places`: the places of its placings, or `standings`, the winner first, then
the sides still in by their final count, then the eliminated ones, tied last). Each game
keeps its own table: being strong at one says nothing of another. A seat is rated as the
person who sat in it, even after a computer took it over when they left or timed out; a
computer seat is rated as its level ("computer:hard"), so a table of hard computers
counts for more than one of easy ones.

Everything here is pure: the store keeps the table and calls `rate_match` inside one
transaction, and `rebuild` replays every stored result in order to the same table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from openskill.models import PlackettLuce

from bot.store.interface import (
    PlayerRating,
    RatedMatch,
    RatingChange,
    SideResult,
    Skill,
    rated_player,
)

MIN_RANKED_MATCHES = 5  # finished matches before a player appears on the leaderboard
_MODEL = PlackettLuce()  # its defaults (mu 25, sigma 25/3) are `Skill`'s


def guild_key(guild_id: int | None) -> int:
    """Ratings are per server; matches outside any server share the key 0."""
    return guild_id or 0


def standings(sides: Sequence[SideResult]) -> dict[int, int]:
    """Seat → place (1 is best; equal places tie): the winner, then the sides still in
    by their final count, then every eliminated side together. Read from the stored
    result alone, so a rebuild finds the same places as the match's end did."""
    places: dict[int, int] = {}
    winner = [s for s in sides if s.won]
    alive = sorted((s for s in sides if not s.won and s.score is not None), key=_by_score)
    out = [s for s in sides if not s.won and s.score is None]
    place = 1
    for side in winner:
        places[side.seat] = place
    place += len(winner)
    previous: int | None = None
    for i, side in enumerate(alive):
        if side.score != previous:
            place_here = place + i
            previous = side.score
        places[side.seat] = place_here
    place += len(alive)
    for side in out:
        places[side.seat] = place
    return places


def _by_score(side: SideResult) -> int:
    return -(side.score or 0)


def stored_places(sides: Sequence[SideResult]) -> dict[int, int]:
    """Seat → place as the game's placings gave it when the match ended (kept on each
    side row), for a game whose placings are its whole ranking."""
    return {side.seat: side.place for side in sides}


def _places(sides: Sequence[SideResult]) -> dict[int, int]:
    """The places the match's game ranks its sides by (a game the registry no longer
    lists: the stored places)."""
    from bot.registry import GAMES

    game = GAMES.get(sides[0].game) if sides else None
    return stored_places(sides) if game is None else game.rating_places(sides)


def rate_match(
    match_id: int,
    guild_id: int | None,
    sides: Sequence[SideResult],
    current: Mapping[str, PlayerRating],
) -> list[RatingChange]:
    """Every seat's change from one finished match, from the ratings before it in the
    match's game. A computer level that sat in several seats moves by the average of
    their changes."""
    guild = guild_key(guild_id)
    ordered = sorted(sides, key=lambda s: s.seat)
    if len(ordered) < 2:
        return []
    game = ordered[0].game
    keys = [rated_player(s) for s in ordered]
    before = [current[k].skill if k in current else Skill() for k in keys]
    places = _places(ordered)
    teams = [[_MODEL.create_rating([b.mu, b.sigma])] for b in before]
    rated = _MODEL.rate(teams, ranks=[places[s.seat] for s in ordered])
    moved: dict[str, list[Skill]] = {}
    for key, team in zip(keys, rated, strict=True):
        moved.setdefault(key, []).append(Skill(team[0].mu, team[0].sigma))
    after = {
        key: Skill(sum(s.mu for s in found) / len(found), sum(s.sigma for s in found) / len(found))
        for key, found in moved.items()
    }
    return [
        RatingChange(
            match_id, side.seat, guild, game, key, side.name, side.user_id, places[side.seat],
            was, after[key],
        )
        for side, key, was in zip(ordered, keys, before, strict=True)
    ]  # fmt: skip


def apply_changes(
    table: dict[str, PlayerRating], changes: Sequence[RatingChange]
) -> list[PlayerRating]:
    """Fold one match's changes into `table` (player → rating, one server and game);
    returns the rows that changed, each counted once however many seats its player had."""
    touched: dict[str, PlayerRating] = {}
    for change in changes:
        if change.player in touched:
            continue
        old = table.get(change.player)
        row = PlayerRating(
            change.guild_id,
            change.game,
            change.player,
            change.name,
            change.user_id,
            change.after,
            (old.matches if old is not None else 0) + 1,
        )
        table[change.player] = touched[change.player] = row
    return list(touched.values())


def rated(
    match_id: int,
    guild_id: int | None,
    sides: Sequence[SideResult],
    current: Mapping[str, PlayerRating],
) -> tuple[list[RatingChange], list[PlayerRating]]:
    """One match's changes and its players' new rows: what the store saves when a match
    finishes (`MatchStore.rate_match`)."""
    changes = rate_match(match_id, guild_id, sides, current)
    return changes, apply_changes(dict(current), changes)


def rebuild(
    matches: Iterable[RatedMatch],
) -> tuple[list[PlayerRating], list[RatingChange]]:
    """Every rating from nothing, replaying each stored result in the order the matches
    finished: the same arithmetic as the match's end, so the tables agree. A game
    whose matches are not rated when they finish (`Game.rated`) is left out here too."""
    from bot.registry import GAMES

    tables: dict[tuple[int, str], dict[str, PlayerRating]] = {}
    history: list[RatingChange] = []
    for match in matches:
        game = GAMES.get(match.game)
        if game is None or not game.rated:
            continue
        table = tables.setdefault((guild_key(match.guild_id), match.game), {})
        changes = rate_match(match.match_id, match.guild_id, match.sides, table)
        apply_changes(table, changes)
        history.extend(changes)
    rows = [row for table in tables.values() for row in table.values()]
    return rows, history


# --- words -----------------------------------------------------------------------------


def signed(value: float) -> str:
    return f"{value:+.1f}"


def change_line(change: RatingChange) -> str:
    """A person's line of the final message: "Ada: 12.3 (+1.4)"."""
    return f"{change.name}: {change.after.rating:.1f} ({signed(change.delta)})"


def change_lines(changes: Sequence[RatingChange]) -> list[str]:
    """One line per person of the final message, best place first; computers left out."""
    return [change_line(c) for c in sorted(changes, key=lambda c: c.place) if c.user_id is not None]


def leaderboard_line(rank: int, row: PlayerRating, provisional: bool = False) -> str:
    """A board line; a provisional rating (too few matches yet) says so."""
    played = "match" if row.matches == 1 else "matches"
    mark = " · provisional" if provisional else ""
    return f"**{rank}.** {row.name} — {row.skill.rating:.1f} · {row.matches} {played}{mark}"


def history_lines(changes: Sequence[RatingChange], limit: int = 10) -> list[str]:
    """A player's latest changes, newest first: "#42: 10.2 → 11.6 (+1.4), 1st"."""
    return [
        f"#{c.match_id}: {c.before.rating:.1f} → {c.after.rating:.1f} "
        f"({signed(c.delta)}), {ordinal(c.place)}"
        for c in list(changes)[:limit]
    ]


def rating_summary(row: PlayerRating | None) -> str:
    """The rating line of `/chicago stats`."""
    if row is None:
        return "No rated matches yet."
    unranked = row.matches < MIN_RANKED_MATCHES
    note = f" (ranked after {MIN_RANKED_MATCHES} matches)" if unranked else ""
    return f"{row.skill.rating:.1f} after {row.matches} matches{note}"


def ordinal(place: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place if place < 20 else place % 10, "th")
    return f"{place}{suffix}"


__all__ = [
    "MIN_RANKED_MATCHES",
    "PlayerRating",
    "RatedMatch",
    "RatingChange",
    "Skill",
    "apply_changes",
    "change_line",
    "change_lines",
    "guild_key",
    "history_lines",
    "leaderboard_line",
    "ordinal",
    "rate_match",
    "rated",
    "rated_player",
    "rating_summary",
    "rebuild",
    "standings",
    "stored_places",
]
