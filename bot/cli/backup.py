"""`chicago-bot backup PATH`: a consistent copy of the match database, safe while the bot
runs. From SQLite: SQLite's online backup. From PostgreSQL: every table read at one
moment and written to a new SQLite file — portable, usable as `CHICAGO_DB` as it is, or
loaded into a new server with `chicago-bot migrate`. Restoring is described in the
README ("Your data").
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from bot.database_url import parse_location, shown


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, help="file to write the copy to (must not exist)")
    add_database_option(parser, "database to copy")


def run(args: argparse.Namespace) -> int:
    from bot.cli.output import CommandError
    from bot.store import StoreError, backup_database

    source = chosen_database(args)
    dest: Path = args.path
    if dest.is_dir():
        raise CommandError(f"{dest} is a directory; name the file to write the copy to", 2)
    if dest.exists():
        raise CommandError(f"{dest} already exists; choose another name or remove it", 2)
    if not dest.parent.is_dir():
        raise CommandError(f"directory {dest.parent} does not exist", 2)
    try:
        if isinstance(source, str):
            asyncio.run(_from_postgres(source, dest))
        else:
            backup_database(source, dest)
    except StoreError as exc:
        raise CommandError(str(exc), 1) from None
    except OSError as exc:
        raise CommandError(f"cannot write {dest}: {exc.strerror}", 1) from None
    print(f"backed up {shown(source)} to {dest} ({dest.stat().st_size / 1024:.0f} KB)")
    return 0


async def _from_postgres(dsn: str, dest: Path) -> None:
    from bot.store.copy import backup_to_sqlite
    from bot.store.postgres import PostgresStore

    async with PostgresStore(dsn) as store:
        await backup_to_sqlite(store, dest)


def add_database_option(parser: argparse.ArgumentParser, what: str = "database") -> None:
    """`--db`, as `backup`, `prune` and `ratings` read it."""
    parser.add_argument(
        "--db",
        type=parse_location,
        default=None,
        help=f"{what}: a file or a postgresql:// address (default: CHICAGO_DB or ./chicago.db)",
    )


def chosen_database(args: argparse.Namespace) -> Path | str:
    """The database `--db` (else the settings) names; a file must exist (exit 2)."""
    from bot.settings import load_settings

    location: Path | str = args.db if args.db is not None else load_settings().db
    if isinstance(location, Path):
        check_database_path(location)
    return location


def check_database_path(path: Path) -> None:
    """The database `backup`, `prune` and `ratings` work on must be an existing file (exit 2)."""
    from bot.cli.output import CommandError

    if path.is_dir():
        raise CommandError(
            f"database {path} is a directory; name the database file (--db or CHICAGO_DB)", 2
        )
    if not path.exists():
        raise CommandError(f"database {path} does not exist (check --db or CHICAGO_DB)", 2)
    if not path.is_file():
        raise CommandError(f"database {path} is not a regular file", 2)
