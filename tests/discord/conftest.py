"""Fixtures: a table (bot, guild, channel, players) per test, closed afterwards, and a
guard that fails any test in which the bot or discord.py logged an error."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord.harness import Table


@pytest.fixture(autouse=True)
def no_errors_logged(caplog: pytest.LogCaptureFixture) -> object:
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
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
