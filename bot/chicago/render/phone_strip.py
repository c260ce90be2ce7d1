"""The close-up on the phone picture: four spaces of the ring around the mover, drawn
large, in the mover's direction of travel so its path always runs left to right.

Each tile says what the full board says of a space — its fine, category, name, cost or
who runs it — and the lane under the tiles holds the pieces standing there.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.chicago.narration import money
from bot.chicago.render import palette as pal
from bot.chicago.render.layout import Box, arrange
from bot.chicago.render.pen import Pen
from bot.chicago.render.phone_layout import (
    BAND_H,
    FOOT_H,
    LANE_H,
    MARGIN,
    SMALL,
    TILE_GAP,
    TILE_H,
    TILE_W,
    TILES,
)
from bot.chicago.render.pieces import paste, sprite
from bot.chicago.render.spotlight import Spotlight, space_facts, standing_on
from bot.chicago.render.static_layer import CORNER_TEXT
from bot.chicago.render.view import BoardView
from bot.pictures.fonts import Face, font
from bot.pictures.text import wrap
from bot.pictures.vision import RGB
from engine.chicago import MERCHANT
from engine.chicago.board import BOARD_SIZE, SPACES, Deck, SpaceKind, base_fine


def offset(index: int, centre: int, direction: int) -> int:
    """How many tiles right of the centre tile a space sits (negative: left)."""
    return (direction * (index - centre) + BOARD_SIZE // 2) % BOARD_SIZE - BOARD_SIZE // 2


def tile_box(column: int, top: int) -> Box:
    x0 = MARGIN + column * (TILE_W + TILE_GAP)
    return Box(x0, top, x0 + TILE_W, top + TILE_H)


def _centred(pen: Pen, box: Box, y: int, text: str, face: Face, fill: RGB) -> None:
    pen.write((box.centre[0], y), text, face, SMALL, fill, anchor="ma", width=box.width - 6)


def _band(pen: Pen, view: BoardView, index: int, box: Box) -> None:
    space = SPACES[index]
    facts = space_facts(view.control, index)
    band = Box(box.x0, box.y0, box.x1, box.y0 + BAND_H)
    if space.is_business:
        owner = view.sides[facts.owner] if facts.doubled else None
        ground = owner.colour if owner is not None else pal.BLOCK[space.block]
        label = f"fine {money(facts.fine or base_fine(space.block))}"
    elif space.kind is SpaceKind.CARD:
        ground = pal.STREET_LIFE if space.deck is Deck.STREET_LIFE else pal.POLICE_FILE
        label = "draw"
    elif space.kind is SpaceKind.HUB:
        ground, label = pal.HUB, "recruit"
    else:
        ground, label = pal.CORNER, CORNER_TEXT[index][0]
    pen.draw.rectangle(band.pil(), fill=ground)
    pen.draw.line((band.x0, band.y1, band.x1 - 1, band.y1), fill=pal.CELL_LINE, width=2)
    face = Face.BOLD if facts.doubled or not space.is_business else Face.REGULAR
    _centred(pen, band, band.y0 + 4, label, face, pal.ink_on(ground))


def _foot(pen: Pen, view: BoardView, index: int, box: Box) -> None:
    space = SPACES[index]
    foot = Box(box.x0, box.y1 - FOOT_H, box.x1, box.y1)
    facts = space_facts(view.control, index)
    if space.is_business and facts.owner != MERCHANT:
        owner = view.sides[facts.owner]
        pen.draw.rectangle(foot.inset(2, 0).pil(), fill=owner.colour)
        pen.draw.line((foot.x0, foot.y0, foot.x1 - 1, foot.y0), fill=pal.CELL_LINE, width=2)
        label = "SEALED" if owner.is_police else owner.initials
        _centred(pen, foot, foot.y0 + 4, label, Face.BOLD, pal.ink_on(owner.colour))
        return
    if space.is_business:
        label = f"cost {money(space.cost)}"
    elif space.kind is SpaceKind.HUB:
        label = "4 or 10"
    elif space.kind is SpaceKind.CORNER:
        label = CORNER_TEXT[index][1]
    else:
        return
    if label:
        _centred(pen, foot, foot.y0 + 2, label, Face.REGULAR, pal.INK_MUTED)


def _tile(pen: Pen, view: BoardView, index: int, box: Box) -> None:
    space = SPACES[index]
    corner = space.kind is SpaceKind.CORNER
    pen.draw.rectangle(box.pil(), fill=pal.CORNER if corner else pal.CELL)
    _band(pen, view, index, box)
    y = box.y0 + BAND_H + 6
    if space.category is not None:
        _centred(pen, box, y, space.category.value, Face.BOLD, pal.INK_MUTED)
        y += 26
    regular = font(Face.REGULAR, SMALL)
    rows = [] if corner else wrap(space.name, regular, box.width - 8)[:3]
    for row in rows:
        _centred(pen, box, y, row, Face.REGULAR, pal.INK)
        y += 24
    _foot(pen, view, index, box)
    pen.draw.rectangle(box.pil(), outline=pal.CELL_LINE, width=2)


def _lane_centre(column: float, top: int) -> tuple[int, int]:
    return (round(MARGIN + column * (TILE_W + TILE_GAP) + TILE_W / 2), top + TILE_H + LANE_H // 2)


def _path(
    draw: ImageDraw.ImageDraw, view: BoardView, centre: int, direction: int, top: int
) -> None:
    """Each recent move through the lane, clipped at the strip's ends (a path that came
    from further back enters from the edge), with an arrow into its last space."""
    half = TILES // 2
    for move in view.recent.moves:
        if move.how == "jump" or not move.path:
            continue
        columns = [offset(i, centre, direction) + half for i in (move.start, *move.path)]
        if all(c < 0 for c in columns) or all(c >= TILES for c in columns):
            continue
        points = [_lane_centre(min(max(c, -0.5), TILES - 0.5), top) for c in columns]
        colour = view.sides[move.seat].colour
        draw.line(points, fill=pal.CELL_LINE, width=11, joint="curve")
        draw.line(points, fill=colour, width=6, joint="curve")
        end = points[-1]
        back = points[-2] if len(points) > 1 else end
        if end != back and 0 <= columns[-1] < TILES:
            sign = 1 if end[0] > back[0] else -1
            x, y = end[0] - sign * 30, end[1]
            head = [(x + sign * 18, y), (x, y - 11), (x, y + 11)]
            draw.polygon(head, fill=colour, outline=pal.CELL_LINE)


def _pieces(image: Image.Image, view: BoardView, index: int, column: int, top: int) -> None:
    deciding = view.waiting[0] if view.waiting else -1
    members = sorted(standing_on(view, index), key=lambda s: (s.is_police, s.seat))
    x0 = MARGIN + column * (TILE_W + TILE_GAP)
    area = Box(x0, top + TILE_H + 6, x0 + TILE_W, top + TILE_H + LANE_H - 4)
    for side, spot in zip(members, arrange(area, len(members)), strict=True):
        piece = sprite(side.colour, side.initials, side.is_police, side.seat == deciding)
        paste(image, piece, spot)


def draw_strip(image: Image.Image, pen: Pen, view: BoardView, spot: Spotlight, top: int) -> None:
    """The four tiles around the mover's space, its pieces and the last move's path."""
    centre = spot.mover.position
    direction = -1 if spot.mover.is_police else 1
    half = TILES // 2
    lane = Box(0, top + TILE_H, image.width, top + TILE_H + LANE_H)
    pen.draw.rectangle(lane.pil(), fill=pal.BOARD)
    indices = [(centre + direction * (column - half)) % BOARD_SIZE for column in range(TILES)]
    for column, index in enumerate(indices):
        _tile(pen, view, index, tile_box(column, top))
    _path(pen.draw, view, centre, direction, top)
    for column, index in enumerate(indices):
        _pieces(image, view, index, column, top)
    focus = tile_box(half, top)
    pen.draw.rectangle(focus.inset(-3).pil(), outline=pal.CELL_LINE, width=2)
    pen.draw.rectangle(focus.inset(-1).pil(), outline=spot.mover.colour, width=4)
