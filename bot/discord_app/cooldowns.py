"""Abuse limits: a cooldown per user on commands that post pictures, a limit on how
fast one user's clicks are answered, and how many lobbies one user may hold open.

Drawing and uploading a picture is the most expensive thing the bot does, and a
private answer is a Discord request too: one user hammering a button must cost one
polite answer, not one per click.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

# Picture commands (`/chicago board` and the like) one user may use per window: a
# private look and then showing the channel is fine, a stream of pictures is not.
PICTURES_PER_WINDOW = 2
PICTURE_WINDOW = 20.0
# Picture commands (qualified names); other modules add theirs with `picture_command`.
PICTURE_COMMANDS: set[str] = {"chicago board", "chicago replay"}
# More than this many refused clicks (not theirs to make, passed, double) by one user
# inside the window are not answered one by one. Clicks that count are never limited:
# the game itself paces them.
REFUSALS_PER_WINDOW = 5
CLICK_WINDOW = 5.0
# Lobbies one user may host at once, across every server.
LOBBIES_PER_USER = 2

SLOW_DOWN = (
    "Easy on the buttons: your clicks are coming faster than the table can follow. "
    "I'll count your next click in a few seconds."
)


def picture_command(name: str) -> str:
    """Register a command that posts pictures (its qualified name, e.g. "chicago replay")."""
    PICTURE_COMMANDS.add(name)
    return name


def cooldown_text(seconds_left: float) -> str:
    return f"That command draws a picture; you can use it again in {max(1, round(seconds_left))} s."


class Cooldowns:
    """At most `uses` per `window` seconds for each (user, command)."""

    def __init__(
        self,
        now: Callable[[], float],
        uses: int = PICTURES_PER_WINDOW,
        window: float = PICTURE_WINDOW,
    ) -> None:
        self.uses = uses
        self.window = window
        self._now = now
        self._used: dict[tuple[int, str], deque[float]] = {}

    def wait(self, user_id: int, command: str) -> float:
        """Seconds left before `user_id` may use `command` again (0: go ahead, and the
        use is recorded)."""
        now = self._now()
        used = self._used.setdefault((user_id, command), deque())
        while used and now - used[0] >= self.window:
            used.popleft()
        if len(used) >= self.uses:
            return self.window - (now - used[0])
        used.append(now)
        if len(self._used) > 10_000:
            self._used = {k: d for k, d in self._used.items() if d and now - d[-1] < self.window}
        return 0.0


class Answer(Enum):
    """How to treat a click: answer it as usual, say "slow down" once, or stay quiet."""

    OK = "ok"
    WARN = "warn"
    QUIET = "quiet"


@dataclass
class _Clicks:
    times: deque[float] = field(default_factory=deque)
    warned: bool = False


class ClickGuard:
    """Per user: refused clicks within the window are counted; up to the limit each is
    answered, the next one gets `SLOW_DOWN`, and later ones are acknowledged silently
    until the user pauses for a whole window."""

    def __init__(
        self,
        now: Callable[[], float],
        limit: int = REFUSALS_PER_WINDOW,
        window: float = CLICK_WINDOW,
    ) -> None:
        self._now = now
        self.limit = limit
        self.window = window
        self._users: dict[int, _Clicks] = {}

    def refused(self, user_id: int) -> Answer:
        """How to answer this user's latest refused click."""
        now = self._now()
        seen = self._users.setdefault(user_id, _Clicks())
        while seen.times and now - seen.times[0] >= self.window:
            seen.times.popleft()
        if not seen.times:
            seen.warned = False
        seen.times.append(now)
        if len(self._users) > 10_000:
            self._forget(now)
        if len(seen.times) <= self.limit:
            return Answer.OK
        if seen.warned:
            return Answer.QUIET
        seen.warned = True
        return Answer.WARN

    def _forget(self, now: float) -> None:
        self._users = {
            user: seen
            for user, seen in self._users.items()
            if seen.times and now - seen.times[-1] < self.window
        }
