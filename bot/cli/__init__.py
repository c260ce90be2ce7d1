"""The `chicago-bot` command line: one parser, one module per subcommand.

Each subcommand lives in its own module under `bot.cli`; those modules keep their
heavy imports inside `run`. Only the subcommand named on the command line is imported
(and nothing of the engine for `--help` or `--version`), so start-up stays instant.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, NoReturn

from bot.typed_numbers import not_a_number, whole_number

PROG = "chicago-bot"
DISTRIBUTION = "chicago-1927"


class OneLineParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line and exit with code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (try --help)\n")


def _whole_number(text: str, least: int) -> int:
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(not_a_number(text, hint="type digits only"))
    if value < least:
        raise argparse.ArgumentTypeError(f"{value} is less than {least}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    return _whole_number(text, 1)


def count(text: str) -> int:
    """An argparse type: a whole number of 0 or more."""
    return _whole_number(text, 0)


def seed_number(text: str) -> int:
    """An argparse type: a match seed, any whole number (a minus sign allowed)."""
    value = whole_number(text, signed=True)
    if value is None:
        raise argparse.ArgumentTypeError(not_a_number(text, "a seed", "type digits only"))
    return value


DEFAULT_ENV_FILE = Path(".env")


def named_settings_file(text: str) -> Path:
    """An argparse type: a settings file the person named, so it must exist. Only the
    default `.env` may be missing (the environment alone may hold every setting); a
    named file that is not there is a mistyped name, not an empty configuration."""
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"settings file {text} does not exist")
    return path


def add_env_file_option(parser: argparse.ArgumentParser) -> None:
    """`--env-file`, for the commands that read the bot's settings."""
    parser.add_argument(
        "--env-file",
        type=named_settings_file,
        default=DEFAULT_ENV_FILE,
        metavar="FILE",
        help="settings file read after the environment (default .env, which may be missing)",
    )


