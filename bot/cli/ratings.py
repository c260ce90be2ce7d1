"""`chicago-bot ratings`: rebuild every player's rating from the stored results.

Ratings are kept as matches finish; this replays every finished match's result in the
order they finished (`bot.ratings.rebuild`) and replaces the table and its history with
what the replay gives, then says how many rows it changed: none, unless the table was
damaged, edited, or kept by an older rating rule. Safe while the bot runs.
"""

from __future__ import annotations

import argparse
import asyncio

from bot.cli.backup import add_database_option, chosen_database
from bot.database_url import shown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_database_option(parser)


def run(args: argparse.Namespace) -> int:
    from bot import ratings
    from bot.cli.output import CommandError
    from bot.store import StoreError
    from bot.store.location import open_store

    path = chosen_database(args)

    async def rebuild() -> tuple[int, int, int]:
        async with open_store(path) as store:
            kept = set(await store.all_ratings())
            matches = await store.rated_matches()
            rows, history = ratings.rebuild(matches)
            await store.replace_ratings(rows, history)
            return len(matches), len(rows), len(kept.symmetric_difference(rows))

    try:
        matches, players, changed = asyncio.run(rebuild())
    except StoreError as exc:
        raise CommandError(str(exc), 1) from None
    print(
        f"rebuilt {players} rating(s), one per player and game, from {matches} finished "
        f"match(es) in {shown(path)}; {changed} row(s) differed from the ones kept"
    )
    return 0
