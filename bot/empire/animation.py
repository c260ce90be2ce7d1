"""A whole Empire match as one animated picture: the phone picture everyone saw after
every turn, replayed from the seed and the decision log, holding on the last.

The frames are the table's own pictures (`bot.empire.pictures`), decoded and written as
a GIF, drawn smaller until it fits under Discord's attachment limit."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

import engine.empire as empire
from bot.empire import pictures
from bot.pictures.gif import MAX_BYTES
from engine.empire.events import Event, MatchEnded, TurnStarted

FRAME_MS = 700
HOLD_MS = 4000


def _picture(state: empire.EmpireState, events: Sequence[Event]) -> Image.Image:
    png = pictures.phone_png(empire.player_view(state, None), empire.visible_to(events, None))
    return Image.open(io.BytesIO(png)).convert("RGB")


def turn_pictures(
    setup: empire.EmpireSetup, decisions: Sequence[tuple[int, str]]
) -> list[Image.Image]:
    """The table at the start and after every turn (raises IllegalDecision if the log
    does not fit the setup)."""
    state, _ = empire.replay(setup, ())
    shots = [_picture(state, ())]
    events: list[Event] = []
    for seat, decision in decisions:
        batch = empire.apply(state, seat, decision)
        events += batch
        if any(isinstance(e, (TurnStarted, MatchEnded)) for e in batch):
            shots.append(_picture(state, events))
            events = []
    if events:
        shots.append(_picture(state, events))
    return shots


def _gif(shots: Sequence[Image.Image], scale: float) -> bytes:
    size = (max(s.width for s in shots), max(s.height for s in shots))
    frames = []
    for shot in shots:
        canvas = Image.new("RGB", size, (245, 240, 228))
        canvas.paste(shot, (0, 0))
        if scale != 1:
            canvas = canvas.resize((int(size[0] * scale), int(size[1] * scale)))
        frames.append(canvas.convert("P", palette=Image.Palette.ADAPTIVE, colors=128))
    out = io.BytesIO()
    durations = [FRAME_MS] * (len(frames) - 1) + [HOLD_MS]
    frames[0].save(
        out, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return out.getvalue()


def animate_empire(
    setup: empire.EmpireSetup, decisions: Sequence[tuple[int, str]], limit: int = MAX_BYTES
) -> bytes:
    shots = turn_pictures(setup, decisions)
    scale = 1.0
    while True:
        data = _gif(shots, scale)
        if len(data) <= limit or scale < 0.2:
            return data
        scale *= 0.7


def write_replay(
    setup: empire.EmpireSetup, decisions: Sequence[tuple[int, str]], out: Path, as_gif: bool
) -> None:
    """`chicago-bot replay --frames`: a GIF at `out`, or a PNG a turn in folder `out`."""
    from bot.cli.output import write_file

    if as_gif:
        write_file(out, animate_empire(setup, decisions))
        return
    for n, shot in enumerate(turn_pictures(setup, decisions)):
        data = io.BytesIO()
        shot.save(data, format="PNG")
        write_file(out / f"turn-{n:04d}.png", data.getvalue())
