"""The board picture: a pure function from a match state (and its recent events) to
PNG bytes, and an async wrapper that keeps the event loop free while it draws."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.chicago.render.centre import draw_centre
from bot.chicago.render.layout import HEIGHT, WIDTH
from bot.chicago.render.palette import palette_bytes, palette_image
from bot.chicago.render.panel import draw_panel
from bot.chicago.render.regions import changed_boxes, changed_indices
from bot.chicago.render.ring import draw_control, draw_paths, draw_pieces, draw_whole_blocks
from bot.chicago.render.static_layer import static_layer
from bot.chicago.render.view import BoardView, snapshot
from bot.pictures.png import write_png, write_rows
from engine.chicago import MatchState
from engine.chicago.events import Event


def draw_view(view: BoardView) -> Image.Image:
    """The full-colour picture of a snapshot."""
    image = static_layer().copy()
    draw = ImageDraw.Draw(image)
    draw_control(draw, view)
    draw_whole_blocks(draw, view)
    draw_paths(draw, view)
    draw_pieces(image, view)
    draw_centre(draw, view)
    draw_panel(image, draw, view)
    return image


def encode(image: Image.Image) -> bytes:
    """An 8-bit PNG on the fixed palette: small, fast, and the same pixels every time."""
    quantized = image.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    return write_png(quantized, palette_bytes())


def render_view(view: BoardView) -> bytes:
    """`encode(draw_view(view))`, with only the places the match changed mapped to the
    palette (`bot.chicago.render.regions`)."""
    indices = changed_indices(draw_view(view), changed_boxes(view))
    return write_rows(indices.tobytes(), (WIDTH, HEIGHT), palette_bytes())


def render_png(state: MatchState, events: Sequence[Event] = ()) -> bytes:
    """The board picture of `state` as PNG bytes. `events` are the recent engine events
    (the last turn or so): they give the last dice, the last path and the news lines."""
    return render_view(snapshot(state, events))
