"""Keeping a store small and known: `prune` of old finished matches (their results stay
for history) and the counts backups and benchmarks print. Shared by both stores; each
gives back freed space its own way (`_reclaim_space`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.store.sql import SqlDatabase, fetch_value

_OLD_CLOSED = "status IN ('finished', 'abandoned') AND updated_at < ?"


@dataclass(frozen=True, slots=True)
class PruneReport:
    matches: int
    decisions: int
    kept_results: int


@dataclass(frozen=True, slots=True)
class StoreCounts:
    """How much the database holds, by match status; for backups and the benchmark."""

    by_status: dict[str, int]
    decisions: int
    results: int


class Maintenance(SqlDatabase):
    """`prune` and `counts`, on the tables both databases share."""

    async def prune(self, older_than: timedelta) -> PruneReport:
        """Remove finished and abandoned matches last changed before `older_than` ago,
        with their seats, log, snapshots and messages; their `results` rows stay for
        history. Freed space goes back to the database (or the disk)."""
        cutoff = self._now() - older_than.total_seconds()
        async with self._transaction() as db:
            decisions = await fetch_value(
                db,
                f"SELECT count(*) FROM decisions WHERE match_id IN "
                f"(SELECT id FROM matches WHERE {_OLD_CLOSED})",
                (cutoff,),
            )
            kept = await fetch_value(
                db,
                f"SELECT count(*) FROM results WHERE match_id IN "
                f"(SELECT id FROM matches WHERE {_OLD_CLOSED})",
                (cutoff,),
            )
            removed = await db.execute(f"DELETE FROM matches WHERE {_OLD_CLOSED}", (cutoff,))
        await self._reclaim_space()
        return PruneReport(removed, int(decisions), int(kept))

    async def _reclaim_space(self) -> None:
        """After a prune: hand freed pages back, where the database does not do it itself."""

    async def counts(self) -> StoreCounts:
        async with self._transaction(write=False) as db:
            rows = await db.fetch_all("SELECT status, count(*) FROM matches GROUP BY status")
            decisions = await fetch_value(db, "SELECT count(*) FROM decisions")
            results = await fetch_value(db, "SELECT count(*) FROM results")
        return StoreCounts({str(r[0]): int(r[1]) for r in rows}, int(decisions), int(results))
