"""The SQLite schema, as forward migrations numbered by `PRAGMA user_version`.

A database records the number of the last migration applied to it. At start-up the
store applies the missing ones in order, each in its own transaction together with the
new `user_version`, so a crash mid-migration leaves the previous version intact. A
database whose version is above `SCHEMA_VERSION` was written by a newer release and is
refused rather than guessed at. Never edit a released migration: add a new one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.store import tallies

if TYPE_CHECKING:
    from bot.store.sql import SqlConnection

from bot.store.clock_schema import DAYS_SUMMARY, days_tables

OPEN_STATUSES = ("lobby", "running")
CLOSED_STATUSES = ("finished", "abandoned")


@dataclass(frozen=True, slots=True)
class Migration:
    """One step: the statements that take a database from `version - 1` to `version`."""

    version: int
    summary: str
    statements: tuple[str, ...]
    # Rows no statement can write (the store's own code adds them up), run after the
    # statements in the same transaction.
    fill: Callable[[SqlConnection], Awaitable[None]] | None = None


_V1 = Migration(
    1,
    "matches, seats, the decision log, snapshots, posted messages, timers and results",
    (
        """
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            host_id INTEGER NOT NULL,
            status TEXT NOT NULL
                CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
            settings TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            engine_version TEXT NOT NULL,
            setup TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        )
        """,
        """
        CREATE TABLE seats (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            role TEXT NOT NULL,
            name TEXT NOT NULL,
            user_id INTEGER,
            computer TEXT,
            controller TEXT NOT NULL DEFAULT 'user',
            PRIMARY KEY (match_id, idx)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE decisions (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL CHECK (seq >= 0),
            seat INTEGER NOT NULL,
            decision TEXT NOT NULL,
            actor TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (match_id, seq)
        ) WITHOUT ROWID
        """,
        # Snapshots are a few KB: a rowid table keeps them off the primary-key b-tree.
        """
        CREATE TABLE snapshots (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            at REAL NOT NULL,
            UNIQUE (match_id, seq)
        )
        """,
        """
        CREATE TABLE messages (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            purpose TEXT NOT NULL,
            message_id INTEGER NOT NULL,
            PRIMARY KEY (match_id, purpose)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE timers (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            deadline REAL NOT NULL
        )
        """,
        # No foreign key: a result outlives its match when `prune` removes the match.
        """
        CREATE TABLE results (
            match_id INTEGER PRIMARY KEY,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            reason TEXT NOT NULL,
            scores TEXT NOT NULL,
            rounds INTEGER NOT NULL,
            decisions INTEGER NOT NULL,
            seats TEXT NOT NULL,
            finished_at REAL NOT NULL
        )
        """,
    ),
)

_V2 = Migration(
    2,
    "one open match per channel enforced by the database; start-up, prune and history "
    "lookups by index; a table for decisions a newer engine refuses",
    (
        # Older versions checked "one open match per channel" in code only; a race could
        # have left two. Keep the newest open, mark the others abandoned, then enforce it.
        """
        UPDATE matches SET status = 'abandoned'
        WHERE status IN ('lobby', 'running')
          AND id NOT IN (
              SELECT max(id) FROM matches WHERE status IN ('lobby', 'running')
              GROUP BY channel_id
          )
        """,
        """
        CREATE UNIQUE INDEX matches_open_channel ON matches(channel_id)
        WHERE status IN ('lobby', 'running')
        """,
        """
        CREATE INDEX matches_closed_updated ON matches(updated_at)
        WHERE status IN ('finished', 'abandoned')
        """,
        "CREATE INDEX results_guild ON results(guild_id, finished_at)",
        # Decisions logged under an older engine that this one refuses on load: moved
        # here (never deleted) so the match continues from the last replayable state.
        """
        CREATE TABLE set_aside (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            decision TEXT NOT NULL,
            actor TEXT NOT NULL,
            at REAL NOT NULL,
            set_aside_at REAL NOT NULL,
            reason TEXT NOT NULL
        )
        """,
    ),
)

_V3 = Migration(
    3,
    "each finished side's result (character, marks, raids) for history and statistics",
    (
        # Like `results`, no foreign key: statistics outlive `prune`.
        """
        CREATE TABLE result_sides (
            match_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            guild_id INTEGER,
            user_id INTEGER,
            name TEXT NOT NULL,
            role TEXT NOT NULL,
            character TEXT NOT NULL,
            computer TEXT,
            won INTEGER NOT NULL,
            score INTEGER,
            marks INTEGER NOT NULL,
            raids_won INTEGER NOT NULL,
            raids_lost INTEGER NOT NULL,
            finished_at REAL NOT NULL,
            PRIMARY KEY (match_id, seat)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX result_sides_player ON result_sides(guild_id, user_id)",
    ),
)

_V4 = Migration(
    4,
    "per-server settings (/chicago settings): timer, starter role, computers, most matches",
    (
        """
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            settings TEXT NOT NULL DEFAULT '{}',
            updated_at REAL NOT NULL
        )
        """,
    ),
)

_V5 = Migration(
    5,
    "player ratings per server, kept as matches finish, and each match's change to them",
    (
        # `player` is "user:<id>" or "computer:<level>"; guild_id 0 holds matches played
        # outside a server. `rating` (mu - 3 sigma) is stored so the leaderboard is one
        # index range.
        """
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            user_id INTEGER,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            rating REAL NOT NULL,
            matches INTEGER NOT NULL,
            PRIMARY KEY (guild_id, player)
        )
        """,
        "CREATE INDEX ratings_board ON ratings(guild_id, rating)",
        # Like `results`, no foreign key: ratings outlive `prune`.
        """
        CREATE TABLE rating_changes (
            match_id INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            user_id INTEGER,
            place INTEGER NOT NULL,
            mu_before REAL NOT NULL,
            sigma_before REAL NOT NULL,
            mu_after REAL NOT NULL,
            sigma_after REAL NOT NULL,
            PRIMARY KEY (match_id, seat)
        )
        """,
        "CREATE INDEX rating_changes_player ON rating_changes(guild_id, player, match_id)",
    ),
)

# -- schema 6: game-neutral results ------------------------------------------------------
# Until schema 5 every result was shaped by Chicago 1927: side rows had its columns
# (character, marks, raids, role "boss"/"police"), and Turf, the second game, squeezed in
# with its title as the character, its buildings as the marks and its reason as
# "turf:<ending words>". Schema 6 stores the game on each row and a side's own facts as
# JSON the game reads back. The statements below are shared by both databases; what
# differs (finding the colon, building JSON) is filled in by each.

# A side's place, 1 the winner: the winner, then by final count (the earlier seat first
# on a tie), then the sides out of the match (no count) in seat order, as both games'
# rankings put them.
_SIDE_PLACE = """
    CASE WHEN s.won <> 0 THEN 1 ELSE 1 + (
        SELECT count(*) FROM result_sides o
        WHERE o.match_id = s.match_id AND o.seat <> s.seat AND (
            o.won <> 0
            OR (o.score IS NOT NULL AND (s.score IS NULL OR o.score > s.score))
            OR ((o.score = s.score OR (o.score IS NULL AND s.score IS NULL)) AND o.seat < s.seat)
        )
    ) END"""

# Turf's endings were stored as the words history shows; its reasons are stored as its
# engine names them, like every game's.
_TURF_REASONS = """
    UPDATE results SET reason = CASE reason
        WHEN '10 buildings' THEN 'buildings'
        WHEN 'last standing' THEN 'last_standing'
        WHEN 'everyone out' THEN 'all_out'
        WHEN 'stalemate' THEN 'stalemate'
        WHEN 'round limit' THEN 'round_limit'
        ELSE reason END
    WHERE game = 'turf'"""


@dataclass(frozen=True, slots=True)
class Dialect:
    """How schema 6's statements are said in one database: the function finding the
    colon in a reason, the column types of a Discord id and of a time, what ends the
    new table's definition, the JSON object builder (`{}`: its arguments), and what
    is renamed with the table (schema 6's side rows; schema 7's ratings)."""

    find: str
    big: str
    real: str
    table_end: str
    json: str
    renamed: tuple[str, ...] = ()
    ratings_renamed: tuple[str, ...] = ()


def neutral_results(d: Dialect) -> tuple[str, ...]:
    """Schema 6 in dialect `d`. A side row always has its result (`prune` removes
    neither, and sides are recorded only once the result is), so the game comes from
    the result."""
    colon = f"{d.find}(reason, ':')"
    chicago = d.json.format(
        "'character', s.character, 'marks', s.marks, 'raids_lost', s.raids_lost, "
        "'raids_won', s.raids_won, 'role', s.role"
    )
    turf = d.json.format("'buildings', s.marks")
    return (
        "ALTER TABLE results ADD COLUMN game TEXT NOT NULL DEFAULT ''",
        # Chicago 1927's reasons name no game ("marks"); every other game's were
        # "<game>:<ending>".
        f"""
        UPDATE results SET
            game = CASE WHEN {colon} > 0 THEN substr(reason, 1, {colon} - 1) ELSE 'chicago' END,
            reason = CASE WHEN {colon} > 0 THEN substr(reason, {colon} + 1) ELSE reason END
        """,
        _TURF_REASONS,
        # Like `results`, no foreign key: statistics outlive `prune`.
        f"""
        CREATE TABLE new_sides (
            match_id {d.big} NOT NULL,
            seat INTEGER NOT NULL,
            game TEXT NOT NULL,
            guild_id {d.big},
            user_id {d.big},
            name TEXT NOT NULL,
            computer TEXT,
            won INTEGER NOT NULL,
            place INTEGER NOT NULL,
            score INTEGER,
            facts TEXT NOT NULL,
            finished_at {d.real} NOT NULL,
            PRIMARY KEY (match_id, seat)
        ){d.table_end}
        """,
        f"""
        INSERT INTO new_sides (match_id, seat, game, guild_id, user_id, name, computer,
                               won, place, score, facts, finished_at)
        SELECT s.match_id, s.seat, r.game, s.guild_id, s.user_id, s.name, s.computer,
               s.won, {_SIDE_PLACE}, s.score,
               CASE WHEN r.game = 'turf' THEN {turf} ELSE {chicago} END,
               s.finished_at
        FROM result_sides s JOIN results r ON r.match_id = s.match_id
        """,
        "DROP TABLE result_sides",
        "ALTER TABLE new_sides RENAME TO result_sides",
        *d.renamed,
        "CREATE INDEX result_sides_player ON result_sides(guild_id, user_id)",
    )


NEUTRAL_RESULTS = (
    "game-neutral results: each finished match's game on its rows, and each side's "
    "seat, place and score with the game's own facts as JSON"
)
# -- schema 7: a rating per game -----------------------------------------------------
# Until schema 7 only Chicago 1927's matches were rated, so a player had one rating per
# server. Each game now has its own: the game joins the ratings' key and each change
# row, and every rating kept so far is Chicago 1927's (the only game rated until now).
# Turf's and Bootleg's finished matches get theirs from `chicago-bot ratings`, which
# rebuilds every table from the stored results.

FIRST_RATED_GAME = "chicago"  # the one game rated before schema 7


def ratings_per_game(d: Dialect) -> tuple[str, ...]:
    """Schema 7 in dialect `d`: the ratings table made again with the game in its key
    (a key cannot change in place in SQLite), the change rows given their game."""
    return (
        f"""
        CREATE TABLE new_ratings (
            guild_id {d.big} NOT NULL,
            game TEXT NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL,
            user_id {d.big},
            mu {d.real} NOT NULL,
            sigma {d.real} NOT NULL,
            rating {d.real} NOT NULL,
            matches INTEGER NOT NULL,
            PRIMARY KEY (guild_id, game, player)
        )
        """,
        f"""
        INSERT INTO new_ratings (guild_id, game, player, name, user_id, mu, sigma, rating,
                                 matches)
        SELECT guild_id, '{FIRST_RATED_GAME}', player, name, user_id, mu, sigma, rating,
               matches
        FROM ratings
        """,
        "DROP TABLE ratings",
        "ALTER TABLE new_ratings RENAME TO ratings",
        *d.ratings_renamed,
        "CREATE INDEX ratings_board ON ratings(guild_id, game, rating)",
        "ALTER TABLE rating_changes ADD COLUMN game TEXT NOT NULL DEFAULT ''",
        f"UPDATE rating_changes SET game = '{FIRST_RATED_GAME}'",
        "DROP INDEX rating_changes_player",
        "CREATE INDEX rating_changes_player ON rating_changes(guild_id, game, player, match_id)",
        # `/chicago leaderboard` opens on the game last played in its channel.
        "CREATE INDEX results_channel ON results(channel_id, match_id)",
    )


RATINGS_PER_GAME = (
    "a rating per game: the game in the ratings' key and on each change (every rating "
    "kept so far is Chicago 1927's), and results found by channel"
)
_SQLITE = Dialect("instr", "INTEGER", "REAL", " WITHOUT ROWID", "json_object({})")
_V6 = Migration(6, NEUTRAL_RESULTS, neutral_results(_SQLITE))
_V7 = Migration(7, RATINGS_PER_GAME, ratings_per_game(_SQLITE))
_V8 = Migration(8, DAYS_SUMMARY, days_tables("INTEGER", "REAL"))

# -- schema 9: running totals ------------------------------------------------------------
# History pages and statistics read totals kept as matches finish instead of counting
# every finished match: each result's number in its server (a page is a range of
# numbers, not an OFFSET over all that came before), each server's count, and each
# player's sides added up by game and kind (`bot.store.tallies`).


def running_totals(big: str, real: str) -> tuple[str, ...]:
    """Schema 9 with the column types of a Discord id and of a time."""
    return (
        "ALTER TABLE results ADD COLUMN number INTEGER",
        """
        UPDATE results SET number = n.number
        FROM (SELECT match_id, row_number() OVER (
                  PARTITION BY guild_id ORDER BY finished_at, match_id) AS number
              FROM results) AS n
        WHERE n.match_id = results.match_id
        """,
        "CREATE INDEX results_number ON results(guild_id, number)",
        f"""
        CREATE TABLE finished_counts (
            guild_key {big} PRIMARY KEY,
            finished INTEGER NOT NULL
        )
        """,
        """
        INSERT INTO finished_counts (guild_key, finished)
        SELECT coalesce(guild_id, 0), count(*) FROM results GROUP BY coalesce(guild_id, 0)
        """,
        f"""
        CREATE TABLE player_tallies (
            guild_key {big} NOT NULL,
            user_id {big} NOT NULL,
            game TEXT NOT NULL,
            kind TEXT NOT NULL,
            name TEXT NOT NULL,
            first_at {real} NOT NULL,
            last_at {real} NOT NULL,
            played INTEGER NOT NULL,
            won INTEGER NOT NULL,
            sums TEXT NOT NULL,
            PRIMARY KEY (guild_key, user_id, game, kind)
        )
        """,
    )


RUNNING_TOTALS = (
    "running totals: each finished match numbered in its server, each server's count and "
    "each player's sides added up, so history pages and statistics never count them all"
)
_V9 = Migration(9, RUNNING_TOTALS, running_totals("INTEGER", "REAL"), tallies.fill)

MIGRATIONS: tuple[Migration, ...] = (_V1, _V2, _V3, _V4, _V5, _V6, _V7, _V8, _V9)
SCHEMA_VERSION = MIGRATIONS[-1].version

assert [m.version for m in MIGRATIONS] == sorted({m.version for m in MIGRATIONS})
