"""The Bootleg picture and its words: `render_bootleg_png(view, events)` draws what one
seat (or a spectator) may see; `bootleg_alt_text` says the same for screen readers."""

from bot.bootleg.render.alt_text import bootleg_alt_text
from bot.bootleg.render.picture import render_bootleg, render_bootleg_png

__all__ = ["bootleg_alt_text", "render_bootleg", "render_bootleg_png"]
