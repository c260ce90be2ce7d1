"""Schema 6 turns the results of schema 5 (Chicago 1927's columns, Turf squeezed into
them) into game-neutral rows, on both databases, and keeps everything: every result and
side row, every match's seed and log (so its replay file), every rating, and every line
history, statistics and the leaderboard showed before (`schema5_shown.json`, written by
the release before this schema from the same rows)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot import rating_board, ratings
from bot.discord_app.history import _winner, history_line, stats_embed
from bot.player_stats import player_stats
from bot.registry import CHICAGO
from bot.replay_file import export, load
from bot.store import SCHEMA_VERSION
from tests.store import schema5, schema6
from tests.store.helpers import Store, fetch_sql

SHOWN: dict[str, Any] = json.loads((Path(__file__).parent / "schema5_shown.json").read_text())

# Each side's place after the migration, by match and seat (1 the winner; then by the
# final count, the earlier seat first on a tie; sides out of the match last).
PLACES = {
    2: [2, 3, 1, 4],
    3: [2, 1, 3],
    4: [2, 3, 1],
    5: [2, 1],
    7: [1, 2],
    **{m: [1, 3, 2] if m % 3 else [3, 1, 2] for m in range(8, 14)},
}
TURF_REASONS = {"turf:10 buildings": "buildings", "turf:stalemate": "stalemate"}


@pytest.fixture
async def migrated(location: str | Path) -> Any:
    """A store opened on a schema-5 database (which migrates it), and the old rows."""
    old = schema5.old_database()
    async with schema6.upgraded(location, schema5.OLD_VERSION, old) as store:
        yield store, old, location


async def test_every_result_keeps_its_match_and_names_its_game(migrated: Any) -> None:
    store, old, _ = migrated
    assert (await fetch_sql(store, "SELECT count(*) FROM results"))[0][0] == 13
    rows = await fetch_sql(
        store,
        "SELECT match_id, guild_id, channel_id, winner, reason, scores, rounds, decisions, "
        "seats, finished_at, game FROM results ORDER BY match_id",
    )
    expected = []
    for r in old.rows["results"]:
        reason = r[4]
        game = "turf" if reason.startswith("turf:") else "chicago"
        expected.append((*r[:4], TURF_REASONS.get(reason, reason), *r[5:], game))
    assert rows == expected


async def test_every_side_keeps_its_row_with_its_game_facts_and_place(migrated: Any) -> None:
    store, old, _ = migrated
    rows = await fetch_sql(
        store,
        "SELECT match_id, seat, game, guild_id, user_id, name, computer, won, place, score, "
        "facts, finished_at FROM result_sides ORDER BY match_id, seat",
    )
    played = old.played.result
    places = {**PLACES, 1: [played.ranking.index(s) + 1 for s in range(len(played.ranking))]}
    turf = {r[0] for r in old.rows["results"] if r[4].startswith("turf:")}
    expected = []
    for m, seat, guild, user, name, role, character, computer, won, score, marks, raids_won, \
            raids_lost, at in old.rows["result_sides"]:  # fmt: skip
        facts: dict[str, Any] = {"buildings": marks}
        if m not in turf:
            facts = {"character": character, "marks": marks, "raids_lost": raids_lost,
                     "raids_won": raids_won, "role": role}  # fmt: skip
        game = "turf" if m in turf else "chicago"
        expected.append(
            (m, seat, game, guild, user, name, computer, won, places[m][seat], score, facts, at)
        )
    assert [(*r[:10], json.loads(r[10]), r[11]) for r in rows] == expected
    assert len(rows) == len(old.rows["result_sides"]) == 35


async def test_matches_logs_and_ratings_are_untouched(migrated: Any) -> None:
    store, old, location = migrated
    version = "SELECT version FROM chicago_schema"
    if isinstance(location, Path):
        version = "PRAGMA user_version"
    assert (await fetch_sql(store, version))[0][0] == SCHEMA_VERSION
    columns = {
        "decisions": "match_id, seq, seat, decision, actor, at",
        "seats": "match_id, idx, role, name, user_id, computer, controller",
        "ratings": "guild_id, player, name, user_id, mu, sigma, rating, matches",
        "rating_changes": "match_id, seat, guild_id, player, name, user_id, place, "
        "mu_before, sigma_before, mu_after, sigma_after",
    }
    for table, listed in columns.items():
        rows = await fetch_sql(store, f"SELECT {listed} FROM {table} ORDER BY 1, 2, 3")
        assert rows == sorted(old.rows[table], key=lambda r: r[:3]), table
    assert (await store.match(1)).seed == old.played.setup.seed


async def test_history_statistics_and_the_leaderboard_read_as_before(migrated: Any) -> None:
    store, _, _ = migrated
    for guild in (schema5.GUILD, None):
        assert await store.finished_count(guild) == SHOWN[f"count {guild}"]
        first = await store.finished_matches(guild, 10)
        rest = await store.finished_matches(guild, 10, 10)
        matches = first + rest
        assert [history_line(m) for m in matches] == SHOWN[f"history {guild}"]
        assert [_winner(m) for m in matches] == SHOWN[f"winners {guild}"]
        for user in (101, 102, 103, 104):
            found = player_stats(user, await store.player_tallies(guild, user))
            shown = SHOWN[f"stats {guild} {user}"]
            if found is None:
                assert shown is None
                continue
            embed = stats_embed(found)
            rating = await rating_board.player_rating(store, guild, user, CHICAGO.key)
            fields = [[f.name, f.value, f.inline] for f in embed.fields]
            assert [embed.title, [*fields, ["Rating", rating, False]]] == shown, (guild, user)
        board = await rating_board.leaderboard_page(store, guild, CHICAGO.key, 0, 10)
        ranked_lines, footer = SHOWN[f"board {guild}"]
        # The ranked read as before; the provisional follow them now, marked.
        assert board.lines[: len(ranked_lines)] == ranked_lines
        assert f" · {board.ranked} ranked · " in footer
        newcomers = board.lines[len(ranked_lines) :]
        assert len(newcomers) == board.provisional
        assert all(line.endswith(" · provisional") for line in newcomers)


async def test_the_migrated_rows_rate_to_the_ratings_kept(migrated: Any) -> None:
    """`chicago-bot ratings rebuild` on the new rows finds every stored rating again
    (Turf's matches, unrated then, now rate into a table of their own)."""
    store, _, _ = migrated
    rows, changes = ratings.rebuild(await store.rated_matches())
    kept_rows = [r for r in rows if r.game == CHICAGO.key]
    assert sorted(kept_rows, key=lambda r: (r.guild_id, r.player)) == await store.all_ratings()
    rated = [c for c in changes if c.game == CHICAGO.key]
    kept = [c for p in {c.player for c in rated} for c in await _history(store, p)]
    assert sorted(rated, key=_order) == sorted(kept, key=_order)
    assert {c.match_id for c in rated} == {1, 2, 4, 7, *range(8, 14)}
    assert {c.match_id for c in changes if c.game != CHICAGO.key} == {3, 5}


async def test_the_replayable_match_still_exports_its_replay_file(migrated: Any) -> None:
    store, old, _ = migrated
    found = await store.finished_match(1)
    assert found is not None and found.replayable and found.result.game == "chicago"
    assert [s.name for s in found.seats] == [s.name for s in old.played.sides]
    stored = await store.load(1)
    assert stored.setup_json is not None
    decisions = [(d.seat, d.decision) for d in stored.full_log]
    data = export(CHICAGO.load_setup(stored.setup_json), decisions, {"id": 1}, CHICAGO)
    replay = load(data)  # verified by replaying it
    assert replay.state.to_json() == old.played.to_json()
    assert replay.state.result is not None and replay.state.result.winner == found.result.winner


async def _history(store: Store, player: str) -> list[ratings.RatingChange]:
    changes: list[ratings.RatingChange] = []
    for guild in (schema5.GUILD, None):
        changes += await store.rating_history(guild, CHICAGO.key, player, 1000)
    return changes


def _order(change: ratings.RatingChange) -> tuple[int, int]:
    return (change.match_id, change.seat)
