"""Turf offline: its demo, simulator, speed figures and animated replay, as the registry
hands them to the CLI and to `/chicago replay` (`bot.games.offline.Offline`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bot.cli.output import CommandError, Progress
from bot.games.offline import Write, listed_kinds
from engine.turf.computer import LEVELS


class TurfOffline:
    def check_demo(self, args: argparse.Namespace) -> None:
        if args.level not in LEVELS:
            raise CommandError(f"Turf has no {args.level} level yet", 2)

    def can_draw(self) -> bool:
        return True

    def demo(self, args: argparse.Namespace, write: Write, drawing: bool) -> None:
        from bot.turf.demo import play_turf_demo

        players = args.players or 4
        play_turf_demo(
            args.seed, players, args.level, args.round_limit, args.out, write, args.delay,
            args.save,
        )  # fmt: skip

    def simulate(self, args: argparse.Namespace) -> int:
        """Turf: --seats lists one kind per player (in joining order), or one kind for all."""
        from bot.turf.simulation import format_turf_summary, simulate_turf
        from engine.turf import DEFAULT_ROUND_LIMIT
        from engine.turf.computer import LEVELS as TURF_LEVELS

        kinds = listed_kinds(args.seats)
        missing = sorted(set(kinds) - set(TURF_LEVELS))
        if missing:
            levels = ", ".join(TURF_LEVELS)
            raise CommandError(f"Turf has no {', '.join(missing)} level yet (levels: {levels})", 2)
        players = args.players or (len(kinds) if len(kinds) > 1 else 4)
        if len(kinds) == 1:
            kinds = kinds * players
        if len(kinds) != players or not 2 <= players <= 6:
            raise CommandError(f"--seats lists {len(kinds)} kinds for {players} Turf players", 2)
        progress = Progress("playing Turf matches", args.matches)
        records = simulate_turf(
            args.matches,
            kinds,
            args.round_limit or DEFAULT_ROUND_LIMIT,
            first_seed=args.seed,
            jobs=args.jobs,
            on_progress=progress.update,
        )
        progress.close()
        print(format_turf_summary(records))
        return 0

    def bench(self, args: argparse.Namespace) -> int:
        """Turf measures its engine and its picture in one run."""
        if args.target != "engine":
            raise CommandError(f"bench {args.target} is for Chicago 1927; Turf has: engine", 2)
        from bot.turf import bench_engine

        return bench_engine.run(args)

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        from bot.turf.render.animation import animate_turf

        return animate_turf(setup, decisions)


OFFLINE = TurfOffline()
