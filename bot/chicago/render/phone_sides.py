"""Every side on the phone picture, one row each in seat order with the police last:
its piece, name, tags (turn, detention, elimination or rank) and cash on the first line;
people, marks, where it stands and whether its power is on on the second."""

from __future__ import annotations

from PIL import Image

from bot.chicago.narration import FINAL_COUNT, money
from bot.chicago.render import palette as pal
from bot.chicago.render.layout import Box
from bot.chicago.render.pen import Pen
from bot.chicago.render.phone_layout import CASH, MARGIN, NAME, ROW_GAP, ROW_H, SMALL, TEXT
from bot.chicago.render.pieces import paste, sprite
from bot.chicago.render.view import BoardView, SideView
from bot.pictures.fonts import Face
from bot.pictures.vision import RGB
from bot.telling import plural
from engine.chicago.board import SPACES

PILL_H = 28


def _pill(pen: Pen, right: int, y: int, text: str, ground: RGB) -> int:
    """A tag ending at `right`; returns its left edge."""
    width = pen.length(text, Face.BOLD, SMALL) + 16
    box = Box(right - width, y, right, y + PILL_H)
    pen.draw.rounded_rectangle(box.pil(), radius=PILL_H // 2, fill=ground)
    pen.write(box.centre, text, Face.BOLD, SMALL, pal.ink_on(ground), anchor="mm")
    return box.x0


def tags(view: BoardView, side: SideView) -> list[tuple[str, RGB]]:
    """The side's standing in a word or two, most important first (beside its name)."""
    result = view.result
    if result is not None and side.seat in result.ranking:
        rank = result.ranking.index(side.seat) + 1
        return [("WINNER", pal.GOLD) if side.seat == result.winner else (f"#{rank}", pal.HUB)]
    if side.eliminated:
        return [("OUT", pal.STRIKE)]
    found: list[tuple[str, RGB]] = []
    if result is None and side.seat == view.turn_seat:
        found.append(("TURN", pal.GOLD))
    if side.detained:
        found.append(("DETAINED", pal.STRIKE))
    return found


def second_line(view: BoardView, side: SideView, where: bool = True) -> str:
    """People and marks, then the final count at the end or (if `where`) where the piece
    stands."""
    noun = "officer" if side.is_police else "soldier"
    parts = [plural(side.people, noun), f"{side.marks}/{view.marks_to_win} marks"]
    result = view.result
    score = result.scores[side.seat] if result and side.seat < len(result.scores) else None
    if score is not None:
        parts.append(f"{FINAL_COUNT} {money(score)}")
    elif where and not side.eliminated:
        parts.append(f"on {SPACES[side.position].name}")
    return " · ".join(parts)


def _row(image: Image.Image, pen: Pen, view: BoardView, side: SideView, box: Box) -> None:
    active = view.result is None and side.seat == view.turn_seat and not side.eliminated
    pen.draw.rounded_rectangle(
        box.pil(), radius=10, fill=pal.CARD_ACTIVE if active else pal.CARD,
        outline=pal.GOLD if active else pal.CARD, width=2,
    )  # fmt: skip
    pen.draw.rectangle((box.x0 + 2, box.y0 + 10, box.x0 + 8, box.y1 - 10), fill=side.colour)
    x, right = box.x0 + 18, box.x1 - 12
    y = box.y0 + 8
    paste(image, sprite(side.colour, side.initials, side.is_police), (x, y + 2))
    ink = pal.LIGHT_MUTED if side.eliminated else pal.LIGHT
    cash = pen.write((right, y), money(side.cash), Face.BOLD, CASH, ink, anchor="ra")
    left = cash.x0 - 10
    for label, ground in tags(view, side):
        left = _pill(pen, left, y + 2, label, ground) - 6
    name = pen.write((x + 48, y + 2), side.name, Face.BOLD, NAME, ink, width=left - x - 58)
    if side.eliminated:
        mid = (name.y0 + name.y1) // 2
        pen.draw.line((name.x0 - 2, mid, name.x1 + 2, mid), fill=pal.STRIKE, width=3)
    line_right = right
    if side.powered and not side.eliminated:
        line_right = _pill(pen, right, y + 37, "POWERED", pal.HUB) - 8
    room = line_right - x - 48
    line = second_line(view, side)
    if pen.length(line, Face.REGULAR, TEXT) > room:
        line = second_line(view, side, where=False)  # a place cut short says nothing
    pen.write((x + 48, y + 38), line, Face.REGULAR, TEXT, ink, width=room)


def draw_sides(image: Image.Image, pen: Pen, view: BoardView, top: int) -> int:
    """The rows from `top` down; returns the y under the last one."""
    y = top
    for side in view.sides:
        _row(image, pen, view, side, Box(MARGIN, y, image.width - MARGIN, y + ROW_H))
        y += ROW_H + ROW_GAP
    return y - ROW_GAP
