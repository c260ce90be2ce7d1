"""Stopping politely: on SIGTERM or SIGINT (a `docker stop`, `systemctl stop`, a host
redeploying, Ctrl-C) the bot stops taking clicks with a private word, lets the decision
in flight finish and commit, closes the database and exits 0. Every match is in the
store, so the next start resumes it where it was.

Also the heartbeat file the container's health check reads: written while the bot is
connected, so "healthy" means "talking to Discord", not merely "process alive".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import time
from pathlib import Path
from typing import Protocol

from bot.discord_app.lobby_room import Lobby
from bot.discord_app.tables import Tables
from bot.verdicts import Verdict, say

log = logging.getLogger("chicago.bot")

STOPPING = say(Verdict.STOPPING)


class Stoppable(Protocol):
    """The bot as stopping and the heartbeat see it."""

    stopping: bool
    background: set[asyncio.Task[None]]

    @property
    def tables(self) -> Tables: ...

    async def close(self) -> None: ...

    def is_closed(self) -> bool: ...

    def is_ready(self) -> bool: ...


# How long a decision in flight may take to finish before the bot closes anyway.
GRACE_SECONDS = 20.0
HEARTBEAT_EVERY = 30.0
# The health check calls the bot dead when the heartbeat is older than this.
HEARTBEAT_STALE = 120.0


async def drain(bot: Stoppable, grace: float = GRACE_SECONDS) -> None:
    """Refuse new work, wait for every match's work in flight, then close the bot.

    Each match's lock is taken and kept: a decision being applied finishes (committed
    and posted) before its lock is free, and nothing starts after it. Timers are
    cancelled only once their match is quiet, so a timeout is never cut in half."""
    if bot.stopping:
        return
    bot.stopping = True
    tables = list(bot.tables.by_id.values())
    log.info("stopping: finishing the decisions in flight (%s matches)", len(tables))
    held: list[asyncio.Lock] = []
    try:
        async with asyncio.timeout(grace):
            for table in tables:
                await table.lock.acquire()
                held.append(table.lock)
                if not isinstance(table, Lobby):
                    table.timer.cancel()
    except TimeoutError:
        log.warning("stopping: a decision was still in flight after %.0f s", grace)
    try:
        await bot.close()
    finally:
        for lock in held:
            lock.release()
    log.info("stopped: every match is saved and resumes at the next start")


def install_signal_handlers(bot: Stoppable) -> None:
    """SIGTERM and SIGINT start `drain` once; a second signal is ignored (it is
    already stopping)."""
    loop = asyncio.get_running_loop()

    def stop(name: str) -> None:
        if bot.stopping:
            return
        log.info("received %s", name)
        task = loop.create_task(drain(bot), name="chicago-shutdown")
        bot.background.add(task)
        task.add_done_callback(bot.background.discard)

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            loop.add_signal_handler(sig, stop, sig.name)


async def stopped(bot: Stoppable) -> None:
    """Wait for a signal's `drain` to finish (the connection closes before the
    database does), so `asyncio.run` does not cancel it half-way."""
    for task in list(bot.background):
        if task.get_name() == "chicago-shutdown":
            await task


def write_heartbeat(path: Path, ready: bool, matches: int) -> None:
    """One small JSON file, replaced whole (never half-written)."""
    data = {"time": time.time(), "ready": ready, "matches": matches}
    partial = path.with_name(path.name + ".tmp")
    partial.write_text(json.dumps(data))
    partial.replace(path)


async def heartbeat(bot: Stoppable, path: Path, every: float = HEARTBEAT_EVERY) -> None:
    """Write the heartbeat while the bot runs; remove it when the bot stops."""
    try:
        while not bot.is_closed():
            try:
                write_heartbeat(path, bot.is_ready(), len(bot.tables.by_id))
            except OSError as exc:
                log.warning("cannot write the heartbeat file %s: %s", path, exc.strerror)
            await asyncio.sleep(every)
    finally:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def heartbeat_problem(path: Path, stale: float = HEARTBEAT_STALE) -> str | None:
    """Why the running bot looks unhealthy by its heartbeat file, or None."""
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return f"no heartbeat at {path}: the bot is not running (or still starting)"
    except (OSError, ValueError) as exc:
        return f"heartbeat {path} cannot be read: {exc}"
    age = time.time() - float(data.get("time", 0))
    if age > stale:
        return f"the last heartbeat is {age:.0f} s old: the bot is stuck or stopped"
    if not data.get("ready"):
        return "the bot runs but is not connected to Discord"
    return None
