"""What an Empire player is offered, as buttons and private lists, and in which words.

Pure functions of one seat's view (`engine.empire.player_view`). Which buttons the
channel shows depends on public facts only (the board, the rosters, what is asked), so a
button's presence never tells the table what a hand, a folder or a car holds: a choice
that hangs on a secret (an Event, a Job, Resources, money, who sits in the car) is a 🔒
button whose list, seen by the chooser alone, holds the legal options or says why there
are none. Every list entry is a complete decision the engine checks again; lists are
kept within Discord's 25 entries.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from bot.empire.words import (
    KIND_WORDS,
    STREETS,
    mobster_name,
    money,
    piece_words,
    short_resources,
    site_name,
    square_name,
)
from bot.games.presenter import Choice, Private
from engine.empire import DecisionKind, Pending, PlayerView
from engine.empire.board import HOSPITAL_SQUARE, JAIL_SQUARE, SITE, SITES_AT, SiteKind
from engine.empire.cards import (
    EVENTS,
    FAT_FRED,
    JOBS,
    MOBSTERS,
    PIECES,
    THE_DWARF,
    BusinessKind,
    cost,
)

MAX_CHOICES = 25  # Discord's limit for one select menu
BUSINESS_SIZE = 3
STREET_GROUPS = {key: squares for key, _, squares in STREETS}
OWN_TURN = (DecisionKind.PRE_MOVE, DecisionKind.ACTION, DecisionKind.AFTER_ACTION)


def car_capacity(men: Sequence[str]) -> int:
    """EMPIRE §3.2: 3; 4 with The Dwarf, 2 with Fat Fred, 3 with both."""
    dwarf, fred = THE_DWARF in men, FAT_FRED in men
    return 3 if dwarf and fred else 4 if dwarf else 2 if fred else 3


def fits_car(men: Sequence[str]) -> bool:
    return len(men) <= car_capacity(men)


def names(men: Sequence[str]) -> str:
    return ", ".join(mobster_name(m) for m in men) or "nobody"


def dots(values: Sequence[int]) -> str:
    return ".".join(str(v) for v in values)


def amounts_up_to(held: Sequence[int], most: int | None = None) -> list[tuple[int, int, int]]:
    """Every way to take at least 1 of `held` (at most `most` in all), the largest first,
    kept within one list."""
    found = [
        (g, b, h)
        for g, b, h in product(*(range(n + 1) for n in held))
        if 0 < g + b + h <= (most if most is not None else g + b + h)
    ]
    found.sort(key=lambda t: (-sum(t), t))
    return found[:MAX_CHOICES]


# --- the move ------------------------------------------------------------------------


def street_groups(pending: Pending, here: int, police: bool) -> list[Choice | Private]:
    """EMPIRE §16: a movement is one choice of end square, grouped by street: a 🔒 list
    per street within reach, and staying put as a button."""
    prefix = "pmove" if police else "move"
    reach = {int(o.decision.split(":")[1][1:]) for o in pending.options}
    what = "Leave the Police Car on" if police else "Stay on"
    menu: list[Choice | Private] = [Choice(f"{prefix}:S{here}", f"{what} S{here}")]
    for key, street, squares in STREETS:
        there = [sq for sq in squares if sq in reach and sq != here]
        if there:
            span = f"S{there[0]}" if len(there) == 1 else f"S{there[0]}–S{there[-1]}"
            menu.append(Private(key, f"{street} ({span})…"))
    return menu


def street_list(pending: Pending, group: str, police: bool) -> list[Choice]:
    prefix = "pmove" if police else "move"
    reach = {int(o.decision.split(":")[1][1:]) for o in pending.options}
    squares = STREET_GROUPS.get(group, ())
    out = []
    for sq in squares:
        if sq in reach:
            sites = ", ".join(site_name(s.code) for s in SITES_AT[sq]) or "street only"
            out.append(Choice(f"{prefix}:S{sq}", f"{square_name(sq)} — {sites}"[:100]))
    return out


# --- the action menu: what the table may see ------------------------------------------


def _public_action(view: PlayerView, seat: int, pending: Pending) -> list[Choice | Private]:
    me = view.players[seat]
    square = me.car
    offered = set(pending.offered())
    menu: list[Choice | Private] = []
    if me.garage:
        return [Choice("none", "No action (the car is in a Garage)")]
    for site in SITES_AT[square]:
        code = site.code
        if site.kind is SiteKind.LOCATION and any(view.board_res.get(code, (0, 0, 0))):
            menu.append(Private("pickup", f"Pick up at {site_name(code)}…"))
        elif site.kind is SiteKind.TURF:
            owner = view.turf.get(code)
            if owner is None:
                reason = None if f"turf:{code}" in offered else "no Turf markers left"
                menu.append(Choice(f"turf:{code}", f"🚩 Mark {site.name}", reason))
            elif owner != seat:
                theirs = view.players[owner].name
                menu.append(Private("turf", f"Take {site.name} from {theirs} ($300)…"))
        elif site.kind is SiteKind.LOT:
            business = next((b for b in view.businesses if b.lot == code), None)
            if business is None:
                menu.append(Private("open", f"Open a Business on {site_name(code)}…"))
            elif business.owner == seat:
                menu.append(Private("arrange", f"Move Mobsters in/out of {site_name(code)}…"))
            else:
                rival = view.players[business.owner].name
                label = f"🔫 Attack {rival}'s {PIECES[business.piece].name}"
                reason = None if f"hit:{code}" in offered else _attack_reason(view, seat)
                menu.append(Choice(f"hit:{code}", label, reason))
    if square in (JAIL_SQUARE, HOSPITAL_SQUARE):
        status = "jail" if square == JAIL_SQUARE else "hospital"
        if any(s == status for s in me.roster.values()):
            place = "Jail" if status == "jail" else "the Hospital"
            menu.append(Private("fetch", f"Fetch Mobsters from {place}…"))
    for job, done in me.jobs.items():
        if not done and SITE[JOBS[job].end].square == square:
            menu.append(
                Choice(
                    f"job_done:{job}", f"💰 Complete {JOBS[job].name} ({money(JOBS[job].reward)})"
                )
            )
    for other in view.players:
        if other.seat != seat and other.car == square and not other.garage:
            reason = None if f"driveby:{other.seat}" in offered else _attack_reason(view, seat)
            menu.append(
                Choice(f"driveby:{other.seat}", f"🔫 Driveby on {other.name}'s car", reason)
            )
    menu.append(Choice("none", "No action"))
    return menu


def _attack_reason(view: PlayerView, seat: int) -> str:
    if view.feds:
        return "the Feds are in town"
    if not view.players[seat].in_car:
        return "nobody in your car"
    return "not now"


ANSWER_OFFER = Private("offer", "Answer the offer…")


def menu(view: PlayerView, seat: int) -> list[Choice | Private]:
    """The seat's buttons in the channel: its first open main decision's, then the 🔒
    answer to an offer made to it (by DM too; the button serves when DMs are closed)."""
    main = list(_main_menu(view, seat))
    if any(p.kind is DecisionKind.OFFER_ANSWER for p in view.pending):
        main.append(ANSWER_OFFER)
    return main


def _main_menu(view: PlayerView, seat: int) -> list[Choice | Private]:
    pendings = [p for p in view.pending if p.kind is not DecisionKind.OFFER_ANSWER]
    if not pendings:
        return []
    pending = pendings[0]
    kind = pending.kind
    K = DecisionKind
    me = view.players[seat]
    extras: list[Choice | Private] = []
    if kind in OWN_TURN:
        extras.append(Private("cards", "Play a card…"))
        if any(o.decision.startswith("peek:") for o in pending.options):
            extras.append(Private("peek", "The Reporter's peek…"))
    if kind is K.START_LOT:
        return [
            Choice(
                o.decision,
                f"Start on {site_name(o.decision[10:])} "
                f"({square_name(SITE[o.decision[10:]].square)})",
            )
            for o in pending.options
        ]
    if kind is K.START_MOBSTER:
        return [Private("startmob", "Place your starting Mobster…")]
    if kind is K.PRE_MOVE:
        return [Choice("roll", "🎲 Roll to move"), *extras]
    if kind is K.MOVE_TO:
        return street_groups(pending, me.car, police=False)
    if kind is K.ACTION:
        return [*_public_action(view, seat, pending), *extras]
    if kind is K.AFTER_ACTION:
        return [
            Choice("go", "End the turn" if view.badge != seat else "Go on (police step)"),
            *extras,
        ]
    if kind is K.POLICE_MOVE:
        return street_groups(pending, view.police, police=True)
    if kind is K.POLICE_ACTION:
        return police_menu(view, pending)
    if kind is K.PREFIGHT:
        return [Choice("fight", "🔫 Fight!"), Private("cards", "Play a pre-fight card…")]
    if kind is K.CASUALTY:
        return [Choice(o.decision, f"Lose {o.label}") for o in pending.options]
    if kind is K.GARAGE:
        return [Choice("garage:GN", "North Garage (S7)"), Choice("garage:GS", "South Garage (S19)")]
    if kind is K.OCCUPY:
        return [
            Private("occupy", "Move Mobsters into the Business…"),
            Choice("occupy:-", "Leave them in the car"),
        ]
    if kind is K.BURGLARY:
        return [Private("burgle", "Choose what to take…")]
    if kind in (K.BID, K.BRIBE):
        return [Private("bid", "Seal your bid…" if kind is K.BID else "Seal your bribe…")]
    if kind is K.PLACE:
        return [Private("place", "Place your Mobsters…")]
    return []


def police_menu(view: PlayerView, pending: Pending) -> list[Choice | Private]:
    """EMPIRE §8.3: every Police Action at the Police Car's square, with its target."""
    out: list[Choice | Private] = []
    for option in pending.options:
        key = option.decision
        kind, _, arg = key.partition(":")
        if kind == "bust":
            b = next(b for b in view.businesses if b.lot == arg)
            out.append(
                Choice(key, f"🚨 Bust {view.players[b.owner].name}'s {PIECES[b.piece].name}")
            )
        elif kind == "bustcar":
            out.append(Choice(key, f"🚨 Bust {view.players[int(arg)].name}'s car"))
        elif kind == "clear":
            out.append(
                Choice(key, f"🚨 Clear {SITE[arg].name} ({view.players[view.turf[arg]].name})")
            )
        elif kind == "confiscate":
            out.append(Private("confis", f"Confiscate at {site_name(arg)}…"))
        elif kind == "none":
            out.append(Choice(key, "No Police Action"))
    return out


