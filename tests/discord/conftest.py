"""Fixtures: a table (bot, guild, channel, players) per test, closed afterwards, and
guards that fail any test in which the bot or discord.py logged an error, or in which an
interaction was answered twice or not at all."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.discord.harness import Table, answered_wrongly


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
    """The table of a test; every interaction the test made must have been answered
    exactly once."""
    t = await Table(tmp_path).start()
    try:
        yield t
        wrong = answered_wrongly(t.env)
        assert not wrong, "interactions not answered exactly once:\n" + "\n".join(wrong)
    finally:
        await t.close()
