"""Where the matches are kept: `CHICAGO_DB` is either an SQLite file path or a
PostgreSQL address (`postgresql://user:password@host:port/database`). One place decides
which, and names an address without its password wherever it is printed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

if TYPE_CHECKING:
    from bot.store.postgres import PostgresStore
    from bot.store.sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_postgres(location: str | Path) -> bool:
    """A PostgreSQL address rather than a file path."""
    return isinstance(location, str) and urlsplit(location).scheme in POSTGRES_SCHEMES


def parse_location(text: str) -> str | Path:
    """`CHICAGO_DB` or a `--db` value: an address stays text, anything else is a path."""
    return text if is_postgres(text) else Path(text)


def shown(location: str | Path) -> str:
    """The location as it may be printed or logged: an address loses its password."""
    if not is_postgres(location):
        return str(location)
    parts = urlsplit(str(location))
    if parts.password is None:
        return str(location)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def open_store(location: str | Path, **options: Any) -> SqliteStore | PostgresStore:
    """The store for `location`, not yet opened. `options` go to its constructor."""
    if is_postgres(location):
        from bot.store.postgres import PostgresStore

        return PostgresStore(str(location), **options)
    from bot.store.sqlite import SqliteStore

    return SqliteStore(Path(location), **options)
