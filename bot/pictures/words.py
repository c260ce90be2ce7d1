"""Text set from remembered words and letters, with the very pixels FreeType gives.

Most lines on a picture are new (a cash figure, a news line) but made of words seen
before ("Boss", "rolls", "to", a space's name). Pillow's basic layout loads every
glyph of a line four times to draw it once, so a new line cost about half a
millisecond, most of the picture's drawing time. Here a line is laid out the way
Pillow's basic layout does it, from each letter's advance and each pair's kerning
(both measured once, in 1/64 px), and drawn from the masks of its words, each one
rendered once by Pillow at the sub-pixel phase it falls on. Words are apart by at least
a space, so their inks never touch and the line's mask is theirs put side by side.

Anything outside that simple case (a mode other than "L", strokes, text direction,
marks that combine with the letter before them, control characters) returns None and
the caller asks Pillow.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from PIL import ImageFont
from PIL._imaging import fill as _fill_core

from bot.pictures.memo import Memo

WORDS_REMEMBERED = 2048
"""Word masks per font (a few hundred bytes each): the words of many pictures."""

SPANS_REMEMBERED = 20_000
"""Word widths per font (a few dozen bytes each), forgotten all at once when full."""
_HORIZONTAL = "lmr"
_VERTICAL = "amsdtb"


def _pixel(x: int) -> int:
    """FreeType's round of a 26.6 coordinate to whole pixels (Pillow's PIXEL)."""
    return (x + 32) >> 6


def _c_round(x: float) -> int:
    """C's round(): halves away from zero."""
    return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)


_plain_letters: set[str] = set()


def _plain_letter(char: str) -> bool:
    return char.isprintable() and not (
        unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf")
    )


def plain(text: str) -> bool:
    """Text this module sets exactly: printable, one glyph per character, no marks
    that draw over their neighbour. Letters found plain are remembered, so the usual
    check is one set comparison."""
    letters = set(text)
    if letters <= _plain_letters:
        return True
    if all(_plain_letter(c) for c in letters):
        _plain_letters.update(letters)
        return True
    return False


@dataclass(frozen=True, slots=True)
class Word:
    text: str
    start: int  # pen position of its first letter, 26.6


@dataclass(frozen=True, slots=True)
class Line:
    """A line laid out: its words and where the pen ends (26.6)."""

    words: tuple[Word, ...]
    end: int


