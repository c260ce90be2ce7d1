"""The centre of the board: round and whose turn, the last dice and move, a raid in
progress, the last few events, and at the end the final ranking."""

from __future__ import annotations

from PIL import ImageDraw

from bot.chicago.narration import FINAL_COUNT, money
from bot.chicago.render import palette as pal
from bot.chicago.render.layout import CENTRE_BOX, Box
from bot.chicago.render.legend import LEGEND_H
from bot.chicago.render.view import BoardView
from bot.pictures.fonts import Face, font
from bot.pictures.text import ellipsize, wrap
from bot.pictures.vision import RGB
from engine.chicago.board import SPACES

PAD = 34
DIE = 64
LINE_STEP = 36  # one news line; a wrapped line's second row takes ROW_STEP more
ROW_STEP = 30
MAX_ROWS = 3  # a news line wraps; only a longer one is shortened


def _chip(draw: ImageDraw.ImageDraw, x: int, y: int, colour: RGB, size: int = 18) -> None:
    draw.ellipse((x, y, x + size, y + size), fill=colour, outline=pal.CELL_LINE, width=2)


def _die(draw: ImageDraw.ImageDraw, x: int, y: int, pips: int) -> None:
    draw.rounded_rectangle(
        (x, y, x + DIE, y + DIE), radius=10, fill=pal.CELL, outline=pal.CELL_LINE, width=2
    )
    spots = {
        1: [(1, 1)],
        2: [(0, 0), (2, 2)],
        3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    }[pips]
    step = DIE // 4
    for col, row in spots:
        cx, cy = x + step * (col + 1), y + step * (row + 1)
        draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=pal.INK)


def _header(draw: ImageDraw.ImageDraw, view: BoardView, y: int) -> int:
    box = CENTRE_BOX
    x = box.x0 + PAD
    width = box.width - 2 * PAD
    bold = font(Face.BOLD, 26)
    regular = font(Face.REGULAR, 22)
    if view.result is not None:
        text = f"Round {view.round} · match over"
        draw.text((x, y), text, font=bold, fill=pal.GOLD)
        return y + 40
    turn = view.sides[view.turn_seat]
    lead = f"Round {view.round} · turn: "
    draw.text((x, y), lead, font=bold, fill=pal.GOLD)
    lx = x + round(bold.getlength(lead))
    _chip(draw, lx, y + 6, turn.colour)
    name = ellipsize(turn.name, bold, width - (lx - x) - 26)
    draw.text((lx + 26, y), name, font=bold, fill=pal.LIGHT)
    y += 38
    if view.waiting is not None:
        seat, words = view.waiting
        line = ellipsize(f"waiting for {view.sides[seat].name} {words}", regular, width)
        draw.text((x, y), line, font=regular, fill=pal.LIGHT_MUTED)
        y += 32
    return y


def _dice_and_move(draw: ImageDraw.ImageDraw, view: BoardView, y: int) -> int:
    box = CENTRE_BOX
    x = box.x0 + PAD
    recent = view.recent
    bold = font(Face.BOLD, 26)
    regular = font(Face.REGULAR, 22)
    if recent.dice is None:
        draw.text((x, y + 4), "No dice rolled yet", font=regular, fill=pal.LIGHT_MUTED)
        return y + 48
    seat, dice = recent.dice
    for i, pips in enumerate(dice):
        _die(draw, x + i * (DIE + 12), y, pips)
    tx = x + len(dice) * (DIE + 12) + 10
    width = box.x1 - PAD - tx
    side = view.sides[seat]
    _chip(draw, tx, y + 8, side.colour)
    who = ellipsize(f"{side.name} rolled {sum(dice)}", bold, width - 26)
    draw.text((tx + 26, y + 2), who, font=bold, fill=pal.LIGHT)
    move = next((m for m in recent.moves if m.seat == seat and m.path), None)
    if move is not None:
        route = f"{SPACES[move.start].name} → {SPACES[move.path[-1]].name}"
        draw.text((tx, y + 36), ellipsize(route, regular, width), font=regular, fill=pal.LIGHT)
    return y + DIE + 22


def _raid(draw: ImageDraw.ImageDraw, view: BoardView, y: int) -> int:
    raid = view.raid
    if raid is None:
        return y
    box = CENTRE_BOX
    panel = Box(box.x0 + PAD, y, box.x1 - PAD, y + 76)
    draw.rounded_rectangle(panel.pil(), radius=8, fill=pal.CARD, outline=pal.STRIKE, width=2)
    att, dfn = view.sides[raid.attacker], view.sides[raid.defender]
    where = f" at {SPACES[raid.space].name}" if raid.space >= 0 else " on the police"
    bold = font(Face.BOLD, 22)
    regular = font(Face.REGULAR, 22)
    width = panel.width - 28
    draw.text((panel.x0 + 14, panel.y0 + 8), ellipsize(f"RAID{where}", bold, width),
              font=bold, fill=pal.STRIKE)  # fmt: skip
    losses = (
        f"{ellipsize(att.name, regular, width / 3)} lost {raid.attacker_lost} · "
        f"{ellipsize(dfn.name, regular, width / 3)} lost {raid.defender_lost}"
    )
    draw.text((panel.x0 + 14, panel.y0 + 40), ellipsize(losses, regular, width), font=regular,
              fill=pal.LIGHT)  # fmt: skip
    return y + 90


