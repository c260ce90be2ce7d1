"""The Turf picture: a pure function from a seat's view (and the last events) to PNG.

The 8×8 city with street numbers on its edges and the marked corner at (1,1), bottom
left; every building in its controller's colour with the seat's symbol; a row per
player with idle / on a job / guards / cops / cards; and the last action. It is drawn
720 px wide with no text below 20 px, so at 360 px on a phone every letter is still
9 px or more.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.pictures import palette as pal
from bot.pictures.fonts import Face, font
from bot.pictures.png import write_png
from bot.pictures.text import ellipsize, wrap
from bot.pictures.vision import RGB
from bot.turf.narration import ENDINGS, last_action
from bot.turf.render.palette import (
    DARK_SQUARE,
    EMPTY_BUILDING,
    LIGHT_SQUARE,
    palette_bytes,
    palette_image,
)
from bot.turf.render.seats import draw_symbol, seat_colour
from engine.turf import MAX_COPS, NOBODY, PlayerView
from engine.turf.board import SIDE, column_of, row_of, square_name
from engine.turf.events import ControlChanged, Event, Infiltrated

WIDTH = 720
CELL = 78
LABELS = 32
BOARD_X = (WIDTH - LABELS - CELL * SIDE) // 2 + LABELS
BOARD_Y = 64
BOARD_END_Y = BOARD_Y + CELL * SIDE
ROW_HEIGHT = 38
PHASES = {
    "legwork": "legwork",
    "confrontation": "a confrontation",
    "recruiting": "recruiting",
    "cop": "the cop phase",
    "loss": "discards owed",
    "over": "the end",
}


def cell_box(square: int) -> tuple[int, int, int, int]:
    """The pixel box of a square: column 1 on the left, row 1 at the bottom."""
    x = BOARD_X + (column_of(square) - 1) * CELL
    y = BOARD_Y + (SIDE - row_of(square)) * CELL
    return x, y, x + CELL, y + CELL


@cache
def _board_base() -> Image.Image:
    """The squares, street numbers and the marked corner: the same in every picture."""
    height = BOARD_END_Y + LABELS + 8
    image = Image.new("RGB", (WIDTH, height), pal.FRAME)
    draw = ImageDraw.Draw(image)
    label = font(Face.BOLD, 22)
    for c in range(1, SIDE + 1):
        for r in range(1, SIDE + 1):
            ground = LIGHT_SQUARE if (c + r) % 2 else DARK_SQUARE
            draw.rectangle(cell_box(c * 10 + r), fill=ground)
    for n in range(1, SIDE + 1):
        x = BOARD_X + (n - 1) * CELL + CELL / 2
        draw.text((x, BOARD_END_Y + LABELS / 2 + 2), str(n), font=label, fill=pal.GOLD, anchor="mm")
        y = BOARD_Y + (SIDE - n) * CELL + CELL / 2
        draw.text((BOARD_X - LABELS / 2, y), str(n), font=label, fill=pal.GOLD, anchor="mm")
    draw.rectangle(
        (BOARD_X, BOARD_Y, BOARD_X + CELL * SIDE, BOARD_END_Y), outline=pal.GOLD, width=2
    )
    # The marked corner: a star where the two rows of street numbers meet (and a gold
    # wedge in square (1,1), drawn over the buildings).
    draw_symbol(draw, 5, (BOARD_X - LABELS / 2, BOARD_END_Y + LABELS / 2 + 2), 24, pal.GOLD)
    return image


def _highlighted(events: Sequence[Event]) -> set[int]:
    marked: set[int] = set()
    for event in events:
        if isinstance(event, (ControlChanged, Infiltrated)):
            marked.add(event.square)
    return marked


def _draw_buildings(draw: ImageDraw.ImageDraw, view: PlayerView, events: Sequence[Event]) -> None:
    marked = _highlighted(events)
    contested = view.fight.square if view.fight is not None else None
    for square, guard in view.guards.items():
        x0, y0, x1, y1 = cell_box(square)
        box = (x0 + 9, y0 + 9, x1 - 9, y1 - 9)
        if guard == NOBODY:
            draw.rounded_rectangle(box, 8, fill=EMPTY_BUILDING, outline=pal.LIGHT_MUTED, width=2)
            draw.rectangle((x0 + 33, y0 + 33, x1 - 33, y1 - 33), fill=pal.FRAME)  # an empty door
        else:
            draw.rounded_rectangle(box, 8, fill=seat_colour(guard), outline=pal.CELL_LINE, width=2)
            draw_symbol(draw, guard, ((x0 + x1) / 2, (y0 + y1) / 2), 34, pal.CELL_LINE)
        if square == contested:
            draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=pal.STRIKE, width=5)
        elif square in marked:
            draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=pal.GOLD, width=3)


def _title(view: PlayerView) -> str:
    limit = view.options.round_limit
    if view.result is not None:
        winner = view.result.winner
        if winner == NOBODY:
            return "Turf · the match is over: nobody wins"
        return f"Turf · {view.players[winner].name} wins"
    name = view.players[view.turn].name
    return f"Turf · round {view.round} of {limit} · {name}: {PHASES[view.phase.value]}"


def _player_rows(draw: ImageDraw.ImageDraw, view: PlayerView, top: int) -> int:
    bold, regular = font(Face.BOLD, 22), font(Face.REGULAR, 21)
    name_width = 170
    for index, p in enumerate(view.players):
        y = top + index * ROW_HEIGHT
        if p.seat == view.turn and view.result is None:
            draw.rectangle((16, y, WIDTH - 16, y + ROW_HEIGHT - 4), fill=pal.CARD_ACTIVE)
        draw.rounded_rectangle((22, y + 3, 50, y + 31), 5, fill=seat_colour(p.seat))
        draw_symbol(draw, p.seat, (36, y + 17), 18, pal.CELL_LINE)
        ink = pal.LIGHT_MUTED if p.out else pal.LIGHT
        draw.text((60, y + 4), ellipsize(p.name, bold, name_width), font=bold, fill=ink)
        if p.out:
            counts = "out of the match"
        else:
            counts = (
                f"idle {p.idle} · job {p.job} · guards {p.guards} · cops {p.cops} · cards {p.cards}"
            )
        draw.text((60 + name_width + 12, y + 5), counts, font=regular, fill=ink)
    return top + len(view.players) * ROW_HEIGHT


def _footer_lines(view: PlayerView, events: Sequence[Event]) -> list[tuple[str, RGB]]:
    small = font(Face.REGULAR, 21)
    names = [p.name for p in view.players]
    lines: list[tuple[str, RGB]] = []
    if view.result is not None and view.result.winner != NOBODY:
        ending = ENDINGS[view.result.reason]
        lines.append((f"{names[view.result.winner]} wins {ending}.", pal.GOLD))
    fight = view.fight
    if fight is not None:
        state = {True: "has chosen", False: "is choosing"}
        told = (
            f"Confrontation at {square_name(fight.square)}: {names[fight.attacker]} "
            f"{state[fight.attacker_chosen]}, {names[fight.defender]} "
            f"{state[fight.defender_chosen]}."
        )
        lines += [(line, pal.STRIKE) for line in wrap(told, small, WIDTH - 40)[:2]]
    said = last_action(names, events)
    if said:
        lines += [(line, pal.LIGHT) for line in wrap(f"Last: {said}", small, WIDTH - 40)[:3]]
    cops = sum(p.cops for p in view.players)
    piles = f"Draw pile {view.draw_left} · discards {len(view.discard)} · cops {cops}/{MAX_COPS}"
    lines.append((piles, pal.LIGHT_MUTED))
    return lines


def render_turf(view: PlayerView, events: Sequence[Event] = ()) -> Image.Image:
    """The picture as an image (for tests and for composing)."""
    base = _board_base()
    footer = _footer_lines(view, events)
    panel_top = base.height + 6
    height = panel_top + len(view.players) * ROW_HEIGHT + 12 + len(footer) * 28 + 14
    image = Image.new("RGB", (WIDTH, height), pal.FRAME)
    image.paste(base, (0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=pal.GOLD, width=3)
    title = font(Face.BOLD, 24)
    draw.text((20, 18), ellipsize(_title(view), title, WIDTH - 40), font=title, fill=pal.GOLD)
    _draw_buildings(draw, view, events)
    x0, _, _, y1 = cell_box(11)
    draw.polygon([(x0, y1), (x0 + 22, y1), (x0, y1 - 22)], fill=pal.GOLD)
    y = _player_rows(draw, view, panel_top) + 10
    small = font(Face.REGULAR, 21)
    for text, ink in footer:
        draw.text((20, y), text, font=small, fill=ink)
        y += 28
    return image


def render_turf_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The picture as an 8-bit PNG on the fixed palette: small and quick to encode."""
    image = render_turf(view, events).quantize(palette=palette_image(), dither=Image.Dither.NONE)
    return write_png(image, palette_bytes())
