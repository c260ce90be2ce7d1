"""`chicago-bot migrate --to postgresql://…`: copy an SQLite database into an empty
PostgreSQL database, for a bot that outgrows one file. Every match is replayed from the
copy before it commits; nothing is copied if one does not replay. The SQLite file is
only read: stop the bot first, so no decision is made after the copy starts.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.database_url import is_postgres, parse_location, shown

if TYPE_CHECKING:
    from bot.store.copy import CopyReport

PROG = "chicago-bot migrate"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--to",
        required=True,
        metavar="postgresql://…",
        help="the PostgreSQL database to fill (it must hold no match yet)",
    )
    parser.add_argument(
        "--db",
        type=parse_location,
        default=None,
        help="the SQLite file to copy (default: CHICAGO_DB or ./chicago.db)",
    )


def run(args: argparse.Namespace) -> int:
    from bot.settings import load_settings
    from bot.store import StoreError

    source: Path | str = args.db if args.db is not None else load_settings().db
    target: str = args.to
    if not is_postgres(target):
        print(f"{PROG}: --to must be a postgresql:// address, not {target}", file=sys.stderr)
        return 2
    if isinstance(source, str) or not source.is_file():
        print(f"{PROG}: the SQLite file {shown(source)} does not exist (check --db or "
              "CHICAGO_DB)", file=sys.stderr)  # fmt: skip
        return 2
    from bot.store.instance_lock import holder

    running = holder(source)
    if running is not None:
        print(f"{PROG}: {source} is in use by {running}; stop the bot first, so no decision "
              "is made after the copy starts", file=sys.stderr)  # fmt: skip
        return 2
    try:
        report: CopyReport = asyncio.run(_migrate(source, target))
    except StoreError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    rows = report.rows
    print(
        f"copied {rows.get('matches', 0)} match(es), {rows.get('decisions', 0)} decision(s) "
        f"and {rows.get('results', 0)} result(s) from {source} to {shown(target)} in "
        f"{report.seconds:.1f} s; all {report.verified} started match(es) replay. "
        f"Set CHICAGO_DB to the address and start the bot."
    )
    return 0


async def _migrate(source: Path, target: str) -> CopyReport:
    from bot.store import SqliteStore
    from bot.store.copy import migrate_to_postgres
    from bot.store.postgres import PostgresStore

    async with SqliteStore(source) as lite, PostgresStore(target) as pg:
        return await migrate_to_postgres(lite, pg, lambda line: print(f"  {line}", flush=True))
