"""Only what a match changes is mapped to the palette; the rest is the static board's.

Mapping two million pixels to the palette was the largest cost left in a board picture
(about 4 ms). Most of the board is the static layer, whose palette indices are computed
once: the title, the key, the ring's unowned spaces, the frame. A match draws only in
known places — the centre's middle, the lane where pieces and paths go, the spaces it
owns or that a move ends on, the corners where pieces stand, the side cards — so only
those boxes are mapped, and pasted onto a copy of the static indices. Every pixel comes
out as mapping the whole picture would give it (tests/test_regions.py compares them).
"""

from __future__ import annotations

import threading

from PIL import Image

from bot.chicago.render.layout import (
    CELL_D,
    CENTRE_BOX,
    HEIGHT,
    LANE,
    MARGIN,
    PANEL_BOX,
    RING,
    WIDTH,
    Box,
    spaces,
)
from bot.chicago.render.legend import LEGEND_H
from bot.chicago.render.palette import palette_image
from bot.chicago.render.pieces import HALO
from bot.chicago.render.ring import piece_spots
from bot.chicago.render.static_layer import static_layer
from bot.chicago.render.view import BoardView

SPILL = HALO + 4
"""How far a piece's halo, a path's outline or a cell's mover frame may reach past the
box it belongs to (halo 4 px, outlines 3 px; a margin on top)."""

CENTRE_TOP = 80  # the centre's title is static; the turn's words start 90 px down

_lock = threading.Lock()
_indices: Image.Image | None = None


def quantize(image: Image.Image) -> Image.Image:
    """An RGB picture (or part of one) as indices on the fixed palette."""
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def static_indices() -> Image.Image:
    """The static layer's indices, one pixel wider: a column of zeros on the left is
    the PNG filter byte of every row (see `bot.pictures.png.filtered_rows`)."""
    global _indices
    if _indices is None:
        with _lock:
            if _indices is None:
                wide = Image.new("P", (WIDTH + 1, HEIGHT), 0)
                wide.paste(quantize(static_layer()), (1, 0))
                _indices = wide
    return _indices


def _lane() -> list[Box]:
    """The strip between the ring and the centre, all four sides and its corners."""
    outer0, outer1 = MARGIN + CELL_D, MARGIN + RING - CELL_D
    inner0, inner1 = outer0 + LANE, outer1 - LANE
    return [
        Box(outer0, outer0, outer1, inner0),
        Box(outer0, inner1, outer1, outer1),
        Box(outer0, inner0, inner0, inner1),
        Box(inner1, inner0, outer1, inner1),
    ]


def changed_boxes(view: BoardView) -> list[Box]:
    """Boxes outside of which the board of `view` is the static layer."""
    geometry = spaces()
    cells: set[int] = {index for index, owner in enumerate(view.control) if owner >= 0}
    for move in view.recent.moves:
        cells.add(move.path[-1] if move.path else move.start)
    cells.update(side.position for side, _ in piece_spots(view))
    centre = Box(CENTRE_BOX.x0, CENTRE_BOX.y0 + CENTRE_TOP, CENTRE_BOX.x1, CENTRE_BOX.y1 - LEGEND_H)
    boxes = [centre, PANEL_BOX.inset(8)]
    boxes += [lane.inset(-SPILL) for lane in _lane()]
    boxes += [geometry[index].cell.inset(-SPILL) for index in sorted(cells)]
    return boxes


def changed_indices(image: Image.Image, boxes: list[Box]) -> Image.Image:
    """The indices of `image` (drawn on the static layer), one pixel wider as
    `static_indices`: only `boxes` are mapped, the rest is copied."""
    indices = static_indices().copy()
    for box in boxes:
        x0, y0 = max(0, box.x0), max(0, box.y0)
        x1, y1 = min(WIDTH, box.x1), min(HEIGHT, box.y1)
        if x0 < x1 and y0 < y1:
            indices.paste(quantize(image.crop((x0, y0, x1, y1))), (x0 + 1, y0))
    return indices
