"""The board picture (issue 4): deterministic bytes, every state of random matches,
a golden image, readability at half size, colour-blind-safe side colours."""

from __future__ import annotations

import argparse
import io
import os
from collections.abc import Sequence
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.cli import render as render_command
from bot.render import palette as pal
from bot.render import render_png, render_png_async
from bot.render.board import draw_view
from bot.render.fonts import MIN_SIZE, Face, font, sizes_used
from bot.render.layout import HEIGHT, WIDTH, detention_boxes, spaces
from bot.render.recent import MAX_LINES, summarise
from bot.render.ring import piece_spots
from bot.render.sample import moment_after, play
from bot.render.view import snapshot
from bot.render.vision import contrast_ratio, delta_e, deuteranopia, protanopia
from engine import MatchState, PlayerSpec, new_match
from engine.characters import Character
from engine.events import (
    ControlChanged,
    ControlReason,
    DicePurpose,
    DiceRolled,
    Event,
    MarkEarned,
    Moved,
    MoveKind,
    Paid,
    PayReason,
    RaidEnded,
    RaidStarted,
    TurnStarted,
)
from engine.state import MERCHANT

GOLDEN = Path(__file__).parent / "golden" / "board.png"
DISCORD_DARK = (49, 51, 56)
DISCORD_LIGHT = (255, 255, 255)


def scene() -> tuple[MatchState, list[Event]]:
    """A fixed mid-game: owners everywhere, a block held whole, police seals, a stack
    of pieces, a detained boss, an eliminated boss and a raid that just ended."""
    state = new_match(
        bosses=4,
        seed=7,
        players=[PlayerSpec(n) for n in ("Nora", "Sal Moretti", "Big Jim Colosimo", "Ada")],
        characters=[Character.DON, Character.QUEEN_BEE, Character.LUCKY_JACK, Character.FIXER],
        shuffle_seats=False,
    )
    police = state.police_seat
    for space, owner in {
        1: 0, 3: 0, 5: 1, 7: 1, 8: 1, 10: police, 15: 2, 17: 0, 19: police,
        24: 1, 26: 1, 29: 0, 33: 2, 35: police,
    }.items():  # fmt: skip
        state.control[space] = owner
    moves = {0: 24, 1: 24, 3: 24}
    for seat, space in moves.items():
        state.sides[seat].position = space
    state.sides[police].position = 24
    state.sides[2].position = 9
    state.sides[2].detained = True
    state.sides[3].eliminated = True
    state.sides[3].cash = 0
    state.sides[0].cash, state.sides[0].marks, state.sides[0].powered = 18_450, 2, True
    state.sides[1].cash, state.sides[1].marks, state.sides[1].people = 9_300, 3, 37
    state.sides[2].cash, state.sides[2].marks, state.sides[2].contacts = 4_150, 1, [1, 2]
    state.sides[police].marks = 1
    state.round = 9
    state.turn.seat = 0
    events: list[Event] = [
        TurnStarted(0, 9),
        DiceRolled(0, (3, 4), DicePurpose.MOVE),
        Moved(0, 17, 24, tuple(range(18, 25)), MoveKind.DICE),
        RaidStarted(0, 1, 24),
        RaidEnded(1, 1, 0, 24, 10, 4),
        MarkEarned(1, 3),
        Paid(0, 1, 3_500, PayReason.PROTECTION),
        ControlChanged(26, MERCHANT, 1, ControlReason.CONTROL),
    ]
    return state, events


