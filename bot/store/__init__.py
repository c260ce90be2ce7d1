"""The match store: every match and its decision log, kept in SQLite (aiosqlite)."""

from bot.store.backup import backup_database
from bot.store.interface import (
    DecisionRecord,
    DuplicateDecision,
    FinishedMatch,
    MatchRecord,
    MatchStatus,
    MatchStore,
    ResultRecord,
    SeatRecord,
    SideResult,
    StoredMatch,
    StoreError,
)
from bot.store.restore import (
    SNAPSHOT_EVERY,
    Restored,
    dump_setup,
    load_setup,
    load_state,
    restore,
    restore_state,
    snapshot_due,
    snapshot_of,
)
from bot.store.schema import SCHEMA_VERSION
from bot.store.sqlite import PruneReport, SqliteStore, StoreCounts

__all__ = [
    "SCHEMA_VERSION",
    "SNAPSHOT_EVERY",
    "DecisionRecord",
    "DuplicateDecision",
    "FinishedMatch",
    "MatchRecord",
    "MatchStatus",
    "MatchStore",
    "PruneReport",
    "Restored",
    "ResultRecord",
    "SeatRecord",
    "SideResult",
    "SqliteStore",
    "StoreCounts",
    "StoreError",
    "StoredMatch",
    "backup_database",
    "dump_setup",
    "load_setup",
    "load_state",
    "restore",
    "restore_state",
    "snapshot_due",
    "snapshot_of",
]
