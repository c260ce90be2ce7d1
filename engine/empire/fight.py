"""Attacks and the shoot-out (EMPIRE §7): declaring, the pre-fight window, totals fixed
for the fight, rounds with casualties by the dice's difference, and what follows."""

from __future__ import annotations

from engine.common.errors import IllegalDecision
from engine.common.rng import die
from engine.empire.board import GARAGES, nearest_garages
from engine.empire.cardplay import cancelled
from engine.empire.cards import (
    DYNAMITE,
    EVENTS,
    FIGHT_BONUS,
    MOBSTERS,
    PIECES,
    SIZES,
    SNEAKING_OUT,
    TOMMY_GUN,
)
from engine.empire.decisions import Decision, Option, ids
from engine.empire.events import (
    BusinessTaken,
    CarGaraged,
    Event,
    EventPlayed,
    FightDeclared,
    FightEnded,
    FightRound,
    FightTotals,
    JobsPassed,
    MobstersArranged,
)
from engine.empire.gang import (
    BUSINESS_SIZE,
    at,
    conceal,
    move_mobster,
    reveal,
    send,
    send_to_graveyard,
)
from engine.empire.state import CAR, HIDING, HOSPITAL, NOBODY, EmpireState, Fight, Phase

MAX_TIES = 10  # EMPIRE §7.4 [R]
DEADLY = 3  # a difference of 3 or more kills


def declare(state: EmpireState, ev: list[Event], attacker: int, d: Decision) -> None:
    """A Driveby (`driveby:<seat>`) or a Business Attack (`hit:<lot>`) (EMPIRE §7.1)."""
    if d.kind == "driveby":
        defender, lot = int(d.arg(0)), ""
        defenders = at(state.players[defender], CAR)
    else:
        lot = d.arg(0)
        defender = state.lots[lot].owner
        defenders = at(state.players[defender], lot)
    attackers = at(state.players[attacker], CAR)
    reveal(state, attackers + defenders)
    state.fight = Fight(attacker, defender, lot, attackers, defenders, deciding=attacker)
    state.phase = Phase.PREFIGHT
    ev.append(FightDeclared(attacker, defender, lot, tuple(attackers), tuple(defenders)))


def _mine_theirs(fight: Fight, seat: int) -> tuple[list[str], list[str]]:
    if seat == fight.attacker:
        return fight.attackers, fight.defenders
    return fight.defenders, fight.attackers


def prefight_options(state: EmpireState, fight: Fight) -> list[Option]:
    """EMPIRE §7.2: the deciding side's pre-fight Events, then "fight"."""
    seat = fight.deciding
    player = state.players[seat]
    found: list[Option] = []
    if not player.frozen:
        mine, theirs = _mine_theirs(fight, seat)
        defending = seat == fight.defender
        for card in sorted(c for c in set(player.hand) if c in _PREFIGHT):
            side = EVENTS[card].side
            if card == DYNAMITE and mine and theirs:
                found.append(Option("play:E05", "Dynamite", f"play:E05:{mine[0]}:{theirs[0]}"))
            elif card == SNEAKING_OUT and defending and mine:
                found.append(Option("play:E06", "Sneaking Out", f"play:E06:{mine[0]}"))
            elif (
                (side == "attacker" and not defending)
                or (side == "car" and defending and not fight.lot)
                or (side == "business" and defending and fight.lot)
            ):
                found.append(Option(f"play:{card}", EVENTS[card].name))
    found.append(Option("fight", "fight"))
    return found


_PREFIGHT = {c for c, e in EVENTS.items() if e.window.value == "prefight"}


def check_prefight(state: EmpireState, seat: int, d: Decision) -> None:
    fight = state.fight
    assert fight is not None
    mine, theirs = _mine_theirs(fight, seat)
    card = d.arg(0)
    if card == DYNAMITE:
        if len(d.args) != 3 or d.args[1] not in mine or d.args[2] not in theirs:
            raise IllegalDecision(f"{d}: name one own and one opposing involved Mobster")
    elif card == SNEAKING_OUT:
        chosen = ids(d.arg(1))
        if len(d.args) != 2 or not chosen or len(set(chosen)) != len(chosen):
            raise IllegalDecision(f"{d}: name the defenders who sneak out")
        if not set(chosen) <= set(mine):
            raise IllegalDecision(f"{d}: only involved defenders")
    elif len(d.args) != 1:
        raise IllegalDecision(f"{d}: this card names nothing")


