"""Chicago 1927 offline: its demo, simulator, speed figures and animated replay, as the
registry hands them to the CLI and to `/chicago replay` (`bot.games.offline.Offline`)."""

from __future__ import annotations

import argparse
import asyncio
import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.chicago.demo import load_renderer, play_demo
from bot.chicago.narration import ENDINGS, FINAL_COUNT, money
from bot.chicago.simulation import SeatsError, format_summary, parse_seats
from bot.chicago.simulation import simulate as play_many
from bot.cli import one_line
from bot.cli.output import CommandError, Progress, write_file
from bot.cli.replay import VERIFIED, match_title, shown_name
from bot.games.offline import Write
from engine.chicago import MatchOptions

# `chicago-bot bench TARGET`: the module that measures each target.
BENCHES = {
    "engine": "bot.chicago.bench.engine",
    "render": "bot.chicago.bench.render",
    "ai": "bot.chicago.bench.ai",
    "store": "bot.chicago.bench.store",
    "bot": "bot.benchmarks.bot",
    "replay": "bot.chicago.bench.replay",
    "load": "bot.chicago.bench.load",
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

    def picture(self, args: argparse.Namespace) -> int:
        from bot.chicago.render import render_phone_png, render_png
        from bot.chicago.render.sample import moment_after

        moment = moment_after(args.seed, args.decisions, args.bosses)
        draw = render_phone_png if args.phone else render_png
        data = draw(moment.state, moment.events)
        write_file(args.out, data)
        state = moment.state
        status = "match over" if state.result is not None else f"round {state.round}"
        print(
            f"wrote {args.out} ({len(data) / 1024:.1f} KB): seed {args.seed}, "
            f"{moment.decisions} decisions, {status}"
        )
        return 0

    def sample_picture(self) -> bytes:
        from bot.chicago.render import render_png
        from engine.chicago import new_match

        return render_png(new_match(2, seed=1))

    def picture_workers(self, workers: int | None) -> str:
        from bot.chicago.render.pool import RenderPool

        return RenderPool(workers).kind

    def replay_summary(self, file: str, replay: Any) -> None:
        state = replay.state
        print(
            f"{one_line(file)}: {match_title(replay.match)}, seed {replay.setup.seed}, "
            f"{len(state.sides) - 1} bosses + police, {state.seq} decisions, {state.round} rounds"
        )
        print(VERIFIED)
        result = state.result
        if result is not None:
            winner = shown_name(state.sides[result.winner].name)
            print(f"winner: {winner}, {ENDINGS[result.reason]}")
            for rank, seat in enumerate(result.ranking, start=1):
                score = result.scores[seat]
                shown = "eliminated" if score is None else f"{FINAL_COUNT} {money(score)}"
                print(f"  {rank}. {shown_name(state.sides[seat].name):<24} {shown}")

    def draw_replay(self, replay: Any, out: Path, as_gif: bool, jobs: int) -> None:
        from bot.chicago.render import animation
        from bot.chicago.render.palette import palette_image
        from bot.cli.replay_frames import write_frames

        views = animation.turn_views(replay.setup, replay.decisions)
        write_frames(animation.draw_frames(views, jobs=jobs), palette_image(), out, as_gif)

    def bench(self, args: argparse.Namespace) -> int:
        module = importlib.import_module(BENCHES[args.target])
        figures: int = module.run(args)
        return figures

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        from bot.chicago.render import animation

        return animation.animate(setup, decisions)

    def screenshots(self, out: Path, readme: Path | None) -> list[Path]:
        from bot.chicago.preview_shots import take

        return asyncio.run(take(out, readme))


OFFLINE = ChicagoOffline()
