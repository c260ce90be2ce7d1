"""Bootleg offline: its demo, simulator, speed figures and animated replay, as the
registry hands them to the CLI and to `/chicago replay` (`bot.games.offline.Offline`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bot.cli.output import CommandError, Progress, write_file
from bot.games.offline import Write, listed_kinds
from bot.games.quick_pictures import QuickPictures
from engine.bootleg import MAX_PLAYERS, MIN_PLAYERS
from engine.bootleg.computer import LEVELS

STRENGTH = ("normal", "easy")  # the yardstick: one normal seat among easy ones


class BootlegOffline(QuickPictures):
    title = "Bootleg"
    package = "bot.bootleg"

    def check_demo(self, args: argparse.Namespace) -> None:
        if args.level not in LEVELS:
            raise CommandError(
                f"Bootleg has no {args.level} level (levels: {', '.join(LEVELS)})", 2
            )
        if args.players is not None and not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
            raise CommandError(f"Bootleg seats {MIN_PLAYERS} to {MAX_PLAYERS} players", 2)

    def can_draw(self) -> bool:
        return True

    def demo(self, args: argparse.Namespace, write: Write, drawing: bool) -> None:
        from bot.bootleg.demo import play_bootleg_demo

        play_bootleg_demo(
            args.seed, args.players or 4, args.level, args.out, write, args.delay, args.save
        )

    def simulate(self, args: argparse.Namespace) -> int:
        """--seats lists one kind per player (in joining order); one kind alone with no
        --players plays the strength table: one normal seat among easy ones at 2, 3 and
        4 seats."""
        from bot.bootleg.simulation import format_bootleg_summary, simulate_bootleg

        kinds = listed_kinds(args.seats)
        missing = sorted(set(kinds) - set(LEVELS))
        if missing:
            levels = ", ".join(LEVELS)
            raise CommandError(f"Bootleg has no {', '.join(missing)} level (levels: {levels})", 2)
        if len(kinds) == 1 and args.players is None:
            tables = [[STRENGTH[0]] + [STRENGTH[1]] * (n - 1) for n in range(2, MAX_PLAYERS + 1)]
        else:
            players = args.players or len(kinds)
            tables = [kinds * players if len(kinds) == 1 else kinds]
        for table in tables:
            if not MIN_PLAYERS <= len(table) <= MAX_PLAYERS:
                raise CommandError(f"--seats lists {len(table)} kinds; Bootleg seats 2 to 4", 2)
            progress = Progress(f"playing Bootleg matches ({len(table)} seats)", args.matches)
            records = simulate_bootleg(
                args.matches, table, first_seed=args.seed, jobs=args.jobs,
                on_progress=progress.update,
            )  # fmt: skip
            progress.close()
            print(format_bootleg_summary(records))
        return 0

    def picture(self, args: argparse.Namespace) -> int:
        """A seeded random Bootleg match after `--decisions` decisions, as the table sees
        it (one picture, read on phones and desktops alike)."""
        import random

        from bot.bootleg.render import render_bootleg_png
        from engine.bootleg import apply, new_match, player_view, visible_events
        from engine.bootleg.random_play import random_decision

        state = new_match(args.players or 4, seed=args.seed)
        rng = random.Random(args.seed)
        events: list[Any] = []
        played = 0
        while state.result is None and played < args.decisions:
            seat, decision = random_decision(rng, state)
            events = list(apply(state, seat, decision))
            played += 1
        data = render_bootleg_png(player_view(state), visible_events(events, None))
        write_file(args.out, data)
        status = "match over" if state.result is not None else f"round {state.round}"
        print(
            f"wrote {args.out} ({len(data) / 1024:.1f} KB): seed {args.seed}, "
            f"{played} decisions, {status}"
        )
        return 0

    def sample_picture(self) -> bytes:
        from bot.bootleg.render import render_bootleg_png
        from engine.bootleg import new_match, player_view

        return render_bootleg_png(player_view(new_match(4, seed=1)), [])

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        from bot.bootleg.render.animation import animate_bootleg

        return animate_bootleg(setup, decisions)


OFFLINE = BootlegOffline()
