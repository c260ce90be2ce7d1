"""The match store: every match and its decision log, kept in SQLite (aiosqlite) or in
PostgreSQL (asyncpg, imported only when `CHICAGO_DB` names a server)."""

from bot.store.backup import backup_database
from bot.store.interface import (
    ChannelTaken,
    DecisionRecord,
    DuplicateDecision,
    FinishedMatch,
    MatchRecord,
    MatchStatus,
    MatchStore,
    ResultRecord,
    SeatRecord,
    SideResult,
    StepWrite,
    StoredMatch,
    StoreError,
    StoreStats,
)
from bot.store.maintenance import PruneReport, StoreCounts
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
from bot.store.sqlite import SqliteStore

__all__ = [
    "SCHEMA_VERSION",
    "SNAPSHOT_EVERY",
    "ChannelTaken",
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
    "StepWrite",
    "StoreCounts",
    "StoreError",
    "StoreStats",
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
