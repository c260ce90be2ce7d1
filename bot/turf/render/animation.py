"""A whole Turf match as one animated picture, as `bot.chicago.render.animation` makes one of a
Chicago 1927 match: the table after every turn, replayed from the seed and the decision
log, holding on the final count.

The Turf picture is drawn quickly on a fixed palette of fewer than 255 colours, so the
frames go straight into the same GIF encoder (only changed pixels after the first).
Frames grow taller when the footer has more to tell; each is padded to the tallest so
the GIF has one size.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import engine.turf as turf
from bot.pictures.gif import MAX_BYTES, Frame
from bot.pictures.turns import fitting_gif, palette_frames
from bot.turf.render.palette import palette_image
from bot.turf.render.picture import render_turf
from engine.turf.events import Event, MatchEnded, TurnStarted

SCALE = 0.5


def turn_pictures(setup: turf.TurfSetup, decisions: Sequence[tuple[int, str]]) -> list[Image.Image]:
    """The table as everyone sees it at the start and after every turn (the last: the
    final count, or wherever the log stops). Raises IllegalDecision if the log does not
    fit the setup."""
    state, _ = turf.replay(setup, ())
    pictures = [render_turf(turf.player_view(state, None), ())]
    events: list[Event] = []
    for seat, decision in decisions:
        batch = turf.apply(state, seat, decision)
        events += batch
        if any(isinstance(e, (TurnStarted, MatchEnded)) for e in batch):
            pictures.append(render_turf(turf.player_view(state, None), events))
            events = []
    if events:
        pictures.append(render_turf(turf.player_view(state, None), events))
    return pictures


def frames(pictures: Sequence[Image.Image], scale: float = SCALE) -> list[Frame]:
    """Each picture at `scale` on the Turf palette, padded to the tallest."""
    return palette_frames(pictures, scale, palette_image())


def animate_turf(
    setup: turf.TurfSetup,
    decisions: Sequence[tuple[int, str]],
    scale: float = SCALE,
    limit: int = MAX_BYTES,
) -> bytes:
    """The match as an animated GIF under `limit` bytes (drawn smaller if need be)."""
    return fitting_gif(turn_pictures(setup, decisions), scale, palette_image(), limit)
