"""What both pictures write beside the city: the title, a row per gang (PP, car, Turf,
cards, Jobs, Badge, freeze, Local Respect) and the lists (Jail, Hospital, hiding,
Graveyard, auction list, last events). The alt text reads the same words."""

from __future__ import annotations

from bot.empire.render.facts import CityFacts, mobster_name
from bot.empire.render.names import KIND_WORDS, lot_code
from bot.empire.render.palette import gang_letter
from engine.empire.cards import JOBS, PIECES
from engine.empire.state import NOBODY, WIN_POWER, Phase
from engine.empire.view import PlayerPublic, PlayerView

TRADE_STEPS = {
    Phase.BID: "Trade Round · hiring",
    Phase.BRIBE: "Trade Round · bribing the police",
    Phase.PLACE: "Trade Round · placing Mobsters",
}
SETUP_STEPS = {Phase.START_LOT: "choosing start lots", Phase.START_MOBSTER: "placing Mobsters"}


def title(view: PlayerView, facts: CityFacts) -> str:
    names = [p.name for p in view.players]
    if view.result is not None:
        why = "10 PP" if view.result.reason.value == "power" else "most PP at the cap"
        return f"Empire · {names[view.result.winner]} wins ({why})"
    head = f"Empire · sequence {view.sequence} of {view.options.sequences}"
    if view.phase in SETUP_STEPS:
        return f"Empire · setup · {SETUP_STEPS[view.phase]}"
    if view.phase in TRADE_STEPS:
        step = TRADE_STEPS[view.phase]
        if view.phase is Phase.BID and view.lot:
            step += f" {mobster_name(view.lot)}"
        return f"{head} · {step}"
    who = names[facts.active] if facts.active != NOBODY else ""
    return f"{head} · round {view.round} of 4 · {who}'s turn"


PHONE_STEPS = {
    Phase.BID: "hiring",
    Phase.BRIBE: "bribing the police",
    Phase.PLACE: "placing Mobsters",
}


def phone_title(view: PlayerView, facts: CityFacts) -> str:
    """The title in the few words a phone has room for, the moment's main fact first
    (whose turn, what the Trade Round does), so a long name cuts the least."""
    names = [p.name for p in view.players]
    if view.result is not None:
        why = "10 PP" if view.result.reason.value == "power" else "most PP at the cap"
        return f"{names[view.result.winner]} wins ({why})"
    if view.phase in SETUP_STEPS:
        return f"Setup · {SETUP_STEPS[view.phase]}"
    sequence = f"sequence {view.sequence}/{view.options.sequences}"
    if view.phase in PHONE_STEPS:
        step = PHONE_STEPS[view.phase]
        if view.phase is Phase.BID and view.lot:
            step += f" {mobster_name(view.lot)}"
        return f"Trade Round · {step} · {sequence}"
    turn = f"round {view.round}/4 · {sequence}"
    if facts.active == NOBODY:
        return turn.capitalize()
    return f"{names[facts.active]}'s turn · {turn}"


def car_text(view: PlayerView, facts: CityFacts, seat: int) -> str:
    p = view.players[seat]
    where = {"GN": "in N Garage", "GS": "in S Garage"}.get(p.garage, f"S{p.car}")
    return f"car {where} {p.in_car}/{facts.capacity[seat]}"


def jobs_text(p: PlayerPublic) -> str:
    done = [JOBS[j].name for j, finished in p.jobs.items() if finished]
    running = [JOBS[j].name for j, finished in p.jobs.items() if not finished]
    parts = []
    if done:
        parts.append(f"{len(done)} Job{'s' if len(done) > 1 else ''} done")
    if running:
        parts.append("on " + ", ".join(running))
    return " · ".join(parts)


