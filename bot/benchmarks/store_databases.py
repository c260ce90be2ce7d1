"""Where `chicago-bot bench store` keeps its databases: new files in a temporary folder
(SQLite, the default), or new databases on the PostgreSQL server `--db` names, created
for the run and dropped after it (the login needs the right to create databases)."""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Any, Self
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.database_url import shown


class BenchDatabases:
    """Fresh, empty databases by name; all removed on exit."""

    def __init__(self, server: str | None) -> None:
        self.server = server
        self._folder = tempfile.TemporaryDirectory(prefix="chicago-bench-")
        self.folder = Path(self._folder.name)
        self._made: list[str] = []

    @property
    def label(self) -> str:
        if self.server is None:
            return "SQLite (WAL, synchronous=FULL)"
        return f"PostgreSQL at {shown(self.server)} (synchronous_commit=on)"

    def fresh(self, name: str) -> str | Path:
        if self.server is None:
            return self.folder / f"{name}.db"
        database = f"chicago_bench_{os.getpid()}_{name}"
        asyncio.run(self._admin(f"CREATE DATABASE {database}"))
        self._made.append(database)
        return urlunsplit(urlsplit(self.server)._replace(path=f"/{database}"))

    def size(self, location: str | Path) -> int:
        """Bytes the database takes on disk."""
        if isinstance(location, Path):
            return location.stat().st_size
        return int(
            asyncio.run(self._admin("SELECT pg_database_size(current_database())", location))
        )

    async def _admin(self, sql: str, dsn: str | None = None) -> Any:
        conn = await asyncpg.connect(dsn or self.server)
        try:
            return await conn.fetchval(sql)
        finally:
            await conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for database in self._made:
            asyncio.run(self._admin(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)"))
        self._folder.cleanup()
