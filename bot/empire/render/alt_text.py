"""The pictures in words, for screen readers (Discord allows 1,024 characters): the
same public facts the pictures draw, gang by gang (PP, car, Businesses, Turf), then the
Police Car, Resources on the board, the lists and the last events. Most important
first, so a cut at the limit loses the least."""

from __future__ import annotations

from collections.abc import Sequence

from bot.empire.render.facts import CityFacts, city_facts
from bot.empire.render.names import KIND_WORDS, SIZE_WORDS, resources_text
from bot.empire.render.palette import gang_letter
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


def _gang(view: PlayerView, facts: CityFacts, seat: int) -> str:
    p = view.players[seat]
    details = [d for d in gang_details(view, facts, seat) if not d.startswith("Turf")]
    said = f"{p.name} ({gang_letter(seat)}, {p.colour}): {p.power} PP; {'; '.join(details)}"
    owned = _businesses(view, seat)
    if owned:
        said += f"; {owned}"
    turfs = sorted((t for t, o in view.turf.items() if o == seat), key=lambda t: int(t[1:]))
    if turfs:
        said += f"; Turf {' '.join(turfs)}"
    return said + "."


def empire_alt_text(view: PlayerView, events: Sequence[Event] = ()) -> str:
    """The facts in order of importance: the moment, a fight, each gang, the police,
    the lists, the last events, then the Resources lying on the board."""
    facts = city_facts(view)
    parts = [title(view, facts) + "."]
    parts += [line + "." for line in list_lines(view, facts, spoken=True)[:1] if view.fight]
    parts += [_gang(view, facts, p.seat) for p in view.players]
    parts.append(f"Police Car S{view.police}.")
    parts += [line + "." for line in list_lines(view, facts, spoken=True)[1 if view.fight else 0 :]]
    last = recent([p.name for p in view.players], events)
    if last:
        parts.append("Last: " + "; ".join(last) + ".")
    held = [f"{SITE[code].name} {resources_text(res)}" for code, res in view.board_res.items()]
    if held:
        parts.append("Resources: " + "; ".join(held) + ".")
    text = " ".join(parts)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1].rstrip() + "…"
