"""`chicago-bot simulate`: play many seeded all-computer matches and print statistics.

    chicago-bot simulate --matches 2000 --seats normal,random,random,random,random

prints the win rate per seat kind and per character, the police's win rate, how matches
end, how long they last and how fast the computer players decide. Seeds run from --seed
upwards, so every figure can be reproduced.
"""

from __future__ import annotations

import argparse
import os

from bot.cli import add_match_options, positive_int
from bot.simulation import KINDS, SeatsError, format_summary, parse_seats, seat_kinds, simulate
from engine import MatchOptions
from engine.limits import BOSS_COUNTS


def _seats_text(text: str) -> str:
    """An argparse type: check the kinds now, their count once --bosses is known."""
    try:
        seat_kinds(text)
    except SeatsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--matches", type=positive_int, default=200, help="matches to play (default 200)"
    )
    parser.add_argument(
        "--bosses",
        type=int,
        choices=BOSS_COUNTS,
        default=None,
        help="bosses per match (default: as many as --seats lists, else 4)",
    )
    parser.add_argument(
        "--seats",
        type=_seats_text,
        default="normal",
        metavar="KINDS",
        help=(
            "comma-separated seat kinds, the bosses then the police, or one kind for every "
            f"seat; kinds: {', '.join(KINDS)} (ai = normal). Seats are shuffled by the seed. "
            "Default: normal"
        ),
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    add_match_options(parser)
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help=f"worker processes (default 1; this machine has {os.cpu_count() or 1} cores)",
    )
    parser.set_defaults(parser=parser)


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    try:
        boss_kinds, police_kind = parse_seats(args.seats, args.bosses)
    except SeatsError as exc:
        parser.error(str(exc))
    options = MatchOptions(marks_to_win=args.marks, round_limit=args.round_limit)
    summary = simulate(
        args.matches,
        len(boss_kinds),
        boss_kinds,
        police_kind,
        options,
        first_seed=args.seed,
        jobs=args.jobs,
    )
    print(format_summary(summary))
    return 0
