"""Fixtures: a table (bot, guild, channel, players) per test, closed afterwards, and a
guard that fails any test in which the bot or discord.py logged an error."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.discord.harness import Table


class LogGuard:
    """Errors a test provokes on purpose are named here; any other fails the test."""

    def __init__(self) -> None:
        self.expected: list[str] = []

    def expect(self, text: str) -> None:
        self.expected.append(text)


@pytest.fixture(autouse=True)
def no_errors_logged(caplog: pytest.LogCaptureFixture) -> Iterator[LogGuard]:
    caplog.set_level(logging.INFO)
    guard = LogGuard()
    yield guard
    errors = [
        r
        for r in caplog.records
        if r.levelno >= logging.ERROR and not any(e in r.getMessage() for e in guard.expected)
    ]
    assert not errors, "errors were logged:\n" + "\n".join(
        f"{r.name}: {r.getMessage()}\n{r.exc_text or ''}" for r in errors
    )


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    t = await Table(tmp_path).start()
    try:
        yield t
    finally:
        await t.close()
