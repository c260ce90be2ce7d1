"""The Bootleg picture: a pure function from a seat's view (and the last events, as
that seat may know them) to PNG.

The 3×3 city, each Location with its name, Value, Pot, its token (face up, or its back),
its four Barrel spaces (the 3+ and 4+ spaces open only with that many players; the
Casino's green spaces pay, red ones cost) and the Envoys standing there with their
range; the Expansion spaces; the Range Track and the inactive kind; a row per gang with
its Szmal and Barrels left; the last action. Every Barrel shows its gang's letter as
well as its colour, and a mark for its kind where the viewer may know it (X where not).
Drawn 720 px wide with no text below 20 px, so on a 360 px phone every letter is 9 px
or more.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.bootleg.narration import last_action
from bot.bootleg.render.palette import (
    CASINO_GREEN,
    CASINO_RED,
    CELL_GROUND,
    ENVOY_CHIP,
    GANG_LETTERS,
    SPACE_GROUND,
    TOKEN_BACK,
    gang_colour,
    palette_bytes,
    palette_image,
)
from bot.bootleg.words import BARREL_LETTERS, ENVOY_LETTERS, envoy_name
from bot.pictures import palette as pal
from bot.pictures.fonts import Face, font
from bot.pictures.png import write_png
from bot.pictures.text import ellipsize, wrap
from bot.pictures.vision import RGB
from engine.bootleg import ROUNDS, PlayerView
from engine.bootleg.board import LINES
from engine.bootleg.events import Event
from engine.bootleg.locations import BY_KEY as LOCATIONS
from engine.bootleg.locations import CASINO_GREEN as GREEN_SPACES
from engine.bootleg.locations import SPACES
from engine.bootleg.tokens import BY_NUMBER

WIDTH = 720
MARGIN, GAP = 12, 6
CELL_W = (WIDTH - 2 * MARGIN - 2 * GAP) // 3
CELL_H = 164
GRID_Y = 54
GRID_END = GRID_Y + 3 * CELL_H + 2 * GAP
SPACE = 50
ROW_HEIGHT = 38
LINE_LABELS = ("R1", "R2", "R3", "C1", "C2", "C3", "D1", "D2")  # rows, columns, diagonals
# The title names the turn, not its step: the turn's prompt is one message whose picture
# is drawn again after each step, and a step's name there ("move") would read as the
# next thing to do rather than the last thing done.
PHASES = {"bomb": "the Bomb?", "lucky": "Lucky Joe?"}
LEGEND = "B Big · X secret · W Whisky · F Fake · ! Bomb · + Good Goods · − Cheap Gin"


def cell_box(cell: int) -> tuple[int, int, int, int]:
    """The pixel box of a cell: 1-3 the top row, left to right."""
    column, row = (cell - 1) % 3, (cell - 1) // 3
    x = MARGIN + column * (CELL_W + GAP)
    y = GRID_Y + row * (CELL_H + GAP)
    return x, y, x + CELL_W, y + CELL_H


def space_box(cell: int, space: int) -> tuple[int, int, int, int]:
    x0, y0, _, _ = cell_box(cell)
    x = x0 + 8 + (space - 1) * (SPACE + 3)
    return x, y0 + 68, x + SPACE, y0 + 68 + SPACE


@lru_cache(maxsize=8)
def _city_base(city: tuple[str, ...], players: int) -> Image.Image:
    """The cells, names, Values and Barrel spaces: the same all match long."""
    image = Image.new("RGB", (WIDTH, GRID_END), pal.FRAME)
    draw = ImageDraw.Draw(image)
    bold, value_font, small = font(Face.BOLD, 21), font(Face.BOLD, 22), font(Face.REGULAR, 20)
    for cell, key in enumerate(city, start=1):
        x0, y0, x1, y1 = cell_box(cell)
        draw.rounded_rectangle((x0, y0, x1, y1), 8, fill=CELL_GROUND)
        card = LOCATIONS[key]
        draw.text((x1 - 8, y0 + 6), f"{card.value}$", font=value_font, fill=pal.GOLD, anchor="ra")
        draw.text((x0 + 8, y0 + 6), ellipsize(card.name, bold, CELL_W - 60), font=bold,
                  fill=pal.LIGHT)  # fmt: skip
        for space in range(1, SPACES + 1):
            box = space_box(cell, space)
            ground = SPACE_GROUND
            if key == "casino":
                ground = CASINO_GREEN if space in GREEN_SPACES else CASINO_RED
            draw.rectangle(box, fill=ground, outline=pal.LIGHT_MUTED if space <= players else None)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if space > players:
                draw.line((box[0], box[3], box[2], box[1]), fill=pal.LIGHT_MUTED, width=2)
            if space >= 3:
                draw.text((cx, cy), f"{space}+", font=small, fill=pal.LIGHT_MUTED, anchor="mm")
            elif key == "casino":
                sign = "+" if space in GREEN_SPACES else "−"
                draw.text((cx, cy), sign, font=small, fill=pal.LIGHT, anchor="mm")
    return image


def _title(view: PlayerView) -> str:
    names = [p.name for p in view.players]
    variant = view.variant.value.title()
    if view.result is not None:
        winner = view.result.winner
        return f"Bootleg · final count · {names[winner]} wins with {view.players[winner].szmal}$"
    asked = view.waiting[0] if view.waiting else None
    who = names[asked.seat] if asked else names[view.turn.seat]
    doing = PHASES.get(view.phase.value)
    step = f"{who}: {doing}" if doing else f"{who}'s turn"
    return f"Bootleg · {variant} · round {view.round} of {ROUNDS} · {step}"


def _token(draw: ImageDraw.ImageDraw, cell: int, number: int, face_up: bool) -> None:
    _, y0, x1, _ = cell_box(cell)
    box = (x1 - 140, y0 + 34, x1 - 8, y0 + 62)
    small = font(Face.REGULAR, 20)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    if face_up and number in BY_NUMBER:
        draw.rounded_rectangle(box, 6, fill=SPACE_GROUND, outline=pal.GOLD, width=2)
        name = ellipsize(BY_NUMBER[number].name, small, box[2] - box[0] - 8)
        draw.text(centre, name, font=small, fill=pal.GOLD, anchor="mm")
    else:
        draw.rounded_rectangle(box, 6, fill=TOKEN_BACK, outline=pal.LIGHT_MUTED, width=2)
        draw.text(centre, "? token", font=small, fill=pal.LIGHT, anchor="mm")


def _barrel(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], gang: str, kind: str
) -> None:
    inner = (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4)
    draw.rounded_rectangle(inner, 8, fill=gang_colour(gang), outline=pal.CELL_LINE, width=2)
    text = GANG_LETTERS[gang] + BARREL_LETTERS[kind]
    face = font(Face.BOLD, 22 if len(text) == 1 else 20)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw.text(centre, text, font=face, fill=pal.CELL_LINE, anchor="mm")


def _envoys(draw: ImageDraw.ImageDraw, view: PlayerView) -> None:
    small = font(Face.BOLD, 20)
    here: dict[int, list[str]] = {}
    for kind in view.track:
        here.setdefault(view.envoys[kind], []).append(kind)
    for cell, kinds in here.items():
        x0, y0, _, _ = cell_box(cell)
        for i, kind in enumerate(kinds):
            x = x0 + 8 + i * 72
            box = (x, y0 + 126, x + 66, y0 + 156)
            draw.rounded_rectangle(box, 12, fill=ENVOY_CHIP, outline=pal.CELL_LINE)
            label = f"{ENVOY_LETTERS[kind]}·{view.track.index(kind) + 1}"
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            draw.text(centre, label, font=small, fill=pal.CELL_LINE, anchor="mm")


def _city(draw: ImageDraw.ImageDraw, view: PlayerView) -> None:
    small = font(Face.REGULAR, 20)
    gangs = [p.gang for p in view.players]
    for site in view.sites:
        x0, y0, x1, y1 = cell_box(site.cell)
        draw.text((x0 + 8, y0 + 37), f"Pot {site.pot}$", font=small, fill=pal.LIGHT)
        _token(draw, site.cell, site.token, site.face_up)
        for space, barrel in enumerate(site.barrels, start=1):
            _barrel(draw, space_box(site.cell, space), gangs[barrel.owner], barrel.kind)
        if view.result is None and site.cell == view.turn.cell:
            draw.rounded_rectangle((x0, y0, x1, y1), 8, outline=pal.GOLD, width=3)
    _envoys(draw, view)


def _expansion(draw: ImageDraw.ImageDraw, view: PlayerView, top: int) -> None:
    small, bold = font(Face.REGULAR, 20), font(Face.BOLD, 20)
    draw.text((MARGIN, top + 5), "Expansion +2$", font=small, fill=pal.LIGHT)
    for line, label in enumerate(LINE_LABELS[: len(LINES)]):
        x = 152 + line * 70
        box = (x, top, x + 64, top + 32)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        owner = view.expansion[line]
        if owner < 0:
            draw.rounded_rectangle(box, 6, outline=pal.LIGHT_MUTED, width=2)
            draw.text(centre, label, font=small, fill=pal.LIGHT_MUTED, anchor="mm")
        else:
            gang = view.players[owner].gang
            draw.rounded_rectangle(box, 6, fill=gang_colour(gang))
            text = f"{label} {GANG_LETTERS[gang]}"
            draw.text(centre, text, font=bold, fill=pal.CELL_LINE, anchor="mm")


def _track_line(view: PlayerView) -> str:
    track = " · ".join(f"{i} {envoy_name(k)}" for i, k in enumerate(view.track, start=1))
    return f"Range: {track} · out: {envoy_name(view.inactive)}"


def _player_rows(draw: ImageDraw.ImageDraw, view: PlayerView, top: int) -> int:
    bold, regular = font(Face.BOLD, 21), font(Face.REGULAR, 20)
    name_width = 200
    for index, p in enumerate(view.players):
        y = top + index * ROW_HEIGHT
        if view.result is None and p.seat == view.turn.seat:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_HEIGHT - 4), fill=pal.CARD_ACTIVE)
        draw.rounded_rectangle((20, y + 2, 50, y + 32), 6, fill=gang_colour(p.gang))
        draw.text((35, y + 17), GANG_LETTERS[p.gang], font=bold, fill=pal.CELL_LINE, anchor="mm")
        ink = pal.LIGHT_MUTED if p.left else pal.LIGHT
        draw.text((60, y + 5), ellipsize(p.name, bold, name_width), font=bold, fill=ink)
        left = sum(p.supply.values())
        secret = p.supply.get("x", 0)
        what = f"{p.szmal}$ · {left} Barrel{'s' if left != 1 else ''} left"
        if secret:
            what += f" ({secret} X)"
        if p.left:
            what += " · left the match"
        draw.text((60 + name_width + 14, y + 6), what, font=regular, fill=ink)
    return top + len(view.players) * ROW_HEIGHT


def _footer(view: PlayerView, events: Sequence[Event]) -> list[tuple[str, RGB]]:
    small = font(Face.REGULAR, 20)
    names = [p.name for p in view.players]
    city = [s.key for s in view.sites]
    lines: list[tuple[str, RGB]] = [(_track_line(view), pal.LIGHT)]
    said = last_action(names, city, events)
    if said:
        lines += [
            (line, pal.LIGHT) for line in wrap(f"Last: {said}", small, WIDTH - 2 * MARGIN)[:3]
        ]
    lines.append((LEGEND, pal.LIGHT_MUTED))
    return lines


def render_bootleg(view: PlayerView, events: Sequence[Event] = ()) -> Image.Image:
    """The picture as an image (for tests, the animation and composing)."""
    base = _city_base(tuple(s.key for s in view.sites), len(view.players))
    footer = _footer(view, events)
    expansion_top = GRID_END + 10
    rows_top = expansion_top + 44
    footer_top = rows_top + len(view.players) * ROW_HEIGHT + 6
    height = footer_top + len(footer) * 27 + 12
    image = Image.new("RGB", (WIDTH, height), pal.FRAME)
    image.paste(base, (0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, height - 1), outline=pal.GOLD, width=3)
    title = font(Face.BOLD, 23)
    draw.text((MARGIN + 4, 16), ellipsize(_title(view), title, WIDTH - 32), font=title,
              fill=pal.GOLD)  # fmt: skip
    _city(draw, view)
    _expansion(draw, view, expansion_top)
    _player_rows(draw, view, rows_top)
    small = font(Face.REGULAR, 20)
    y = footer_top
    for text, ink in footer:
        draw.text((MARGIN + 4, y), ellipsize(text, small, WIDTH - 32), font=small, fill=ink)
        y += 27
    return image


def render_bootleg_png(view: PlayerView, events: Sequence[Event] = ()) -> bytes:
    """The picture as an 8-bit PNG on the fixed palette: small and quick to encode."""
    image = render_bootleg(view, events).quantize(palette=palette_image(), dither=Image.Dither.NONE)
    return write_png(image, palette_bytes())
