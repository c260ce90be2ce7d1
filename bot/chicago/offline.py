"""Chicago 1927 offline: its demo, simulator, speed figures and animated replay, as the
registry hands them to the CLI and to `/chicago replay` (`bot.games.offline.Offline`)."""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from typing import Any

from bot.chicago.demo import load_renderer, play_demo
from bot.chicago.simulation import SeatsError, format_summary, parse_seats
from bot.chicago.simulation import simulate as play_many
from bot.cli.output import CommandError, Progress
from bot.games.offline import Write
from engine.chicago import MatchOptions

# `chicago-bot bench TARGET`: the module that measures each target.
BENCHES = {
    "engine": "bot.benchmarks.engine",
    "render": "bot.benchmarks.render",
    "ai": "bot.benchmarks.ai",
    "store": "bot.benchmarks.store",
    "bot": "bot.benchmarks.bot",
    "replay": "bot.benchmarks.replay",
    "load": "bot.benchmarks.load",
}


class ChicagoOffline:
    def check_demo(self, args: argparse.Namespace) -> None:
        return None

    def can_draw(self) -> bool:
        return load_renderer() is not None

    def demo(self, args: argparse.Namespace, write: Write, drawing: bool) -> None:
        options = MatchOptions(marks_to_win=args.marks, round_limit=args.round_limit)
        renderer = load_renderer() if drawing else None
        play_demo(
            args.seed, args.bosses, args.level, options, args.out, renderer, write,
            args.delay, args.save,
        )  # fmt: skip

    def simulate(self, args: argparse.Namespace) -> int:
        """`chicago-bot simulate`: --seats lists the bosses then the police."""
        if args.players is not None:
            raise CommandError("--players is for --game turf; Chicago 1927 counts --bosses", 2)
        try:
            boss_kinds, police_kind = parse_seats(args.seats, args.bosses)
        except SeatsError as exc:
            raise CommandError(f"{exc} (try --help)", 2) from None
        options = MatchOptions(marks_to_win=args.marks, round_limit=args.round_limit)
        progress = Progress("playing matches", args.matches)
        summary = play_many(
            args.matches,
            len(boss_kinds),
            boss_kinds,
            police_kind,
            options,
            first_seed=args.seed,
            jobs=args.jobs,
            on_progress=progress.update,
        )
        progress.close()
        print(format_summary(summary))
        return 0

    def bench(self, args: argparse.Namespace) -> int:
        module = importlib.import_module(BENCHES[args.target])
        figures: int = module.run(args)
        return figures

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        from bot.chicago.render import animation

        return animation.animate(setup, decisions)


OFFLINE = ChicagoOffline()
