"""The Empire pictures: real positions at 2, 4 and 6 seats draw as small palette PNGs of
the promised widths, the same view draws the same picture, text stays readable where
each picture is shown (the phone picture at 360 px, the full city at 550 px), and every
gang is told apart by a letter as well as a colour."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.empire.render import (
    empire_alt_text,
    phone,
    picture,
    render_empire,
    render_empire_phone,
    render_empire_phone_png,
    render_empire_png,
)
from bot.empire.render.alt_text import MAX_ALT
from bot.empire.render.bands import MARGIN, draw_band
from bot.empire.render.bench import bench_pictures
from bot.empire.render.city import Grid
from bot.empire.render.facts import city_facts
from bot.empire.render.names import KIND_WORDS, lot_code
from bot.empire.render.palette import GANG_COLOURS, LETTERS, PALETTE_IMAGE
from bot.empire.render.panel import phone_title
from bot.empire.render.sample import Moment, played
from bot.pictures import palette as pal
from bot.pictures.box import Box
from bot.pictures.fonts import Face, font, sizes_used
from engine.empire import apply
from engine.empire.board import CELL, SITE
from engine.empire.cards import PIECES
from engine.empire.events import Event, visible_to
from engine.empire.state import COLOURS, MAX_PLAYERS, EmpireState
from engine.empire.testing import car, mobsters, scene, turn_of
from engine.empire.view import player_view
from tests.pictures import decoded

MAX_BYTES = 400 * 1024


@pytest.fixture(scope="module")
def moments() -> list[Moment]:
    return [played(2, 5, 300), played(4, 11, 500), played(6, 3, 700), played(3, 2, 5000)]


def test_pictures_are_small_palette_pngs_of_their_widths(moments: list[Moment]) -> None:
    for m in moments:
        view, events = player_view(m.state), visible_to(m.events, None)
        for data, width in (
            (render_empire_png(view, events), picture.WIDTH),
            (render_empire_phone_png(view, events), phone.WIDTH),
        ):
            image = Image.open(io.BytesIO(data))
            assert image.format == "PNG" and image.mode == "P"
            assert image.width == width
            assert len(data) <= MAX_BYTES


def test_the_same_view_draws_the_same_picture(moments: list[Moment]) -> None:
    m = moments[1]
    view = player_view(m.state)
    first = decoded(render_empire_png(view, m.events))
    render_empire_png(player_view(moments[2].state))  # another picture between
    assert decoded(render_empire_png(view, m.events)) == first


def _assert_letters_at_least(scale: float) -> None:
    used = sizes_used()
    assert used
    for face, size in used:
        _, top, _, bottom = font(face, size).getbbox("Hg")
        assert (bottom - top) * scale >= 9, (face, size, scale)


def test_phone_picture_text_is_nine_pixels_at_360(moments: list[Moment]) -> None:
    for m in moments:
        image = render_empire_phone(player_view(m.state), m.events)
        assert image.width == phone.WIDTH
    _assert_letters_at_least(360 / phone.WIDTH)


def test_full_city_text_is_nine_pixels_at_550(moments: list[Moment]) -> None:
    for m in moments:
        image = render_empire(player_view(m.state), m.events)
        assert image.width == picture.WIDTH
    _assert_letters_at_least(550 / picture.WIDTH)


def test_every_gang_has_a_colour_and_a_letter() -> None:
    assert set(GANG_COLOURS) == set(COLOURS)
    assert len(set(LETTERS)) == MAX_PLAYERS


def test_alt_text_fits_discord_and_names_every_gang(moments: list[Moment]) -> None:
    for m in moments:
        view = player_view(m.state)
        alt = empire_alt_text(view, m.events)
        assert len(alt) <= MAX_ALT
        assert alt.startswith("Empire")
    final = moments[3]
    assert final.state.result is not None
    alt = empire_alt_text(player_view(final.state), final.events)
    assert f"{final.state.players[final.state.result.winner].name} wins" in alt


def test_phone_close_up_follows_the_turns_car(moments: list[Moment]) -> None:
    for m in moments[:3]:
        view = player_view(m.state)
        facts = city_facts(view)
        if facts.active < 0:
            continue
        grid = phone.window(view, facts)
        p = view.players[facts.active]
        x, y = CELL[p.garage or f"S{p.car}"]
        assert x in grid.columns and y in grid.rows
        assert len(grid.columns) == len(grid.rows) == phone.SPAN


def test_kept_pieces_give_every_pixel_as_mapping_the_whole_picture(
    moments: list[Moment],
) -> None:
    """Pasting kept, mapped pieces (bot.empire.render.pieces) changes no pixel."""
    for m in moments:
        view = player_view(m.state)
        for draw, png in (
            (render_empire, render_empire_png),
            (render_empire_phone, render_empire_phone_png),
        ):
            whole = draw(view, m.events).quantize(palette=PALETTE_IMAGE, dither=Image.Dither.NONE)
            got = Image.open(io.BytesIO(png(view, m.events)))
            assert got.size == whole.size
            assert got.tobytes() == whole.tobytes()


def test_no_band_draws_across_its_inner_edges(moments: list[Moment]) -> None:
    """A gang's row is drawn in two pieces: nothing drawn may reach the edge where they
    meet (it would be cut off), so those edge columns are the bare ground."""
    grounds = {pal.FRAME, pal.CARD_ACTIVE}
    for m in moments:
        view = player_view(m.state)
        for layout in (picture._laid_out(view, m.events), phone._laid_out(view, m.events)):
            split = [band for _, band in layout.bands if band.rim in ("l", "r")]
            assert len(split) == 2 * len(view.players)
            for band in split:
                image = draw_band(band)
                column = 0 if band.rim == "r" else image.width - 1
                edge = image.crop((column, 0, column + 1, image.height))
                assert {c for _, c in edge.getcolors(64) or []} <= grounds, band


def test_the_bench_prints_each_picture_s_figures(capsys: pytest.CaptureFixture[str]) -> None:
    lines = bench_pictures(1)
    out = capsys.readouterr().out
    assert lines and all(line in out for line in lines)
    for name in ("full city", "phone", "alt text"):
        assert any(line.strip().startswith(name) and "median" in line for line in lines)


def _business_attack() -> tuple[EmpireState, list[Event]]:
    """Gang A's car attacks B's Business; C's Business is closed; men in Jail,
    Hospital and hiding."""
    state = scene(4, seed=2)
    target = next(lot for lot, b in state.lots.items() if b.owner == 1)
    closed = next(lot for lot, b in state.lots.items() if b.owner == 2)
    state.lots[closed].open = False
    mobsters(state, 0, {"M01": "car", "M03": "car", "M16": "car", "M22": "jail"})
    mobsters(state, 1, {"M06": target, "M26": "car", "M19": "hospital"})
    mobsters(state, 2, {"M09": "hiding", "M27": "car"})
    car(state, 0, SITE[target].square)
    turn_of(state, 0)
    return state, apply(state, 0, f"hit:{target}")


def _cell_box(grid: Grid, code: str) -> Box:
    x, y = CELL[code]
    return grid.box(x, y)


def test_a_fight_s_target_is_outlined_and_a_closed_business_striped() -> None:
    state, events = _business_attack()
    view = player_view(state)
    assert view.fight is not None
    image = render_empire(view, events)
    target = _cell_box(picture.GRID, view.fight.lot)
    assert image.getpixel((target.x0 + 1, target.y0 + 1)) == pal.STRIKE
    closed = next(b for b in view.businesses if not b.open)
    box = _cell_box(picture.GRID, closed.lot)
    colour = GANG_COLOURS[view.players[closed.owner].colour]
    inside = image.crop((box.x0 + 8, box.y0 + 32, box.x1 - 8, box.y1 - 8))
    assert colour in {c for _, c in inside.getcolors(4096) or []}
    phone_image = render_empire_phone(view, events)
    grid = phone.window(view, city_facts(view))
    target = _cell_box(grid, view.fight.lot)
    assert phone_image.getpixel((target.x0 + 1, target.y0 + 1)) == pal.STRIKE


def test_the_alt_text_tells_the_fight_and_the_lists_by_name() -> None:
    state, events = _business_attack()
    alt = empire_alt_text(player_view(state), events)
    names = [p.name for p in state.players]
    target = state.fight.lot if state.fight is not None else ""
    kind = KIND_WORDS[PIECES[state.lots[target].piece].kind]
    assert (
        f"Fight: {names[0]} (Tony Trouble, Chicken Joe, Swift Nick) attacks {names[1]}'s "
        f"{kind} on lot {lot_code(target)}, defended by Tony Trouble" not in alt
    )
    assert (
        f"Fight: {names[0]} (Tony Trouble, Chicken Joe, Swift Nick) attacks {names[1]}'s "
        f"{kind} on lot {lot_code(target)}, defended by "
    ) in alt
    assert f"Jail: The Dwarf ({names[0]})" in alt
    assert f"Hospital: Lucky Lou ({names[1]})" in alt
    assert f"Hiding: Bugs Benny ({names[2]})" in alt
    assert "closed" in alt


LONG_NAMES = ("Vito Marchetti", "Big Jim Colosimo", "Mae Kowalski", "Frankie Yale", "Ada", "Nora")


def test_the_phone_title_fits_at_360_whatever_the_moment(moments: list[Moment]) -> None:
    """The phone picture's title is never cut: the moment's main fact first, in few
    words, for the names a table has (up to 16 letters)."""
    bold = font(Face.BOLD, 22)
    room = phone.WIDTH - 2 * MARGIN
    seen = set()
    for m in moments:
        state = EmpireState.from_json(m.state.to_json())
        for p, name in zip(state.players, LONG_NAMES, strict=False):
            p.name = name
        view = player_view(state)
        said = phone_title(view, city_facts(view))
        seen.add(said)
        assert bold.getlength(said) <= room, said
    trade = played(6, 7, 5000, until=lambda s: s.phase.name == "BID").state
    said = phone_title(player_view(trade), city_facts(player_view(trade)))
    assert said.startswith("Trade Round · hiring ") and bold.getlength(said) <= room, said
    assert any("'s turn · round" in t for t in seen) and any("wins" in t for t in seen), seen
