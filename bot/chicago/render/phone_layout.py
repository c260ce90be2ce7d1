"""Sizes of the phone picture: a portrait card Discord shows 360 px wide on a phone.

Every size here follows from one promise: text that carries a fact is at least 9 px
tall at 360 px wide. DejaVu Sans Condensed's capitals are 0.75 em tall, so the
smallest size, 20 px on a 570 px picture, gives capitals of 15 × 360 / 570 ≈ 9.5 px.
"""

from __future__ import annotations

PHONE_WIDTH = 360  # how wide Discord shows an image on a phone
MIN_TEXT_AT_PHONE = 9  # px: the least height of a fact's text at PHONE_WIDTH
CAP_HEIGHT = 0.75  # of the font size, for the bundled DejaVu faces

WIDTH = 570
MARGIN = 10

SMALL = 20  # the smallest size drawn: the close-up's tiles and the tags
TEXT = 22  # lines of facts and news
NAME = 24  # side names, the spotlight
CASH = 26
TITLE = 28

HEADER_H = 84

TILES = 4  # two spaces behind the mover, its own space, one ahead
TILE_GAP = 4
TILE_W = (WIDTH - 2 * MARGIN - (TILES - 1) * TILE_GAP) // TILES
TILE_H = 170
BAND_H = 30
FOOT_H = 30
LANE_H = 54  # under the tiles: the pieces standing there and the last move's path
STRIP_H = TILE_H + LANE_H

SPOT_H = 124  # the mover's space in words, under the close-up

ROW_H = 80  # one side
ROW_GAP = 6
MAX_SIDES = 5

NEWS_H = 150


def picture_height(sides: int) -> int:
    """Taller with more sides: a match keeps one height from its first turn to its end."""
    rows = sides * ROW_H + (sides - 1) * ROW_GAP
    return HEADER_H + STRIP_H + SPOT_H + rows + NEWS_H + 4 * MARGIN


HEIGHT = picture_height(MAX_SIDES)  # the tallest: four bosses and the police


def at_phone_width(pixels: float) -> float:
    """A length on the picture as it measures when Discord shows it on a phone."""
    return pixels * PHONE_WIDTH / WIDTH
