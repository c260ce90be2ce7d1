"""Logs: one line per event with level, time and the guild, channel and match ids;
JSON lines on request; never a token."""

from __future__ import annotations

import io
import json
import logging

import pytest

from bot import logs
from tests.discord.harness import Table, running, seat_table

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123"


@pytest.fixture
def captured() -> io.StringIO:
    return io.StringIO()


def emit(fmt: str, stream: io.StringIO) -> None:
    handler = logs.setup_logging("INFO", fmt, secrets=(TOKEN,), stream=stream)  # type: ignore[arg-type]
    try:
        log = logging.getLogger("chicago.test")
        with logs.bound(guild=1, channel=2, match=3):
            log.info("match started with token %s", TOKEN)
            try:
                raise ValueError("boom\nsecond line")
            except ValueError:
                log.exception("it failed")
        log.warning(
            "no ids here; a token-shaped %s",
            "aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbb.cccccccccccccccccccccccccc",
        )
    finally:
        logging.getLogger().removeHandler(handler)


def test_text_lines(captured: io.StringIO) -> None:
    emit("text", captured)
    lines = captured.getvalue().splitlines()
    assert len(lines) == 3  # the traceback stays on its event's line
    first = lines[0]
    assert first.split()[1] == "INFO" and first.split()[0].endswith("Z")
    assert "guild=1 channel=2 match=3" in first
    assert "ERROR" in lines[1] and "ValueError: boom" in lines[1] and "match=3" in lines[1]
    assert "match=" not in lines[2]
    text = captured.getvalue()
    assert TOKEN not in text and "cccccccccccccccccccccccccc" not in text
    assert logs.REDACTED in lines[0] and logs.REDACTED in lines[2]


def test_json_lines(captured: io.StringIO) -> None:
    emit("json", captured)
    entries = [json.loads(line) for line in captured.getvalue().splitlines()]
    assert len(entries) == 3
    assert entries[0]["level"] == "INFO" and entries[0]["time"].endswith("Z")
    assert (entries[0]["guild"], entries[0]["channel"], entries[0]["match"]) == (1, 2, 3)
    assert "ValueError: boom" in entries[1]["error"]
    assert "match" not in entries[2]
    assert TOKEN not in captured.getvalue()


async def test_the_bot_names_the_match_in_its_log(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.handler.addFilter(logs.ContextFilter())
    await seat_table(table, ("alice", "bob"), None, ("police:easy",))
    prompt = table.prompt()
    assert prompt is not None
    running(table).sleep()
    await table.click(table.decider(prompt), prompt, decision="roll")
    woke = [r for r in caplog.records if "reloaded from the store" in r.getMessage()]
    assert woke and getattr(woke[0], "match", None) == 1
    assert getattr(woke[0], "channel", None) == table.channel.id
    assert getattr(woke[0], "guild", None) == table.guild.id
