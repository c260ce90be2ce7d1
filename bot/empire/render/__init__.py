"""The Empire pictures and their words: `render_empire_png(view, events)` draws the full
city, `render_empire_phone_png` the close-up a phone reads, and `empire_alt_text` says
the same for screen readers. All three show only what everyone may know (EMPIRE §13)."""

from bot.empire.render.alt_text import empire_alt_text
from bot.empire.render.phone import render_empire_phone, render_empire_phone_png
from bot.empire.render.picture import render_empire, render_empire_png

__all__ = [
    "empire_alt_text",
    "render_empire",
    "render_empire_phone",
    "render_empire_phone_png",
    "render_empire_png",
]
