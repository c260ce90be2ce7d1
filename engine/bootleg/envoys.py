"""Envoy kinds and the Range Track (BOOTLEG §2.3).

The track is the list `[space 1, space 2, space 3]`; an active kind's range is its place
in that list plus one.
"""

from __future__ import annotations

SMUGGLER, INFORMANT, TROUBLEMAKER, DIRTY_COP = "smuggler", "informant", "troublemaker", "dirty_cop"
ENVOYS = (SMUGGLER, INFORMANT, TROUBLEMAKER, DIRTY_COP)  # the order the setup shuffles them


def to_front(track: list[str], kind: str) -> None:
    """BOOTLEG §2.3 [R]: `kind` goes to space 1, those in front of it move up one, those
    behind it stay. A kind not yet on the track (§6.5) simply enters at space 1."""
    if kind in track:
        track.remove(kind)
    track.insert(0, kind)


def range_of(track: list[str], kind: str) -> int:
    return track.index(kind) + 1
