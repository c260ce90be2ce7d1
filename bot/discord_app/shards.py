"""Which servers' matches this bot process owns.

Discord puts a server on shard `(guild_id >> 22) % shard_count`; a process running some
of the shards (`CHICAGO_SHARD_IDS`) receives that server's events only, so it alone runs
the server's matches: their timers, prompts and posts, and their resumption at start-up.
Direct messages (a DM trade offer's Accept / Reject) reach shard 0 whoever owns the match:
`bot.discord_app.remote` applies those through the database for the owner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.settings import shard_list

DM_SHARD = 0  # Discord delivers direct messages to shard 0


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard a server's events arrive on (a DM's: shard 0)."""
    if guild_id is None:
        return DM_SHARD
    return (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards this process runs: `ids` of `count` in all; `ids` None runs them all
    (one process for the whole bot, the default)."""

    ids: tuple[int, ...] | None = None
    count: int | None = None

    @classmethod
    def of(cls, ids: Sequence[int] | None, count: int | None) -> Shards:
        if ids is not None and count is not None and len(set(ids)) >= count:
            ids = None  # every shard: the same as running them all
        return cls(tuple(sorted(set(ids))) if ids is not None else None, count)

    @property
    def every(self) -> bool:
        return self.ids is None

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the matches of `guild_id` (None: outside a server)."""
        if self.ids is None or self.count is None:
            return True
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        if self.ids is None:
            return "every shard" if self.count is None else f"all {self.count} shards"
        return f"shards {shard_list(self.ids)} of {self.count}"
