"""The store's match rows: a match from its lobby to its start, its seats, the
messages and timer the bot keeps for it, finding open matches, and each server's
settings."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.store.interface import ChannelTaken, MatchRecord, MatchStatus, SeatRecord, StoreError
from bot.store.rows import (
    OPEN,
    dump_json,
    engine_version,
    from_stamp,
    read_match,
    read_matches,
    require_match,
    touch,
)
from bot.store.sql import RowConflict, SqlDatabase, fetch_value
from bot.store.step_sql import message_statements, timer_statement


class MatchTables(SqlDatabase):
    """Matches, seats, messages, timers and server settings."""

    # -- lobby and seats --------------------------------------------------------------

    async def create_match(
        self,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        settings: dict[str, Any],
        seed: int,
    ) -> MatchRecord:
        now = self._now()
        async with self._transaction() as db:
            taken = await fetch_value(
                db, f"SELECT count(*) FROM matches WHERE channel_id = ? AND status IN {OPEN}",
                (channel_id,),
            )  # fmt: skip
            if taken:
                raise ChannelTaken(f"channel {channel_id} already has an open match")
            try:
                match_id = await db.insert_id(
                    "INSERT INTO matches (guild_id, channel_id, host_id, status, settings, "
                    "seed, engine_version, created_at, updated_at) "
                    "VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                    (
                        guild_id,
                        channel_id,
                        host_id,
                        dump_json(settings),
                        db.seed_param(seed),
                        engine_version(),
                        now,
                        now,
                    ),
                )
            except RowConflict:  # another process opened one since the check above
                raise ChannelTaken(f"channel {channel_id} already has an open match") from None
        return MatchRecord(
            match_id, guild_id, channel_id, host_id, MatchStatus.LOBBY, dict(settings), seed,
            engine_version(), from_stamp(now), from_stamp(now),
        )  # fmt: skip

    async def set_seats(self, match_id: int, seats: Sequence[SeatRecord]) -> None:
        async with self._transaction() as db:
            await require_match(db, match_id)
            await db.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            await db.executemany(
                "INSERT INTO seats (match_id, idx, role, name, user_id, computer, controller) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, i, s.role, s.name, s.user_id, s.computer, s.controller)
                    for i, s in enumerate(seats)
                ],
            )
            await touch(db, match_id, self._now())

    async def update_settings(self, match_id: int, settings: dict[str, Any]) -> None:
        async with self._transaction() as db:
            await require_match(db, match_id)
            await db.execute(
                "UPDATE matches SET settings = ?, updated_at = ? WHERE id = ?",
                (dump_json(settings), self._now(), match_id),
            )

    async def start_match(self, match_id: int, setup_json: str) -> None:
        async with self._transaction() as db:
            status = await require_match(db, match_id)
            if status != MatchStatus.LOBBY:
                raise StoreError(f"match {match_id} is {status}, not in its lobby")
            await db.execute(
                "UPDATE matches SET status = 'running', setup = ?, engine_version = ?, "
                "updated_at = ? WHERE id = ?",
                (setup_json, engine_version(), self._now(), match_id),
            )

    # -- finding matches --------------------------------------------------------------

    async def match(self, match_id: int) -> MatchRecord:
        """One match row with its seats; StoreError if there is none."""
        async with self._transaction(write=False) as db:
            return await read_match(db, match_id)

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        async with self._transaction(write=False) as db:
            records = await read_matches(
                db, f"WHERE channel_id = ? AND status IN {OPEN}", (channel_id,)
            )
        return records[0] if records else None

    async def active_matches(self) -> list[MatchRecord]:
        # Phrased so that SQLite finds the open matches through the partial index of
        # open channels; a plain `WHERE status IN` reads every match ever played.
        async with self._transaction(write=False) as db:
            return await read_matches(
                db, f"WHERE id IN (SELECT id FROM matches WHERE status IN {OPEN})", ()
            )

    # -- messages and timers ----------------------------------------------------------

    async def set_message(self, match_id: int, purpose: str, message_id: int | None) -> None:
        async with self._transaction() as db:
            await require_match(db, match_id)
            for sql, params in message_statements(match_id, {purpose: message_id}):
                await db.execute(sql, params)

    async def messages(self, match_id: int) -> dict[str, int]:
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all(
                "SELECT purpose, message_id FROM messages WHERE match_id = ?", (match_id,)
            )
        return {purpose: message_id for purpose, message_id in rows}

    async def set_deadline(self, match_id: int, seq: int, deadline: datetime | None) -> None:
        async with self._transaction() as db:
            await require_match(db, match_id)
            await db.execute(*timer_statement(match_id, seq, deadline))

    async def deadline(self, match_id: int) -> tuple[int, datetime] | None:
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(
                "SELECT seq, deadline FROM timers WHERE match_id = ?", (match_id,)
            )
        return (row[0], from_stamp(row[1])) if row else None

    # -- per-server settings ----------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """The server's `/chicago settings` ({} when none were ever set)."""
        async with self._transaction(write=False) as db:
            row = await db.fetch_one(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return dict(json.loads(row[0])) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict[str, Any]) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, "
                "updated_at = excluded.updated_at",
                (guild_id, dump_json(settings), self._now()),
            )
