"""The half of an `Offline` that every game with a quick picture shares: its picture is
drawn on the event loop's own thread (no worker pool), its replay is told through its
presenter and drawn a frame a turn, and its speed figures are one `bench engine` run.

A game's package is laid out the same way (`render.animation` with `SCALE`, `frames`
and `turn_pictures`; `render.palette.palette_image`; `bench_engine.run`;
`preview_shots.take`), so these are found by the package's name: a game says only
what differs (its demo, simulator, sample pictures and animation)."""

from __future__ import annotations

import argparse
import asyncio
import importlib
from pathlib import Path
from typing import Any, ClassVar


class QuickPictures:
    title: ClassVar[str]  # the game's name in messages ("Turf")
    package: ClassVar[str]  # the package that shows it ("bot.turf")

    def _module(self, name: str) -> Any:
        return importlib.import_module(f"{self.package}.{name}")

    def picture_workers(self, workers: int | None) -> str:
        return "1 thread"  # the picture is quick to draw: no worker processes

    def replay_summary(self, file: str, replay: Any) -> None:
        from bot.cli.replay import summarise_other

        summarise_other(file, replay)

    def draw_replay(self, replay: Any, out: Path, as_gif: bool, jobs: int) -> None:
        """The table after every turn, drawn here (quick: no worker processes)."""
        from bot.cli.replay_frames import write_frames

        animation = self._module("render.animation")
        palette = self._module("render.palette").palette_image()
        pictures = animation.turn_pictures(replay.setup, replay.decisions)
        frames = animation.frames(pictures, animation.SCALE if as_gif else 1)
        write_frames(frames, palette, out, as_gif)

    def bench(self, args: argparse.Namespace) -> int:
        """The rules and the picture measured in one run."""
        from bot.cli.output import CommandError

        if args.target != "engine":
            raise CommandError(
                f"bench {args.target} is for Chicago 1927; {self.title} has: engine", 2
            )
        figures: int = self._module("bench_engine").run(args)
        return figures

    def screenshots(self, out: Path, readme: Path | None) -> list[Path]:
        shots: list[Path] = asyncio.run(self._module("preview_shots").take(out))
        return shots