# --- the private lists -----------------------------------------------------------------


def event_list(view: PlayerView, pending: Pending) -> list[Choice]:
    """Own-turn or pre-fight Events with every target, and Jobs to start (EMPIRE §6.5, §6.9)."""
    out: list[Choice] = []
    for option in pending.options:
        key = option.decision
        if key.startswith("play:"):
            card = key[5:]
            name = EVENTS[card].name
            if card == "E05":
                out += _dynamite(view, name)
            elif card == "E06":
                out += _sneak(view, name)
            elif option.choices:
                for aim in option.choices:
                    target = view.players[int(aim)].name if aim.isdigit() else mobster_name(aim)
                    out.append(Choice(f"{key}:{aim}", f"{name} on {target}"))
            else:
                out.append(Choice(key, name))
        elif key.startswith("job_start:"):
            job = JOBS[key[10:]]
            out.append(
                Choice(key, f"Start {job.name} (to {site_name(job.end)}, {money(job.reward)})")
            )
    return out[:MAX_CHOICES]


def _fight_sides(view: PlayerView) -> tuple[tuple[str, ...], tuple[str, ...]]:
    fight = view.fight
    assert fight is not None
    if view.seat == fight.attacker:
        return fight.attackers, fight.defenders
    return fight.defenders, fight.attackers


