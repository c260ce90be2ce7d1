"""Empire's events told as short lines: who did what and why, for the channel, the demo
and the fight message.

A pure function of the seat names and the events *as the reader may know them*: the
channel is told `visible_to(events, None)`, so a drawn Event or Job, money, a bid and
where a Mobster was placed are never named there (EMPIRE §13). A seat's own DM may be
told its own events through the same function. Fights are told round by round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bot.empire.words import (
    GARAGE_WORDS,
    PLACE_WORDS,
    card_name,
    mobster_name,
    mobsters,
    money,
    piece_words,
    resources,
    site_name,
    square_name,
)
from bot.telling import TURN_HEADER, Line, plural
from engine.empire import NOBODY
from engine.empire import events as ev
from engine.empire.cards import EVENTS, JOBS

REASONS = {
    "fight": "lost in the fight", "bust": "busted", "card": "by a card", "E05": "by Dynamite",
    "E06": "sneaking out", "E08": "by The Pillow", "E09": "in an accident", "fired": "fired",
}  # fmt: skip
EVENT_DOES = {
    "E01": "for one more movement", "E03": "freezing {target} until the Trade Round ends",
    "E04": "on {target}", "E07": "— nobody may attack or call the police until the Trade Round",
    "E08": "on {mobsters}", "E09": "on {mobsters}", "E10": "to end their own freeze",
    "E14": "on {target}: $300 to the bank", "E15": "for $500", "E16": "for $50 a Turf",
    "E17": "for 2 Booze", "E18": "for 2 Girls", "E19": "for 2 Henchmen",
    "E20": "to bail {mobsters} out into the car", "E21": "to bring {mobsters} back into the car",
    "E05": "— {mobsters} to the Graveyard", "E06": "— {mobsters} slip out and hide",
    "E11": "(+2 to the attack)", "E12": "(+2 to the car's defence)",
    "E13": "(+2 to the Business's defence)",
}  # fmt: skip


class Teller:
    """Turns a batch of events into lines; a fight is followed across the batch."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.fight: ev.FightDeclared | None = None

    def who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "nobody"

    def tell(self, events: Iterable[ev.Event]) -> list[Line]:
        lines: list[Line] = []
        for event in events:
            told = TELLERS.get(type(event))
            if told is None:
                continue
            line = told(self, event)
            if line is not None:
                lines.append(line)
        return lines


def _seat(event: ev.Event) -> int:
    for name in ("seat", "attacker", "holder", "proposer", "thief", "winner"):
        value = getattr(event, name, None)
        if isinstance(value, int):
            return value
    return NOBODY


def _line(event: ev.Event, text: str, by: bool = True) -> Line:
    seat = _seat(event)
    return Line(seat, text, seat if by else NOBODY)


def _first(t: Teller, e: ev.FirstPlayerRolled) -> Line:
    rolls = ", ".join(f"{t.who(s)} {n}" for s, n in e.rolls)
    return Line(e.first, f"🎲 Roll-off for first player: {rolls}. {t.who(e.first)} goes first.")


def _start_lot(t: Teller, e: ev.StartLotChosen) -> Line:
    return _line(e, f"🏠 {t.who(e.seat)} starts on {site_name(e.lot)} with {piece_words(e.piece)}.")


def _start_mob(t: Teller, e: ev.StartMobsterPlaced) -> Line | None:
    return None  # where a start Mobster went is the owner's secret (EMPIRE §4.8)


def _turn(t: Teller, e: ev.TurnStarted) -> Line:
    return Line(
        e.seat, f"{TURN_HEADER}{e.round}, Game Sequence {e.sequence}: {t.who(e.seat)}'s turn —"
    )


def _die(t: Teller, e: ev.DieRolled) -> Line:
    what = {
        "movement": "to move", "streetwise": "for Streetwise", "police": "for the Police Car",
        "burglary": "for the Burglary",
    }.get(e.purpose, "")  # fmt: skip
    reach = (
        f": up to {plural(e.die + e.bonus, 'square')}"
        if e.purpose in ("movement", "streetwise", "police")
        else ""
    )
    driver = " with the driver" if e.bonus and e.purpose != "police" else ""
    return _line(e, f"🎲 {t.who(e.seat)} rolls {e.die} {what}{reach}{driver}.", by=False)


def _moved(t: Teller, e: ev.CarMoved) -> Line:
    if e.start == e.end:
        return _line(e, f"🚗 {t.who(e.seat)} stays on {square_name(e.end)}.")
    return _line(e, f"🚗 {t.who(e.seat)} drives from S{e.start} to {square_name(e.end)}.")