def seconds_up_to(most: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from 0 to `most` (no inf, no nan); the
    range is said once, in the one message every out-of-range value gets."""

    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not math.isfinite(value) or not 0 <= value <= most:
            raise argparse.ArgumentTypeError(f"{text} is not between 0 and {most:g} seconds")
        return value

    return seconds


seconds = seconds_up_to(3600.0)


def package_version() -> str:
    """The installed release, from the package metadata (one place: pyproject.toml).

    Read straight from the first `chicago_1927-*.dist-info` on the path, as
    importlib.metadata would find it, without importing it (a third of `--version`'s
    start-up)."""
    prefix = DISTRIBUTION.replace("-", "_") + "-"
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith(prefix) and name.endswith(".dist-info"):
                found = _metadata_version(Path(entry or ".", name, "METADATA"))
                if found:
                    return found
    return "unknown (not installed)"


def _metadata_version(path: Path) -> str | None:
    """The `Version:` header of a METADATA file (the headers end at the first blank line)."""
    try:
        with path.open(encoding="utf-8") as metadata:
            for line in metadata:
                if not line.strip():
                    break
                if line.startswith("Version:"):
                    return line.partition(":")[2].strip()
    except OSError:
        return None
    return None


class _VersionAction(argparse.Action):
    """`--version`, reading the package metadata only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the release and exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        print(f"{PROG} {package_version()}")
        parser.exit()


def add_bosses_option(
    parser: argparse.ArgumentParser,
    default: int | Literal["engine"] | None = "engine",
    help_text: str | None = None,
) -> None:
    """`--bosses`, within the engine's limits, for every command that plays matches
    (`default` "engine": the engine's default count)."""
    from bot.game_keys import default_cli_options

    options = default_cli_options()
    if default == "engine":
        default = options.default_count
    parser.add_argument(
        "--bosses",
        type=count,
        choices=options.counts,
        default=default,
        metavar=f"{min(options.counts)}..{max(options.counts)}",
        help=help_text or f"number of bosses (default {options.default_count})",
    )


TURF_PLAYERS = range(2, 7)  # TURF §2


def add_game_options(parser: argparse.ArgumentParser) -> None:
    """`--game` (any game of the registry) and Turf's `--players`, for the commands that
    play any game. The choices are the games' keys, read without loading any game (the
    list is live: a game installed later is a choice too)."""
    from bot.game_keys import KEYS

    parser.add_argument(
        "--game",
        choices=KEYS,
        default="chicago",
        help="which game: chicago (Chicago 1927, the default) or turf",
    )
    parser.add_argument(
        "--players",
        type=count,
        choices=TURF_PLAYERS,
        default=None,
        metavar="2..6",
        help="with --game turf: players per match (default: as --seats lists, else 4)",
    )


def add_match_options(parser: argparse.ArgumentParser) -> None:
    """The match options of RULES.md's shorter-evening variants: marks to win, round limit."""
    from bot.game_keys import default_cli_options

    options = default_cli_options()
    parser.add_argument(
        "--marks",
        type=count,
        choices=options.marks,
        default=options.standard_marks,
        metavar="2..4",
        help="Empire Marks to win, 2 to 4 (default 4; 3 for a short match)",
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
    (
        "bench",
        "bot.cli.bench",
        "measure speed: engine, render, ai, store, replay, bot or load (figures, printed)",
    ),
    ("doctor", "bot.cli.doctor", "check settings, token, database and assets; say how to fix"),
    ("backup", "bot.cli.backup", "copy the match database safely, even while the bot runs"),
    ("prune", "bot.cli.prune", "remove old finished matches, keeping their results"),
    ("ratings", "bot.cli.ratings", "rebuild every player's rating from the stored results"),
    ("migrate", "bot.cli.migrate", "copy an SQLite database into PostgreSQL, every match verified"),
    ("replay", "bot.cli.replay", "replay and verify a match file from /chicago replay"),
    ("rulebook", "bot.cli.rulebook", "write the rule book as Markdown and printable HTML"),
    ("preview", "bot.cli.preview", "play a match in your browser, offline, without a token"),
)


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line: the first word that is not an option
    (the top level's options take no values)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in {name for name, _, _ in SUBCOMMANDS} else None
    return None


def build_parser(only: str | bool | None = True) -> argparse.ArgumentParser:
    """The whole parser (`only=True`), or one whose subcommands are all listed but only
    `only` has its options: the modules of the others are not imported."""
    parser = OneLineParser(
        prog=PROG,
        description="Chicago 1927 — a gangland board game for Discord, with offline tools.",
    )
    parser.add_argument("--version", action=_VersionAction)
    # Not `required=True`: argparse would then answer "--bogus" with "required: COMMAND".
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=OneLineParser
    )
    for name, module_name, help_text in SUBCOMMANDS:
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        if only is True or only == name:
            module = importlib.import_module(module_name)
            module.add_arguments(sub)
            sub.set_defaults(module=module)
    return parser


def one_line(text: str, limit: int = 2000) -> str:
    """`text` made safe for one terminal line: line breaks become spaces, other control
    characters (escape codes) become '?', and it is cut at `limit` characters. Messages
    can quote a file's content, which must not move the cursor or clear the screen."""
    flat = " ".join(text.split("\n"))
    clean = "".join(c if c.isprintable() else "?" for c in flat)
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def _report(command: str, message: str) -> None:
    """One line on stderr, in argparse's "prog: error: ..." form."""
    prog = f"{PROG} {command}" if command else PROG
    print(f"{prog}: error: {one_line(message)}", file=sys.stderr)


def _flush_stdout(command: str) -> bool:
    """Flush what the command printed; a full disk or a closed pipe is told once, and
    stdout is pointed at /dev/null so Python's exit does not try again with a traceback."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    except OSError as exc:
        _report(command, f"cannot write the output: {exc.strerror or exc}")
    else:
        return True
    # Not a real file (a test's capture): then nothing is left to flush at exit.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return False


def _run(args: argparse.Namespace) -> int:
    """Run a subcommand; whatever goes wrong ends as one line and an exit code."""
    from bot.cli.output import CommandError
    from bot.settings import SettingsFileError

    command: str = args.command
    try:
        result: int = args.module.run(args)
    except CommandError as exc:
        _report(command, str(exc))
        return exc.code
    except SettingsFileError as exc:
        _report(command, str(exc))
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        problem = exc.strerror or str(exc)
        _report(command, f"{exc.filename}: {problem}" if exc.filename else problem)
        return 1
    except MemoryError:
        _report(command, "out of memory")
        return 1
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; whatever any command prints goes through one redaction,
    so the token never shows, whichever setting or message carries it."""
    from bot.redaction import redacted_output

    with redacted_output():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(chosen_command(words))
    try:
        args = parser.parse_args(words)
    except SystemExit:
        if not _flush_stdout(""):
            raise SystemExit(1) from None
        raise
    if args.command is None:
        parser.error("choose a command: " + ", ".join(name for name, _, _ in SUBCOMMANDS))
    result = _run(args)
    if not _flush_stdout(args.command):
        return 1
    return result
