"""One line of a health report (`chicago-bot doctor`): shared by every check, so a check
of one store never needs the report that runs it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finding:
    """One line of the report: what was checked, what was found, and the fix."""

    topic: str
    ok: bool
    detail: str
    fix: str = ""

    def line(self) -> str:
        mark = "ok " if self.ok else "✗  "
        text = f"{mark} {self.topic}: {self.detail}"
        return text if self.ok else f"{text} — fix: {self.fix}"
