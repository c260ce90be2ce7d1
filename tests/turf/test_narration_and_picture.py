"""Turf's words and picture: narration of every event, the board picture readable on a
phone, and its alt text."""

from __future__ import annotations

import io

from PIL import Image

from bot.chicago.render.palette import STRIKE
from bot.pictures.fonts import font, sizes_used
from bot.pictures.vision import delta_e
from bot.turf.narration import narrate_turf
from bot.turf.render import render_turf, render_turf_png, turf_alt_text
from bot.turf.render.alt_text import MAX_ALT
from bot.turf.render.picture import WIDTH, cell_box
from bot.turf.render.seats import SEAT_COLOURS, SYMBOLS
from engine.common.seats import PlayerSpec
from engine.turf import MAX_PLAYERS, apply, new_match, player_view
from engine.turf.computer import play_computers
from engine.turf.events import Event
from engine.turf.testing import hand, scene, thugs

PHONE_WIDTH = 360
NAMES = ["Bartholomew Featherstonehaugh the Third of Chicago", "Mae", "Frankie", "Nell", "Sal",
         "Ada"]  # fmt: skip


def _played(players: int, seed: int, limit: int | None = None) -> tuple[object, list[Event]]:
    state = new_match([PlayerSpec(n, "normal") for n in NAMES[:players]], seed=seed)
    events = play_computers(state, limit=limit)
    return state, events


def test_narration_tells_a_whole_match_without_naming_a_drawn_card() -> None:
    """TURF §10: lines are for the whole table; a hidden card is never told."""
    state = new_match([PlayerSpec(n, "random") for n in NAMES[:4]], seed=3)
    events = play_computers(state)
    names = [p.name for p in state.players]
    lines = [line.text for line in narrate_turf(names, events)]
    assert lines[-1].endswith("!") or "nobody wins" in lines[-1]
    assert all("draws a card" in t or "piles are empty" in t for t in lines if "word on" in t)
    kinds = {e.kind for e in events}
    assert {"card_drawn", "turn_started", "match_ended"} <= kinds


def test_a_confrontation_is_told_secretly_then_revealed() -> None:
    """TURF §4.3: "has chosen in secret" with no number; the reveal tells both."""
    state = scene(buildings={"35": 1, "72": 1})
    thugs(state, 1, idle=2)
    hand(state, 0, "3c", "5h")
    names = [p.name for p in state.players]
    told = [line.text for line in narrate_turf(names, apply(state, 0, "infiltrate:35:3c.5h"))]
    assert "a confrontation" in told[0]
    first = [line.text for line in narrate_turf(names, apply(state, 1, "commit:2:0:72"))]
    assert first == ["Boss 2 has chosen in secret."]
    reveal = [line.text for line in narrate_turf(names, apply(state, 0, "commit:4:0:-"))]
    assert any("Revealed: Boss 1 4 against Boss 2 4" in t for t in reveal)
    assert any("(7,2)" in t for t in reveal)


def test_text_stays_nine_pixels_tall_on_a_phone() -> None:
    """Every font drawn is at least 9 px tall (capital to descender) when the picture
    is shown 360 px wide."""
    state, events = _played(6, 2, limit=150)
    image = render_turf(player_view(state), events)  # type: ignore[arg-type]
    assert image.width == WIDTH
    scale = PHONE_WIDTH / image.width
    used = sizes_used()
    assert used
    for face, size in used:
        _, top, _, bottom = font(face, size).getbbox("Hg")
        assert (bottom - top) * scale >= 9, (face, size)


def test_pictures_of_every_moment_are_png_and_alt_text_fits() -> None:
    for players in (2, 6):
        state, events = _played(players, players)
        view = player_view(state)  # type: ignore[arg-type]
        data = render_turf_png(view, events)
        assert Image.open(io.BytesIO(data)).size[0] == WIDTH
        alt = turf_alt_text(view, events)
        assert len(alt) <= MAX_ALT and "match over" in alt


def test_alt_text_is_cut_to_discord_s_limit() -> None:
    state = new_match([PlayerSpec(n * 8) for n in NAMES], seed=1)
    alt = turf_alt_text(player_view(state))
    assert len(alt) <= MAX_ALT


def test_seats_differ_by_symbol_and_colour() -> None:
    """Colour-blind safe: each seat has its own symbol; colours stay apart too."""
    assert len(set(SYMBOLS)) == len(SEAT_COLOURS) == MAX_PLAYERS
    for i, a in enumerate(SEAT_COLOURS):
        for b in SEAT_COLOURS[i + 1 :]:
            assert delta_e(a, b) >= 20


def test_the_contested_building_is_marked_during_a_confrontation() -> None:
    state = scene(buildings={"35": 1})
    thugs(state, 1, idle=1)
    hand(state, 0, "3c", "5h")
    apply(state, 0, "infiltrate:35:3c.5h")
    view = player_view(state)
    image = render_turf(view)
    x0, y0, _, _ = cell_box(35)
    assert image.getpixel((x0 + 3, y0 + 20)) == STRIKE
