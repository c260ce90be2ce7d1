"""What a Bootleg player is offered, as buttons and private lists, and in which words.

Pure functions of one seat's view (`engine.bootleg.player_view`). The channel's buttons
name only what the whole table may know: which Envoy, which action. The lists behind
them are the chooser's alone (an ephemeral message): the end Location of a move, an
action's target, and above all which Barrel to place, since a Special's kind is secret
(BOOTLEG §11). Every choice is a complete decision the engine checks again; the reasons
on greyed options only explain, the engine's options alone decide what is legal.
"""

from __future__ import annotations

from bot.bootleg.words import (
    ENVOY_NAMES,
    barrel_name,
    envoy_name,
    listed,
    location_name,
    token_name,
)
from bot.games.presenter import Choice, Private
from engine.bootleg import DecisionKind, Pending, PlayerView
from engine.bootleg.envoys import DIRTY_COP, INFORMANT, SMUGGLER, TROUBLEMAKER
from engine.bootleg.gangs import BIG, ROTTEN
from engine.bootleg.locations import BY_KEY as LOCATIONS
from engine.bootleg.tokens import DOUBLE_FEE, NO_TRICKS

MAX_CHOICES = 25  # Discord's limit for one select menu
# A move's private list is named after its Envoy, as a button's id allows (letters only).
MOVE_GROUPS = {kind: kind.replace("_", "") for kind in ENVOY_NAMES}
ENVOY_OF_GROUP = {group: kind for kind, group in MOVE_GROUPS.items()}
ABILITY_WORDS = {
    SMUGGLER: "take 1$ from each Pot passed",
    INFORMANT: "swap two tokens",
    TROUBLEMAKER: "push the last Barrel next door",
}


def _place(view: PlayerView, cell: int) -> str:
    return location_name(view.site(cell).key)


def service_cost(view: PlayerView) -> int:
    """What the Service here costs the mover (§6: doubled by a face-up Double Fee, free
    with the Dirty Cop, §5.4): words for a button, the engine decides."""
    turn = view.turn
    site = view.site(turn.cell)
    if turn.envoy == DIRTY_COP:
        return 0
    cost = LOCATIONS[site.key].cost
    return cost * 2 if site.face_up and site.token == DOUBLE_FEE else cost


# --- the move ---------------------------------------------------------------------------


def move_groups(view: PlayerView) -> list[Private]:
    """One button per Envoy on the board, in Range Track order (its range = its place)."""
    return [
        Private(MOVE_GROUPS[kind], f"Move the {envoy_name(kind)} ({steps})…")
        for steps, kind in enumerate(view.track, start=1)
    ]


def move_list(view: PlayerView, pending: Pending, envoy: str) -> list[Choice]:
    """The end Locations of one Envoy's moves (§14.1 [R]): one entry per end, with its
    path named only when two paths there differ in what they pass."""
    ends = pending.move_choices().get(envoy, {})
    out = []
    for cell, options in sorted(ends.items(), key=lambda item: _place(view, item[0])):
        for option in options:
            path = [int(c) for c in option.split(":")[1].split("-")]
            label = f"To {_place(view, cell)}"
            if len(options) > 1:
                label += " through " + listed([_place(view, c) for c in path[:-1]])
            out.append(Choice(option, label[:100]))
    return out[:MAX_CHOICES]


# --- the action menu ------------------------------------------------------------------


def ability_reason(view: PlayerView) -> str:
    """Why the moved Envoy's ability cannot be used now (§5)."""
    turn = view.turn
    here = turn.cell
    guarded = view.envoys.get(DIRTY_COP)
    if turn.ability:
        return "already used this turn"
    if turn.envoy not in view.envoys:
        return "that Envoy was exchanged at the Station"
    if turn.envoy == DIRTY_COP:
        return "the Dirty Cop's gift is a free Service"
    if turn.envoy == SMUGGLER:
        return "no Pot with Szmal was passed"
    if guarded == here:
        return "the Dirty Cop protects this Location"
    if turn.envoy == TROUBLEMAKER:
        site = view.site(here)
        if turn.placed:
            return "only before you place a Barrel"
        if not site.barrels:
            return "no Barrel here to push"
        last = site.barrels[-1]
        tricks = site.face_up and site.token == NO_TRICKS
        if last.kind == BIG and not tricks and view.players[turn.seat].gang != ROTTEN:
            return "a Big Barrel will not move"
        return "no neighbour has room or is free of the Dirty Cop"
    return "every neighbour is protected by the Dirty Cop"


