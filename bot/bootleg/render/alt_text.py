"""The picture in words, for screen readers (Discord allows 1,024 characters): the same
public facts the picture draws, Location by Location."""

from __future__ import annotations

from collections.abc import Sequence

from bot.bootleg.narration import last_action
from bot.bootleg.words import barrel_name, envoy_name, location_name, token_name
from engine.bootleg import ROUNDS, PlayerView
from engine.bootleg.board import LINE_NAMES
from engine.bootleg.events import Event

MAX_ALT = 1024


def bootleg_alt_text(view: PlayerView, events: Sequence[Event] = ()) -> str:
    names = [p.name for p in view.players]
    if view.result is None:
        head = f"Bootleg city, round {view.round} of {ROUNDS}, {names[view.turn.seat]} to play."
    else:
        winner = view.result.winner
        head = f"Bootleg, final count: {names[winner]} wins with {view.players[winner].szmal}$."
    parts = [head]
    envoys: dict[int, list[str]] = {}
    for steps, kind in enumerate(view.track, start=1):
        envoys.setdefault(view.envoys[kind], []).append(f"{envoy_name(kind)} {steps}")
    for site in view.sites:
        token = token_name(site.token) if site.face_up else "token face down"
        row = ", ".join(
            f"{names[b.owner]} {barrel_name(b.kind).removesuffix(' Barrel')}" for b in site.barrels
        )
        here = f"; {', '.join(envoys[site.cell])}" if site.cell in envoys else ""
        parts.append(
            f"{location_name(site.key)}: pot {site.pot}$, {token}, {row or 'no Barrels'}{here}."
        )
    parts.append(f"Out: {envoy_name(view.inactive)}.")
    claimed = [f"{LINE_NAMES[n]} {names[o]}" for n, o in enumerate(view.expansion) if o >= 0]
    if claimed:
        parts.append("Expansions: " + ", ".join(claimed) + ".")
    for p in view.players:
        parts.append(f"{p.name}: {p.szmal}$, {sum(p.supply.values())} Barrels left.")
    said = last_action(names, [s.key for s in view.sites], events)
    if said:
        parts.append(f"Last: {said}")
    text = " ".join(parts)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1].rstrip() + "…"
