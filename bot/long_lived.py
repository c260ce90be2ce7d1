"""Start-up's objects set aside from the garbage collector.

Once its matches are loaded, a bot holds many thousands of long-lived objects: modules,
rules states, their caches. CPython's full collection walks every one of them, and with
matches loaded that walk holds the event loop for 30 ms or more (measured by `chicago-bot
bench render`), so a click's answer waits behind it. Frozen after start-up
(`gc.freeze`), they are no longer walked; later collections see only what was made
since. Cyclic garbage among frozen objects is never reclaimed, so this is done once,
right after a collection, by the running bot (not by every bot a test starts).
"""

from __future__ import annotations

import gc


def set_aside_start_up() -> int:
    """Collect, then freeze what is left; the number of objects now out of reach."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