def _dynamite(view: PlayerView, name: str) -> list[Choice]:
    mine, theirs = _fight_sides(view)
    return [
        Choice(
            f"play:E05:{own}:{victim}",
            f"{name}: sacrifice {mobster_name(own)}, kill {mobster_name(victim)}",
        )
        for own, victim in product(mine, theirs)
    ]


def _sneak(view: PlayerView, name: str) -> list[Choice]:
    mine, _ = _fight_sides(view)
    out = []
    for n in range(len(mine), 0, -1):
        for group in combinations(mine, n):
            out.append(Choice(f"play:E06:{'.'.join(group)}", f"{name}: {names(group)} hide"))
    return out


def peek_list(pending: Pending, view: PlayerView) -> list[Choice]:
    out = []
    for option in pending.options:
        if option.decision.startswith("peek:"):
            target = option.decision[5:]
            if target.startswith("car"):
                label = f"Peek into {view.players[int(target[3:])].name}'s car"
            else:
                b = next(b for b in view.businesses if b.lot == target)
                label = (
                    f"Peek into {view.players[b.owner].name}'s {PIECES[b.piece].name} "
                    f"({site_name(target)})"
                )
            out.append(Choice(option.decision, label))
    return out[:MAX_CHOICES]


def pickup_list(view: PlayerView, pending: Pending) -> list[Choice]:
    out = []
    for option in pending.options:
        if option.decision.startswith("pickup:"):
            loc = option.decision[7:]
            for take in amounts_up_to(view.board_res.get(loc, (0, 0, 0))):
                out.append(
                    Choice(
                        f"pickup:{loc}:{dots(take)}",
                        f"Take {short_resources(take)} from {site_name(loc)}",
                    )
                )
    return out[:MAX_CHOICES]