def _pixels(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_same_state_renders_identical_bytes() -> None:
    state, events = scene()
    first = render_png(state, events)
    render_png(*scene()[:1], ())  # another picture in between changes nothing
    assert render_png(state, events) == first


def test_png_is_a_small_palette_image_of_the_layout_size() -> None:
    data = render_png(*scene())
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.mode == "P"
    assert image.size == (WIDTH, HEIGHT)
    assert len(data) < 200 * 1024


def test_golden_image() -> None:
    """Set UPDATE_GOLDEN=1 to rewrite tests/golden/board.png after a deliberate change."""
    data = render_png(*scene())
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.write_bytes(data)
    assert GOLDEN.exists(), "no golden image: run with UPDATE_GOLDEN=1"
    got, want = _pixels(data), _pixels(GOLDEN.read_bytes())
    assert got.size == want.size
    diff = ImageChops.difference(got, want).convert("L")
    histogram = diff.histogram()
    total = got.width * got.height
    far = sum(histogram[41:])
    mean = sum(value * count for value, count in enumerate(histogram)) / total
    assert far / total < 0.002, f"{far} pixels differ by more than 40"
    assert mean < 1.0


def test_picture_is_close_to_its_full_colour_drawing() -> None:
    """The fixed palette holds the shades the drawing uses."""
    state, events = scene()
    full = draw_view(snapshot(state, events))
    encoded = _pixels(render_png(state, events))
    diff = ImageChops.difference(full, encoded).convert("L")
    histogram = diff.histogram()
    mean = sum(value * count for value, count in enumerate(histogram)) / (WIDTH * HEIGHT)
    assert mean < 2.0


@pytest.mark.parametrize(("seed", "bosses"), [(1, 4), (2, 3), (3, 2)])
def test_every_state_of_a_random_match_renders(seed: int, bosses: int) -> None:
    count = 0
    for moment in play(seed, bosses):
        data = render_png(moment.state, moment.events)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        count += 1
    assert moment.state.result is not None
    assert count > 10


def test_final_count_renders_ranking_differently_from_the_last_turn() -> None:
    moments = list(play(4, 3))
    final = moments[-1]
    assert final.state.result is not None
    view = snapshot(final.state, final.events)
    assert view.result is not None
    assert view.result.winner == final.state.result.winner
    assert view.waiting is None
    render_png(final.state, final.events)


def test_text_is_readable_at_half_size() -> None:
    """Every font drawn is at least MIN_SIZE px: capitals with descenders are ≥ 9 px
    tall when Discord shows the picture at 50%."""
    render_png(*scene())
    render_png(moment_after(4, 10_000, 3).state)
    used = sizes_used()
    assert used
    for face, size in used:
        assert size >= MIN_SIZE
        _, top, _, bottom = font(face, size).getbbox("Hg")
        assert (bottom - top) * 0.5 >= 9, (face, size)
    with pytest.raises(ValueError):
        font(Face.REGULAR, MIN_SIZE - 1)


def test_side_colours_stay_apart_for_colour_blind_players() -> None:
    colours = [*pal.BOSS_COLOURS, pal.POLICE]
    for simulate in (lambda c: c, deuteranopia, protanopia):
        seen = [simulate(c) for c in colours]
        for i, a in enumerate(seen):
            for b in seen[i + 1 :]:
                assert delta_e(a, b) >= 20, (a, b)


def test_police_seal_is_blue() -> None:
    r, g, b = pal.POLICE
    assert b > 1.5 * max(r, g)


def test_picture_stands_out_on_discord_dark_and_light_themes() -> None:
    image = _pixels(render_png(*scene()))
    rim_pixel, ground_pixel = image.getpixel((0, 0)), image.getpixel((8, 8))
    assert isinstance(rim_pixel, tuple) and isinstance(ground_pixel, tuple)
    rim = (int(rim_pixel[0]), int(rim_pixel[1]), int(rim_pixel[2]))
    ground = (int(ground_pixel[0]), int(ground_pixel[1]), int(ground_pixel[2]))
    for theme in (DISCORD_DARK, DISCORD_LIGHT):
        best = max(contrast_ratio(rim, theme), contrast_ratio(ground, theme))
        assert best >= 3, theme
    assert contrast_ratio(pal.LIGHT, pal.BOARD) >= 7  # pieces' light edge on the lane
    assert contrast_ratio(pal.INK, pal.CELL) >= 7  # names on the spaces


def test_pieces_visible_detained_in_detention_eliminated_gone() -> None:
    state, events = scene()
    spots = piece_spots(snapshot(state, events))
    seats = {side.seat: spot for side, spot in spots}
    assert 3 not in seats  # eliminated
    jail, _ = detention_boxes()
    x, y = seats[2]
    assert jail.x0 <= x and x + 36 <= jail.x1 and jail.y0 <= y and y + 36 <= jail.y1
    stacked = [spot for side, spot in spots if side.position == 24 and not side.detained]
    assert len(stacked) == 3 == len(set(stacked))
    slot = spaces()[24].pieces
    for sx, sy in stacked:
        assert slot.x0 <= sx and sx + 36 <= slot.x1 and slot.y0 <= sy and sy + 36 <= slot.y1


def test_recent_events_give_dice_path_and_short_lines() -> None:
    state, events = scene()
    recent = summarise(state, events)
    assert recent.dice == (0, (3, 4))
    assert recent.moves[-1].path == tuple(range(18, 25))
    assert 0 < len(recent.lines) <= MAX_LINES
    assert recent.lines[0].text == "Nora rolls 3 + 4 to Drake Supper Club."
    assert recent.lines[0].seat == 0
    assert any("Empire Mark (3 of 4)" in line.text for line in recent.lines)
    many: Sequence[Event] = [Paid(0, 1, 500, PayReason.PROTECTION)] * 20
    assert len(summarise(state, many).lines) == MAX_LINES


async def test_async_render_matches_sync_render() -> None:
    state, events = scene()
    assert await render_png_async(state, events) == render_png(state, events)


def test_render_command_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.png"
    args = argparse.Namespace(seed=3, decisions=40, bosses=3, out=out)
    assert render_command.run(args) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "40 decisions" in capsys.readouterr().out
