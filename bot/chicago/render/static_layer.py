"""The board without pieces: frame, the ring of spaces, the centre's title and the
panel's ground. None of it depends on the match, so it is drawn once per process and
every picture starts from a copy of it (a copy costs about a millisecond; drawing the
ring costs about thirty)."""

from __future__ import annotations

import threading

from PIL import Image, ImageDraw

from bot.chicago.narration import money
from bot.chicago.render import palette as pal
from bot.chicago.render.layout import (
    BAND_H,
    BOARD_BOX,
    CENTRE_BOX,
    FOOT_H,
    HEIGHT,
    PANEL_BOX,
    WIDTH,
    Box,
    detention_boxes,
    spaces,
)
from bot.chicago.render.legend import draw_legend
from bot.pictures.fonts import Face, font
from bot.pictures.text import draw_lines, wrap
from engine.chicago.board import DETENTION, HEIST, SPACES, START, Deck, Space, SpaceKind, base_fine

TITLE = "CHICAGO 1927"
CORNER_TEXT: dict[int, tuple[str, str]] = {
    START: ("START", "+$4,000"),
    DETENTION: ("DETENTION", ""),
    HEIST: ("HEIST", "+$1,500"),
    27: ("ARRESTED", "to Detention"),
}

CATEGORY_H = 26  # the line under a business's name that gives its category

_lock = threading.Lock()
_cached: Image.Image | None = None


def band_box(cell: Box) -> Box:
    return Box(cell.x0, cell.y0, cell.x1, cell.y0 + BAND_H)


def foot_box(cell: Box) -> Box:
    return Box(cell.x0, cell.y1 - FOOT_H, cell.x1, cell.y1)


def body_box(cell: Box) -> Box:
    return Box(cell.x0 + 4, cell.y0 + BAND_H + 2, cell.x1 - 4, cell.y1 - FOOT_H)


def _draw_business(draw: ImageDraw.ImageDraw, space: Space, cell: Box) -> None:
    band = band_box(cell)
    colour = pal.BLOCK[space.block]
    draw.rectangle(band.pil(), fill=colour)
    draw.line((band.x0, band.y1, band.x1 - 1, band.y1), fill=pal.CELL_LINE, width=2)
    draw_lines(
        draw, band, [f"fine {money(base_fine(space.block))}"], font(Face.REGULAR, 20),
        pal.ink_on(colour),
    )  # fmt: skip
    # Three Street Life cards pay by category. A tall cell (top and bottom rows) has room
    # for it under the name; a wide one (left and right) gives it beside the cost.
    body = body_box(cell)
    cost = f"cost {money(space.cost)}"
    if is_wide(cell):
        _draw_name(draw, space, cell)
        cost = f"{space.category} · {money(space.cost)}"
    else:
        _draw_name(draw, space, cell, box=Box(body.x0, body.y0, body.x1, body.y1 - CATEGORY_H))
        category = Box(body.x0, body.y1 - CATEGORY_H, body.x1, body.y1 - 2)
        draw_lines(draw, category, [str(space.category)], font(Face.BOLD, 20), pal.INK_MUTED)
    draw_lines(draw, foot_box(cell).inset(0, 2), [cost], font(Face.REGULAR, 20), pal.INK_MUTED)


def is_wide(cell: Box) -> bool:
    """A cell of the left or right edge: wider than tall, with two lines for its name."""
    return cell.width > cell.height


def _draw_name(
    draw: ImageDraw.ImageDraw, space: Space, cell: Box, bold: bool = False, box: Box | None = None
) -> None:
    body = box or body_box(cell)
    name_font = font(Face.BOLD if bold else Face.REGULAR, 20)
    draw_lines(draw, body, wrap(space.name, name_font, body.width - 2), name_font, pal.INK)


def _draw_card_space(draw: ImageDraw.ImageDraw, space: Space, cell: Box) -> None:
    colour = pal.STREET_LIFE if space.deck is Deck.STREET_LIFE else pal.POLICE_FILE
    band = band_box(cell)
    draw.rectangle(band.pil(), fill=colour)
    draw.line((band.x0, band.y1, band.x1 - 1, band.y1), fill=pal.CELL_LINE, width=2)
    draw_lines(draw, band, ["draw"], font(Face.BOLD, 20), pal.ink_on(colour))
    _draw_name(draw, space, cell, bold=True)
    # A face-down card at the foot, in the deck's colour.
    foot = foot_box(cell)
    cx = foot.centre[0]
    card = Box(cx - 24, foot.y0 - 8, cx + 24, foot.y1 - 4)
    draw.rounded_rectangle(card.pil(), radius=5, fill=colour, outline=pal.CELL_LINE, width=2)
    draw.rounded_rectangle(card.inset(5).pil(), radius=3, outline=pal.ink_on(colour), width=1)