def _police_moved(t: Teller, e: ev.PoliceMoved) -> Line:
    if e.start == e.end:
        return _line(e, f"🚓 {t.who(e.seat)} leaves the Police Car on {square_name(e.end)}.")
    return _line(e, f"🚓 {t.who(e.seat)} sends the Police Car to {square_name(e.end)}.")


def _picked(t: Teller, e: ev.ResourcesPicked) -> Line:
    return _line(
        e, f"📦 {t.who(e.seat)} picks up {resources(e.amounts)} at {site_name(e.location)}."
    )


def _turf(t: Teller, e: ev.TurfTaken) -> Line:
    if e.previous >= 0:
        return _line(
            e,
            f"🚩 {t.who(e.seat)} takes {site_name(e.turf)} from {t.who(e.previous)} for "
            f"{money(e.price)}.",
        )
    return _line(e, f"🚩 {t.who(e.seat)} takes {site_name(e.turf)}.")


def _respect(t: Teller, e: ev.RespectChanged) -> Line:
    if e.holder == NOBODY:
        return Line(NOBODY, "⭐ Local Respect goes back to the board: nobody has the most Turf.")
    return Line(
        e.holder, f"⭐ {t.who(e.holder)} has the most Turf and takes Local Respect (+1 PP)."
    )


def _opened(t: Teller, e: ev.BusinessOpened) -> Line:
    return _line(
        e,
        f"🏪 {t.who(e.seat)} opens {piece_words(e.piece)} on {site_name(e.lot)}, paying "
        f"{resources(e.paid)}.",
    )


def _arranged(t: Teller, e: ev.MobstersArranged) -> Line:
    return _line(
        e,
        f"🔀 {t.who(e.seat)} moves Mobsters: {e.in_car} in the car, {e.in_place} in "
        f"{site_name(e.place)}.",
    )


def _fetched(t: Teller, e: ev.MobstersFetched) -> Line:
    return _line(
        e,
        f"🚪 {t.who(e.seat)} fetches {mobsters(e.mobsters)} from {PLACE_WORDS[e.source]} into "
        "the car.",
    )


def _job_started(t: Teller, e: ev.JobStarted) -> Line:
    job = JOBS[e.job]
    return _line(
        e,
        f"💼 {t.who(e.seat)} starts {job.name}: deliver to {site_name(job.end)} for "
        f"{money(job.reward)}.",
    )


def _job_done(t: Teller, e: ev.JobCompleted) -> Line:
    return _line(
        e, f"💰 {t.who(e.seat)} completes {JOBS[e.job].name} for {money(e.reward)} (+1 PP)."
    )


def _jobs_passed(t: Teller, e: ev.JobsPassed) -> Line:
    names = ", ".join(JOBS[j].name for j in e.jobs)
    return Line(e.winner, f"💼 {t.who(e.loser)}'s started Jobs pass to {t.who(e.winner)}: {names}.")


def _jobs_cancelled(t: Teller, e: ev.JobsCancelled) -> Line:
    names = ", ".join(JOBS[j].name for j in e.jobs)
    return Line(e.seat, f"💼 {t.who(e.seat)} loses their started Jobs to the bust: {names}.")


def _event_played(t: Teller, e: ev.EventPlayed) -> Line:
    card = EVENTS[e.card]
    does = EVENT_DOES.get(e.card, "").format(target=t.who(e.target), mobsters=mobsters(e.mobsters))
    return _line(e, f"🃏 {t.who(e.seat)} plays {card.name} {does}".rstrip() + ".")


def _cancelled(t: Teller, e: ev.EventCancelled) -> Line:
    if e.card == "E08":  # a Horse Head or a First Aid: the Used pile shows which
        return Line(
            e.seat, f"🩹 {t.who(e.seat)}'s standing order answers The Pillow: the Mobster lives."
        )
    return Line(e.seat, f"🐴 {t.who(e.seat)}'s Severed Horse Head cancels {card_name(e.card)}.")


def _freeze(t: Teller, e: ev.FreezeChanged) -> Line:
    if e.frozen:
        return Line(
            e.seat, f"🧊 {t.who(e.seat)} is frozen by Election Day until the Trade Round ends."
        )
    return Line(e.seat, f"🧊 {t.who(e.seat)} is no longer frozen.")


