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
from bot.pictures import palette as pal
from bot.pictures.gif import MAX_BYTES, Frame, encode_gif
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
    width = max(p.width for p in pictures)
    height = max(p.height for p in pictures)
    size = (round(width * scale), round(height * scale))
    found = []
    for picture in pictures:
        padded = Image.new("RGB", (width, height), pal.FRAME)
        padded.paste(picture, (0, 0))
        if scale != 1:
            padded = padded.resize(size, Image.Resampling.BILINEAR)
        quantized = padded.quantize(palette=palette_image(), dither=Image.Dither.NONE)
        found.append(Frame(quantized.size, quantized.tobytes()))
    return found


def animate_bootleg(
    setup: bootleg.BootlegSetup,
    decisions: Sequence[tuple[int, str]],
    scale: float = SCALE,
    limit: int = MAX_BYTES,
) -> bytes:
    """The match as an animated GIF under `limit` bytes (drawn smaller if need be)."""
    pictures = turn_pictures(setup, decisions)
    while True:
        data = encode_gif(frames(pictures, scale), palette_image())
        if len(data) <= limit or scale < 0.2:
            return data
        scale *= 0.8
