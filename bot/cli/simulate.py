"""`chicago-bot simulate`: play many seeded all-computer matches and print statistics.

    chicago-bot simulate --matches 2000 --seats normal,random,random,random,random

prints the win rate per seat kind and per character, the police's win rate, how matches
end, how long they last and how fast the computer players decide. Seeds run from --seed
upwards, so every figure can be reproduced.
"""

from __future__ import annotations

import argparse
import os

from bot.chicago.simulation import (
    KINDS,
    SeatsError,
    format_summary,
    parse_seats,
    seat_kinds,
    simulate,
)
from bot.cli import add_bosses_option, add_game_options, add_match_options, positive_int
from bot.cli.output import CommandError, Progress
from engine.chicago import MatchOptions


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
    add_bosses_option(parser, None, "bosses per match (default: as many as --seats lists, else 4)")
    parser.add_argument(
        "--seats",
        type=_seats_text,
        default="normal",
        metavar="KINDS",
        help=(
            "comma-separated seat kinds, the bosses then the police, or one kind for every "
            f"seat; kinds: {', '.join(KINDS)} (ai and computer mean normal). Seats are "
            "shuffled by the seed. "
            "Default: normal"
        ),
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    add_match_options(parser)
    add_game_options(parser)
    parser.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        help=f"worker processes (default 1; this machine has {os.cpu_count() or 1} cores)",
    )


def run(args: argparse.Namespace) -> int:
    if args.game == "turf":
        return run_turf(args)
    if args.players is not None:
        raise CommandError("--players is for --game turf; Chicago 1927 counts --bosses", 2)
    try:
        boss_kinds, police_kind = parse_seats(args.seats, args.bosses)
    except SeatsError as exc:
        raise CommandError(f"{exc} (try --help)", 2) from None
    options = MatchOptions(marks_to_win=args.marks, round_limit=args.round_limit)
    progress = Progress("playing matches", args.matches)
    summary = simulate(
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


def run_turf(args: argparse.Namespace) -> int:
    """Turf: --seats lists one kind per player (in joining order), or one kind for all."""
    from bot.turf.simulation import format_turf_summary, simulate_turf
    from engine.turf import DEFAULT_ROUND_LIMIT
    from engine.turf.computer import LEVELS as TURF_LEVELS

    kinds = seat_kinds(args.seats)
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
