"""Race to Ten offline: a demo told line by line, and a simulator counting who wins."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.cli.output import CommandError
from bot.games.offline import Write
from bot.session import MatchSession
from engine.common import PlayerSpec
from tests.race_game.show.game import GAME


def _played(seed: int) -> MatchSession:
    setup = GAME.make_setup(seed, [PlayerSpec("ann", "easy"), PlayerSpec("bob", "easy")], None)
    session, _ = MatchSession.new(setup, game=GAME)
    return session


class RaceOffline:
    def check_demo(self, args: argparse.Namespace) -> None:
        if args.level not in GAME.levels:
            raise CommandError(f"{GAME.title} has no {args.level} level", 2)

    def can_draw(self) -> bool:
        return False

    def demo(self, args: argparse.Namespace, write: Write, drawing: bool) -> None:
        session = _played(args.seed)
        for said in session.state.said:
            write(f"the total is {said}")
        write(f"{GAME.names(session.state)[session.state.turn]} says ten")

    def simulate(self, args: argparse.Namespace) -> int:
        wins = [0, 0]
        for seed in range(args.seed, args.seed + args.matches):
            wins[_played(seed).state.turn] += 1
        print(f"{args.matches} matches: first seat won {wins[0]}, second {wins[1]}")
        return 0

    def picture(self, args: argparse.Namespace) -> int:
        raise CommandError(f"{GAME.title} has no picture", 2)

    def sample_picture(self) -> bytes:
        raise CommandError(f"{GAME.title} has no picture", 2)

    def picture_workers(self, workers: int | None) -> str:
        return "no pictures"

    def replay_summary(self, file: str, replay: Any) -> None:
        print(f"{file}: {GAME.title}, total {replay.state.total}")

    def draw_replay(self, replay: Any, out: Path, as_gif: bool, jobs: int) -> None:
        raise CommandError(f"{GAME.title} has no picture", 2)

    def bench(self, args: argparse.Namespace) -> int:
        raise CommandError(f"{GAME.title} has no figures to measure", 2)

    def animate(self, setup: Any, decisions: Sequence[tuple[int, str]]) -> bytes:
        return b""


OFFLINE = RaceOffline()
