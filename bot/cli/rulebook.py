"""`chicago-bot rulebook`: write the rule book as one Markdown file and a printable page."""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli.output import path_text, prepare_folder, write_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--out",
        type=path_text,
        default=Path("rulebook"),
        metavar="DIR",
        help="folder to write rulebook.md and rulebook.html in (default ./rulebook)",
    )


def run(args: argparse.Namespace) -> int:
    from bot.rulebook import load, to_html

    folder: Path = args.out
    prepare_folder(folder)
    text = load().markdown()
    write_file(folder / "rulebook.md", text.encode("utf-8"))
    write_file(folder / "rulebook.html", to_html(text).encode("utf-8"))
    print(f"wrote {folder / 'rulebook.md'} and {folder / 'rulebook.html'} (print it to PDF)")
    return 0
