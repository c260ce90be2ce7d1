"""`chicago-bot doctor`: check the settings, the token's shape, the database, the
bundled assets and print the versions; each problem with its fix in one line, and a
exit code of 2 (something to fix before `run`) if there is any. `--alive` is the
container health check: is the running bot connected (its heartbeat file fresh)?
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.cli import add_env_file_option
from bot.cli.exit_codes import MUST_FIX


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_env_file_option(parser)
    parser.add_argument(
        "--alive",
        action="store_true",
        help="only check that the running bot is connected (for health checks)",
    )


def run(args: argparse.Namespace) -> int:
    if args.alive:
        return _alive(args.env_file)
    from bot.doctor import examine, versions

    findings = examine(args.env_file)
    for finding in findings:
        print(finding.line())
    print("versions: " + ", ".join(versions()))
    problems = [f for f in findings if not f.ok]
    if problems:
        print(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} found.")
        return MUST_FIX
    print("All good: `chicago-bot run` should start.")
    return 0


def _alive(env_file: Path) -> int:
    from pydantic import ValidationError

    from bot.discord_app.shutdown import heartbeat_problem
    from bot.settings import load_settings

    try:
        settings = load_settings(env_file)
    except ValidationError:
        print("chicago-bot doctor: invalid settings; run `chicago-bot doctor`", file=sys.stderr)
        return 1
    problem = heartbeat_problem(settings.heartbeat_path)
    if problem is not None:
        print(f"chicago-bot doctor: {problem}", file=sys.stderr)
        return 1
    print("alive: connected to Discord")
    return 0
