"""`chicago-bot render`: draw the board picture (or the phone picture) of a seeded random
match to a PNG file, drawn by the game's own offline side."""

from __future__ import annotations

import argparse

from bot.cli import add_bosses_option, add_game_options, count, seed_number
from bot.cli.output import check_output_file, path_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=seed_number, default=1, help="match seed (default 1)")
    parser.add_argument(
        "--decisions",
        type=count,
        default=0,
        metavar="K",
        help="random decisions to play first (default 0)",
    )
    add_bosses_option(parser)
    parser.add_argument(
        "--phone",
        action="store_true",
        help="draw the phone picture (570 px wide, read at 360) instead of the full board",
    )
    parser.add_argument(
        "--out",
        type=path_text,
        default="board.png",
        metavar="FILE",
        help="PNG file to write (default board.png)",
    )
    add_game_options(parser)


def run(args: argparse.Namespace) -> int:
    check_output_file(args.out)
    from bot.registry import offline_of

    return offline_of(args.game).picture(args)