def _feds(t: Teller, e: ev.FedsChanged) -> Line:
    if e.in_town:
        return Line(NOBODY, "🕴️ The Feds are in town: no attacks and no Police Actions for now.")
    return Line(NOBODY, "🕴️ The Feds leave town.")


def _money(t: Teller, e: ev.MoneyChanged) -> Line:
    # Only ever told to the seats it names (money is private, EMPIRE §13).
    verb = "gain" if e.amount >= 0 else "pay"
    return Line(
        e.seat, f"💵 {t.who(e.seat)}: {verb} {money(abs(e.amount))} ({card_name(e.reason)})."
    )


def _gained(t: Teller, e: ev.ResourcesGained) -> Line:
    return Line(e.seat, f"📦 {t.who(e.seat)} gains {resources(e.amounts)} ({card_name(e.reason)}).")


def _burgled(t: Teller, e: ev.Burgled) -> Line:
    return Line(e.thief, f"🕵️ {t.who(e.thief)} takes {resources(e.amounts)} from {t.who(e.victim)}.")


def _burglary(t: Teller, e: ev.BurglaryDone) -> Line:
    return Line(e.thief, f"🕵️ The Burglary takes {e.taken} Resources from {t.who(e.victim)}.")


def _sent(t: Teller, e: ev.MobsterSent) -> Line:
    where = PLACE_WORDS.get(e.where, e.where)
    why = REASONS.get(e.reason, "")
    icon = {"graveyard": "⚰️", "hospital": "🏥", "jail": "🚔", "hiding": "🫥"}.get(e.where, "➡️")
    return Line(
        e.seat,
        f"{icon} {mobster_name(e.mobster)} ({t.who(e.seat)}) goes to {where}"
        f"{f', {why}' if why else ''}.",
    )


def _declared(t: Teller, e: ev.FightDeclared) -> Line:
    t.fight = e
    target = (
        f"{t.who(e.defender)}'s car"
        if not e.lot
        else f"{t.who(e.defender)}'s Business on {site_name(e.lot)}"
    )
    kind = "Driveby" if not e.lot else "Business Attack"
    return _line(
        e,
        f"🔫 {kind}! {t.who(e.attacker)} ({mobsters(e.attackers)}) attacks {target}, "
        f"defended by {mobsters(e.defenders)}.",
    )


def _totals(t: Teller, e: ev.FightTotals) -> Line:
    return Line(
        NOBODY,
        f"⚖️ Totals: attack {e.attack_total}, defence {e.defence_total}; lives "
        f"{e.attack_lives} against {e.defence_lives}.",
    )


def _round(t: Teller, e: ev.FightRound) -> Line:
    ties = f" after {e.ties} tie{'s' if e.ties != 1 else ''}" if e.ties else ""
    side = "attacker" if e.attack_score > e.defence_score else "defender"  # told alone too
    return Line(
        e.winner,
        f"🎲 Round{ties}: attack {e.attack_die} → {e.attack_score}, defence {e.defence_die} → "
        f"{e.defence_score}: {t.who(e.winner)} ({side}) wins it.",
    )


def _ended(t: Teller, e: ev.FightEnded) -> Line:
    t.fight = None
    return Line(e.winner, f"🏁 {t.who(e.winner)} wins the fight; {t.who(e.loser)} loses it.")


def _garaged(t: Teller, e: ev.CarGaraged) -> Line:
    return Line(
        e.seat,
        f"🔧 {t.who(e.seat)}'s car limps to {GARAGE_WORDS[e.garage]} until the next placement.",
    )


def _car_out(t: Teller, e: ev.CarOut) -> Line:
    return Line(e.seat, f"🔧 {t.who(e.seat)}'s car leaves the Garage onto {square_name(e.square)}.")


def _taken(t: Teller, e: ev.BusinessTaken) -> Line:
    return Line(
        e.seat,
        f"🏴 {t.who(e.seat)} takes over {t.who(e.previous)}'s Business on {site_name(e.lot)}.",
    )


def _peek(t: Teller, e: ev.PeekMade) -> Line:
    target = (
        f"{t.who(int(e.target[3:]))}'s car" if e.target.startswith("car") else site_name(e.target)
    )
    return _line(e, f"📰 {t.who(e.seat)}'s Reporter peeks into {target}.")


def _peeked(t: Teller, e: ev.Peeked) -> Line:
    return Line(e.seat, f"📰 Inside: {mobsters(e.mobsters)}.")


