"""`chicago-bot bench replay`: a full match's animation, as `/chicago replay` makes it.

Plays a seeded match with normal computer players in every seat, then times what the
command does with its log: the frames from seed + decisions, drawn by the pool, and the
GIF. Prints the size (target ≤ 8 MB) and the time (target ≤ 10 s).
"""

from __future__ import annotations

import argparse
import time

from bot.benchmarks import peak_memory_mb
from bot.chicago.render import animation
from bot.chicago.render.palette import palette_image
from bot.pictures.gif import encode_gif
from bot.replay_file import export, load
from bot.session import MatchSession
from engine.chicago import new_match


def run(args: argparse.Namespace) -> int:
    setup = new_match(bosses=args.bosses, seed=args.seed).setup
    for player in setup.players:
        player.computer = "normal"
    setup.police.computer = "normal"
    session, _ = MatchSession.new(setup, narrated=False)
    decisions = [(a.seat, a.decision) for a in session.log]

    started = time.perf_counter()
    views = animation.turn_views(setup, decisions)
    replayed = time.perf_counter()
    frames = animation.draw_frames(views)
    drawn = time.perf_counter()
    gif = encode_gif(frames, palette_image())
    done = time.perf_counter()

    file = export(setup, decisions, {"id": 0})
    checked = time.perf_counter()
    load(file)
    verified = time.perf_counter() - checked

    total = done - started
    state = session.state
    print(
        f"replay benchmark: seed {args.seed}, {args.bosses} bosses + police (normal), "
        f"{state.seq} decisions, {state.round} rounds, {len(frames)} frames"
    )
    print(f"  replay to frames      {(replayed - started) * 1e3:8.1f} ms")
    print(f"  draw frames (pool)    {drawn - replayed:8.2f} s")
    print(f"  encode GIF            {done - drawn:8.2f} s")
    print(f"  animation total       {total:8.2f} s   (target ≤ 10)")
    print(f"  animation size        {len(gif) / 1e6:8.2f} MB  (target ≤ 8)")
    print(f"  replay file size      {len(file) / 1024:8.1f} KB")
    print(f"  replay file verify    {verified * 1e3:8.1f} ms")
    print(f"  peak memory           {peak_memory_mb():8.1f} MB")
    return 0
