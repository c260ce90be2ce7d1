"""`chicago-bot bench load`: one click per match in flight, however far behind its
schedule the bench runs, and a run that fails stops at once with an error code."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from bot.chicago.bench import load


@dataclass
class Option:
    decision: str
    available: bool = True


@dataclass
class Pending:
    seat: int = 0
    options: list[Option] = field(default_factory=lambda: [Option("roll")])


@dataclass
class Session:
    seq: int = 0
    pending: Pending = field(default_factory=Pending)


class Runner:
    """A match whose decisions take a while, noting clicks that overlap."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self.closed = False
        self.session = Session()
        self.in_flight = 0
        self.overlaps = 0
        self.clicks = 0

    async def decide(self, user_id: int, seq: int, decision: str) -> str | None:
        self.in_flight += 1
        self.overlaps += self.in_flight > 1
        await asyncio.sleep(0.002)
        self.in_flight -= 1
        if seq != self.session.seq:
            return "Already done: your choice was counted once."
        self.session.seq += 1
        self.clicks += 1
        return None


async def test_a_bench_behind_its_schedule_never_clicks_one_match_twice() -> None:
    runners = [Runner(n) for n in range(3)]
    tables = [load.Table(r, [1]) for r in runners]  # type: ignore[arg-type]
    # 2,000 clicks a second on three matches: the loop falls behind and schedules its
    # clicks in bursts, each burst longer than the list of matches.
    latencies, skipped = await load.steady(tables, 2000.0, 0.2, random.Random(1))
    assert sum(r.clicks for r in runners) == len(latencies) > 0
    assert skipped > 0  # the busy matches were passed over, not clicked again
    assert [r.overlaps for r in runners] == [0, 0, 0]
    assert not any(t.busy for t in tables)


FAILING_RUN = """
import sys
from bot.discord_app.game_table import GameTable

original = GameTable.decide
calls = 0

async def decide(self, user_id, seq, decision):
    global calls
    calls += 1
    if calls == 7:
        return "refused on purpose"
    return await original(self, user_id, seq, decision)

GameTable.decide = decide
from bot.cli import main
sys.exit(main(["bench", "load", "--matches", "2"]))
"""


def test_a_failing_load_run_exits_at_once_with_an_error_code() -> None:
    began = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", FAILING_RUN], capture_output=True, text=True, timeout=120
    )
    took = time.monotonic() - began
    said: Any = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "bench load stopped" in said and "refused on purpose" in said, said
    assert "Traceback" not in said, said
    assert took < 60, f"the failed run took {took:.0f} s to exit"
