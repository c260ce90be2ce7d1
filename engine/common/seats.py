"""Who sits in a seat, the same in every game: a name, and a computer level or none."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class PlayerSpec:
    """Who sits in a seat: a name, and the computer level if a computer plays it."""

    name: str
    computer: str | None = None
