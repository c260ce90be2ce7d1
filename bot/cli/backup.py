"""`chicago-bot backup PATH`: a consistent copy of the match database, safe while the bot
runs (SQLite's online backup). The copy is one self-contained file; restoring it is
described in the README ("Your data").
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=Path, help="file to write the copy to (must not exist)")
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help="database to copy (default: CHICAGO_DB or ./chicago.db)",
    )


def run(args: argparse.Namespace) -> int:
    from bot.cli.output import CommandError
    from bot.settings import load_settings
    from bot.store import StoreError, backup_database

    source: Path = args.db if args.db is not None else load_settings().db
    dest: Path = args.path
    check_database_path(source)
    if dest.is_dir():
        raise CommandError(f"{dest} is a directory; name the file to write the copy to", 2)
    if dest.exists():
        raise CommandError(f"{dest} already exists; choose another name or remove it", 2)
    if not dest.parent.is_dir():
        raise CommandError(f"directory {dest.parent} does not exist", 2)
    try:
        backup_database(source, dest)
    except StoreError as exc:
        raise CommandError(str(exc), 1) from None
    except OSError as exc:
        raise CommandError(f"cannot write {dest}: {exc.strerror}", 1) from None
    print(f"backed up {source} to {dest} ({dest.stat().st_size / 1024:.0f} KB)")
    return 0


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
