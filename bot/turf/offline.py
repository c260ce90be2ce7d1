"""Turf offline: its demo, simulator, speed figures and animated replay, as the registry
hands them to the CLI and to `/chicago replay` (`bot.games.offline.Offline`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bot.cli.output import CommandError, Progress, write_file
from bot.games.offline import Write, listed_kinds
from bot.games.quick_pictures import QuickPictures
from engine.turf.computer import LEVELS


class TurfOffline(QuickPictures):
    title = "Turf"
    package = "bot.turf"

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

    def picture(self, args: argparse.Namespace) -> int:
        """A seeded random Turf match after `--decisions` decisions, as the table sees
        it (Turf has one picture, read on phones and desktops alike)."""
        import random

        from bot.turf.render import render_turf_png
        from engine.turf import apply, new_match, player_view
        from engine.turf.random_play import random_decision

        state = new_match(args.players or 4, seed=args.seed)
        rng = random.Random(args.seed)
        events: list[Any] = []
        played = 0
        while state.result is None and played < args.decisions:
            seat, decision = random_decision(rng, state)
            events = list(apply(state, seat, decision))
            played += 1
        data = render_turf_png(player_view(state), events)
        write_file(args.out, data)
        status = "match over" if state.result is not None else f"round {state.round}"
        print(
            f"wrote {args.out} ({len(data) / 1024:.1f} KB): seed {args.seed}, "
            f"{played} decisions, {status}"
        )
        return 0

    def sample_picture(self) -> bytes:
        from bot.turf.render import render_turf_png
        from engine.turf import new_match, player_view

        return render_turf_png(player_view(new_match(4, seed=1)), [])

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        from bot.turf.render.animation import animate_turf

        return animate_turf(setup, decisions)


OFFLINE = TurfOffline()
