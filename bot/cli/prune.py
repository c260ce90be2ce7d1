"""`chicago-bot prune --older-than DAYS`: remove finished and abandoned matches whose last
change is older than DAYS, with their logs and snapshots. Their results rows stay, so
history and statistics still count them. Safe while the bot runs, on either store.
"""

from __future__ import annotations

import argparse
import asyncio

from bot.cli.backup import add_database_option, chosen_database
from bot.database_url import shown


def _days(text: str) -> float:
    """An argparse type: a number of days, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of days") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not 0 or more days")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--older-than",
        type=_days,
        required=True,
        metavar="DAYS",
        help="remove finished matches last changed more than DAYS days ago",
    )
    add_database_option(parser)


def run(args: argparse.Namespace) -> int:
    from datetime import timedelta

    from bot.cli.output import CommandError
    from bot.store import PruneReport, StoreError
    from bot.store.location import open_store

    path = chosen_database(args)

    async def prune() -> PruneReport:
        async with open_store(path) as store:
            return await store.prune(timedelta(days=args.older_than))

    try:
        report = asyncio.run(prune())
    except StoreError as exc:
        raise CommandError(str(exc), 1) from None
    print(
        f"removed {report.matches} finished match(es) and {report.decisions} logged "
        f"decision(s) from {shown(path)}; {report.kept_results} result(s) kept for history"
    )
    return 0
