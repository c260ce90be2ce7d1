"""The board pictures: pure functions from a match state to PNG bytes, and their words.

`render_png(state, events)` draws the full board in the calling thread; `render_png_async`
draws it in a worker so the bot's event loop keeps answering clicks meanwhile (and
`render_phone_png_async` the phone picture).
`render_phone_png` draws the phone picture (a close-up of the turn and every side's
figures, read at 360 px wide), and `alt_text` describes either for screen readers.
"""

from bot.chicago.render.alt_text import alt_text
from bot.chicago.render.board import render_png
from bot.chicago.render.phone import render_phone_png
from bot.chicago.render.pool import render_phone_png_async, render_png_async

__all__ = [
    "alt_text",
    "render_phone_png",
    "render_phone_png_async",
    "render_png",
    "render_png_async",
]
