"""The store `CHICAGO_DB` names, not yet opened: SQLite for a file path, PostgreSQL for a
`postgresql://` address (see `bot.database_url`). Each driver is imported only when its
store is chosen."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.database_url import is_postgres

if TYPE_CHECKING:
    from bot.store.postgres import PostgresStore
    from bot.store.sqlite import SqliteStore


def open_store(location: str | Path, **options: Any) -> SqliteStore | PostgresStore:
    """The store for `location`, not yet opened. `options` go to its constructor."""
    if is_postgres(location):
        from bot.store.postgres import PostgresStore

        return PostgresStore(str(location), **options)
    from bot.store.sqlite import SqliteStore

    return SqliteStore(Path(location), **options)
