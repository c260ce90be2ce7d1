"""The SQLite schema, as forward migrations numbered by `PRAGMA user_version`.

A database records the number of the last migration applied to it. At start-up the
store applies the missing ones in order, each in its own transaction together with the
new `user_version`, so a crash mid-migration leaves the previous version intact. A
database whose version is above `SCHEMA_VERSION` was written by a newer release and is
refused rather than guessed at. Never edit a released migration: add a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

OPEN_STATUSES = ("lobby", "running")
CLOSED_STATUSES = ("finished", "abandoned")


@dataclass(frozen=True, slots=True)
class Migration:
    """One step: the statements that take a database from `version - 1` to `version`."""

    version: int
    summary: str
    statements: tuple[str, ...]


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

MIGRATIONS: tuple[Migration, ...] = (_V1, _V2, _V3, _V4, _V5)
SCHEMA_VERSION = MIGRATIONS[-1].version

assert [m.version for m in MIGRATIONS] == list(range(1, SCHEMA_VERSION + 1))
