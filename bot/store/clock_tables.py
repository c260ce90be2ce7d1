"""The store's rows of play over days: a running match's clocks, and each player's
notice choice (per server) and quiet hours. Written in the SQL both databases share."""

from __future__ import annotations

from bot.store.sql import SqlDatabase

NOTIFY_CHOICES = ("mention", "dm", "off")
DEFAULT_NOTIFY = "mention"


class ClockTables(SqlDatabase):
    """Match clocks, notice choices and quiet hours."""

    async def clocks(self, match_id: int) -> str | None:
        """The match's clocks as JSON (None: a live match, or not dealt yet)."""
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(
                "SELECT clocks FROM match_clocks WHERE match_id = ?", (match_id,)
            )
        return str(row[0]) if row else None

    async def running_clocks(self) -> dict[int, str]:
        """Every running match's clocks in one read, for start-up."""
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all(
                "SELECT c.match_id, c.clocks FROM match_clocks c "
                "JOIN matches m ON m.id = c.match_id WHERE m.status = 'running'"
            )
        return {int(r[0]): str(r[1]) for r in rows}

    async def set_clocks(self, match_id: int, clocks: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO match_clocks (match_id, clocks, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (match_id) DO UPDATE SET clocks = excluded.clocks, "
                "updated_at = excluded.updated_at",
                (match_id, clocks, self._now()),
            )

    async def notify_choice(self, guild_id: int, user_id: int) -> str:
        """How the player is told it is their turn on this server (default: a mention)."""
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(
                "SELECT notify FROM notice_choices WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
        return str(row[0]) if row else DEFAULT_NOTIFY

    async def set_notify_choice(self, guild_id: int, user_id: int, notify: str) -> None:
        if notify not in NOTIFY_CHOICES:
            raise ValueError(f"notify must be one of {NOTIFY_CHOICES}")
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO notice_choices (guild_id, user_id, notify) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO UPDATE SET notify = excluded.notify",
                (guild_id, user_id, notify),
            )

    async def quiet_hours(self, user_id: int) -> tuple[str, str] | None:
        """The player's quiet hours ("23:00-08:00", zone), or None."""
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(
                "SELECT hours, zone FROM quiet_hours WHERE user_id = ?", (user_id,)
            )
        return (str(row[0]), str(row[1])) if row else None

    async def set_quiet_hours(self, user_id: int, hours: str | None, zone: str = "") -> None:
        """Set the player's quiet hours, or (None) clear them."""
        async with self._transaction() as db:
            if hours is None:
                await db.execute("DELETE FROM quiet_hours WHERE user_id = ?", (user_id,))
                return
            await db.execute(
                "INSERT INTO quiet_hours (user_id, hours, zone) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET hours = excluded.hours, zone = excluded.zone",
                (user_id, hours, zone),
            )
