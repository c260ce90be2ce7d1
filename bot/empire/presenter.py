"""Empire at the table: the buttons, the private lists, the pictures, a player's own
folder and the standings.

Everything here reads a view built by the rules package: the channel's buttons, the
pictures, their alt text and the standings the public view (`player_view(state, None)`)
or the seat's own view for buttons whose presence rests on public facts only (see
`choices`); a private list, its note and `/chicago hand` the seat's own view. So money,
a hand, a bid, a placement or a standing order cannot reach anyone who may not know it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import engine.empire as empire
from bot.empire import choices, pictures
from bot.empire.words import (
    PLACE_WORDS,
    card_name,
    mobster_name,
    money,
    resources,
    site_name,
)
from bot.games.presenter import Choice, Private
from engine.empire import DecisionKind, PlayerView
from engine.empire.cards import EVENTS, HORSE_HEAD_DEFAULT, JOBS

ASKS = {
    DecisionKind.START_LOT: "choose a start lot",
    DecisionKind.START_MOBSTER: "place the starting Mobster in secret",
    DecisionKind.PRE_MOVE: "roll to move",
    DecisionKind.MOVE_TO: "choose where to drive",
    DecisionKind.ACTION: "take an action",
    DecisionKind.AFTER_ACTION: "end the turn",
    DecisionKind.POLICE_MOVE: "move the Police Car",
    DecisionKind.POLICE_ACTION: "choose a Police Action",
    DecisionKind.PREFIGHT: "play a pre-fight card or fight",
    DecisionKind.CASUALTY: "choose who falls",
    DecisionKind.GARAGE: "choose a Garage",
    DecisionKind.OCCUPY: "move into the Business or not",
    DecisionKind.BURGLARY: "choose what to steal",
    DecisionKind.BID: "seal a bid",
    DecisionKind.BRIBE: "seal a bribe",
    DecisionKind.PLACE: "place Mobsters in secret",
    DecisionKind.OFFER_ANSWER: "answer an offer",
}
SEALED = (DecisionKind.BID, DecisionKind.BRIBE, DecisionKind.PLACE, DecisionKind.START_MOBSTER)
EMPTY_LISTS = {
    "cards": "You hold no card you can play now.",
    "pickup": "You cannot pick up here now (Der Schweinehund in the car carries nothing).",
    "open": "You hold too few Resources for any Business here, or no piece of this size is left.",
    "turf": "A takeover costs $300, more than you have.",
    "fetch": "Your car has no room for them.",
}


def view_of(state: Any, seat: int | None) -> PlayerView:
    return empire.player_view(state.match, seat)


class EmpirePresenter:
    def menu(self, state: Any, seat: int) -> list[Choice | Private]:
        return choices.menu(view_of(state, seat), seat)

    def public(self, state: Any, seat: int) -> list[Choice]:
        return [c for c in self.menu(state, seat) if isinstance(c, Choice)]

    def groups(self, state: Any, seat: int) -> list[Private]:
        return [g for g in self.menu(state, seat) if isinstance(g, Private)]

    def private(self, state: Any, seat: int, group: str) -> list[Choice]:
        return choices.private_list(view_of(state, seat), group)

    def empty_note(self, group: str) -> str | None:
        """Why a list the seat opened is empty, in words only it reads."""
        return EMPTY_LISTS.get(group)

    def private_note(self, state: Any, seat: int, group: str) -> str:
        view = view_of(state, seat)
        own = view.own
        assert own is not None
        folder = f"You have {money(own.money)} and {resources(own.res)}."
        pending = next((p for p in view.pending if p.kind is not DecisionKind.OFFER_ANSWER), None)
        if group == "bid" and pending is not None:
            top = pending.facts.get("max", 0)
            what = (
                "bribe for the Badge"
                if pending.kind is DecisionKind.BRIBE
                else f"bid for {mobster_name(view.lot)}"
            )
            win = (
                "\n⚠️ Winning this lot gives you 10 Power Points: the match ends at once."
                if pending.facts.get("wins_match")
                else ""
            )
            return (
                f"🔒 Your sealed {what}: $0 passes; at most {money(top)}. Nobody sees it; "
                f"only the winner and the price are told. Another amount: "
                f"`/chicago bid amount:…`.{win}\n{folder}"
            )
        if group == "place":
            return "🔒 Where your Mobsters sit from now on: nobody sees it but you.\n" + self.hand(
                state, seat
            )
        if group == "offer":
            return self._offer_note(view, seat)
        if group == "burgle" and pending is not None:
            f = pending.facts
            got = resources((f.get("girls", 0), f.get("booze", 0), f.get("henchmen", 0)))
            return (
                f"🔒 You rolled {f.get('roll', 0)}: "
                f"{view.players[f.get('victim', 0)].name} holds {got}. "
                f"Take up to {f.get('roll', 0)}."
            )
        if group == "startmob":
            return (
                "🔒 Where your starting Mobster sits: in your car or in one of your "
                f"Businesses. Nobody sees it but you.\n{folder}"
            )
        if group in choices.STREET_GROUPS:
            return "Where does the car go? (Squares within reach on this street.)"
        return f"🔒 Only you see this list.\n{folder}"

    def _offer_note(self, view: PlayerView, seat: int) -> str:
        offer = next((o for o in view.offers if o.receiver == seat), None)
        if offer is None or offer.give is None or offer.get is None:
            return "That offer is no longer open."
        who = view.players[offer.proposer].name
        return (
            f"🤝 {who} offers you: {side_words(offer.give)}.\n"
            f"In return they ask: {side_words(offer.get)}.\n"
            "Accept to carry it out at once (only if both still hold it all), or reject."
        )

    def by_dm(self, state: Any, seat: int) -> str | None:
        """An offer's answer goes to its receiver by DM (EMPIRE §10)."""
        asked = empire.pending_for(state.match, seat)
        return "offer" if any(p.kind is DecisionKind.OFFER_ANSWER for p in asked) else None

    def asks(self, state: Any, seat: int) -> str:
        return ", ".join(dict.fromkeys(ASKS[p.kind] for p in empire.pending_for(state.match, seat)))

    def picture(self, state: Any, events: Sequence[Any]) -> bytes:
        return pictures.phone_png(view_of(state, None), empire.visible_to(events, None))

    def city(self, state: Any, events: Sequence[Any]) -> bytes:
        return pictures.city_png(view_of(state, None), empire.visible_to(events, None))

    def alt_text(self, state: Any, events: Sequence[Any]) -> str:
        return pictures.alt_text(view_of(state, None), empire.visible_to(events, None))

    def hand(self, state: Any, seat: int) -> str:
        """The seat's folder, hand, where its Mobsters sit, and its standing orders."""
        view = view_of(state, seat)
        own = view.own
        assert own is not None
        me = view.players[seat]
        lines = [f"**Your folder**: {money(own.money)}; {resources(own.res)}."]
        cards = [
            f"{card_name(c)}"
            + (f" ({site_name(JOBS[c].start)} → {site_name(JOBS[c].end)})" if c in JOBS else "")
            for c in own.hand
        ]
        lines.append("**Hand**: " + (", ".join(cards) or "empty") + ".")
        places: dict[str, list[str]] = {}
        for m, where in own.places.items():
            places.setdefault(where, []).append(mobster_name(m))
        sits = "; ".join(f"{place_words(where)}: {', '.join(men)}" for where, men in places.items())
        lines.append(f"**Mobsters**: {sits or 'none'}.")
        if me.jobs:
            jobs = ", ".join(
                f"{JOBS[j].name} ({'done' if d else 'started'})" for j, d in me.jobs.items()
            )
            lines.append(f"**Jobs**: {jobs}.")
        lines.append(orders_words(own.orders))
        if own.sealed:
            lines.append("Your sealed answer for this step is in.")
        return "\n".join(lines)

    def standings(self, state: Any) -> list[str]:
        view = view_of(state, None)
        order = view.result.ranking if view.result is not None else range(len(view.players))
        out = []
        for seat in order:
            p = view.players[seat]
            held = sum(1 for b in view.businesses if b.owner == seat)
            working = sum(1 for s in p.roster.values() if s == "working")
            crown = "👑 " if view.result is not None and view.result.winner == seat else ""
            out.append(
                f"{crown}{p.name}: {p.power} PP · {held} Businesses · {p.turf} Turf · "
                f"{working} Mobsters working"
            )
        return out


