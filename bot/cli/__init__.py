"""The `chicago-bot` command line: one parser, one module per subcommand.

Each subcommand lives in its own module under `bot.cli`; those modules keep their
heavy imports inside `run`, so `--help` stays instant.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from engine.limits import MARKS_CHOICES, STANDARD_MARKS

PROG = "chicago-bot"


class OneLineParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line and exit with code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (try --help)\n")


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


def add_match_options(parser: argparse.ArgumentParser) -> None:
    """The match options of RULES.md's shorter-evening variants: marks to win, round limit."""
    parser.add_argument(
        "--marks",
        type=int,
        choices=MARKS_CHOICES,
        default=STANDARD_MARKS,
        help="Empire Marks to win (default 4; 3 for a short match)",
    )
    parser.add_argument(
        "--round-limit",
        type=positive_int,
        default=None,
        metavar="N",
        help="end with the final count after N rounds (default: no limit)",
    )


# (name, module, one-line help). Each module has `add_arguments(parser)` and `run(args) -> int`.
SUBCOMMANDS: tuple[tuple[str, str, str], ...] = (
    ("run", "bot.cli.run", "connect the Discord bot and host matches (needs DISCORD_TOKEN)"),
    ("demo", "bot.cli.demo", "play an all-computer match offline, narrated turn by turn"),
    ("simulate", "bot.cli.simulate", "play many seeded matches and print statistics"),
    ("render", "bot.cli.render", "draw the board picture of a seeded match to a PNG file"),
    ("bench", "bot.cli.bench", "measure speed: engine, render, computer players or the store"),
    ("backup", "bot.cli.backup", "copy the match database safely, even while the bot runs"),
    ("prune", "bot.cli.prune", "remove old finished matches, keeping their results"),
)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description="Chicago 1927 — a gangland board game for Discord, with offline tools.",
    )
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=OneLineParser, required=True
    )
    for name, module_name, help_text in SUBCOMMANDS:
        module = importlib.import_module(module_name)
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(sub)
        sub.set_defaults(module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.module.run(args)
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return result


if __name__ == "__main__":
    raise SystemExit(main())
