"""The phone picture: every fact on it measures at least 9 px tall when Discord shows it
360 px wide, checked from the layout's sizes and measured on the encoded picture."""

from __future__ import annotations

import argparse
import io
import os
from collections import Counter
from dataclasses import replace
from importlib.resources import files
from pathlib import Path
from typing import cast

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.chicago.narration import money
from bot.chicago.render.layout import Box
from bot.chicago.render.pen import Pen, PlacedText
from bot.chicago.render.phone import draw_phone, render_phone_png, render_phone_view
from bot.chicago.render.phone_layout import (
    CAP_HEIGHT,
    MIN_TEXT_AT_PHONE,
    PHONE_WIDTH,
    SMALL,
    WIDTH,
    at_phone_width,
    picture_height,
)
from bot.chicago.render.phone_strip import offset
from bot.chicago.render.recent import MoveTrace
from bot.chicago.render.sample import moment_after
from bot.chicago.render.spotlight import space_facts, spotlight
from bot.chicago.render.view import BoardView, snapshot
from bot.cli import render as render_command
from bot.pictures.fonts import Face, font
from engine.chicago.board import SPACES
from tests.pictures import decoded
from tests.test_render import assert_close_to, scene

INK_STEP = 64  # a pixel this far from the ground (any channel) is ink, not a soft edge


def _views() -> list[BoardView]:
    """A mid-game scene with every tag, an early and a late random turn, two endings."""
    views = [snapshot(*scene())]
    for seed, decisions, bosses in ((5, 60, 4), (3, 30, 2), (4, 10_000, 3), (3, 200, 2)):
        moment = moment_after(seed, decisions, bosses)
        views.append(snapshot(moment.state, moment.events))
    return views


def ink_height(image: Image.Image, box: Box) -> int:
    """Rows of `box` that hold ink: pixels far from the box's most common colour."""
    crop = image.crop((box.x0, box.y0, box.x1, box.y1)).convert("RGB")
    counts = Counter(crop.getpixel((x, y)) for x in range(crop.width) for y in range(crop.height))
    ground = cast(tuple[int, int, int], counts.most_common(1)[0][0])
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, ground))
    red, green, blue = diff.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    ink = strongest.point(lambda v: 255 if v > INK_STEP else 0).getbbox()
    return 0 if ink is None else ink[3] - ink[1]


def _encoded(view: BoardView) -> tuple[Image.Image, tuple[PlacedText, ...]]:
    picture = draw_phone(view)
    png = Image.open(io.BytesIO(render_phone_view(view))).convert("RGB")
    return png, picture.texts


def test_the_layout_sizes_promise_nine_pixels_at_phone_width() -> None:
    """From the sizes alone: the smallest font's capitals at 360 px wide."""
    for face in Face:
        _, top, _, bottom = font(face, SMALL).getbbox("H")
        assert (bottom - top) / SMALL >= CAP_HEIGHT
    assert at_phone_width(SMALL * CAP_HEIGHT) >= MIN_TEXT_AT_PHONE
    for view in _views():
        texts = draw_phone(view).texts
        assert min(t.size for t in texts) == SMALL


def test_every_text_on_the_picture_measures_nine_pixels_at_phone_width() -> None:
    """On the encoded PNG: the ink of every line drawn, scaled to 360 px wide."""
    for view in _views():
        image, texts = _encoded(view)
        assert image.width == WIDTH
        smallest = min(ink_height(image, t.box) for t in texts)
        assert at_phone_width(smallest) >= MIN_TEXT_AT_PHONE, smallest


def test_the_measure_catches_a_smaller_font() -> None:
    """The same measure on text drawn 2 px smaller than the layout's least size fails."""
    image = Image.new("RGB", (WIDTH, 60), (36, 32, 29))
    draw = ImageDraw.Draw(image)
    text, light = "Harbour", (240, 232, 214)  # capitals, no descender: the least ink
    face = (files("chicago_assets") / "fonts" / Face.REGULAR.value).read_bytes()
    smaller = ImageFont.truetype(io.BytesIO(face), SMALL - 2)
    draw.text((10, 10), text, font=smaller, fill=light)
    x0, y0, x1, y1 = draw.textbbox((10, 10), text, font=smaller)
    assert at_phone_width(ink_height(image, Box(int(x0), int(y0), int(x1) + 1, int(y1) + 1))) < 9
    box = Pen(draw).write((10, 30), text, Face.REGULAR, SMALL, light)
    assert at_phone_width(ink_height(image, box)) >= MIN_TEXT_AT_PHONE


