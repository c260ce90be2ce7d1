"""The phone picture: a portrait card that reads when Discord shows it 360 px wide.

The full board (`render_png`) is 1738 px wide and shrinks to a postage stamp on a phone.
This picture carries what a player needs at a glance instead: whose turn it is, a
close-up of the spaces where the turn happened (who runs them, the fines), every side's
cash, people and marks, and the latest news. Like the board, it is a pure function of
a snapshot and is encoded on the same fixed palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.chicago.render import palette as pal
from bot.chicago.render.board import encode
from bot.chicago.render.layout import Box
from bot.chicago.render.pen import Pen, PlacedText
from bot.chicago.render.phone_layout import (
    HEADER_H,
    MARGIN,
    NAME,
    SMALL,
    SPOT_H,
    STRIP_H,
    TEXT,
    TITLE,
    WIDTH,
    picture_height,
)
from bot.chicago.render.phone_sides import draw_sides
from bot.chicago.render.phone_strip import draw_strip
from bot.chicago.render.spotlight import (
    Spotlight,
    short_name,
    space_words,
    spotlight,
    spotlight_title,
)
from bot.chicago.render.view import BoardView, snapshot
from bot.pictures.fonts import Face, font
from bot.pictures.text import wrap
from engine.chicago import MatchState
from engine.chicago.board import SPACES
from engine.chicago.events import Event

LONG_NAME = 20  # characters of a name kept where a fact must follow it on the line


@dataclass(frozen=True, slots=True)
class PhonePicture:
    """The drawn picture and every line of text on it, where it was drawn."""

    image: Image.Image
    texts: tuple[PlacedText, ...]


def headline(view: BoardView) -> tuple[str, str]:
    """Two lines: the round and whose turn (or who won), then who must decide what."""
    result = view.result
    if result is not None:
        return f"{view.sides[result.winner].name} wins", f"{result.reason} · round {view.round}"
    turn = view.sides[view.turn_seat].name
    if view.waiting is None:
        return f"Round {view.round} · {turn}'s turn", ""
    seat, words = view.waiting
    who = "you" if seat < 0 else view.sides[seat].name
    return f"Round {view.round} · {turn}'s turn", f"waiting for {who} {words}"


def _header(pen: Pen, view: BoardView) -> None:
    box = Box(0, 0, WIDTH, HEADER_H)
    pen.draw.rectangle(box.pil(), fill=pal.FRAME)
    pen.draw.line((MARGIN, HEADER_H - 4, WIDTH - MARGIN, HEADER_H - 4), fill=pal.GOLD, width=2)
    first, second = headline(view)
    colour = view.sides[view.turn_seat].colour if view.result is None else pal.GOLD
    pen.draw.ellipse((MARGIN + 2, 14, MARGIN + 24, 36), fill=colour, outline=pal.CELL_LINE)
    width = WIDTH - 2 * MARGIN - 34
    pen.write((MARGIN + 34, 8), first, Face.BOLD, TITLE, pal.GOLD, width=width)
    if second:
        pen.write((MARGIN + 34, 46), second, Face.REGULAR, TEXT, pal.LIGHT, width=width)


def _spotlight(pen: Pen, view: BoardView, spot: Spotlight, top: int) -> None:
    x, width = MARGIN + 4, WIDTH - 2 * MARGIN - 8
    pen.write((x, top + 4), spotlight_title(spot), Face.BOLD, NAME, pal.LIGHT, width=width)
    y = top + 38
    regular = font(Face.REGULAR, TEXT)
    rows = wrap(space_words(view, spot), regular, width)
    if len(rows) > 2:  # a long name must not push the fine off the picture
        rows = wrap(space_words(view, spot, LONG_NAME), regular, width)
    for row in rows[:2]:
        pen.write((x, y), row, Face.REGULAR, TEXT, pal.LIGHT, width=width)
        y += 28
    if spot.others and y < top + SPOT_H - 26:
        names = ", ".join(s.name for s in spot.others)
        pen.write((x, y), f"also here: {names}", Face.REGULAR, TEXT, pal.LIGHT_MUTED, width=width)


def _news(pen: Pen, view: BoardView, top: int, bottom: int) -> None:
    """The latest lines that fit, oldest first; a raid in progress comes first."""
    x, x1 = MARGIN + 4, WIDTH - MARGIN - 4
    pen.write((x, top), "JUST NOW", Face.BOLD, SMALL, pal.GOLD)
    pen.draw.line((x + 100, top + 12, x1, top + 12), fill=pal.GOLD, width=1)
    y = top + 32
    raid = view.raid
    if raid is not None:
        att, dfn = view.sides[raid.attacker], view.sides[raid.defender]
        where = SPACES[raid.space].name if raid.space >= 0 else "the police"
        text = (
            f"RAID on {where}: {short_name(att.name, LONG_NAME)} lost {raid.attacker_lost}, "
            f"{short_name(dfn.name, LONG_NAME)} lost {raid.defender_lost}"
        )
        for row in wrap(text, font(Face.BOLD, TEXT), x1 - x)[:2]:
            pen.write((x, y), row, Face.BOLD, TEXT, pal.STRIKE, width=x1 - x)
            y += 28
    regular = font(Face.REGULAR, TEXT)
    chosen: list[tuple[int, list[str]]] = []
    room = bottom - y
    for line in reversed(view.recent.lines):
        rows = wrap(line.text, regular, x1 - x - 26)[:2]
        if 28 * len(rows) > room:
            break
        room -= 28 * len(rows)
        chosen.insert(0, (line.seat, rows))
    for seat, rows in chosen:
        colour = view.sides[seat].colour if 0 <= seat < len(view.sides) else pal.GOLD
        pen.draw.ellipse((x, y + 6, x + 16, y + 22), fill=colour, outline=pal.CELL_LINE, width=2)
        for row in rows:
            pen.write((x + 26, y), row, Face.REGULAR, TEXT, pal.LIGHT, width=x1 - x - 26)
            y += 28


def draw_phone(view: BoardView) -> PhonePicture:
    """The phone picture of a snapshot, with the record of its text."""
    height = picture_height(len(view.sides))
    image = Image.new("RGB", (WIDTH, height), pal.PANEL)
    pen = Pen(ImageDraw.Draw(image))
    _header(pen, view)
    spot = spotlight(view)
    y = HEADER_H + MARGIN
    draw_strip(image, pen, view, spot, y)
    y += STRIP_H + MARGIN
    _spotlight(pen, view, spot, y)
    y += SPOT_H
    y = draw_sides(image, pen, view, y) + MARGIN
    _news(pen, view, y, height - MARGIN)
    pen.draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=pal.GOLD, width=3)
    return PhonePicture(image, tuple(pen.placed))


def render_phone_view(view: BoardView) -> bytes:
    return encode(draw_phone(view).image)


def render_phone_png(state: MatchState, events: Sequence[Event] = ()) -> bytes:
    """The phone picture of `state` as PNG bytes; `events` are the recent engine events,
    as for `render_png`."""
    return render_phone_view(snapshot(state, events))
