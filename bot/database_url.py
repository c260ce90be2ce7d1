"""What `CHICAGO_DB` names: an SQLite file path, or a PostgreSQL address
(`postgresql://user:password@host:port/database`). Standard library only, so the
settings and the command line can tell them apart without loading a database driver;
`bot.store.location.open_store` opens the store it names."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

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
