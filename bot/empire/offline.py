"""Empire offline: its demo, simulator, speed figures and animated replay, as the
registry hands them to the CLI and to `/chicago replay` (`bot.games.offline.Offline`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.cli.output import CommandError, Progress, write_file
from bot.games.offline import Write, listed_kinds
from bot.games.quick_pictures import QuickPictures
from engine.empire import MAX_PLAYERS, MIN_PLAYERS
from engine.empire.computer import LEVELS

STRENGTH_SEATS = (3, 6)  # the yardstick: one normal seat among easy ones


class EmpireOffline(QuickPictures):
    title = "Empire"
    package = "bot.empire"

    def check_demo(self, args: argparse.Namespace) -> None:
        if args.level not in LEVELS:
            raise CommandError(f"Empire has no {args.level} level (levels: {', '.join(LEVELS)})", 2)
        if args.players is not None and not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
            raise CommandError(f"Empire seats {MIN_PLAYERS} to {MAX_PLAYERS} players", 2)

    def can_draw(self) -> bool:
        return True

    def demo(self, args: argparse.Namespace, write: Write, drawing: bool) -> None:
        from bot.empire.demo import play_empire_demo

        play_empire_demo(
            args.seed, args.players or 4, args.level, args.out if drawing else None, write,
            args.delay, args.save,
        )  # fmt: skip

    def simulate(self, args: argparse.Namespace) -> int:
        """--seats lists one level per player; one level alone with no --players plays the
        strength table: one normal seat among easy ones at 3 and 6 seats."""
        from bot.empire.simulation import format_empire_summary, simulate_empire

        kinds = listed_kinds(args.seats)
        missing = sorted(set(kinds) - set(LEVELS))
        if missing:
            levels = ", ".join(LEVELS)
            raise CommandError(f"Empire has no {', '.join(missing)} level (levels: {levels})", 2)
        if len(kinds) == 1 and args.players is None:
            tables = [["normal"] + ["easy"] * (n - 1) for n in STRENGTH_SEATS]
        else:
            players = args.players or len(kinds)
            tables = [kinds * players if len(kinds) == 1 else kinds]
        for table in tables:
            if not MIN_PLAYERS <= len(table) <= MAX_PLAYERS:
                raise CommandError(f"--seats lists {len(table)} kinds; Empire seats 2 to 6", 2)
            progress = Progress(f"playing Empire matches ({len(table)} seats)", args.matches)
            figures = simulate_empire(
                args.matches, table, first_seed=args.seed, jobs=args.jobs,
                on_progress=progress.update,
            )  # fmt: skip
            progress.close()
            print(format_empire_summary(table, figures))
        return 0

    def picture(self, args: argparse.Namespace) -> int:
        """A seeded random match after `--decisions` decisions: the full city."""
        import random

        from bot.empire.pictures import city_png
        from engine.empire import apply, new_match, player_view, visible_to
        from engine.empire.random_play import random_decision

        state = new_match(args.players or 4, seed=args.seed)
        rng = random.Random(args.seed)
        events: list[Any] = []
        played = 0
        while state.result is None and played < args.decisions:
            seat, decision = random_decision(rng, state)
            events = list(apply(state, seat, decision))
            played += 1
        data = city_png(player_view(state, None), visible_to(events, None))
        write_file(args.out, data)
        print(f"wrote {args.out} ({len(data) / 1024:.1f} KB): seed {args.seed}, {played} decisions")
        return 0

    def sample_picture(self) -> bytes:
        from bot.empire.pictures import phone_png
        from engine.empire import new_match, player_view

        return phone_png(player_view(new_match(4, seed=1), None), [])

    def draw_replay(self, replay: Any, out: Path, as_gif: bool, jobs: int) -> None:
        from bot.empire.animation import write_replay

        write_replay(replay.setup, replay.decisions, out, as_gif)

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        from bot.empire.animation import animate_empire

        return animate_empire(setup, decisions)


OFFLINE = EmpireOffline()
