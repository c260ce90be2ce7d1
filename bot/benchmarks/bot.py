"""`chicago-bot bench bot`: how fast the bot answers clicks, in the offline harness.

Players click the buttons of seeded matches (every seat a person, a random legal option
each time, a few seconds of thinking between clicks). For each click it times, from the
moment the interaction reaches discord.py: its acknowledgement (Discord allows 3 s; the
target is p99 ≤ 50 ms) and the request carrying the next prompt's buttons, board picture
included (target p95 ≤ 150 ms). Requests are timed as they leave the bot, so the network
is excluded. It also counts the most messages the channel got in any 5 seconds of the
offline clock (Discord allows about 5), and what the store did per click, by stage:
durable transactions (each waits for the disk; target 1), message notes (committed
without waiting for the disk), reads, and the time spent in the store (target median
≤ 1 ms).
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.benchmarks import percentile
from bot.preview_extra import missing
from bot.store import SqliteStore, StoreStats

CLICKS = 300
THINK = (1.0, 4.0)  # seconds a player takes to click, on the offline clock
WINDOW = timedelta(seconds=5)
TARGET_ACK_P99_MS = 50.0
TARGET_PROMPT_P95_MS = 150.0
TARGET_DURABLE_PER_CLICK = 1
TARGET_STORE_MS = 1.0
NAMES = ("alice", "bob", "carol", "dave", "erin")
INSTALL = "chicago-bot bench bot needs simcord, the offline Discord: pip install '.[test]'"


class TimedLog(list[Any]):
    """simcord's request log, with the moment each request left the bot."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, entry: Any) -> None:
        self.times.append(time.perf_counter())
        super().append(entry)


@dataclass
class Figures:
    ack: list[float] = field(default_factory=list)
    edited: list[float] = field(default_factory=list)  # the prompt edited in place
    posted: list[float] = field(default_factory=list)  # a new prompt, board attached
    deferred: int = 0  # prompts held back by the channel's rate limit
    matches: int = 0
    durable: list[int] = field(default_factory=list)  # per click
    notes: list[int] = field(default_factory=list)
    reads: list[int] = field(default_factory=list)
    store_ms: list[float] = field(default_factory=list)
    working_ms: list[float] = field(default_factory=list)

    @property
    def prompt(self) -> list[float]:
        return self.edited + self.posted


def carries_seq(json: Any, prefix: str, seq: int) -> bool:
    """Whether a request body holds decision buttons of the match numbered after `seq`."""
    if isinstance(json, dict):
        custom_id = json.get("custom_id")
        if isinstance(custom_id, str) and custom_id.startswith(prefix):
            number = custom_id[len(prefix) :].split(":", 1)[0]
            if number.isdigit() and int(number) > seq:
                return True
        return any(carries_seq(v, prefix, seq) for v in json.values())
    if isinstance(json, list):
        return any(carries_seq(v, prefix, seq) for v in json)
    return False


def most_in_window(times: list[datetime]) -> int:
    ordered = sorted(times)
    return max(
        (sum(1 for t in ordered if start <= t < start + WINDOW) for start in ordered), default=0
    )


