"""What the match puts on the ring: owners' colours, police seals, whole blocks, the
last move's path and the pieces."""

from __future__ import annotations

from collections import defaultdict

from PIL import Image, ImageDraw

from bot.chicago.narration import money
from bot.chicago.render import palette as pal
from bot.chicago.render.layout import Box, arrange, detention_boxes, spaces
from bot.chicago.render.legend import star
from bot.chicago.render.pieces import paste, sprite
from bot.chicago.render.static_layer import band_box, foot_box, is_wide
from bot.chicago.render.view import BoardView, SideView
from bot.pictures.fonts import Face, font
from bot.pictures.text import draw_lines
from bot.pictures.vision import RGB
from engine.chicago.board import BLOCKS, DETENTION, SPACES, base_fine

OWNER_FRAME = 4


def draw_control(draw: ImageDraw.ImageDraw, view: BoardView) -> None:
    """Each owned business gets its owner's colour as a frame and a foot strip with the
    owner's initials; police businesses get the blue seal. Merchant-run stay plain."""
    for index, owner in enumerate(view.control):
        if owner < 0:
            continue
        side = view.sides[owner]
        cell = spaces()[index].cell
        inner = cell.inset(2)
        foot = foot_box(cell)
        # Sides of the body only: the band's fine and the name keep their full width.
        top = band_box(cell).y1 + 1
        draw.rectangle((inner.x0, top, inner.x0 + OWNER_FRAME - 1, foot.y0), fill=side.colour)
        draw.rectangle((inner.x1 - OWNER_FRAME, top, inner.x1 - 1, foot.y0), fill=side.colour)
        strip = Box(inner.x0, foot.y0, inner.x1, inner.y1)
        draw.rectangle(strip.pil(), fill=side.colour)
        draw.line((strip.x0, strip.y0, strip.x1 - 1, strip.y0), fill=pal.CELL_LINE, width=2)
        ink = pal.ink_on(side.colour)
        if side.is_police:
            cx, cy = strip.x0 + 16, strip.centre[1] + 1
            draw.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=pal.LIGHT)
            draw.polygon(star(cx, cy, 10), fill=side.colour)
            label = Box(strip.x0 + 28, strip.y0, strip.x1, strip.y1)
            draw_lines(draw, label, ["SEALED"], font(Face.BOLD, 20), ink)
        else:
            # A wide cell shows its category at the foot, which the owner's strip covers.
            words = (
                f"{side.initials} · {SPACES[index].category}" if is_wide(cell) else side.initials
            )
            draw_lines(draw, strip, [words], font(Face.BOLD, 20), ink)


def draw_whole_blocks(draw: ImageDraw.ImageDraw, view: BoardView) -> None:
    """A block held whole doubles its fine (RULES §2.1): its bands show the doubled fine
    behind a ×2 tag in the holder's colour."""
    for block, members in BLOCKS.items():
        owners = {view.control[i] for i in members}
        if len(owners) != 1:
            continue
        owner = owners.pop()
        if owner < 0:
            continue
        side = view.sides[owner]
        for index in members:
            band = band_box(spaces()[index].cell).inset(2, 0)
            draw.rectangle(Box(band.x0, band.y0 + 2, band.x1, band.y1).pil(), fill=side.colour)
            tag = Box(band.x0 + 3, band.y0 + 5, band.x0 + 33, band.y1 - 3)
            draw.rounded_rectangle(tag.pil(), radius=4, fill=pal.CELL_LINE)
            draw_lines(draw, tag, ["×2"], font(Face.BOLD, 20), pal.LIGHT)
            rest = Box(tag.x1, band.y0 + 1, band.x1, band.y1)
            draw_lines(
                draw, rest, [money(2 * base_fine(block))], font(Face.BOLD, 20),
                pal.ink_on(side.colour),
            )  # fmt: skip


def _arrow_head(
    draw: ImageDraw.ImageDraw, tip: tuple[int, int], tail: tuple[int, int], colour: RGB
) -> None:
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / length, dy / length
    back = (tip[0] - ux * 20, tip[1] - uy * 20)
    left = (back[0] - uy * 11, back[1] + ux * 11)
    right = (back[0] + uy * 11, back[1] - ux * 11)
    draw.polygon([tip, left, right], fill=colour, outline=pal.CELL_LINE)


def draw_paths(draw: ImageDraw.ImageDraw, view: BoardView) -> None:
    """The last move as a line through the lane, with a dot per space entered and an
    arrow at the end; the destination cell is outlined in the mover's colour."""
    geometry = spaces()
    for move in view.recent.moves:
        colour = view.sides[move.seat].colour
        end = geometry[move.path[-1]] if move.path else geometry[move.start]
        draw.rectangle(end.cell.inset(-3).pil(), outline=pal.CELL_LINE, width=2)
        draw.rectangle(end.cell.inset(-1).pil(), outline=colour, width=4)
        if move.how == "jump" or not move.path:
            continue
        points = [geometry[move.start].waypoint] + [geometry[i].waypoint for i in move.path]
        draw.line(points, fill=pal.CELL_LINE, width=11, joint="curve")
        draw.line(points, fill=colour, width=6, joint="curve")
        for x, y in points[1:-1]:
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=colour, outline=pal.CELL_LINE)
        _arrow_head(draw, points[-1], points[-2], colour)


def _visible_order(side: SideView) -> tuple[int, int]:
    return (1 if side.is_police else 0, side.seat)


def piece_spots(view: BoardView) -> list[tuple[SideView, tuple[int, int]]]:
    """Where each piece stands (top-left corner): every side still in play on its
    space, detained bosses in the barred cell of Detention, eliminated sides nowhere."""
    groups: dict[int, list[SideView]] = defaultdict(list)
    jailed: list[SideView] = []
    for side in sorted(view.sides, key=_visible_order):
        if side.eliminated:
            continue
        if side.detained:
            jailed.append(side)
        else:
            groups[side.position].append(side)
    geometry = spaces()
    jail, visitors = detention_boxes()
    spots: list[tuple[SideView, tuple[int, int]]] = []
    for position, members in sorted(groups.items()):
        area = visitors if position == DETENTION else geometry[position].pieces
        spots.extend(zip(members, arrange(area, len(members)), strict=True))
    spots.extend(zip(jailed, arrange(jail.inset(2), len(jailed)), strict=True))
    return spots


def draw_pieces(image: Image.Image, view: BoardView) -> None:
    """The pieces, drawn in front of the bars of Detention so initials stay readable;
    the side that must decide now wears a gold ring."""
    deciding = view.waiting[0] if view.waiting else -1
    for side, spot in piece_spots(view):
        piece = sprite(side.colour, side.initials, side.is_police, side.seat == deciding)
        paste(image, piece, spot)
