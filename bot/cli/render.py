"""`chicago-bot render`: draw the board picture of a seeded random match to a PNG file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.limits import BOSS_COUNTS, DEFAULT_BOSSES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    parser.add_argument(
        "--decisions", type=int, default=0, help="random decisions to play first (default 0)"
    )
    parser.add_argument("--bosses", type=int, choices=BOSS_COUNTS, default=DEFAULT_BOSSES)
    parser.add_argument("--out", type=Path, default=Path("board.png"), help="PNG file to write")


def run(args: argparse.Namespace) -> int:
    if args.decisions < 0:
        print("chicago-bot render: --decisions must be 0 or more", file=sys.stderr)
        return 2
    from bot.render import render_png
    from bot.render.sample import moment_after

    moment = moment_after(args.seed, args.decisions, args.bosses)
    data = render_png(moment.state, moment.events)
    args.out.write_bytes(data)
    state = moment.state
    status = "match over" if state.result is not None else f"round {state.round}"
    print(
        f"wrote {args.out} ({len(data) / 1024:.1f} KB): seed {args.seed}, "
        f"{moment.decisions} decisions, {status}"
    )
    return 0
