"""What a game does offline, without Discord: the demo, the simulator, its speed figures,
the animated replay and its screenshots. The CLI and `/chicago replay` reach a game's
`Offline` through the registry (`bot.registry.offline_of`), which imports it only when a
command needs it, so `--help` and the bot's start never load every game's drawing code."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

Write = Callable[[str], None]
W = TypeVar("W")
R = TypeVar("R")


class Offline(Protocol):
    def check_demo(self, args: argparse.Namespace) -> None:
        """Refuse demo options this game cannot play (raises CommandError)."""
        ...

    def can_draw(self) -> bool:
        """Whether this install can draw the game's picture."""
        ...

    def demo(self, args: argparse.Namespace, write: Write, drawing: bool) -> None:
        """Play and tell one all-computer match (`chicago-bot demo`), its pictures in
        `args.out` when `drawing`, its replay file in `args.save` when given."""
        ...

    def simulate(self, args: argparse.Namespace) -> int:
        """Many seeded all-computer matches and their statistics (`chicago-bot simulate`)."""
        ...

    def picture(self, args: argparse.Namespace) -> int:
        """One picture of a seeded random match to `args.out` (`chicago-bot render`)."""
        ...

    def sample_picture(self) -> bytes:
        """The picture of a fresh match, drawn as the table draws it (`chicago-bot
        doctor`'s proof that this install has what the game's pictures need)."""
        ...

    def picture_workers(self, workers: int | None) -> str:
        """How the bot would draw this game's pictures with `workers` set (None: as many
        as the machine suits), in words for `chicago-bot doctor`."""
        ...

    def replay_summary(self, file: str, replay: Any) -> None:
        """What `chicago-bot replay FILE` prints of a verified replay file."""
        ...

    def draw_replay(self, replay: Any, out: Path, as_gif: bool, jobs: int) -> None:
        """The match a turn a frame: a GIF at `out`, or a PNG a turn in folder `out`."""
        ...

    def bench(self, args: argparse.Namespace) -> int:
        """The speed figures of `chicago-bot bench TARGET --game KEY`."""
        ...

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        """The whole match as a GIF under Discord's attachment limit (slow: run it off
        the event loop)."""
        ...

    def screenshots(self, out: Path, readme: Path | None) -> list[Path]:
        """A seeded match played in the offline preview and photographed into `out`
        (`python -m bot.preview_shots --game KEY`); `readme`: where the README's shot
        goes, for the game that has one."""
        ...


def play_all(
    play: Callable[[W], R],
    work: Sequence[W],
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> list[R]:
    """`play` on every item of `work`, in order: here, or on `jobs` worker processes
    (`play` then a module-level function), telling `on_progress` each count done."""
    records: list[R] = []
    if jobs == 1:
        done: Iterable[R] = map(play, work)
        for record in done:
            records.append(record)
            if on_progress:
                on_progress(len(records))
        return records
    with ProcessPoolExecutor(jobs) as pool:
        for record in pool.map(play, work, chunksize=8):
            records.append(record)
            if on_progress:
                on_progress(len(records))
    return records


LEVEL_ALIASES = {"ai": "normal", "computer": "normal"}


def listed_kinds(text: str) -> list[str]:
    """The computer kinds a comma-separated --seats value names, "ai" and "computer"
    read as "normal" (each game then checks them against its own levels)."""
    return [LEVEL_ALIASES.get(k.strip().lower(), k.strip().lower()) for k in text.split(",")]