def test_the_measured_lines_carry_the_facts() -> None:
    """Every side's cash, people and marks, the mover's space, its category, owner and
    fine, and the latest news are among the measured lines."""
    view = snapshot(*scene())
    drawn = " | ".join(t.text for t in draw_phone(view).texts)
    for side in view.sides:
        assert money(side.cash) in drawn and side.name in drawn
        assert f"{side.people} soldiers" in drawn or f"{side.people} officers" in drawn
        assert f"{side.marks}/{view.marks_to_win} marks" in drawn
    spot = spotlight(view)
    assert spot.facts.space.name == "Drake Supper Club" and spot.mover.name == "Nora"
    assert "Nora moved to Drake Supper Club" in drawn
    assert "Dining business · run by Sal Moretti · fine $3,500" in drawn
    assert "| Dining |" in drawn and "| Harbour |" in drawn  # the tiles' categories
    assert view.recent.lines[-1].text in drawn.replace(" | ", " ")  # wrapped in rows
    for label in ("TURN", "POWERED", "DETAINED", "OUT"):
        assert label in drawn


def test_a_phone_picture_is_a_small_palette_png_sized_by_its_sides() -> None:
    state, events = scene()
    data = render_phone_png(state, events)
    assert decoded(render_phone_png(state, events)) == decoded(data)
    image = Image.open(io.BytesIO(data))
    assert (image.format, image.mode) == ("PNG", "P")
    assert image.size == (WIDTH, picture_height(len(state.sides)))
    assert len(data) < 120 * 1024
    assert image.height * PHONE_WIDTH / WIDTH < 700  # one phone screen, with the message


@pytest.mark.parametrize(("index", "centre", "direction", "expected"), [
    (24, 24, 1, 0), (22, 24, 1, -2), (25, 24, 1, 1), (1, 35, 1, 2), (35, 1, 1, -2),
    (23, 24, -1, 1), (25, 24, -1, -1),
])  # fmt: skip
def test_the_close_up_runs_the_way_the_mover_goes(
    index: int, centre: int, direction: int, expected: int
) -> None:
    assert offset(index, centre, direction) == expected


def test_space_facts_double_the_fine_of_a_whole_block() -> None:
    view = snapshot(*scene())
    assert SPACES[24].block == SPACES[26].block
    whole = space_facts(view.control, 24)
    assert (whole.owner, whole.fine, whole.doubled) == (1, 3500, True)
    single = space_facts(view.control, 15)
    assert (single.owner, single.fine, single.doubled) == (2, 1250, False)
    assert space_facts(view.control, 2).fine == 0


def test_readme_phone_picture_is_drawn_by_the_current_code() -> None:
    """`python -m bot.chicago.render.readme` (or UPDATE_GOLDEN=1 here) redraws it."""
    from bot.chicago.render.readme import README_PHONE_PICTURE, readme_moment

    data = render_phone_png(*readme_moment())
    if os.environ.get("UPDATE_GOLDEN") == "1":
        README_PHONE_PICTURE.write_bytes(data)
    assert_close_to(data, README_PHONE_PICTURE)


def test_render_command_draws_the_phone_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "phone.png"
    args = argparse.Namespace(seed=3, decisions=40, bosses=3, out=out, phone=True, game="chicago")
    assert render_command.run(args) == 0
    assert Image.open(out).size == (WIDTH, picture_height(4))
    assert "40 decisions" in capsys.readouterr().out


def test_a_side_a_card_moved_that_must_act_takes_the_close_up() -> None:
    """Nora's dice move, then a card sends the police on and the police must act: the
    close-up follows the police; once Nora is asked again, it is hers."""
    view = snapshot(*scene())
    police = view.police_seat
    moves = (
        MoveTrace(0, 17, tuple(range(18, 25)), "dice"),
        MoveTrace(police, 24, (23, 22), "card"),
    )
    sides = tuple(replace(s, position=22) if s.seat == police else s for s in view.sides)
    recent = replace(view.recent, moves=moves)
    acting = replace(view, sides=sides, recent=recent, waiting=(police, "to act"))
    assert (spotlight(acting).mover.seat, spotlight(acting).facts.space.index) == (police, 22)
    back = replace(acting, waiting=(0, "to act"))
    assert (spotlight(back).mover.seat, spotlight(back).facts.space.index) == (0, 24)
