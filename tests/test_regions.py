"""Mapping only the places a match changed gives the very picture mapping every pixel
gives: for the golden scene and for states of random matches with 2, 3 and 4 bosses
(owned spaces, paths, stacks of pieces, detained bosses, raids and the end)."""

from __future__ import annotations

import io

from PIL import Image

from bot.chicago.render.board import draw_view, encode, render_view
from bot.chicago.render.layout import HEIGHT, WIDTH
from bot.chicago.render.regions import changed_boxes
from bot.chicago.render.sample import play
from bot.chicago.render.view import BoardView, snapshot
from tests.test_render import scene


def _views() -> list[BoardView]:
    views = [snapshot(*scene())]
    for seed, bosses in ((1, 2), (2, 3), (3, 4), (4, 4)):
        moments = list(play(seed, bosses))
        views += [snapshot(m.state, m.events) for m in moments[:: max(1, len(moments) // 12)]]
        views.append(snapshot(moments[-1].state, moments[-1].events))
    return views


def _indices(png: bytes) -> bytes:
    image = Image.open(io.BytesIO(png))
    assert image.mode == "P" and image.size == (WIDTH, HEIGHT)
    return image.tobytes()


def test_changed_places_give_the_whole_picture() -> None:
    views = _views()
    assert len(views) > 40
    for view in views:
        assert _indices(render_view(view)) == _indices(encode(draw_view(view)))


def test_fewer_pixels_are_mapped_than_the_picture_has() -> None:
    """The point of it: the static title, key, frame and unowned spaces are skipped."""
    view = snapshot(*scene())
    mapped = sum(box.width * box.height for box in changed_boxes(view))
    assert mapped < 0.8 * WIDTH * HEIGHT
