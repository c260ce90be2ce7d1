"""The Turf picture and its words: `render_turf_png(view, events)` draws what one seat
(or a spectator) may see; `turf_alt_text` says the same for screen readers."""

from bot.turf.render.alt_text import turf_alt_text
from bot.turf.render.picture import render_turf, render_turf_png

__all__ = ["render_turf", "render_turf_png", "turf_alt_text"]
