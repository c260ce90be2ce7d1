"""`chicago-bot backup PATH`: a consistent copy of the match database, safe while the bot
runs (SQLite's online backup). The copy is one self-contained file; restoring it is
described in the README ("Your data").
"""

from __future__ import annotations

import argparse
import sys
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
    from bot.settings import load_settings
    from bot.store import StoreError, backup_database

    source: Path = args.db if args.db is not None else load_settings().db
    dest: Path = args.path
    if not source.is_file():
        print(f"chicago-bot backup: database {source} does not exist (check --db or CHICAGO_DB)",
              file=sys.stderr)  # fmt: skip
        return 2
    if dest.exists():
        print(f"chicago-bot backup: {dest} already exists; choose another name or remove it",
              file=sys.stderr)  # fmt: skip
        return 2
    if not dest.parent.is_dir():
        print(f"chicago-bot backup: directory {dest.parent} does not exist", file=sys.stderr)
        return 2
    try:
        backup_database(source, dest)
    except StoreError as exc:
        print(f"chicago-bot backup: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"chicago-bot backup: cannot write {dest}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"backed up {source} to {dest} ({dest.stat().st_size / 1024:.0f} KB)")
    return 0