async def measure(args: argparse.Namespace, db: Path) -> tuple[Figures, int]:
    from bot.preview import OfflineServer, live_decisions, quicken_clicks

    quicken_clicks()
    rng = random.Random(args.seed)
    people = NAMES[: args.bosses + 1]
    server = await OfflineServer(db, people, computer_delay=0.0, seed=args.seed).start()
    figures = Figures()
    store = server.bot.store
    stats = store.stats if isinstance(store, SqliteStore) else StoreStats()
    log = TimedLog()
    server.env.backend.http_requests = log
    arrived: list[float] = []
    server.env._register_dispatch_observer(lambda _: arrived.append(time.perf_counter()))
    busiest = 0
    try:
        clicks = 0
        while clicks < CLICKS:
            await server.open_match(args.bosses, people)
            await server.start_match()
            figures.matches += 1
            while clicks < CLICKS and (prompt := server.prompt()) is not None:
                button = rng.choice(live_decisions(prompt))
                assert button.seq is not None
                match = button.custom_id.split(":")[1]
                mark = len(log)
                before = copy.copy(stats)
                await server.decider(prompt).click(prompt, custom_id=button.custom_id)
                clicks += 1
                figures.durable.append(stats.durable - before.durable)
                figures.notes.append(stats.notes - before.notes)
                figures.reads.append(stats.reads - before.reads)
                figures.store_ms.append(1000 * (stats.seconds - before.seconds))
                figures.working_ms.append(1000 * (stats.working - before.working))
                start = arrived[-1]
                sent = list(zip(log[mark:], log.times[mark:], strict=True))
                ack = next(t for e, t in sent if e.path.startswith("/interactions/"))
                figures.ack.append(ack - start)
                shown = next(
                    (
                        (e, t)
                        for e, t in sent
                        if e.path.startswith("/channels/")
                        and carries_seq(e.json, f"chicago:{match}:", button.seq)
                    ),
                    None,
                )
                if shown is None:
                    if server.prompt() is not None:
                        figures.deferred += 1
                elif shown[0].method == "POST":
                    figures.posted.append(shown[1] - start)
                else:
                    figures.edited.append(shown[1] - start)
                await server.env.advance_time(rng.uniform(*THINK))
            busiest = max(busiest, most_in_window([m.created_at for m in server.history()]))
            server.channel = server.guild.create_text_channel(f"chicago-{figures.matches + 1}")
    finally:
        await server.close()
    return figures, busiest


def _row(name: str, values: list[float], share: float, target: float | None = None) -> str:
    ms = [1000 * v for v in values]
    if not ms:
        return f"  {name:<38}{0:>7}"
    goal = f"   target p{round(share * 100)} ≤ {target:g} ms" if target else ""
    return (
        f"  {name:<38}{len(ms):>7}{statistics.median(ms):>9.1f}{percentile(ms, 0.95):>9.1f}"
        f"{percentile(ms, 0.99):>9.1f}{max(ms):>9.1f}{goal}"
    )


def run(args: argparse.Namespace) -> int:
    if missing(["simcord"]):
        print(INSTALL)
        return 1
    import asyncio

    with tempfile.TemporaryDirectory(prefix="chicago-bench-") as folder:
        began = time.perf_counter()
        figures, busiest = asyncio.run(measure(args, Path(folder) / "bench.db"))
        spent = time.perf_counter() - began
    print(
        f"bot benchmark: {len(figures.ack)} clicks in {figures.matches} match(es) of "
        f"{args.bosses} bosses + police, seed {args.seed}, offline harness ({spent:.1f} s)"
    )
    print(
        f"  {'from the click to':<38}{'n':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}"
    )
    print(_row("its acknowledgement", figures.ack, 0.99, TARGET_ACK_P99_MS))
    print(_row("the next prompt (all)", figures.prompt, 0.95, TARGET_PROMPT_P95_MS))
    print(_row("  same player: prompt edited", figures.edited, 0.95))
    print(_row("  next turn: new message + board", figures.posted, 0.95))
    if figures.deferred:
        print(f"  prompts held back by the channel's rate limit: {figures.deferred}")
    print(f"  most messages in one channel in any 5 s: {busiest} (Discord allows about 5)")
    print(store_figures(figures))
    return 0


def store_figures(figures: Figures) -> str:
    """What the store did per click, by stage."""
    clicks = max(1, len(figures.durable))

    def mean(values: list[int]) -> float:
        return sum(values) / clicks

    most = max(figures.durable, default=0)
    ms = figures.store_ms or [0.0]
    working = figures.working_ms or [0.0]
    return "\n".join(
        (
            "store per click, by stage:",
            f"  durable transactions (decisions, timer, settled messages): mean "
            f"{mean(figures.durable):.2f}, most {most}   target {TARGET_DURABLE_PER_CLICK}",
            f"  message notes (new prompt or DM ids, not waiting for the disk): mean "
            f"{mean(figures.notes):.2f}",
            f"  reads: mean {mean(figures.reads):.2f}",
            f"  time in the store's thread (the writes themselves): median "
            f"{statistics.median(working):.2f} ms, p95 {percentile(working, 0.95):.2f} ms   "
            f"target median ≤ {TARGET_STORE_MS:g} ms",
            f"  time the click waits on the store (with the event loop's delays): median "
            f"{statistics.median(ms):.2f} ms, p95 {percentile(ms, 0.95):.2f} ms",
        )
    )
