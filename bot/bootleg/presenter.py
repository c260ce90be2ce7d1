"""Bootleg at the table: the buttons, the private lists, the picture and a player's own
Barrels.

Everything here reads a view built by the rules package: the channel's buttons, the
picture, its alt text and the standings the public view (`player_view(state, None)`)
and the events as the public may know them; a private list or `/chicago hand` the
seat's own view. So a face-down token or which "X" Barrel is which cannot reach anyone
who may not know it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engine.bootleg as bootleg
from bot.bootleg import choices
from bot.bootleg.final_count import final_lines
from bot.bootleg.render.alt_text import bootleg_alt_text
from bot.bootleg.render.picture import render_bootleg_png
from bot.bootleg.words import barrel_name, envoy_name, location_name
from bot.games.presenter import Choice, Private
from engine.bootleg import DecisionKind, PlayerView

ASKS = {
    DecisionKind.MOVE: "move an Envoy",
    DecisionKind.ACT: "act",
    DecisionKind.BOMB: "set off the Bomb or not",
    DecisionKind.LUCKY: "activate Lucky Joe's Specials or not",
}
NOTES = {
    "ability": "🔒 Choose the target of the {envoy}'s ability.",
    "service": "🔒 Choose what the {where}'s Service does.",
    "place": "🔒 Your Barrels: only you see which one you place; the others see your "
    "Specials as X.",
}


def _view(state: Any, seat: int | None) -> PlayerView:
    return bootleg.player_view(state, seat)


class BootlegPresenter:
    def menu(self, state: Any, seat: int) -> list[Choice | Private]:
        view = _view(state, seat)
        if not view.pending:
            return []
        pending = view.pending[0]
        if pending.kind is DecisionKind.MOVE:
            return list(choices.move_groups(view))
        if pending.kind is DecisionKind.ACT:
            return choices.action_menu(view, pending)
        return list(choices.end_choices(view, pending))

    def public(self, state: Any, seat: int) -> list[Choice]:
        return [c for c in self.menu(state, seat) if isinstance(c, Choice)]

    def groups(self, state: Any, seat: int) -> list[Private]:
        return [g for g in self.menu(state, seat) if isinstance(g, Private)]

    def private(self, state: Any, seat: int, group: str) -> list[Choice]:
        view = _view(state, seat)
        if not view.pending:
            return []
        return choices.private_list(view, view.pending[0], group)

    def private_note(self, state: Any, seat: int, group: str) -> str:
        view = _view(state, seat)
        if group in choices.ENVOY_OF_GROUP:
            envoy = choices.ENVOY_OF_GROUP[group]
            return f"🔒 Where does the {envoy_name(envoy)} go? Choose its end Location."
        where = location_name(view.site(view.turn.cell).key)
        envoy = envoy_name(view.turn.envoy) if view.turn.envoy else ""
        note = NOTES.get(group, "").format(envoy=envoy, where=where)
        return f"{note}\n{self.hand(state, seat)}"

    def by_dm(self, state: Any, seat: int) -> str | None:
        return None  # every choice is made on the seat's own turn, from the prompt

    def asks(self, state: Any, seat: int) -> str:
        return ", ".join(dict.fromkeys(ASKS[p.kind] for p in bootleg.pending_for(state, seat)))

    def picture(self, state: Any, events: Sequence[Any]) -> bytes:
        return render_bootleg_png(_view(state, None), bootleg.visible_events(events, None))

    def alt_text(self, state: Any, events: Sequence[Any]) -> str:
        return bootleg_alt_text(_view(state, None), bootleg.visible_events(events, None))

    def hand(self, state: Any, seat: int) -> str:
        view = _view(state, seat)
        me = view.players[seat]
        supply = ", ".join(f"{n} × {barrel_name(k)}" for k, n in me.supply.items()) or "none"
        mine = [
            f"{barrel_name(b.kind)} on {location_name(site.key)} (space {space})"
            for site in view.sites
            for space, b in enumerate(site.barrels, start=1)
            if b.owner == seat and b.kind not in ("plain",)
        ]
        lines = [f"Your Szmal: {me.szmal}$. Barrels left: {supply}."]
        if mine:
            lines.append("Your Specials on the board: " + "; ".join(mine) + ".")
        return "\n".join(lines)

    def standings(self, state: Any) -> list[str]:
        view = _view(state, None)
        if view.result is not None:
            return final_lines(view)
        return [
            f"{p.name}: {p.szmal}$, {sum(p.supply.values())} Barrels left"
            + (" (left)" if p.left else "")
            for p in view.players
        ]


BOOTLEG_PRESENTER = BootlegPresenter()
PRESENTER = BOOTLEG_PRESENTER  # the game finds its presenter by this name
