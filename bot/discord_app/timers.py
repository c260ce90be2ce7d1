"""The decision timer: a reminder at half time, then the safe default at the deadline.

The deadline is a wall-clock instant kept in the store, so after a restart the timer
resumes with the time it had left instead of starting over.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

log = logging.getLogger("chicago.bot")

Clock = Callable[[], datetime]
Action = Callable[[int], Awaitable[None]]


class DecisionTimer:
    """At most one running countdown: the one of the decision asked now."""

    def __init__(self, clock: Clock, remind: Action, expire: Action, match_id: int) -> None:
        self._clock = clock
        self._remind = remind
        self._expire = expire
        self._match_id = match_id
        self._task: asyncio.Task[None] | None = None
        self.seq: int | None = None
        self.deadline: datetime | None = None

    def start(self, seq: int, deadline: datetime, length: timedelta, remind: bool = True) -> None:
        """Count down to `deadline`; remind once when half of `length` is left (unless the
        reminder was already given before a restart)."""
        self.cancel()
        self.seq, self.deadline = seq, deadline
        self._task = asyncio.create_task(
            self._run(seq, deadline, length, remind), name=f"chicago-timer-{self._match_id}-{seq}"
        )

    def cancel(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        self.seq = self.deadline = None

    async def _run(self, seq: int, deadline: datetime, length: timedelta, remind: bool) -> None:
        try:
            half = deadline - length / 2
            wait = (half - self._clock()).total_seconds()
            if remind and wait > 0:
                await asyncio.sleep(wait)
                await self._remind(seq)
            wait = (deadline - self._clock()).total_seconds()
            if wait > 0:
                await asyncio.sleep(wait)
            await self._expire(seq)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %s: the timer of decision %s failed", self._match_id, seq)
