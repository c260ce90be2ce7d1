"""A bot stand-in for the crash test: applies random decisions to several matches as fast
as it can, committing each, and reports `match seq` after each commit returns. Killed with
SIGKILL at a random moment; run again, it resumes every match from the database.

    python -m tests.store.crash_writer DB SEED

DB is an SQLite file or a PostgreSQL address.
"""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Callable

from bot.database_url import parse_location
from bot.store import MatchStatus, load_state, snapshot_due, snapshot_of
from bot.store.location import open_store
from engine.chicago import MatchState
from tests.store.helpers import finish, start, step

MATCHES = 4


async def main(path: str, seed: int, report: Callable[[str], None]) -> None:
    rng = random.Random(seed)
    async with open_store(parse_location(path)) as store:
        live: dict[int, MatchState] = {}
        for match in await store.active_matches():
            if match.status is MatchStatus.LOBBY:  # killed between creating and starting
                await store.finish(match.match_id, MatchStatus.ABANDONED)
            else:
                state = await load_state(store, match.match_id)
                if state.result is None:
                    live[match.match_id] = state
                else:  # killed between its last decision and being marked finished
                    await finish(store, match.match_id, state)
        channel = 1000 * seed
        while len(live) < MATCHES:
            channel += 1
            match_id, state = await start(store, channel, seed=rng.randrange(1 << 30))
            live[match_id] = state
        report("ready")
        while True:
            match_id = rng.choice(sorted(live))
            state = live[match_id]
            record = step(state, rng)
            snapshot = snapshot_of(state) if snapshot_due(record.seq) else None
            await store.append_decisions(match_id, [record], snapshot)
            report(f"{match_id} {record.seq}")
            if state.result is not None:
                await finish(store, match_id, state)
                del live[match_id]
                channel += 1
                new_id, new_state = await start(store, channel, seed=rng.randrange(1 << 30))
                live[new_id] = new_state


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), lambda line: print(line, flush=True)))
