"""Where everything sits on the picture: the ring of 36 spaces, the lane inside it where
pieces stand, the centre and the side panel.

Start is the bottom-right corner and spaces run clockwise, so bosses move the way the
rules say (RULES §2.1): leftwards along the bottom, up the left side, and so on. All
text on the ring is upright: on a phone nobody turns the screen to read a street name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from bot.pictures.box import Box as Box  # every picture measures in the same boxes
from engine.chicago.board import BOARD_SIZE

CELL_W = 112  # along the board edge
CELL_D = 160  # from the outer rim inwards; also the corner size
LANE = 84  # the strip inside the ring where pieces stand
MARGIN = 14
GAP = 14
PANEL_W = 480
RING = 8 * CELL_W + 2 * CELL_D
WIDTH = MARGIN + RING + GAP + PANEL_W + MARGIN
HEIGHT = MARGIN + RING + MARGIN
BAND_H = 30  # the coloured strip at the top of each space
FOOT_H = 30  # the cost / owner strip at the bottom of a business
PIECE = 36  # pawn diameter: three fit side by side in a lane slot


class Edge(StrEnum):
    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"
    CORNER = "corner"


@dataclass(frozen=True, slots=True)
class SpaceGeometry:
    """A space's cell on the ring, where its pieces stand and where a path passes it."""

    index: int
    edge: Edge
    cell: Box
    pieces: Box
    waypoint: tuple[int, int]


def _corner_cell(index: int) -> Box:
    o, far = MARGIN, MARGIN + RING - CELL_D
    x, y = {0: (far, far), 9: (o, far), 18: (o, o), 27: (far, o)}[index]
    return Box(x, y, x + CELL_D, y + CELL_D)


def _edge_cell(index: int) -> tuple[Edge, Box]:
    o = MARGIN
    inner_far = MARGIN + RING - CELL_D
    if index < 9:
        x1 = inner_far - (index - 1) * CELL_W
        return Edge.BOTTOM, Box(x1 - CELL_W, inner_far, x1, inner_far + CELL_D)
    if index < 18:
        y1 = inner_far - (index - 10) * CELL_W
        return Edge.LEFT, Box(o, y1 - CELL_W, o + CELL_D, y1)
    if index < 27:
        x0 = o + CELL_D + (index - 19) * CELL_W
        return Edge.TOP, Box(x0, o, x0 + CELL_W, o + CELL_D)
    y0 = o + CELL_D + (index - 28) * CELL_W
    return Edge.RIGHT, Box(inner_far, y0, inner_far + CELL_D, y0 + CELL_W)


def _lane_slot(edge: Edge, cell: Box) -> Box:
    if edge is Edge.BOTTOM:
        return Box(cell.x0, cell.y0 - LANE, cell.x1, cell.y0)
    if edge is Edge.LEFT:
        return Box(cell.x1, cell.y0, cell.x1 + LANE, cell.y1)
    if edge is Edge.TOP:
        return Box(cell.x0, cell.y1, cell.x1, cell.y1 + LANE)
    return Box(cell.x0 - LANE, cell.y0, cell.x0, cell.y1)


def _lane_corner(index: int) -> tuple[int, int]:
    near = MARGIN + CELL_D + LANE // 2
    far = MARGIN + RING - CELL_D - LANE // 2
    return {0: (far, far), 9: (near, far), 18: (near, near), 27: (far, near)}[index]


@cache
def spaces() -> tuple[SpaceGeometry, ...]:
    """The geometry of all 36 spaces, by space index."""
    result: list[SpaceGeometry] = []
    for index in range(BOARD_SIZE):
        if index % 9 == 0:
            cell = _corner_cell(index)
            pieces = Box(cell.x0 + 4, cell.y0 + 62, cell.x1 - 4, cell.y1 - 4)
            result.append(SpaceGeometry(index, Edge.CORNER, cell, pieces, _lane_corner(index)))
        else:
            edge, cell = _edge_cell(index)
            slot = _lane_slot(edge, cell)
            result.append(SpaceGeometry(index, edge, cell, slot.inset(1), slot.centre))
    return tuple(result)


# Detention (space 9) splits its piece area: the cell behind bars on the left for
# detained bosses, the visitors' bench on the right.
def detention_boxes() -> tuple[Box, Box]:
    area = spaces()[9].pieces
    split = area.x0 + 86
    return Box(area.x0, area.y0, split, area.y1), Box(split + 2, area.y0, area.x1, area.y1)


BOARD_BOX = Box(MARGIN, MARGIN, MARGIN + RING, MARGIN + RING)
CENTRE_BOX = Box(
    MARGIN + CELL_D + LANE,
    MARGIN + CELL_D + LANE,
    MARGIN + RING - CELL_D - LANE,
    MARGIN + RING - CELL_D - LANE,
)
PANEL_BOX = Box(MARGIN + RING + GAP, MARGIN, WIDTH - MARGIN, HEIGHT - MARGIN)


def arrange(area: Box, count: int, size: int = PIECE) -> list[tuple[int, int]]:
    """Top-left corners for `count` pieces in `area`: a centred grid that overlaps
    pieces only when they cannot all fit side by side, so every piece stays visible."""
    if count == 0:
        return []
    cols = max(1, min(count, area.width // size))
    rows = -(-count // cols)
    step_x = size if cols * size <= area.width else (area.width - size) // max(1, cols - 1)
    step_y = size
    if rows * size > area.height:
        step_y = (area.height - size) // max(1, rows - 1)
    positions: list[tuple[int, int]] = []
    for i in range(count):
        row, col = divmod(i, cols)
        in_row = min(cols, count - row * cols)
        width = (in_row - 1) * step_x + size
        height = (rows - 1) * step_y + size
        x = area.x0 + (area.width - width) // 2 + col * step_x
        y = area.y0 + (area.height - height) // 2 + row * step_y
        positions.append((x, y))
    return positions
