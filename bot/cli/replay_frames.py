"""A replay's frames written out, the same for every game: one GIF, or a PNG a turn."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from bot.cli.output import write_file
from bot.pictures.gif import Frame, encode_gif, write_pngs


def write_frames(frames: Sequence[Frame], palette: Image.Image, out: Path, as_gif: bool) -> None:
    """A replay's frames as one GIF at `out`, or a PNG a turn in folder `out`, saying
    what was written."""
    if as_gif:
        gif = encode_gif(frames, palette)
        write_file(out, gif)
        print(f"wrote {out} ({len(gif) / 1e6:.2f} MB, {len(frames)} frames)")
    else:
        written = write_pngs(frames, out, palette)
        print(f"wrote {len(written)} frames to {out}/ (turn-0000.png is the setup)")
