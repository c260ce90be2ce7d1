"""Idle matches leave memory: a running match nobody has touched for `CHICAGO_IDLE_AFTER`
seconds keeps only its small shell (ids, seats, timer) and is reloaded from the store on
its next click, command or timer. A bot with thousands of slow matches (a move a day)
then holds only the few that are being played.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime

from bot.discord_app.tables import Tables

log = logging.getLogger("chicago.bot")


def sweep(tables: Tables, idle_after: float, now: datetime) -> int:
    """Put to sleep every running match idle for longer than `idle_after` seconds;
    returns how many."""
    slept = 0
    for match in tables.running():
        if (now - match.last_used).total_seconds() >= idle_after and match.sleep():
            slept += 1
    if slept:
        log.info("%s idle matches dropped from memory until their next move", slept)
    return slept


async def sweeper(
    tables: Tables, idle_after: float, clock: Callable[[], datetime], closed: Callable[[], bool]
) -> None:
    """Sweep a few times per idle period for as long as the bot runs."""
    every = max(15.0, idle_after / 4)
    while not closed():
        await asyncio.sleep(every)
        try:
            sweep(tables, idle_after, clock())
        except Exception:
            log.exception("the idle sweep failed")
