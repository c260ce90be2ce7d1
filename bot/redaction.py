"""Secrets kept out of everything the bot prints or logs.

The settings register the Discord token here as soon as they read it (before the other
settings are checked), and every command's standard output and error, like every log
line, pass through `redact`: a token hidden in any setting — a database path, a
heartbeat file, a shard list — or quoted by any error message is replaced wherever it
would be shown, without each message having to remember to hide it.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO, cast

# A bot token: base64 of the bot's id, a dot, a timestamp part, a dot, an HMAC part.
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{20,}")
REDACTED = "[token hidden]"
# Shorter values would hide ordinary words; no real token is this short.
MIN_SECRET = 8
_registered: list[str] = []


def hide_token(token: str | None) -> None:
    """Never show `token` (nor its value without surrounding spaces) from now on. It
    replaces the token hidden before: a process reads one set of settings, and the
    settings read last are the ones in use."""
    values = {token or "", (token or "").strip()}
    # Longest first: the value with its spaces is hidden whole.
    _registered[:] = sorted((v for v in values if len(v) >= MIN_SECRET), key=len, reverse=True)


class Redactor:
    """Hides the registered secrets, `secrets`, and anything shaped like a token."""

    def __init__(self, secrets: tuple[str, ...] = ()) -> None:
        self.secrets = tuple(s for s in secrets if len(s) >= MIN_SECRET)

    def __call__(self, text: str) -> str:
        for secret in (*self.secrets, *_registered):
            if secret in text:
                text = text.replace(secret, REDACTED)
        return TOKEN_SHAPE.sub(REDACTED, text)


redact = Redactor()


class RedactingStream:
    """A text stream that hides secrets in what is written and passes the rest
    (flush, fileno, encoding, …) through to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self.wrapped = stream

    def write(self, text: str) -> int:
        self.wrapped.write(redact(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.wrapped, name)


@contextlib.contextmanager
def redacted_output() -> Iterator[None]:
    """Standard output and error redacted for the duration of the block."""
    out, err = sys.stdout, sys.stderr
    sys.stdout = cast(TextIO, RedactingStream(out))
    sys.stderr = cast(TextIO, RedactingStream(err))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err