def place_words(where: str) -> str:
    """Where one's own Mobsters sit: the car, a Business's lot, Jail, the Hospital."""
    if where == "car":
        return "car"
    return PLACE_WORDS.get(where, site_name(where))


def side_words(side: empire.Side) -> str:
    parts = []
    if side.money:
        parts.append(money(side.money))
    if sum(side.res):
        parts.append(resources(side.res))
    parts += [card_name(c) for c in side.cards]
    parts += [mobster_name(m) for m in side.mobsters]
    return ", ".join(parts) or "nothing"


def orders_words(orders: Any) -> str:
    """EMPIRE §6.9: what the two reaction cards will do if held."""
    ticks = ", ".join(EVENTS[c].name for c in orders.horse_head) or "nothing"
    aid = {"first": "the first of your Mobsters about to die", "never": "nobody"}.get(
        orders.first_aid, ", ".join(mobster_name(m) for m in orders.named)
    )
    default = (
        " (the default)"
        if tuple(orders.horse_head) == HORSE_HEAD_DEFAULT and orders.first_aid == "first"
        else ""
    )
    return (
        f"**Standing orders**{default}: Severed Horse Head cancels {ticks}; Fabulous First "
        f"Aid saves {aid}. Change them with `/chicago orders`."
    )


EMPIRE_PRESENTER = EmpirePresenter()
PRESENTER = EMPIRE_PRESENTER  # the game finds its presenter by this name
