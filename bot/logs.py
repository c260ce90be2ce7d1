"""The bot's log: one line per event, with its level, time and the guild, channel and
match it concerns; plain text for a terminal or `CHICAGO_LOG_FORMAT=json` for a log
collector. Whatever is logged, a Discord token never reaches the output.

The ids come from a context variable that the router and the match runner set around
each interaction and timer, so a log call deep in the store still says which match it
was about without every caller passing ids along.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import logging
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any, Literal, TextIO

from bot.redaction import REDACTED as REDACTED
from bot.redaction import TOKEN_SHAPE as TOKEN_SHAPE
from bot.redaction import Redactor

IDS = ("guild", "channel", "match")
_context: contextvars.ContextVar[tuple[tuple[str, int], ...]] = contextvars.ContextVar(
    "chicago_log_ids", default=()
)


def _with(ids: dict[str, int | None]) -> tuple[tuple[str, int], ...]:
    current = dict(_context.get())
    current.update({k: v for k, v in ids.items() if k in IDS and v is not None})
    return tuple(current.items())


def bind(**ids: int | None) -> None:
    """Attach ids to every log line of the current task from now on (tasks it starts
    inherit them)."""
    _context.set(_with(ids))


@contextlib.contextmanager
def bound(**ids: int | None) -> Iterator[None]:
    """`bind` for the duration of a block."""
    token = _context.set(_with(ids))
    try:
        yield
    finally:
        _context.reset(token)


class ContextFilter(logging.Filter):
    """Copies the bound ids onto each record (an explicit `extra=` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in _context.get():
            if getattr(record, key, None) is None:
                setattr(record, key, value)
        return True


def _when(record: logging.LogRecord) -> str:
    moment = datetime.fromtimestamp(record.created, UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{int(record.msecs):03d}Z"


class TextFormatter(logging.Formatter):
    """`time LEVEL logger guild=… channel=… match=… message`, tracebacks folded into
    the same line, so one event is one line for grep and journald alike."""

    def __init__(self, redact: Redactor) -> None:
        super().__init__()
        self.redact = redact

    def format(self, record: logging.LogRecord) -> str:
        ids = " ".join(
            f"{key}={getattr(record, key)}" for key in IDS if getattr(record, key, None) is not None
        )
        parts = [_when(record), f"{record.levelname:<7}", record.name]
        if ids:
            parts.append(ids)
        text = " ".join(parts) + " " + record.getMessage()
        if record.exc_info:
            text += " | " + self.formatException(record.exc_info)
        return self.redact(text).replace("\r", "").replace("\n", " ⏎ ")


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the ids, any error."""

    def __init__(self, redact: Redactor) -> None:
        super().__init__()
        self.redact = redact

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": _when(record),
            "level": record.levelname,
            "logger": record.name,
            "message": self.redact(record.getMessage()),
        }
        for key in IDS:
            value = getattr(record, key, None)
            if value is not None:
                entry[key] = value
        if record.exc_info:
            entry["error"] = self.redact(self.formatException(record.exc_info))
        return json.dumps(entry, ensure_ascii=False)


def setup_logging(
    level: str = "INFO",
    fmt: Literal["text", "json"] = "text",
    secrets: tuple[str, ...] = (),
    stream: TextIO | None = None,
) -> logging.Handler:
    """Route every logger (the bot's and discord.py's) to one handler on stderr."""
    redact = Redactor(secrets)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter(redact) if fmt == "json" else TextFormatter(redact))
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_chicago", False)]:
        root.removeHandler(old)
    handler._chicago = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(logging.getLevelName(level))
    # discord.py's gateway chatter is useful only when debugging the connection.
    if level != "DEBUG":
        logging.getLogger("discord.gateway").setLevel(logging.WARNING)
    return handler
