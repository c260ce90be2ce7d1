"""`chicago-bot simulate`: play many seeded all-computer matches and print statistics.

    chicago-bot simulate --matches 2000 --seats normal,random,random,random,random

prints the win rate per seat kind and per character, the police's win rate, how matches
end, how long they last and how fast the computer players decide. Seeds run from --seed
upwards, so every figure can be reproduced.
"""

from __future__ import annotations

import argparse
import os

from bot.cli import (
    add_bosses_option,
    add_game_options,
    add_match_options,
    positive_int,
    seed_number,
)
from bot.game_keys import default_cli_options


def _seats_text(text: str) -> str:
    """An argparse type: check the kinds now, their count once --bosses is known."""
    try:
        default_cli_options().check_seats(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    kinds = ", ".join(default_cli_options().seat_kinds)
    parser.add_argument(
        "--matches", type=positive_int, default=200, help="matches to play (default 200)"
    )
    add_bosses_option(parser, None, "bosses per match (default: as many as --seats lists, else 4)")
    parser.add_argument(
        "--seats",
        type=_seats_text,
        default="normal",
        metavar="KINDS",
        help=(
            "comma-separated seat kinds, the bosses then the police, or one kind for every "
            f"seat; kinds: {kinds} (ai and computer mean normal). Seats are "
            "shuffled by the seed. "
            "Default: normal"
        ),
    )
    parser.add_argument("--seed", type=seed_number, default=1, help="first seed (default 1)")
    add_match_options(parser)
    add_game_options(parser)
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help=f"worker processes (default 1; this machine has {os.cpu_count() or 1} cores)",
    )


def run(args: argparse.Namespace) -> int:
    from bot.registry import offline_of

    return offline_of(args.game).simulate(args)
