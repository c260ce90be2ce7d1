"""Drawing and resolving cards (RULES §2.4, §12), and the police moves they cause."""

from __future__ import annotations

from collections.abc import Callable

from engine.chicago.agenda import push
from engine.chicago.board import (
    BOARD_SIZE,
    BUSINESSES,
    DETENTION,
    DOWNTOWN_BLOCK,
    SPACES,
    START,
    Deck,
)
from engine.chicago.cards import MAX_CONTACTS_HELD, Card, Special, card
from engine.chicago.characters import LUCKY_JACK_TAKE, Character
from engine.chicago.economy import collect, gain_people, lose_people, pay
from engine.chicago.events import (
    CardDrawn,
    ContactsChanged,
    ContactsReason,
    ControlChanged,
    ControlReason,
    DeckReshuffled,
    DicePurpose,
    DiceRolled,
    Event,
    MeetingCalled,
    MoveKind,
    PayReason,
    PeopleReason,
    TruceDeclared,
)
from engine.chicago.movement import jump, renewal_roll, send_to_detention, start_bonus, walk
from engine.chicago.raids import raid_at_start
from engine.chicago.state import BANK, MERCHANT, NOBODY, MatchState, Step
from engine.chicago.trades import owned
from engine.common.rng import die, shuffle

SQUEEZE = 500
SEIZURE_FINE = 2000


def piles(state: MatchState, deck: Deck) -> tuple[list[int], list[int]]:
    """A deck's draw pile (top card last) and its discard pile."""
    if deck is Deck.STREET_LIFE:
        return state.street_deck, state.street_discard
    return state.police_deck, state.police_discard


def draw(state: MatchState, ev: list[Event], deck: Deck) -> int:
    """The top card; an empty deck first shuffles its discard pile in (§2.4)."""
    pile, discard = piles(state, deck)
    if not pile:
        pile.extend(discard)
        discard.clear()
        shuffle(state.rng, pile)
        ev.append(DeckReshuffled(deck.value))
    return pile.pop()


def draw_and_resolve(state: MatchState, ev: list[Event], seat: int, deck: Deck) -> None:
    card_id = draw(state, ev, deck)
    drawn = card(deck, card_id)
    ev.append(CardDrawn(seat, deck.value, drawn.title))
    side = state.sides[seat]
    if drawn.special is Special.CONTACTS:
        if len(side.contacts) < MAX_CONTACTS_HELD:
            side.contacts.append(card_id)
            ev.append(ContactsChanged(seat, len(side.contacts), ContactsReason.DRAWN))
        else:
            state.street_discard.append(card_id)
        return
    _, discard = piles(state, deck)
    discard.append(card_id)
    resolve(state, ev, seat, drawn)


def resolve(state: MatchState, ev: list[Event], seat: int, drawn: Card) -> None:
    """Apply a card's effects in their printed order; stop if the drawer is out."""
    side = state.sides[seat]
    if drawn.soldiers > 0:
        gain_people(state, ev, seat, drawn.soldiers, PeopleReason.CARD)
    elif drawn.soldiers < 0:
        lose_people(state, ev, seat, -drawn.soldiers, PeopleReason.CARD)
    if drawn.collect:
        collect(state, ev, seat, drawn.collect, PayReason.CARD)
    if drawn.pay and not side.eliminated:
        pay(state, ev, seat, BANK, drawn.pay, PayReason.CARD)
    if side.eliminated:
        return
    if drawn.special is not None:
        SPECIALS[drawn.special](state, ev, seat, drawn)
    if side.eliminated or side.detained:
        return
    if drawn.move:
        walk(state, ev, seat, drawn.move, MoveKind.CARD)
        push(state, "destination", seat)
    if drawn.police:
        push(state, "police_move", arg=drawn.police)


SpecialRule = Callable[[MatchState, list[Event], int, Card], None]


