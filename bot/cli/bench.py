"""`chicago-bot bench TARGET`: speed figures, printed (never asserted)."""

from __future__ import annotations

import argparse

from bot.cli import add_bosses_option, add_game_options, count, positive_int, seed_number
from bot.cli.output import CommandError
from bot.database_url import is_postgres

DEFAULT_MATCHES = 200
DEFAULT_FINISHED = 1_000_000
DEFAULT_RUNNING = 1000
# Each render match gives about ten pictures, so fewer matches make a full sample; the
# hard computer level thinks for tens of milliseconds, so `ai` plays fewer too.
TARGET_MATCHES = {"render": 50, "load": 1000, "ai": 40}

# What each target measures; each game's offline side runs the ones it has.
TARGETS = {
    "engine": "random full matches through the rules engine",
    "render": "board picture render + PNG encode",
    "ai": "computer player decision time",
    "store": "match store: commit, load and start-up times on SQLite or PostgreSQL",
    "bot": "click to acknowledgement and next prompt, offline harness",
    "replay": "a full match's animation: size and time to make",
    "load": "memory, click latency and top click rate on one machine",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", choices=sorted(TARGETS), help="what to measure")
    parser.add_argument(
        "--matches",
        type=positive_int,
        default=None,
        metavar="N",
        help=f"matches to play (default {DEFAULT_MATCHES}; render: {TARGET_MATCHES['render']})",
    )
    parser.add_argument("--seed", type=seed_number, default=1, help="first seed (default 1)")
    add_bosses_option(parser)
    parser.add_argument(
        "--db",
        default=None,
        metavar="postgresql://…",
        help="store: measure on this PostgreSQL server, in databases made for the run and "
        "dropped after it (default: temporary SQLite files)",
    )
    parser.add_argument(
        "--finished",
        type=count,
        default=DEFAULT_FINISHED,
        metavar="N",
        help=f"store: finished matches in the larger database built for the scale figures, "
        f"each printed beside the same at 10,000 (default {DEFAULT_FINISHED:,}; 0 skips them)",
    )
    parser.add_argument(
        "--running",
        type=positive_int,
        default=DEFAULT_RUNNING,
        metavar="N",
        help=f"store: running matches in that database (default {DEFAULT_RUNNING:,})",
    )
    add_game_options(parser)


def run(args: argparse.Namespace) -> int:
    if args.db is not None and not (args.target == "store" and is_postgres(args.db)):
        raise CommandError("--db takes a postgresql:// address, for `bench store` only", code=2)
    if args.matches is None:
        args.matches = TARGET_MATCHES.get(args.target, DEFAULT_MATCHES)
    from bot.registry import offline_of

    return offline_of(args.game).bench(args)