def _result(draw: ImageDraw.ImageDraw, view: BoardView, y: int) -> int:
    result = view.result
    if result is None:
        return y
    box = CENTRE_BOX
    x, x1 = box.x0 + PAD, box.x1 - PAD
    winner = view.sides[result.winner]
    big = font(Face.WIDE_BOLD, 30)
    draw.text((x, y), ellipsize(f"{winner.name} wins", big, x1 - x), font=big, fill=pal.GOLD)
    y += 42
    regular = font(Face.REGULAR, 22)
    header_w = regular.getlength(FINAL_COUNT) + 20
    ending = ellipsize(result.reason, regular, x1 - x - header_w)
    draw.text((x, y), ending, font=regular, fill=pal.LIGHT_MUTED)
    # The same name and figures as the terminal's and Discord's final standings.
    draw.text((x1, y), FINAL_COUNT, font=regular, fill=pal.LIGHT_MUTED, anchor="ra")
    y += 38
    bold = font(Face.BOLD, 24)
    for rank, seat in enumerate(result.ranking, start=1):
        side = view.sides[seat]
        score = result.scores[seat] if seat < len(result.scores) else None
        colour = pal.LIGHT if score is not None else pal.LIGHT_MUTED
        draw.text((x, y), f"{rank}.", font=bold, fill=colour)
        _chip(draw, x + 36, y + 5, side.colour)
        score_text = money(score) if score is not None else "eliminated"
        sw = bold.getlength(score_text)
        name = ellipsize(side.name, bold, x1 - x - 66 - sw - 16)
        draw.text((x + 62, y), name, font=bold, fill=colour)
        draw.text((x1 - sw, y), score_text, font=bold, fill=colour)
        if score is None:
            mid = y + 15
            draw.line((x + 62, mid, x + 62 + bold.getlength(name), mid), fill=pal.STRIKE, width=3)
        y += 36
    return y + 14


def _news_rows(text: str, width: float) -> list[str]:
    """A news line in at most MAX_ROWS rows; the facts sit at the end of a line
    ("…lost 16"), so a line wraps rather than being cut short."""
    regular = font(Face.REGULAR, 24)
    rows = wrap(text, regular, width)
    if len(rows) > MAX_ROWS:
        rest = " ".join(rows[MAX_ROWS - 1 :])
        rows = [*rows[: MAX_ROWS - 1], ellipsize(rest, regular, width)]
    return rows


def _height(rows: list[str]) -> int:
    return LINE_STEP + ROW_STEP * (len(rows) - 1)


def _lines(draw: ImageDraw.ImageDraw, view: BoardView, y: int, bottom: int) -> None:
    """The latest news that fits between y and bottom, oldest first."""
    box = CENTRE_BOX
    x, x1 = box.x0 + PAD, box.x1 - PAD
    width = x1 - x - 26
    room = bottom - (y + 38)
    chosen: list[tuple[int, list[str]]] = []
    for line in reversed(view.recent.lines):
        rows = _news_rows(line.text, width)
        if _height(rows) > room:
            break
        room -= _height(rows)
        chosen.insert(0, (line.seat, rows))
    if not chosen:
        return
    draw.text((x, y), "LATELY", font=font(Face.BOLD, 22), fill=pal.GOLD)
    draw.line((x + 90, y + 14, x1, y + 14), fill=pal.GOLD, width=1)
    y += 38
    regular = font(Face.REGULAR, 24)
    for seat, rows in chosen:
        colour = view.sides[seat].colour if 0 <= seat < len(view.sides) else pal.GOLD
        _chip(draw, x, y + 7, colour, 16)
        for row in rows:
            draw.text((x + 26, y), row, font=regular, fill=pal.LIGHT)
            y += ROW_STEP
        y += LINE_STEP - ROW_STEP


def draw_centre(draw: ImageDraw.ImageDraw, view: BoardView) -> None:
    box = CENTRE_BOX
    y = _header(draw, view, box.y0 + 90)
    y += 10
    if view.result is not None:
        y = _result(draw, view, y)
    else:
        y = _dice_and_move(draw, view, y)
        y = _raid(draw, view, y)
    _lines(draw, view, y, box.y1 - LEGEND_H - 12)