def _meeting(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    """Big Boss Meeting! Every free boss jumps to Start, no $4,000 (§12.1)."""
    bosses = state.bosses
    order = [bosses[(seat + i) % len(bosses)] for i in range(len(bosses))]
    attendees = [s.seat for s in order if s.free]
    for attendee in attendees:
        jump(state, ev, attendee, START)
    ev.append(MeetingCalled(seat, tuple(attendees)))
    if not state.police.eliminated and state.police.position == START:
        raid_at_start(state, ev)
        return
    for attendee in attendees:
        start_bonus(state, ev, attendee)
        renewal_roll(state, ev, attendee)
    jack = next((a for a in attendees if state.sides[a].has(Character.LUCKY_JACK)), NOBODY)
    if jack != NOBODY:
        for other in attendees:
            if other != jack:
                pay(state, ev, other, jack, LUCKY_JACK_TAKE, PayReason.LUCKY_JACK)
    if state.turn.over:
        return
    state.turn.no_trade = True
    state.turn.arrived_on_start = False
    for attendee in reversed(attendees):
        push(state, "meeting_trade", attendee)


def _squeeze(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    """Collect up to $500 from the richest other side; ties to the lower seat (§12.1)."""
    others = [s for s in state.sides if s.seat != seat and not s.eliminated]
    if others:
        richest = max(others, key=lambda s: (s.cash, -s.seat))
        pay(state, ev, richest.seat, seat, SQUEEZE, PayReason.SQUEEZE)


def _service_alley(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    """Advance to the nearest merchant-run business clockwise; none: stay (§12.1)."""
    here = state.sides[seat].position
    for steps in range(1, BOARD_SIZE):
        space = (here + steps) % BOARD_SIZE
        if SPACES[space].is_business and state.control[space] == MERCHANT:
            walk(state, ev, seat, steps, MoveKind.CARD)
            push(state, "destination", seat)
            return


def _take_contacts(state: MatchState, ev: list[Event], seat: int, drawn: Card) -> None:
    side = state.sides[seat]
    if len(side.contacts) >= MAX_CONTACTS_HELD:
        return
    for card_id in reversed(state.street_discard):
        if card(Deck.STREET_LIFE, card_id).special is Special.CONTACTS:
            state.street_discard.remove(card_id)
            side.contacts.append(card_id)
            ev.append(ContactsChanged(seat, len(side.contacts), ContactsReason.DISCARD))
            return


def _receipts(state: MatchState, ev: list[Event], seat: int, drawn: Card) -> None:
    count = sum(
        1 for i in BUSINESSES if state.control[i] == seat and SPACES[i].category is drawn.category
    )
    collect(state, ev, seat, 500 * max(count, 1), PayReason.CARD)


def _respect(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    if state.sides[seat].people < 3:
        gain_people(state, ev, seat, 2, PeopleReason.CARD)
    else:
        collect(state, ev, seat, 500, PayReason.CARD)


def _truce(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    """Lasts until the end of the drawer's next turn (§12.1)."""
    side = state.sides[seat]
    side.truce_through = side.turns + 1
    ev.append(TruceDeclared(seat))


def _poker(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    pips = die(state.rng)
    ev.append(DiceRolled(seat, (pips,), DicePurpose.POKER))
    collect(state, ev, seat, 200 * pips, PayReason.CARD)


def _lose_top_business(state: MatchState, ev: list[Event], seat: int) -> bool:
    """Highest-cost business back to its merchant, ties to the highest space (§12.2)."""
    held = owned(state, seat)
    if not held:
        return False
    top = max(held, key=lambda i: (SPACES[i].cost, i))
    state.control[top] = MERCHANT
    ev.append(ControlChanged(top, seat, MERCHANT, ControlReason.CARD))
    return True


def _injunction(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    _lose_top_business(state, ev, seat)


def _seizure(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    if not _lose_top_business(state, ev, seat):
        pay(state, ev, seat, BANK, SEIZURE_FINE, PayReason.CARD)


def _bad_tip(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    """Jump to Detention as a visitor and resolve it as a visit; the action stays."""
    jump(state, ev, seat, DETENTION)
    push(state, "destination", seat)


def _audit(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    """10% of cash, rounded up to the next $100 (§11.1)."""
    cash = state.sides[seat].cash
    pay(state, ev, seat, BANK, -(-cash // 1000) * 100, PayReason.CARD)


def _squad(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    push(state, "police_jump", arg=state.sides[seat].position)


def _detain(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    send_to_detention(state, ev, seat)


def _missing_ledgers(state: MatchState, ev: list[Event], seat: int, _: Card) -> None:
    downtown = any(
        state.control[i] == seat for i in BUSINESSES if SPACES[i].block == DOWNTOWN_BLOCK
    )
    pay(state, ev, seat, BANK, 1500 if downtown else 500, PayReason.CARD)


# Contacts are kept or discarded as they are drawn, so they have no entry here.
SPECIALS: dict[Special, SpecialRule] = {
    Special.MEETING: _meeting,
    Special.SQUEEZE: _squeeze,
    Special.SERVICE_ALLEY: _service_alley,
    Special.TAKE_CONTACTS: _take_contacts,
    Special.RECEIPTS: _receipts,
    Special.RESPECT: _respect,
    Special.TRUCE: _truce,
    Special.POKER: _poker,
    Special.INJUNCTION: _injunction,
    Special.SEIZURE: _seizure,
    Special.BAD_TIP: _bad_tip,
    Special.AUDIT: _audit,
    Special.SQUAD: _squad,
    Special.DETAIN: _detain,
    Special.MISSING_LEDGERS: _missing_ledgers,
}


def police_move(state: MatchState, ev: list[Event], step: Step) -> None:
    """A card or Heist moves police (§7.1): it arrives, then may take one action."""
    if state.police.eliminated:
        return
    push(state, "police_action", state.police_seat)
    walk(state, ev, state.police_seat, step.arg, MoveKind.CARD)
    push(state, "police_arrival")


def police_jump(state: MatchState, ev: list[Event], step: Step) -> None:
    """Prohibition squad: police jumps to the drawer's space and arrives there (§12.2)."""
    if state.police.eliminated:
        return
    push(state, "police_action", state.police_seat)
    jump(state, ev, state.police_seat, step.arg)
    push(state, "police_arrival")