class WordSetter:
    """Letter measures and word masks of one font, asked of Pillow once each."""

    def __init__(self, font: ImageFont.FreeTypeFont) -> None:
        self._font = font
        self._advances: dict[str, int] = {}
        self._kerning: dict[str, int] = {}
        self._spans: dict[str, tuple[int, str, str]] = {}
        self._boxes: dict[str, tuple[int, int, int, int]] = {}
        self._masks = Memo(WORDS_REMEMBERED)
        self._anchors: dict[str, int] = {}

    def _length(self, text: str) -> int:
        return round(ImageFont.FreeTypeFont.getlength(self._font, text) * 64)

    def _advance(self, char: str) -> int:
        advance = self._advances.get(char)
        if advance is None:
            advance = self._advances[char] = self._length(char)
        return advance

    def _kern(self, pair: str) -> int:
        kern = self._kerning.get(pair)
        if kern is None:
            kern = self._length(pair) - self._advance(pair[0]) - self._advance(pair[1])
            self._kerning[pair] = kern
        return kern

    def _span(self, word: str) -> tuple[int, str, str]:
        """A word's pen travel from its first letter to its last (26.6), with those
        two letters (the kerning with its neighbours depends on them)."""
        span = self._spans.get(word)
        if span is None:
            travel = sum(self._advance(a) + self._kern(a + b) for a, b in pairwise(word))
            if len(self._spans) >= SPANS_REMEMBERED:
                self._spans.clear()
            span = self._spans[word] = (travel, word[0], word[-1])
        return span

    def layout(self, text: str) -> Line:
        """Where each word starts: the advances, each with the kerning of the pair it
        begins added (Pillow adds a pair's kerning to the first letter's advance)."""
        words: list[Word] = []
        position = 0
        previous = ""
        for index, token in enumerate(text.split(" ")):
            if index:  # a space stood before this token
                if previous:
                    position += self._advance(previous) + self._kern(previous + " ")
                previous = " "
            if token:
                travel, first, last = self._span(token)
                if previous:
                    position += self._advance(previous) + self._kern(previous + first)
                words.append(Word(token, position))
                position += travel
                previous = last
        if previous:
            position += self._advance(previous)
        return Line(tuple(words), position)

    def length(self, text: str) -> float:
        """`getlength` of a plain text in the default mode."""
        return self.layout(text).end / 64

    def _box(self, word: str) -> tuple[int, int, int, int]:
        """The word's box at the baseline ('ls'): left, -top, right, -bottom."""
        box = self._boxes.get(word)
        if box is None:
            left, top, right, bottom = ImageFont.FreeTypeFont.getbbox(self._font, word, anchor="ls")
            box = self._boxes[word] = (int(left), int(top), int(right), int(bottom))
        return box

    def _y_anchor(self, line: Line, vertical: str) -> int:
        """How far below the anchor point the baseline lies: the font's ascender and
        descender are measured once (against the baseline 's'); 't' and 'b' are the
        line's own ink."""
        if vertical == "s":
            return 0
        if vertical == "t":
            return -min(0, *(self._box(w.text)[1] for w in line.words))
        if vertical == "b":
            return -max(0, *(self._box(w.text)[3] for w in line.words))
        known = self._anchors.get(vertical)
        if known is None:
            probe = ImageFont.FreeTypeFont.getbbox
            baseline = probe(self._font, "x", anchor="ls")[1]
            known = int(probe(self._font, "x", anchor="l" + vertical)[1] - baseline)
            self._anchors[vertical] = known
        return known

    @staticmethod
    def _x_anchor(line: Line, horizontal: str) -> int:
        if horizontal == "l":
            return 0
        return _pixel(line.end // 2 if horizontal == "m" else line.end)

    def _anchors_of(self, line: Line, anchor: str | None) -> tuple[int, int] | None:
        anchor = anchor or "la"
        if len(anchor) != 2 or anchor[0] not in _HORIZONTAL or anchor[1] not in _VERTICAL:
            return None
        if not line.words or line.end < 0:
            return None
        return self._x_anchor(line, anchor[0]), self._y_anchor(line, anchor[1])

    def bbox(self, text: str, anchor: str | None) -> tuple[int, int, int, int] | None:
        """`getbbox` of a plain text, when every word starts on a whole pixel (then a
        word's box is its own box moved by whole pixels); None otherwise."""
        line = self.layout(text)
        anchors = self._anchors_of(line, anchor)
        if anchors is None or any(w.start % 64 for w in line.words):
            return None
        x_anchor, y_anchor = anchors
        boxes = [(w.start >> 6, self._box(w.text)) for w in line.words]
        x_min = min(0, *(shift + box[0] for shift, box in boxes))
        x_max = max(_pixel(line.end), *(shift + box[2] for shift, box in boxes))
        top = min(0, *(box[1] for _, box in boxes))
        bottom = max(0, *(box[3] for _, box in boxes))
        left, upper = x_min - x_anchor, top + y_anchor
        return left, upper, left + x_max - x_min, upper + bottom - top

    def _word_mask(self, word: str, phase: int, y_start: float) -> tuple[Any, int, int]:
        """The word drawn at the baseline ('ls') with its pen `phase`/64 px right of a
        whole pixel: the mask and its offset."""

        def render() -> tuple[Any, int, int]:
            core, (x, y) = ImageFont.FreeTypeFont.getmask2(
                self._font, word, "L", anchor="ls", start=(phase / 64, y_start)
            )
            return core, x, y

        found: tuple[Any, int, int] = self._masks.get((word, phase, y_start), render)
        return found

    def mask(
        self, text: str, anchor: str | None, start: tuple[float, float]
    ) -> tuple[Any, tuple[int, int]] | None:
        """`getmask2` of a plain text in mode "L": its mask and offset."""
        line = self.layout(text)
        anchors = self._anchors_of(line, anchor)
        if anchors is None:
            return None
        x_anchor, y_anchor = anchors
        pen = _c_round(start[0] * 64)
        placed: list[tuple[Any, int, int]] = []
        for word in line.words:
            phase = (pen + word.start) % 64
            core, x, y = self._word_mask(word.text, phase, start[1])
            shift = (pen + word.start - phase) >> 6
            placed.append((core, x - x_anchor + shift, y + y_anchor))
        if len(placed) == 1:
            core, x, y = placed[0]
            return core, (x, y)
        return _side_by_side(placed)


def _side_by_side(placed: list[tuple[Any, int, int]]) -> tuple[Any, tuple[int, int]]:
    """One mask holding every word's mask at its place. Their inks never touch, so
    the lighter of the two values at each pixel is the word's own."""
    x0 = min(x for _, x, _ in placed)
    y0 = min(y for _, _, y in placed)
    x1 = max(x + core.size[0] for core, x, _ in placed)
    y1 = max(y + core.size[1] for core, _, y in placed)
    canvas = _fill_core("L", (x1 - x0, y1 - y0), 0)
    for core, x, y in placed:
        width, height = core.size
        box = (x - x0, y - y0, x - x0 + width, y - y0 + height)
        canvas.paste(canvas.crop(box).chop_lighter(core), box)
    return canvas, (x0, y0)