def _standoff(t: Teller, e: ev.StandOff) -> Line:
    """EMPIRE §8.2, told as the two dice fall: "carol (police) against dave: 3–3, 6–2"."""
    if not e.rolls:
        why = "Tony Trouble is there" if e.police_won else "Clean Gene is there"
        return Line(e.holder, f"👮 Stand-off decided without a roll: {why}.")
    rolls = ", ".join(f"{h}–{o}" for h, o in e.rolls)
    won = "the police win" if e.police_won else f"{t.who(e.owner)} holds out"
    sides = f"{t.who(e.holder)} (police) against {t.who(e.owner)}"
    return Line(e.holder, f"👮 Stand-off, {sides}: {rolls}: {won}.")


def _busted(t: Teller, e: ev.Busted) -> Line:
    """EMPIRE §8.3: who was inside is public now; a busted Business closes."""
    what = (
        f"{t.who(e.owner)}'s car"
        if e.target == "car"
        else f"{t.who(e.owner)}'s Business on {site_name(e.target)}"
    )
    inside = f"inside: {mobsters(e.revealed)}"
    if not e.success:
        return _line(e, f"🚨 {what} holds out against {t.who(e.holder)}'s police ({inside}).")
    closed = "" if e.target == "car" else " It is closed until the Trade Round ends."
    return _line(e, f"🚨 {t.who(e.holder)}'s police bust {what} ({inside}).{closed}")


def _cleared(t: Teller, e: ev.TurfCleared) -> Line:
    return _line(
        e, f"🚨 {t.who(e.holder)} clears {t.who(e.owner)}'s marker from {site_name(e.turf)}."
    )


def _confiscated(t: Teller, e: ev.Confiscated) -> Line:
    return _line(
        e, f"🚨 {t.who(e.holder)} confiscates {resources(e.amounts)} at {site_name(e.location)}."
    )


def _trade_round(t: Teller, e: ev.TradeRoundStarted) -> Line:
    return Line(NOBODY, f"{TURN_HEADER}5, Game Sequence {e.sequence}: the Trade Round —")


def _income(t: Teller, e: ev.IncomeCollected) -> Line:
    girls = f" and {e.girls} Girls" if e.girls else ""
    return Line(e.seat, f"💵 {t.who(e.seat)} collects {money(e.money)}{girls}.")


def _no_income(t: Teller, e: ev.NoIncome) -> Line:
    why = "frozen" if e.reason == "frozen" else "Frankie the Squealer is in Jail"
    return Line(e.seat, f"💵 {t.who(e.seat)} collects no income: {why}.")


def _drawn(t: Teller, e: ev.CardDrawn) -> Line | None:
    if not e.card:
        return Line(e.seat, f"🂠 {t.who(e.seat)} draws a card into their hand.")
    if e.card.startswith("M"):
        return Line(
            e.seat, f"🂠 {t.who(e.seat)} draws {mobster_name(e.card)}, who joins the auction list."
        )
    if e.to:
        return Line(e.seat, f"🂠 You draw {card_name(e.card)}.")
    return None


def _resource_card(t: Teller, e: ev.ResourceCardRead) -> Line:
    return Line(
        e.seat,
        f"🂠 {t.who(e.seat)} draws a Resource card: {resources(e.amounts)} to "
        f"{site_name(e.location)}.",
    )


def _reshuffled(t: Teller, e: ev.DeckReshuffled) -> Line:
    return Line(
        NOBODY, f"🔄 The deck is empty: the Used pile ({e.cards} cards) is shuffled into a new one."
    )


def _lot(t: Teller, e: ev.LotOpened) -> Line:
    if e.mobster == "badge":
        return Line(NOBODY, "👮 Sealed bribes for the Badge: everyone answers in private.")
    return Line(
        NOBODY, f"🔨 Sealed bids for {mobster_name(e.mobster)}: everyone answers in private."
    )


def _won(t: Teller, e: ev.LotWon) -> Line:
    what = "the Badge" if e.mobster == "badge" else mobster_name(e.mobster)
    if e.winner == NOBODY:
        stays = "" if e.mobster == "badge" else " and stays on the list"
        return Line(NOBODY, f"🔨 Nobody bids for {what}{stays}.")
    return Line(e.winner, f"🔨 {t.who(e.winner)} wins {what} for {money(e.price)}.")


def _placed(t: Teller, e: ev.MobstersPlaced) -> Line:
    counts = ", ".join(f"{n} in {'the car' if p == 'car' else site_name(p)}" for p, n in e.counts)
    return Line(e.seat, f"📍 {t.who(e.seat)} places their Mobsters: {counts}.")