def confiscate_list(view: PlayerView, pending: Pending) -> list[Choice]:
    out = []
    for option in pending.options:
        if option.decision.startswith("confiscate:"):
            loc = option.decision[11:]
            for take in amounts_up_to(view.board_res.get(loc, (0, 0, 0))):
                out.append(
                    Choice(f"confiscate:{loc}:{dots(take)}", f"Confiscate {short_resources(take)}")
                )
    return out[:MAX_CHOICES]


def turf_list(pending: Pending) -> list[Choice]:
    return [
        Choice(o.decision, f"Take over {SITE[o.decision[5:]].name} for $300")
        for o in pending.options
        if o.decision.startswith("turf:")
    ]


def _own_places(view: PlayerView, place: str) -> list[str]:
    assert view.own is not None
    return [m for m, where in view.own.places.items() if where == place]


def open_list(view: PlayerView, pending: Pending) -> list[Choice]:
    """EMPIRE §6.4: the kind (its price in Resources) and which car Mobsters move in."""
    car = _own_places(view, "car")
    out = []
    for option in pending.options:
        if not option.decision.startswith("open:"):
            continue
        _, lot, kind = option.decision.split(":")
        size = SITE[lot].size
        price = short_resources(cost(size, BusinessKind(kind)))
        for n in range(0, min(len(car), BUSINESS_SIZE) + 1):
            for group in combinations(car, n):
                moved = f", move in {names(group)}" if group else ""
                out.append(
                    Choice(
                        f"open:{lot}:{kind}:{'.'.join(group) or '-'}",
                        f"Open a {KIND_WORDS[kind]} (pay {price}){moved}"[:100],
                    )
                )
    out.sort(key=lambda c: c.decision.count("."))
    return out[:MAX_CHOICES]


