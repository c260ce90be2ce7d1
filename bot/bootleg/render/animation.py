"""A whole Bootleg match as one animated picture: the city as everyone saw it after
every turn, replayed from the seed and the decision log, holding on the final count.

The picture is drawn on a fixed palette of fewer than 255 colours, so the frames go
straight into the shared GIF encoder (only changed pixels after the first); each frame
is padded to the tallest so the GIF has one size.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import engine.bootleg as bootleg
from bot.bootleg.render.palette import palette_image
from bot.bootleg.render.picture import render_bootleg
from bot.pictures.gif import MAX_BYTES, Frame
from bot.pictures.turns import fitting_gif, palette_frames
from engine.bootleg.events import Event, MatchEnded, TurnStarted

SCALE = 0.5


def _public(state: bootleg.BootlegState, events: Sequence[Event]) -> Image.Image:
    return render_bootleg(bootleg.player_view(state, None), bootleg.visible_events(events, None))


def turn_pictures(
    setup: bootleg.BootlegSetup, decisions: Sequence[tuple[int, str]]
) -> list[Image.Image]:
    """The city as everyone sees it at the start and after every turn (the last: the
    final count, or wherever the log stops). Raises IllegalDecision if the log does not
    fit the setup."""
    state, _ = bootleg.replay(setup, ())
    pictures = [_public(state, ())]
    events: list[Event] = []
    for seat, decision in decisions:
        batch = bootleg.apply(state, seat, decision)
        events += batch
        if any(isinstance(e, (TurnStarted, MatchEnded)) for e in batch):
            pictures.append(_public(state, events))
            events = []
    if events:
        pictures.append(_public(state, events))
    return pictures


def frames(pictures: Sequence[Image.Image], scale: float = SCALE) -> list[Frame]:
    """Each picture at `scale` on the Bootleg palette, padded to the tallest."""
    return palette_frames(pictures, scale, palette_image())


def animate_bootleg(
    setup: bootleg.BootlegSetup,
    decisions: Sequence[tuple[int, str]],
    scale: float = SCALE,
    limit: int = MAX_BYTES,
) -> bytes:
    """The match as an animated GIF under `limit` bytes (drawn smaller if need be)."""
    return fitting_gif(turn_pictures(setup, decisions), scale, palette_image(), limit)
