"""Schema 7 gives every game its own ratings, on both databases: a schema-6 database
(every rating Chicago 1927's) keeps each rating and change as Chicago 1927's, its board
and statistics read as before, a rebuild finds the same Chicago 1927 numbers while it
rates the Turf matches into Turf's own table, and a channel's last game is found."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot import rating_board, ratings
from bot.cli import main
from bot.store import SCHEMA_VERSION
from tests.store import schema5, schema6
from tests.store.helpers import Store, fetch_sql
from tests.store.schema5_ratings import RATING_CHANGES, RATINGS

SHOWN: dict[str, Any] = json.loads((Path(__file__).parent / "schema5_shown.json").read_text())
RATING_COLUMNS = "guild_id, game, player, name, user_id, mu, sigma, rating, matches"
CHANGE_COLUMNS = (
    "match_id, seat, guild_id, game, player, name, user_id, place, mu_before, "
    "sigma_before, mu_after, sigma_after"
)


@pytest.fixture
async def migrated(location: str | Path) -> Any:
    """A store opened on a schema-6 database (which migrates it to schema 7)."""
    async with schema6.upgraded(location, schema6.OLD_VERSION, schema5.old_database()) as store:
        yield store, location


async def test_every_rating_and_change_is_kept_as_chicago_1927s(migrated: Any) -> None:
    store, location = migrated
    version = "PRAGMA user_version" if isinstance(location, Path) else (
        "SELECT version FROM chicago_schema"
    )  # fmt: skip
    assert (await fetch_sql(store, version))[0][0] == SCHEMA_VERSION >= 7
    rows = await fetch_sql(store, f"SELECT {RATING_COLUMNS} FROM ratings ORDER BY 1, 3")
    assert rows == sorted((r[0], "chicago", *r[1:]) for r in RATINGS)
    changes = await fetch_sql(store, f"SELECT {CHANGE_COLUMNS} FROM rating_changes ORDER BY 1, 2")
    assert changes == sorted((*c[:3], "chicago", *c[3:]) for c in RATING_CHANGES)
    assert len(rows) == len(RATINGS) == 9 and len(changes) == len(RATING_CHANGES) == 30


async def test_chicago_1927s_board_and_ratings_read_as_before(migrated: Any) -> None:
    store, _ = migrated
    for guild in (schema5.GUILD, None):
        board = await rating_board.leaderboard_page(store, guild, "chicago", 0, 10)
        ranked_lines, _ = SHOWN[f"board {guild}"]
        assert board.lines[: len(ranked_lines)] == ranked_lines
        for user in (101, 102, 103, 104):
            shown = SHOWN[f"stats {guild} {user}"]
            if shown is None:
                continue
            name, value, _ = shown[1][-1]
            assert name == "Rating"
            assert await rating_board.player_rating(store, guild, user, "chicago") == value
        turf = await rating_board.leaderboard_page(store, guild, "turf", 0, 10)
        assert turf.lines == [] and turf.ranked == turf.provisional == 0


async def test_a_rebuild_keeps_chicago_1927s_numbers_and_rates_turf_apart(migrated: Any) -> None:
    """`chicago-bot ratings` after the upgrade: the same Chicago 1927 ratings, to the
    last digit, and the Turf matches (#3, #5) rated in Turf's table, by their places."""
    store: Store = migrated[0]
    kept = await store.all_ratings()
    rows, history = ratings.rebuild(await store.rated_matches())
    await store.replace_ratings(rows, history)
    after = await store.all_ratings()
    assert [r for r in after if r.game == "chicago"] == kept
    turf = {r.player: r for r in after if r.game == "turf"}
    assert sorted(turf) == ["computer:hard", "user:101", "user:102", "user:103"]
    assert turf["user:102"].matches == 2 and turf["user:101"].matches == 1
    # Match #3: Bo first, Ada second, Cy third (its stored places); #5: Bo second.
    third = {c.player: c for c in history if c.match_id == 3}
    assert [third[p].place for p in ("user:102", "user:101", "user:103")] == [1, 2, 3]
    assert third["user:102"].delta > third["user:101"].delta > third["user:103"].delta
    assert [c.place for c in history if c.match_id == 5] == [2, 1]
    board = await rating_board.leaderboard_page(store, schema5.GUILD, "turf", 0, 10)
    assert sorted(line.split(" — ")[0].split()[-1] for line in board.lines) == ["Ada", "Bo", "Cy"]
    assert board.provisional == 3 and board.ranked == 0
    ada_turf = await store.rating_history(schema5.GUILD, "turf", "user:101")
    assert [(c.match_id, c.place) for c in ada_turf] == [(3, 2)]
    every = ["chicago", "turf", "bootleg"]
    assert await rating_board.rated_games(store, schema5.GUILD, 101, every) == every[:2]
    assert await rating_board.rated_games(store, schema5.GUILD, 104, every) == every[:1]


async def test_a_channel_names_its_open_match_s_game_else_its_last_finished_one(
    migrated: Any,
) -> None:
    store: Store = migrated[0]
    assert await store.channel_game(13) == "turf"  # match #3 finished there
    assert await store.channel_game(11) == "chicago"
    assert await store.channel_game(999) is None
    await store.create_match(schema5.GUILD, 13, 101, {"game": "bootleg"}, 7)
    assert await store.channel_game(13) == "bootleg"
    await store.create_match(schema5.GUILD, 999, 101, {}, 7)
    assert await store.channel_game(999) is None  # a match of the default game


def test_chicago_bot_ratings_after_the_upgrade_rates_turf_and_keeps_chicago_1927(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's step after upgrading: `chicago-bot ratings` adds the Turf ratings
    (four rows: three people and a hard computer) and changes none of the nine kept."""
    schema6.write_sqlite(db_path, schema5.old_database())
    assert main(["ratings", "--db", str(db_path)]) == 0
    said = capsys.readouterr().out
    assert "rebuilt 13 rating(s), one per player and game, from 12 finished match(es)" in said
    assert "; 4 row(s) differed from the ones kept" in said
