"""Each gang's line of the final count (BOOTLEG §9.2-§9.4): its place, Szmal, the
Locations it controls and the income they paid. The Location-by-Location count is told
by the narration of the end (`control_line`), one line per Location.

Read only once the match is over, when every Special is face up (§9.1) and the public
view hides nothing.
"""

from __future__ import annotations

from bot.bootleg.narration import money
from bot.bootleg.words import gang_name
from engine.bootleg import PlayerView

PLACES = ("1st", "2nd", "3rd", "4th")


def final_lines(view: PlayerView) -> list[str]:
    """One line per seat, in seat order."""
    assert view.result is not None, "the count is read once the match is over"
    place = {s.seat: i for i, s in enumerate(view.result.ranking)}
    held = {s.seat: s.locations for s in view.result.ranking}
    lines = []
    for p in view.players:
        n = held[p.seat]
        lines.append(
            f"{p.name} ({gang_name(p.gang)}): {p.szmal}$, {PLACES[place[p.seat]]} — "
            f"{n} Location{'s' if n != 1 else ''}"
        )
    return lines


__all__ = ["final_lines", "money"]
