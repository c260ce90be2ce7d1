"""The pictures in words, for screen readers (Discord allows 1,024 characters): the
same public facts the pictures draw, gang by gang (PP, car, Businesses, Turf), then the
Police Car, Resources on the board, the lists and the last events. Most important
first, so a cut at the limit loses the least."""

from __future__ import annotations

from collections.abc import Sequence

from bot.empire.render.facts import city_facts
from bot.empire.render.names import KIND_WORDS, SIZE_WORDS, resources_text
from bot.empire.render.panel import gang_details, list_lines, title
from bot.empire.render.recent import recent
from engine.empire.board import SITE
from engine.empire.cards import PIECES
from engine.empire.events import Event
from engine.empire.view import PlayerView

MAX_ALT = 1024


def _businesses(view: PlayerView, seat: int) -> str:
    owned = []
    for b in view.businesses:
        if b.owner == seat:
            piece = PIECES[b.piece]
            state = "" if b.open else " closed"
            owned.append(f"{SIZE_WORDS[piece.size]} {KIND_WORDS[piece.kind]} {b.lot}{state}")
    return ", ".join(owned)


def empire_alt_text(view: PlayerView, events: Sequence[Event] = ()) -> str:
    facts = city_facts(view)
    parts = [title(view, facts) + "."]
    for p in view.players:
        details = "; ".join(gang_details(view, facts, p.seat))
        said = f"{p.name} ({p.colour}): {p.power} PP; {details}"
        owned = _businesses(view, p.seat)
        if owned:
            said += f"; {owned}"
        turfs = sorted((t for t, o in view.turf.items() if o == p.seat), key=lambda t: int(t[1:]))
        if turfs:
            said += f"; Turf {' '.join(turfs)}"
        parts.append(said + ".")
    parts.append(f"Police Car S{view.police}.")
    held = [f"{SITE[code].name} {resources_text(res)}" for code, res in view.board_res.items()]
    if held:
        parts.append("Resources: " + "; ".join(held) + ".")
    parts += [line + "." for line in list_lines(view, facts)]
    last = recent([p.name for p in view.players], events)
    if last:
        parts.append("Last: " + "; ".join(last) + ".")
    text = " ".join(parts)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1].rstrip() + "…"