def arrange_list(view: PlayerView, pending: Pending) -> list[Choice]:
    """EMPIRE §6.7: who stays in the car; the rest sit in the Business (capacities)."""
    out = []
    for option in pending.options:
        if not option.decision.startswith("mob:"):
            continue
        lot = option.decision[4:]
        both = _own_places(view, "car") + _own_places(view, lot)
        for n in range(len(both), -1, -1):
            for car in combinations(both, n):
                rest = [m for m in both if m not in car]
                if fits_car(car) and len(rest) <= BUSINESS_SIZE:
                    out.append(
                        Choice(
                            f"mob:{lot}:{'.'.join(car) or '-'}",
                            f"Car: {names(car)} · {lot}: {names(rest)}"[:100],
                        )
                    )
    return out[:MAX_CHOICES]


def fetch_list(view: PlayerView, pending: Pending) -> list[Choice]:
    out = []
    car = _own_places(view, "car")
    for option in pending.options:
        kind = option.decision
        if kind not in ("jail", "hosp"):
            continue
        place = "jail" if kind == "jail" else "hospital"
        there = _own_places(view, place)
        for n in range(len(there), 0, -1):
            for group in combinations(there, n):
                if fits_car([*car, *group]):
                    out.append(
                        Choice(
                            f"{kind}:{'.'.join(group)}", f"Fetch {names(group)} into the car"[:100]
                        )
                    )
    return out[:MAX_CHOICES]


def occupy_list(view: PlayerView) -> list[Choice]:
    car = _own_places(view, "car")
    out = []
    for n in range(min(len(car), BUSINESS_SIZE), 0, -1):
        for group in combinations(car, n):
            out.append(Choice(f"occupy:{'.'.join(group)}", f"Move {names(group)} in"[:100]))
    return out[:MAX_CHOICES]


def burgle_list(pending: Pending) -> list[Choice]:
    facts = pending.facts
    held = (facts.get("girls", 0), facts.get("booze", 0), facts.get("henchmen", 0))
    takes = amounts_up_to(held, facts.get("roll", 0))
    return [Choice(f"burgle:{dots(t)}", f"Take {short_resources(t)}") for t in takes] or [
        Choice("burgle:0.0.0", "Take nothing")
    ]


