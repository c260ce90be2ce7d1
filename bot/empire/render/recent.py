"""The last things that happened, in a few words each, for the pictures' "Last:" lines
and the alt text. Only public events are told: a picture is posted to everyone, so
private ones (a drawn card, money paid, a peek) are dropped here whoever asks."""

from __future__ import annotations

from collections.abc import Sequence

from bot.empire.render.facts import mobster_name, piece_name
from bot.empire.render.names import lot_code, resources_text
from engine.empire.board import SITE
from engine.empire.cards import EVENTS, JOBS
from engine.empire.events import (
    BusinessOpened,
    BusinessTaken,
    Busted,
    CarGaraged,
    CarMoved,
    Confiscated,
    Event,
    EventPlayed,
    FightEnded,
    JobCompleted,
    JobStarted,
    LotWon,
    MatchEnded,
    MobsterSent,
    PoliceMoved,
    ResourceCardRead,
    ResourcesPicked,
    TurfCleared,
    TurfTaken,
    visible_to,
)


def _site(code: str) -> str:
    return SITE[code].name


_PLACES = {"graveyard": "the Graveyard", "hospital": "the Hospital", "jail": "Jail"}


def tell(e: Event, n: list[str]) -> str | None:
    """A few words for one public event, or None for those not worth a line."""
    match e:
        case CarMoved(seat=seat, start=start, end=end) if start != end:
            return f"{n[seat]} drives S{start}→S{end}"
        case PoliceMoved(start=start, end=end) if start != end:
            return f"Police Car S{start}→S{end}"
        case ResourcesPicked(seat=seat, location=loc, amounts=amounts):
            return f"{n[seat]} picks up {resources_text(amounts)} at {_site(loc)}"
        case TurfTaken(seat=seat, turf=turf):
            return f"{n[seat]} takes Turf {turf}"
        case TurfCleared(turf=turf):
            return f"police clear Turf {turf}"
        case BusinessOpened(seat=seat, piece=piece, lot=lot):
            return f"{n[seat]} opens {piece_name(piece)} on lot {lot_code(lot)}"
        case BusinessTaken(seat=seat, lot=lot, previous=previous):
            return f"{n[seat]} takes over {n[previous]}'s Business on lot {lot_code(lot)}"
        case JobStarted(seat=seat, job=job):
            return f"{n[seat]} starts {JOBS[job].name}"
        case JobCompleted(seat=seat, job=job, reward=reward):
            return f"{n[seat]} completes {JOBS[job].name} (${reward})"
        case EventPlayed(seat=seat, card=card):
            return f"{n[seat]} plays {EVENTS[card].name}"
        case FightEnded(winner=winner, loser=loser):
            return f"{n[winner]} beats {n[loser]} in a fight"
        case MobsterSent(mobster=mobster, where=where):
            return f"{mobster_name(mobster)} to {_PLACES.get(where, where)}"
        case CarGaraged(seat=seat):
            return f"{n[seat]}'s car to a Garage"
        case Busted(owner=owner, target=target, success=success):
            what = "car" if target == "car" else f"Business on lot {lot_code(target)}"
            if success:
                return f"police bust {n[owner]}'s {what}"
            return f"{n[owner]}'s {what} holds out against the police"
        case Confiscated(location=loc):
            return f"police confiscate at {_site(loc)}"
        case ResourceCardRead(location=loc, amounts=amounts):
            return f"{resources_text(amounts)} to {_site(loc)}"
        case LotWon(mobster="badge", winner=winner, price=price):
            return f"{n[winner]} bribes the police for the Badge (${price})"
        case LotWon(mobster=mobster, winner=winner, price=price):
            return f"{n[winner]} hires {mobster_name(mobster)} for ${price}"
        case MatchEnded(winner=winner):
            return f"{n[winner]} wins"
    return None


def recent(names: list[str], events: Sequence[Event], limit: int = 4) -> list[str]:
    """The last `limit` public happenings worth a word, oldest first."""
    told = [tell(e, names) for e in visible_to(events, None)]
    return [t for t in told if t is not None][-limit:]
