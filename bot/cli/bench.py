"""`chicago-bot bench engine|render|ai`: speed figures, printed (never asserted)."""

from __future__ import annotations

import argparse
import importlib

from bot.cli import positive_int
from engine.limits import BOSS_COUNTS, DEFAULT_BOSSES

TARGETS = {
    "engine": ("bot.benchmarks.engine", "random full matches through the rules engine"),
    "render": ("bot.benchmarks.render", "board picture render + PNG encode"),
    "ai": ("bot.benchmarks.ai", "computer player decision time"),
    "store": ("bot.benchmarks.store", "match store: commit, load and start-up times on SQLite"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", choices=sorted(TARGETS), help="what to measure")
    parser.add_argument(
        "--matches", type=positive_int, default=200, help="matches to play (default 200)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--bosses", type=int, choices=BOSS_COUNTS, default=DEFAULT_BOSSES)


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(TARGETS[args.target][0])
    result: int = module.run(args)
    return result