def bid_amounts(top: int) -> list[int]:
    """Up to 25 amounts from $0 to `top`: every $50 while they fit in one list, else a
    ladder that always ends on `top` (any other amount: `/chicago bid`)."""
    steps = top // 50
    if steps < MAX_CHOICES:
        return [50 * i for i in range(steps + 1)]
    ladder = [0, *range(50, 650, 50)]  # $0 and the first twelve steps
    rest = MAX_CHOICES - len(ladder)
    span = top - ladder[-1]
    for i in range(1, rest + 1):
        ladder.append(ladder[12] + span * i // rest // 50 * 50)
    return sorted(set(ladder))


def bid_list(pending: Pending) -> list[Choice]:
    kind = pending.kind.value
    top = pending.facts.get("max", 0)
    return [
        Choice(
            f"{kind}:{amount}", "Pass ($0)" if amount == 0 else f"{kind.title()} {money(amount)}"
        )
        for amount in bid_amounts(top)
    ]


def place_variants(view: PlayerView, pending: Pending) -> list[str]:
    """The default arrangement of EMPIRE §14 first, then each with one Mobster moved
    elsewhere within the capacities."""
    option = pending.options[0]
    default = option.sample
    parts = default.split(":")[1:]
    places: dict[str, list[str]] = {"car": [m for m in parts[0].split(".") if m and m != "-"]}
    assert view.own is not None
    own_lots = [b.lot for b in view.businesses if b.owner == view.seat]
    for lot in own_lots:
        places.setdefault(lot, [])
    for part in parts[1:]:
        lot, _, named = part.partition("=")
        places[lot] = [m for m in named.split(".") if m and m != "-"]
    found = [default]
    for source, men in places.items():
        for m in men:
            for target in places:
                if target == source:
                    continue
                moved = {k: [x for x in v if x != m] for k, v in places.items()}
                moved[target] = [*moved[target], m]
                if not fits_car(moved["car"]) or any(
                    len(v) > BUSINESS_SIZE for k, v in moved.items() if k != "car"
                ):
                    continue
                text = _place_text(moved)
                if text not in found:
                    found.append(text)
    return found[:MAX_CHOICES]


def _place_text(places: dict[str, list[str]]) -> str:
    car = ".".join(places["car"]) or "-"
    lots = [f"{lot}={'.'.join(men)}" for lot, men in places.items() if lot != "car" and men]
    return ":".join(["place", car, *lots])


def place_label(text: str) -> str:
    parts = text.split(":")[1:]
    car = [m for m in parts[0].split(".") if m != "-"]
    words = [f"Car: {names(car)}"]
    for part in parts[1:]:
        lot, _, men = part.partition("=")
        words.append(f"{lot}: {names(men.split('.'))}")
    return " · ".join(words)[:100]


def place_list(view: PlayerView, pending: Pending) -> list[Choice]:
    return [Choice(text, place_label(text)) for text in place_variants(view, pending)]


def startmob_list() -> list[Choice]:
    return [
        Choice("start_mob:car", "In the car (moves and fights with it)"),
        Choice("start_mob:biz", "In the Business (guards it)"),
    ]


def offer_list(pending: Pending) -> list[Choice]:
    return [
        Choice(
            o.decision, "✅ Accept the offer" if o.decision.startswith("accept") else "❌ Reject it"
        )
        for o in pending.options
    ]


def iter_lists() -> Iterator[str]:
    """Every private list's name (each a button id's `[a-z]{1,12}`)."""
    yield from STREET_GROUPS
    yield from ("cards", "peek", "pickup", "confis", "turf", "open", "arrange", "fetch",
                "occupy", "burgle", "bid", "place", "startmob", "offer")  # fmt: skip


def private_list(view: PlayerView, group: str) -> list[Choice]:
    """One private list for the seat's open decisions."""
    for pending in view.pending:
        answer = pending.kind is DecisionKind.OFFER_ANSWER
        if (group == "offer") == answer:
            return offer_list(pending) if answer else _list_for(view, pending, group)
    return []


def _list_for(view: PlayerView, pending: Pending, group: str) -> list[Choice]:
    K = DecisionKind
    kind = pending.kind
    if group in STREET_GROUPS:
        if kind in (K.MOVE_TO, K.POLICE_MOVE):
            return street_list(pending, group, police=kind is K.POLICE_MOVE)
        return []
    only = {
        "occupy": K.OCCUPY, "burgle": K.BURGLARY, "place": K.PLACE,
        "startmob": K.START_MOBSTER,
    }  # fmt: skip
    if group in only and kind is not only[group]:
        return []
    if group == "bid":
        return bid_list(pending) if kind in (K.BID, K.BRIBE) else []
    if group == "cards":
        return event_list(view, pending)
    if group == "peek":
        return peek_list(pending, view)
    if group == "turf":
        return turf_list(pending)
    if group == "occupy":
        return occupy_list(view)
    if group == "burgle":
        return burgle_list(pending)
    if group == "startmob":
        return startmob_list()
    lists = {
        "pickup": pickup_list, "confis": confiscate_list, "open": open_list,
        "arrange": arrange_list, "fetch": fetch_list, "place": place_list,
    }  # fmt: skip
    found = lists.get(group)
    return found(view, pending) if found else []


def piece_of(view: PlayerView, lot: str) -> str:
    b = next((b for b in view.businesses if b.lot == lot), None)
    return "" if b is None else piece_words(b.piece)


__all__ = ["MOBSTERS", "iter_lists", "menu", "private_list"]
