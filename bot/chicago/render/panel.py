"""The side panel: one card per side, in seat order with police last — name and
character, powered or not, cash, people, Empire Marks, Contacts, and at the end the final count."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.chicago.narration import FINAL_COUNT, money
from bot.chicago.render import palette as pal
from bot.chicago.render.layout import PANEL_BOX, Box
from bot.chicago.render.pieces import paste, sprite
from bot.chicago.render.view import BoardView, SideView
from bot.pictures.fonts import Face, font
from bot.pictures.memo import Memo
from bot.pictures.text import ellipsize
from bot.pictures.vision import RGB

CARD_GAP = 10
MAX_CARD_H = 236

# Between two pictures of a match most cards are unchanged; a card is 0.3 MB, so only
# one picture's worth is kept (a 4-boss table has five).
_CARDS = Memo(6)


def _pill(draw: ImageDraw.ImageDraw, right: int, y: int, text: str, fill: RGB) -> int:
    """A rounded tag ending at `right`; returns its left edge."""
    bold = font(Face.BOLD, 20)
    width = round(bold.getlength(text)) + 18
    box = Box(right - width, y, right, y + 28)
    draw.rounded_rectangle(box.pil(), radius=14, fill=fill)
    draw.text(box.centre, text, font=bold, fill=pal.ink_on(fill), anchor="mm")
    return box.x0


def _marks(draw: ImageDraw.ImageDraw, x: int, y: int, side: SideView, to_win: int) -> int:
    regular = font(Face.REGULAR, 22)
    label = "Marks"
    draw.text((x, y), label, font=regular, fill=pal.LIGHT_MUTED)
    x += round(regular.getlength(label)) + 10
    if to_win > 8:
        text = f"{side.marks}/{to_win}"
        draw.text((x, y), text, font=font(Face.BOLD, 22), fill=pal.GOLD)
        return x + round(font(Face.BOLD, 22).getlength(text))
    for i in range(to_win):
        box = (x, y + 3, x + 22, y + 25)
        if i < side.marks:
            draw.ellipse(box, fill=pal.GOLD, outline=pal.CELL_LINE)
        else:
            draw.ellipse(box, outline=pal.LIGHT_MUTED, width=2)
        x += 28
    text = f"{side.marks}/{to_win}"
    draw.text((x + 4, y), text, font=regular, fill=pal.LIGHT)
    return x + 4 + round(regular.getlength(text))


def _contacts(draw: ImageDraw.ImageDraw, right: int, y: int, count: int) -> None:
    regular = font(Face.REGULAR, 22)
    x = right - 2 * 24
    for i in range(2):
        box = (x + i * 24, y + 1, x + i * 24 + 18, y + 27)
        if i < count:
            draw.rounded_rectangle(box, radius=3, fill=pal.STREET_LIFE, outline=pal.LIGHT)
        else:
            draw.rounded_rectangle(box, radius=3, outline=pal.LIGHT_MUTED, width=1)
    label = "Contacts"
    draw.text((x - 8 - regular.getlength(label), y), label, font=regular, fill=pal.LIGHT_MUTED)


def _card(image: Image.Image, draw: ImageDraw.ImageDraw, view: BoardView, side: SideView,
          box: Box) -> None:  # fmt: skip
    out = side.eliminated
    active = view.result is None and side.seat == view.turn_seat and not out
    draw.rounded_rectangle(
        box.pil(), radius=10, fill=pal.CARD_ACTIVE if active else pal.CARD,
        outline=pal.GOLD if active else pal.CARD, width=2,
    )  # fmt: skip
    draw.rectangle((box.x0 + 2, box.y0 + 12, box.x0 + 9, box.y1 - 12), fill=side.colour)
    x, right = box.x0 + 22, box.x1 - 14
    y = box.y0 + 12
    text = pal.LIGHT_MUTED if out else pal.LIGHT
    paste(image, sprite(side.colour, side.initials, side.is_police), (x, y))
    # Tags on the right of the name line.
    tag_left = right
    if view.result is not None and side.seat in view.result.ranking:
        rank = view.result.ranking.index(side.seat) + 1
        tag = "WINNER" if side.seat == view.result.winner else f"#{rank}"
        tag_left = _pill(draw, right, y + 5, tag, pal.GOLD if rank == 1 else pal.HUB)
    elif out:
        tag_left = _pill(draw, right, y + 5, "OUT", pal.STRIKE)
    elif active:
        tag_left = _pill(draw, right, y + 5, "TURN", pal.GOLD)
    name_font = font(Face.BOLD, 28)
    name = ellipsize(side.name, name_font, tag_left - (x + 52) - 10)
    draw.text((x + 52, y + 2), name, font=name_font, fill=text)
    if out:
        mid = y + 20
        draw.line((x + 50, mid, x + 54 + name_font.getlength(name), mid), fill=pal.STRIKE, width=3)
    y += 50
    regular = font(Face.REGULAR, 22)
    draw.text((x, y), side.character, font=regular, fill=text)
    if side.powered and not out:
        _pill(draw, right, y - 1, "POWERED", pal.GOLD)
    else:
        label = "unpowered"
        draw.text((right - regular.getlength(label), y), label, font=regular,
                  fill=pal.LIGHT_MUTED)  # fmt: skip
    y += 38
    cash_font = font(Face.BOLD, 30)
    cash = money(side.cash)
    draw.text((x, y), cash, font=cash_font, fill=text)
    if side.credit:
        cx = x + cash_font.getlength(cash) + 10
        draw.text((cx, y + 6), f"+{money(side.credit)} credit", font=regular, fill=pal.GOLD)
    noun = "officer" if side.is_police else "soldier"
    people = f"{side.people} {noun}{'' if side.people == 1 else 's'}"
    draw.text((right - regular.getlength(people), y + 6), people, font=regular, fill=text)
    y += 44
    _marks(draw, x, y, side, view.marks_to_win)
    if not side.is_police:
        _contacts(draw, right, y, side.contacts)
    y += 38
    tags = []
    if side.detained and not out:
        tags.append(("DETAINED", pal.STRIKE))
    if side.truce and not out:
        tags.append(("TRUCE", pal.BOSS_COLOURS[2]))
    if view.result is not None:
        score = view.result.scores[side.seat] if side.seat < len(view.result.scores) else None
        if score is not None:
            count = f"{FINAL_COUNT} {money(score)}"
            draw.text((x, y), count, font=font(Face.BOLD, 24), fill=pal.GOLD)
    tag_right = right
    for label, colour in tags:
        tag_right = _pill(draw, tag_right, y, label, colour) - 8


def draw_panel(image: Image.Image, draw: ImageDraw.ImageDraw, view: BoardView) -> None:
    area = PANEL_BOX.inset(10)
    count = len(view.sides)
    height = min(MAX_CARD_H, (area.height - CARD_GAP * (count - 1)) // count)
    y = area.y0
    for side in view.sides:
        box = Box(area.x0, y, area.x1, y + height)
        # A card shows its side, whether it is that side's turn, the result and the marks
        # to win: the same key, the same pixels (on the panel's plain ground).
        active = view.result is None and side.seat == view.turn_seat and not side.eliminated
        key = (side, active, view.result, view.marks_to_win, box)

        def drawn(side: SideView = side, box: Box = box) -> Image.Image:
            _card(image, draw, view, side, box)
            return image.crop((box.x0, box.y0, box.x1, box.y1))

        image.paste(_CARDS.get(key, drawn), (box.x0, box.y0))
        y += height + CARD_GAP
