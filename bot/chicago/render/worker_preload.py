"""What every render worker needs, loaded once in the pool's fork server before it
forks a worker: the drawing modules, the fonts, the static board and its palette
indices. Each worker then starts as a copy of that process and shares those pages
with the others (copy-on-write) instead of loading its own, so a second worker costs
only what it draws.

Importing this module does the loading: the fork server imports the modules it is told
to preload, and nothing else.
"""

from __future__ import annotations

from bot.chicago.render.pool import warm

warm()