def gang_details(view: PlayerView, facts: CityFacts, seat: int) -> list[str]:
    """The facts of one gang's row after its name and PP, in reading order."""
    p = view.players[seat]
    working = sum(1 for s in p.roster.values() if s == "working")
    parts = [car_text(view, facts, seat), f"{working} working", f"Turf {p.turf}",
             f"{p.hand_size} card{'s' if p.hand_size != 1 else ''}"]  # fmt: skip
    jobs = jobs_text(p)
    if jobs:
        parts.append(jobs)
    if view.badge == seat:
        parts.append("Badge")
    if view.respect == seat:
        parts.append("Respect")
    if p.frozen:
        parts.append("frozen")
    return parts


def power_text(p: PlayerPublic) -> str:
    return f"{p.power} PP"


def listed(view: PlayerView, pairs: list[tuple[int, str]], spoken: bool = False) -> str:
    """Mobsters with their gang's letter before each, as the picture reads (spoken:
    with the gang's name after each, as the alt text reads)."""
    if spoken:
        return ", ".join(f"{mobster_name(m)} ({view.players[seat].name})" for seat, m in pairs)
    return ", ".join(f"{gang_letter(seat)} {mobster_name(m)}" for seat, m in pairs)


def fight_line(view: PlayerView) -> str | None:
    """Who fights whom, with which men (revealed to all, EMPIRE §7.1) and the totals
    once they are fixed, as a player would say it: "Fight: Ada (Lefty Doyle) attacks
    Sal's Brothel on lot a*, defended by nobody"."""
    f = view.fight
    if f is None or view.result is not None:
        return None
    names = [p.name for p in view.players]
    attackers = ", ".join(mobster_name(m) for m in f.attackers) or "nobody"
    defenders = ", ".join(mobster_name(m) for m in f.defenders) or "nobody"
    line = (
        f"Fight: {names[f.attacker]} ({attackers}) attacks {target_text(view)}, "
        f"defended by {defenders}"
    )
    if f.attack_total or f.defence_total:
        line += f"; totals: attack {f.attack_total}, defence {f.defence_total}"
    return line


def target_text(view: PlayerView) -> str:
    """What a fight is over: "Sal's Brothel on lot a*" or "Sal's car on S12"."""
    assert view.fight is not None
    f = view.fight
    owner = view.players[f.defender]
    if not f.lot:
        where = {"GN": "the North Garage", "GS": "the South Garage"}.get(owner.garage)
        return f"{owner.name}'s car on {where or f'S{owner.car}'}"
    kind = next(
        (KIND_WORDS[PIECES[b.piece].kind] for b in view.businesses if b.lot == f.lot),
        "Business",
    )
    return f"{owner.name}'s {kind} on lot {lot_code(f.lot)}"


def list_lines(view: PlayerView, facts: CityFacts, spoken: bool = False) -> list[str]:
    """The fight, Jail, Hospital, hiding, Graveyard and the auction list, those not
    empty, and who holds the Badge and Local Respect."""
    fight = fight_line(view)
    lines = [fight] if fight else []
    if facts.jail:
        lines.append(f"Jail: {listed(view, facts.jail, spoken)}")
    if facts.hospital:
        lines.append(f"Hospital: {listed(view, facts.hospital, spoken)}")
    if facts.hiding:
        lines.append(f"Hiding: {listed(view, facts.hiding, spoken)}")
    if view.graveyard:
        lines.append("Graveyard: " + ", ".join(mobster_name(m) for m in view.graveyard))
    if view.auction:
        lines.append("For hire: " + ", ".join(mobster_name(m) for m in view.auction))
    extra = []
    if view.badge != NOBODY:
        extra.append(f"Badge: {view.players[view.badge].name}")
    if view.respect != NOBODY:
        extra.append(f"Local Respect: {view.players[view.respect].name}")
    if view.feds:
        extra.append("the Feds are in town")
    if extra:
        lines.append(" · ".join(extra))
    return lines


def goal_text() -> str:
    return f"first to {WIN_POWER} PP wins"
