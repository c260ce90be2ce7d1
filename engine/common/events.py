"""The base of every game's typed events: a kind name and a plain-dict form.

Each rules package declares its own events on this base, so narration, replay files and
the "last events" panels read every game's events the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": self.kind}
        for field in fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data