def service_reason(view: PlayerView) -> str:
    turn = view.turn
    card = LOCATIONS[view.site(turn.cell).key]
    if turn.service:
        return "already used this turn"
    if not card.service:
        return "the Prison has no Service"
    cost = service_cost(view)
    szmal = view.players[turn.seat].szmal
    if szmal < cost:
        return f"costs {cost}$, you have {szmal}$"
    return "nothing it could do here now"


def action_menu(view: PlayerView, pending: Pending) -> list[Choice | Private]:
    """§4.4: Ability · Service · Place a Barrel · End turn, always in that order, each
    greyed with its reason when it cannot be taken."""
    turn = view.turn
    here = view.site(turn.cell)
    menu: list[Choice | Private] = []
    ability = f"Ability: {ENVOY_NAMES.get(turn.envoy, 'none')}"
    abilities = pending.group("ability")
    if abilities == ["ability:smuggler"]:
        menu.append(Choice("ability:smuggler", f"{ability} ({ABILITY_WORDS[SMUGGLER]})"))
    elif abilities:
        menu.append(Private("ability", f"{ability} ({ABILITY_WORDS[turn.envoy]})…"))
    else:
        menu.append(Choice("ability", ability, ability_reason(view)))
    service = f"Service: {location_name(here.key)}"
    services = pending.group("service")
    if len(services) == 1 and services[0].count(":") == 1:
        menu.append(Choice(services[0], f"{service} ({service_cost(view)}$)"))
    elif services:
        menu.append(Private("service", f"{service} ({service_cost(view)}$)…"))
    else:
        menu.append(Choice("service", service, service_reason(view)))
    if pending.group("place"):
        menu.append(Private("place", "Place a Barrel…"))
    else:
        why = "placed this turn" if turn.placed else "no Barrels left"
        menu.append(Choice("place", "Place a Barrel", why))
    if "end" in pending.options:
        menu.append(Choice("end", "End turn"))
    else:
        menu.append(Choice("end", "End turn", "place a Barrel first"))
    return menu


def ability_list(view: PlayerView, pending: Pending) -> list[Choice]:
    out = []
    for option in pending.group("ability"):
        _, kind, cell = option.split(":")
        target = _place(view, int(cell))
        if kind == INFORMANT:
            label = f"Swap tokens with {target} ({token_name(view.site(int(cell)).token)})"
        else:
            label = f"Push the last Barrel to {target}"
        out.append(Choice(option, label[:100]))
    return out


def service_list(view: PlayerView, pending: Pending) -> list[Choice]:
    out = []
    for option in pending.group("service"):
        parts = option.split(":")
        where = parts[1]
        if where == "precinct":
            cell = int(parts[2])
            last = view.site(cell).barrels[-1]
            owner = view.players[last.owner].name
            label = f"Haul {owner}'s {barrel_name(last.kind)} from {_place(view, cell)}"
        elif where == "station":
            label = f"Exchange the {envoy_name(parts[2])} for the {envoy_name(view.inactive)}"
        else:  # the Post Office: a Barrel of one's own on a space, to a cell
            space, cell = int(parts[2]), int(parts[3])
            kind = view.site(view.turn.cell).barrels[space - 1].kind
            label = f"Post your {barrel_name(kind)} (space {space}) to {_place(view, cell)}"
        out.append(Choice(option, label[:100]))
    return out[:MAX_CHOICES]


def place_list(view: PlayerView, pending: Pending) -> list[Choice]:
    """The kinds the seat still holds, with how many: its own secret, named plainly."""
    supply = view.players[pending.seat].supply
    here = _place(view, view.turn.cell)
    return [
        Choice(o, f"Place {barrel_name(o[6:])} on {here} ({supply.get(o[6:], 0)} left)")
        for o in pending.group("place")
    ]


def end_choices(view: PlayerView, pending: Pending) -> list[Choice]:
    """The Bomb and Lucky Joe (§9.1), asked of their owners with everything revealed."""
    if pending.kind is DecisionKind.BOMB:
        return [
            Choice("bomb:detonate", "💥 Set off the Bomb"),
            Choice("bomb:hold", "Keep the Bomb quiet"),
        ]
    return [
        Choice("lucky:activate", "🍀 Activate the Specials"),
        Choice("lucky:decline", "Leave them as they are"),
    ]


def private_list(view: PlayerView, pending: Pending, group: str) -> list[Choice]:
    if group in ENVOY_OF_GROUP and pending.kind is DecisionKind.MOVE:
        return move_list(view, pending, ENVOY_OF_GROUP[group])
    if pending.kind is not DecisionKind.ACT:
        return []
    lists = {"ability": ability_list, "service": service_list, "place": place_list}
    found = lists.get(group)
    return found(view, pending) if found else []