def _draw_hub(draw: ImageDraw.ImageDraw, space: Space, cell: Box) -> None:
    band = band_box(cell)
    draw.rectangle(band.pil(), fill=pal.HUB)
    draw.line((band.x0, band.y1, band.x1 - 1, band.y1), fill=pal.CELL_LINE, width=2)
    draw_lines(draw, band, ["recruit"], font(Face.BOLD, 20), pal.ink_on(pal.HUB))
    _draw_name(draw, space, cell)
    draw_lines(draw, foot_box(cell).inset(0, 2), ["4 or 10"], font(Face.REGULAR, 20), pal.INK_MUTED)


def _draw_corner(draw: ImageDraw.ImageDraw, index: int, cell: Box) -> None:
    title, note = CORNER_TEXT[index]
    draw.rectangle(cell.pil(), fill=pal.CORNER, outline=pal.CELL_LINE, width=2)
    title_font = font(Face.BOLD, 24 if len(title) < 8 else 22)
    lines_box = Box(cell.x0, cell.y0 + 6, cell.x1, cell.y0 + 34)
    draw_lines(draw, lines_box, [title], title_font, pal.INK)
    if note:
        note_box = Box(cell.x0, cell.y0 + 34, cell.x1, cell.y0 + 60)
        draw_lines(draw, note_box, [note], font(Face.REGULAR, 20), pal.INK_MUTED)
    if index == START:
        # Bosses leave Start leftwards, along the bottom row (RULES §2.1).
        y = cell.y0 + 21
        draw.polygon(
            [(cell.x0 + 8, y), (cell.x0 + 20, y - 8), (cell.x0 + 20, y + 8)], fill=pal.INK_MUTED
        )
        draw.line((cell.x0 + 18, y, cell.x0 + 36, y), fill=pal.INK_MUTED, width=4)
    if index == DETENTION:
        jail, _ = detention_boxes()
        draw.rectangle(jail.pil(), fill=pal.HUB, outline=pal.CELL_LINE, width=2)
        for x in range(jail.x0 + 9, jail.x1 - 4, 13):
            draw.line((x, jail.y0 + 2, x, jail.y1 - 3), fill=pal.CELL_LINE, width=3)
        draw_lines(
            draw, Box(cell.x0, cell.y0 + 34, cell.x1, cell.y0 + 60), ["cell · visit"],
            font(Face.REGULAR, 20), pal.INK_MUTED,
        )  # fmt: skip


def _draw_centre(draw: ImageDraw.ImageDraw) -> None:
    box = CENTRE_BOX
    draw.rectangle(box.pil(), fill=pal.CENTRE, outline=pal.GOLD, width=2)
    draw.rectangle(box.inset(6).pil(), outline=pal.GOLD, width=1)
    title_font = font(Face.WIDE_BOLD, 44)
    y = box.y0 + 44
    draw.text((box.centre[0], y), TITLE, font=title_font, fill=pal.GOLD, anchor="mm")
    half = title_font.getlength(TITLE) / 2 + 18
    for sign in (-1, 1):
        x_inner = box.centre[0] + sign * half
        x_outer = box.x0 + 24 if sign < 0 else box.x1 - 24
        for dy in (-6, 0, 6):
            draw.line((x_inner, y + dy, x_outer, y + dy), fill=pal.GOLD, width=1)
    draw_legend(draw)


def _draw_static() -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), pal.FRAME)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=pal.GOLD, width=3)
    draw.rectangle(BOARD_BOX.pil(), fill=pal.BOARD)
    for geometry in spaces():
        space = SPACES[geometry.index]
        cell = geometry.cell
        if space.kind is SpaceKind.CORNER:
            _draw_corner(draw, space.index, cell)
            continue
        draw.rectangle(cell.pil(), fill=pal.CELL)
        if space.kind is SpaceKind.BUSINESS:
            _draw_business(draw, space, cell)
        elif space.kind is SpaceKind.CARD:
            _draw_card_space(draw, space, cell)
        else:
            _draw_hub(draw, space, cell)
        draw.rectangle(cell.pil(), outline=pal.CELL_LINE, width=2)
    draw.rectangle(BOARD_BOX.inset(-2).pil(), outline=pal.GOLD, width=2)
    _draw_centre(draw)
    draw.rectangle(PANEL_BOX.pil(), fill=pal.PANEL, outline=pal.GOLD, width=2)
    return image


def static_layer() -> Image.Image:
    """The shared board without pieces. Callers must copy it before drawing on it."""
    global _cached
    if _cached is None:
        with _lock:
            if _cached is None:
                _cached = _draw_static()
    return _cached
