"""What the store's queries run on, whichever database holds the rows.

The match tables, decision log and results (`bot.store.matches`, `decision_log`,
`results`) are written once, in the SQL that SQLite and PostgreSQL agree on, with `?`
placeholders. Each database gives them one transaction at a time as an `SqlConnection`;
where the two dialects differ (locking a row, the placeholder style, how an insert
returns its id) the connection hides it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from types import TracebackType
from typing import Any, Protocol, Self

from bot.store.interface import StoreError, StoreStats


class RowConflict(StoreError):
    """A row with the same key (or the same unique index entry) is already there: the
    driver's own error, named once for both databases."""


class SqlConnection(Protocol):
    """One open transaction. `for_update` is appended to a SELECT that reads a match row
    the transaction is about to change: PostgreSQL locks the row (so concurrent writers
    to one match take turns), SQLite already holds the whole database's write lock."""

    for_update: str

    def seed_param(self, seed: int) -> int | str:
        """A match seed as the `seed` column takes it (seeds may be 128 bits wide)."""
        ...

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]: ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None: ...

    async def insert_id(self, sql: str, params: Sequence[Any]) -> int:
        """Run an INSERT into a table with an `id` key; the id it got."""
        ...


async def fetch_value(db: SqlConnection, sql: str, params: Sequence[Any] = ()) -> Any:
    """The first column of the first row, or None."""
    row = await db.fetch_one(sql, params)
    return None if row is None else row[0]


class SqlDatabase:
    """The part every store shares: a clock, and transactions its subclass provides.
    `clock` (seconds since the epoch) is replaceable for tests."""

    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self.stats = StoreStats()

    async def open(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _transaction(
        self, write: bool = True, durable: bool = True
    ) -> AbstractAsyncContextManager[SqlConnection]:
        """One transaction: committed when the block ends, rolled back on an error.
        `write=False`: a read that sees one consistent moment across its queries.
        `durable=False`: a write (a note of message ids) that commits without waiting for
        the disk — a crashed process loses nothing, a power cut may lose that note."""
        raise NotImplementedError

    def _count(self, write: bool, durable: bool, began: float) -> None:
        """One finished transaction in `stats`; `began` from `time.perf_counter()`."""
        stats = self.stats
        if not write:
            stats.reads += 1
        elif durable:
            stats.durable += 1
        else:
            stats.notes += 1
        stats.seconds += time.perf_counter() - began

    def _now(self) -> float:
        return self._clock()


def guild_is(guild_id: int | None, column: str = "guild_id") -> tuple[str, tuple[Any, ...]]:
    """`column` equal to `guild_id`, where None (a DM match) matches NULL: a condition
    both databases can answer from an index (`IS ?` is SQLite's alone)."""
    if guild_id is None:
        return f"{column} IS NULL", ()
    return f"{column} = ?", (guild_id,)
