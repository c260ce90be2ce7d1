"""The board picture: a pure function from a match state to PNG bytes.

`render_png(state, events)` draws in the calling thread; `render_png_async` draws in a
worker thread so the bot's event loop keeps answering clicks meanwhile.
"""

from bot.render.board import render_png, render_png_async

__all__ = ["render_png", "render_png_async"]