def take_prefight(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    fight = state.fight
    assert fight is not None
    if d.kind == "fight":
        if seat == fight.attacker:
            fight.deciding = fight.defender
            return
        _start_rounds(state, ev, fight)
        return
    card = d.arg(0)
    state.players[seat].hand.remove(card)
    state.used.append(card)
    mine, theirs = _mine_theirs(fight, seat)
    other = fight.defender if seat == fight.attacker else fight.attacker
    if card == DYNAMITE:  # EMPIRE §7.2: the sacrifice, then the kill (reactions allowed)
        own, victim = d.args[1], d.args[2]
        ev.append(EventPlayed(seat, card, other, (own, victim)))
        mine.remove(own)
        send_to_graveyard(state, ev, seat, own, card)
        if not cancelled(state, ev, other, card):
            theirs.remove(victim)
            send_to_graveyard(state, ev, other, victim, card)
    elif card == SNEAKING_OUT:
        chosen = ids(d.arg(1))
        ev.append(EventPlayed(seat, card, NOBODY, tuple(chosen)))
        for m in chosen:
            mine.remove(m)
            send(state, ev, seat, m, HIDING, card)
    else:
        ev.append(EventPlayed(seat, card, NOBODY, ()))
        if card == TOMMY_GUN:
            fight.attack_bonus += FIGHT_BONUS
        else:
            fight.defence_bonus += FIGHT_BONUS


def _start_rounds(state: EmpireState, ev: list[Event], fight: Fight) -> None:
    """EMPIRE §7.3: totals and lives fixed for the whole fight."""
    drive = not fight.lot
    fight.attack_total = fight.attack_bonus + sum(
        MOBSTERS[m].da if drive else MOBSTERS[m].ba for m in fight.attackers
    )
    lot_bonus = 0 if drive else SIZES[PIECES[state.lots[fight.lot].piece].size].defence
    fight.defence_total = (
        fight.defence_bonus
        + lot_bonus
        + sum(MOBSTERS[m].dd if drive else MOBSTERS[m].bd for m in fight.defenders)
    )
    fight.deciding = NOBODY
    ev.append(
        FightTotals(
            fight.attack_total, fight.defence_total, len(fight.attackers) + 1,
            len(fight.defenders) + 1,
        )
    )  # fmt: skip
    run_rounds(state, ev, fight)


def run_rounds(state: EmpireState, ev: list[Event], fight: Fight) -> None:
    """Roll rounds until a loser must name a casualty or one side has lost (§7.4)."""
    while True:
        ties = 0
        while True:
            a, d = die(state.rng), die(state.rng)
            sa, sd = a + fight.attack_total, d + fight.defence_total
            if sa != sd:
                break
            ties += 1
            if ties == MAX_TIES:  # the defender wins the round with d = 0
                break
        attacker_won = sa > sd
        winner = fight.attacker if attacker_won else fight.defender
        margin = 0 if sa == sd else (a - d if attacker_won else d - a)
        ev.append(FightRound(a, d, sa, sd, winner, margin, ties))
        loser = fight.defender if attacker_won else fight.attacker
        left = fight.defenders if attacker_won else fight.attackers
        if not left:
            _finish(state, ev, fight, winner)
            return
        if len(left) == 1:
            casualty(state, ev, fight, loser, left[0], margin)
            continue
        fight.loser, fight.margin = loser, margin
        state.phase = Phase.CASUALTY
        return


def casualty_options(state: EmpireState, fight: Fight) -> list[Option]:
    left = fight.defenders if fight.loser == fight.defender else fight.attackers
    return [Option(f"casualty:{m}", MOBSTERS[m].name) for m in fight_order(fight, left)]


def fight_order(fight: Fight, left: list[str]) -> list[str]:
    """The loser's Mobsters, lowest number for this fight first, then lowest id (§14)."""
    defending = left is fight.defenders
    drive = not fight.lot

    def number(m: str) -> int:
        card = MOBSTERS[m]
        if drive:
            return card.dd if defending else card.da
        return card.bd if defending else card.ba

    return sorted(left, key=lambda m: (number(m), m))


def take_casualty(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    fight = state.fight
    assert fight is not None
    casualty(state, ev, fight, seat, d.arg(0), fight.margin)
    fight.loser = NOBODY
    run_rounds(state, ev, fight)


def casualty(
    state: EmpireState, ev: list[Event], fight: Fight, seat: int, mobster: str, margin: int
) -> None:
    """Out of the fight: `d` >= 3 to the Graveyard, otherwise the Hospital (§7.4)."""
    (fight.attackers if seat == fight.attacker else fight.defenders).remove(mobster)
    if margin >= DEADLY:
        send_to_graveyard(state, ev, seat, mobster, "fight")
    else:
        send(state, ev, seat, mobster, HOSPITAL, "fight")


def _finish(state: EmpireState, ev: list[Event], fight: Fight, winner: int) -> None:
    """EMPIRE §7.5: the Garage, the Jobs, the Business."""
    loser = fight.defender if winner == fight.attacker else fight.attacker
    fight.winner = winner
    ev.append(FightEnded(winner, loser, fight.lot))
    if fight.lot and winner == fight.attacker:
        previous = state.lots[fight.lot].owner
        state.lots[fight.lot].owner = winner
        ev.append(BusinessTaken(winner, fight.lot, previous))
        if at(state.players[winner], CAR):
            state.phase = Phase.OCCUPY
            return
        end_fight(state)
        return
    _pass_jobs(state, ev, loser, winner)
    garages = nearest_garages(state.players[loser].car)
    if len(garages) == 1:
        garage(state, ev, loser, garages[0])
        end_fight(state)
    else:
        fight.loser = loser
        state.phase = Phase.GARAGE


def _pass_jobs(state: EmpireState, ev: list[Event], loser: int, winner: int) -> None:
    """Every started Job of the loser passes to the winner, still started (§7.5 [R])."""
    source, target = state.players[loser], state.players[winner]
    moving = [j for j, done in source.jobs.items() if not done]
    for job in moving:
        del source.jobs[job]
        target.jobs[job] = False
    if moving:
        ev.append(JobsPassed(loser, winner, tuple(moving)))


def garage(state: EmpireState, ev: list[Event], seat: int, code: str) -> None:
    player = state.players[seat]
    player.garage = code
    player.car = GARAGES[code]
    ev.append(CarGaraged(seat, code))


def take_garage(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    garage(state, ev, seat, d.arg(0))
    end_fight(state)


def check_occupy(state: EmpireState, seat: int, d: Decision) -> None:
    chosen = ids(d.arg(0))
    car = at(state.players[seat], CAR)
    if len(d.args) != 1 or len(set(chosen)) != len(chosen) or not set(chosen) <= set(car):
        raise IllegalDecision(f"{d}: only the car's Mobsters")
    if len(chosen) > BUSINESS_SIZE:
        raise IllegalDecision(f"{d}: a Business holds at most {BUSINESS_SIZE}")


def take_occupy(state: EmpireState, ev: list[Event], seat: int, d: Decision) -> None:
    fight = state.fight
    assert fight is not None
    chosen = ids(d.arg(0))
    for m in chosen:
        move_mobster(state, seat, m, fight.lot)
    conceal(state, chosen)
    if chosen:
        car = at(state.players[seat], CAR)
        ev.append(MobstersArranged(seat, fight.lot, len(car), len(chosen)))
    end_fight(state)


def end_fight(state: EmpireState) -> None:
    state.fight = None
    assert state.turn is not None
    state.turn.acted = True
    state.phase = Phase.AFTER_ACTION
