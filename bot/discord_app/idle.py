"""Idle matches leave memory: a running match nobody has touched for `CHICAGO_IDLE_AFTER`
seconds keeps only its small shell (ids, seats, timer) and is reloaded from the store on
its next click, command or timer. A bot with thousands of slow matches (a move a day)
then holds only the few that are being played.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.discord_app.app import ChicagoBot

log = logging.getLogger("chicago.bot")


def sweep(bot: ChicagoBot) -> int:
    """Put to sleep every running match idle for longer than the setting; returns how many."""
    idle_after = bot.settings.idle_after
    now = bot.clock()
    slept = 0
    for runner in list(bot.router.by_id.values()):
        if (now - runner.last_used).total_seconds() >= idle_after and runner.sleep():
            slept += 1
    if slept:
        log.info("%s idle matches dropped from memory until their next move", slept)
    return slept


async def sweeper(bot: ChicagoBot) -> None:
    """Sweep a few times per idle period for as long as the bot runs."""
    every = max(15.0, bot.settings.idle_after / 4)
    while not bot.is_closed():
        await asyncio.sleep(every)
        try:
            sweep(bot)
        except Exception:
            log.exception("the idle sweep failed")