def _fired(t: Teller, e: ev.MobstersFired) -> Line:
    return Line(e.seat, f"👋 {t.who(e.seat)} fires {mobsters(e.mobsters)}: no room for them.")


def _sequence(t: Teller, e: ev.SequenceEnded) -> Line:
    opened = f" {len(e.reopened)} closed Businesses reopen." if e.reopened else ""
    return Line(
        NOBODY, f"🔚 Game Sequence {e.sequence} ends.{opened} {t.who(e.first)} goes first next."
    )


def _offer(t: Teller, e: ev.OfferMade) -> Line:
    return Line(
        e.proposer, f"🤝 {t.who(e.proposer)} makes {t.who(e.receiver)} an offer.", e.proposer
    )


def _answered(t: Teller, e: ev.OfferAnswered) -> Line:
    if e.outcome == "lapsed":
        return Line(e.receiver, f"🤝 {t.who(e.proposer)}'s offer to {t.who(e.receiver)} lapses.")
    words = {"accepted": "accepts", "rejected": "turns down", "failed": "accepts, but it fails:",
             "lapsed": "lets lapse"}  # fmt: skip
    moved = f" ({mobsters(e.mobsters)} change hands)" if e.mobsters else ""
    tail = " something named is no longer held" if e.outcome == "failed" else ""
    return Line(
        e.receiver,
        f"🤝 {t.who(e.receiver)} {words.get(e.outcome, e.outcome)} {t.who(e.proposer)}'s "
        f"offer{tail}{moved}.",
    )


def _match_ended(t: Teller, e: ev.MatchEnded) -> Line:
    why = "with 10 Power Points" if e.reason == "power" else "with the most Power Points at the cap"
    return Line(
        e.winner, f"👑 {t.who(e.winner)} is King of Chicago {why} ({e.power[e.winner]} PP)."
    )


TELLERS: dict[type, Callable[[Teller, Any], Line | None]] = {
    ev.FirstPlayerRolled: _first, ev.StartLotChosen: _start_lot, ev.StartMobsterPlaced: _start_mob,
    ev.TurnStarted: _turn, ev.DieRolled: _die, ev.CarMoved: _moved, ev.PoliceMoved: _police_moved,
    ev.ResourcesPicked: _picked, ev.TurfTaken: _turf, ev.RespectChanged: _respect,
    ev.BusinessOpened: _opened, ev.MobstersArranged: _arranged, ev.MobstersFetched: _fetched,
    ev.JobStarted: _job_started, ev.JobCompleted: _job_done, ev.JobsPassed: _jobs_passed,
    ev.JobsCancelled: _jobs_cancelled, ev.EventPlayed: _event_played, ev.EventCancelled: _cancelled,
    ev.FreezeChanged: _freeze, ev.FedsChanged: _feds, ev.MoneyChanged: _money,
    ev.ResourcesGained: _gained, ev.Burgled: _burgled, ev.BurglaryDone: _burglary,
    ev.MobsterSent: _sent, ev.FightDeclared: _declared, ev.FightTotals: _totals,
    ev.FightRound: _round, ev.FightEnded: _ended, ev.CarGaraged: _garaged, ev.CarOut: _car_out,
    ev.BusinessTaken: _taken, ev.PeekMade: _peek, ev.Peeked: _peeked, ev.StandOff: _standoff,
    ev.Busted: _busted, ev.TurfCleared: _cleared, ev.Confiscated: _confiscated,
    ev.TradeRoundStarted: _trade_round, ev.IncomeCollected: _income, ev.NoIncome: _no_income,
    ev.CardDrawn: _drawn, ev.ResourceCardRead: _resource_card, ev.DeckReshuffled: _reshuffled,
    ev.LotOpened: _lot, ev.LotWon: _won, ev.MobstersPlaced: _placed, ev.MobstersFired: _fired,
    ev.SequenceEnded: _sequence, ev.OfferMade: _offer, ev.OfferAnswered: _answered,
    ev.MatchEnded: _match_ended,
}  # fmt: skip

FIGHT_EVENTS = (
    ev.FightDeclared, ev.FightTotals, ev.FightRound, ev.FightEnded, ev.MobsterSent,
    ev.EventPlayed, ev.EventCancelled, ev.CarGaraged, ev.BusinessTaken, ev.JobsPassed,
)  # fmt: skip


def narrate_empire(names: Sequence[str], events: Iterable[ev.Event]) -> list[Line]:
    """The lines for `events`, already filtered for their reader (`visible_to`)."""
    return Teller(names).tell(events)
