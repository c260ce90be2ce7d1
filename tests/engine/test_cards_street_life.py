"""RULES §12.1: every Street Life entry, including Contacts and the Big Boss Meeting."""

from __future__ import annotations

import pytest

from engine.chicago import apply
from engine.chicago.board import Deck
from engine.chicago.cards import card
from engine.chicago.characters import Character
from engine.chicago.decisions import DecisionKind, PayOrRaidFacts
from engine.chicago.events import CardDrawn, DiceRolled, MeetingCalled, Moved, PassedStart
from engine.chicago.state import EndReason, MatchState
from engine.chicago.testing import give, place, stack_card
from tests.engine.scenes import (
    BANK,
    asks,
    available,
    conserved,
    draw_at,
    match,
    no_dice_left,
    of,
    payments,
    set_cash,
    turn,
)

SL = Deck.STREET_LIFE
C = Character


def scene(bosses: int = 2) -> MatchState:
    state = match(bosses=bosses)
    state.police.position = 18
    return state


def police_passes(state: MatchState) -> None:
    """Police was moved by the card: it passes its action; the drawer then acts."""
    asks(state, DecisionKind.POLICE_ACTION, state.police_seat)
    apply(state, state.police_seat, "pass")


def test_rules_12_1_contacts_kept_below_two() -> None:
    """RULES §12.1, §2.4: Contacts: keep it if you hold fewer than two."""
    state = scene()
    events = draw_at(state, 0, SL, "Contacts", 2)
    assert of(events, CardDrawn)[0].title == "Contacts"
    assert len(state.sides[0].contacts) == 2
    assert all(card(SL, c).title != "Contacts" for c in state.street_discard)
    asks(state, DecisionKind.ACTION, 0)


def test_rules_12_1_contacts_discarded_at_two() -> None:
    """RULES §12.1: Contacts: otherwise discard it."""
    state = scene()
    state.sides[0].contacts.append(state.contacts_supply.pop())
    draw_at(state, 0, SL, "Contacts", 2)
    assert len(state.sides[0].contacts) == 2
    assert [card(SL, c).title for c in state.street_discard] == ["Contacts"]


def test_rules_12_1_back_alley_recruits() -> None:
    """RULES §12.1: gain 2 soldiers; police 3 counterclockwise (18 -> 15)."""
    state = scene()
    draw_at(state, 0, SL, "Back-alley recruits", 2)
    assert state.sides[0].people == 52
    assert state.police.position == 15
    police_passes(state)
    asks(state, DecisionKind.ACTION, 0)


def test_rules_12_1_a_rival_turns_coat() -> None:
    """RULES §12.1: gain 2 soldiers; pay $500 (to the bank)."""
    state = scene()
    events = draw_at(state, 0, SL, "A rival turns coat", 2)
    assert (state.sides[0].people, state.sides[0].cash) == (52, 11_500)
    assert payments(events) == [(0, BANK, 500, "card")]
    assert conserved(state)


def test_rules_12_1_bootleg_payoff() -> None:
    """RULES §12.1: collect $1,500."""
    state = scene()
    events = draw_at(state, 0, SL, "Bootleg payoff", 2)
    assert state.sides[0].cash == 13_500
    assert payments(events) == [(BANK, 0, 1500, "card")]


def test_rules_12_1_protection_squeeze_from_the_richest_other_side() -> None:
    """RULES §12.1 [R]: collect up to $500 from the other side with the most cash; police
    3 counterclockwise."""
    state = scene(bosses=3)
    set_cash(state, 2, 15_000)
    events = draw_at(state, 0, SL, "Protection squeeze", 2)
    assert payments(events) == [(2, 0, 500, "squeeze")]
    assert (state.sides[0].cash, state.sides[2].cash) == (12_500, 14_500)
    assert state.police.position == 15


def test_rules_12_1_protection_squeeze_tie_goes_to_lower_seat_police_last() -> None:
    """RULES §12.1 [R]: ties -> lower seat number, police last."""
    state = scene(bosses=3)
    set_cash(state, 0, 20_000)  # the drawer is never squeezed
    events = draw_at(state, 1, SL, "Protection squeeze", 2)
    assert payments(events) == [(0, 1, 500, "squeeze")]
    state = scene(bosses=3)
    events = draw_at(state, 2, SL, "Protection squeeze", 2)
    assert payments(events) == [(0, 2, 500, "squeeze")]


def test_rules_12_1_protection_squeeze_includes_police_and_detained_bosses() -> None:
    """RULES §12.1 [R]: police and detained bosses can be squeezed."""
    state = scene(bosses=3)
    set_cash(state, 3, 14_000)
    events = draw_at(state, 0, SL, "Protection squeeze", 2)
    assert payments(events) == [(3, 0, 500, "squeeze")]
    state = scene(bosses=3)
    set_cash(state, 1, 14_000)
    place(state, 1, 9, detained=True)
    events = draw_at(state, 0, SL, "Protection squeeze", 2)
    assert payments(events) == [(1, 0, 500, "squeeze")]


def test_rules_12_1_service_alley_entrance_and_take_control() -> None:
    """RULES §12.1 [R]: advance to the nearest merchant-run business clockwise (3 is
    held, so 5); you may take control as your action."""
    state = scene()
    give(state, 1, 3)
    events = draw_at(state, 0, SL, "Service-alley entrance", 2)
    assert state.sides[0].position == 5
    assert of(events, Moved)[-1].path == (3, 4, 5)
    asks(state, DecisionKind.ACTION, 0)
    events = apply(state, 0, "control")
    assert state.control[5] == 0
    assert state.sides[0].cash == 10_600


def test_rules_12_1_service_alley_entrance_is_an_arrival() -> None:
    """RULES §6, §12.1: the card move is an arrival: police on that business -> personal
    encounter."""
    state = scene()
    state.police.position = 3
    draw_at(state, 0, SL, "Service-alley entrance", 2)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)


def test_rules_12_1_service_alley_entrance_with_no_merchant_business_stays() -> None:
    """RULES §12.1: no merchant-run business anywhere: stay, nothing more resolves."""
    from engine.chicago.board import BUSINESSES

    state = scene()
    give(state, 1, *BUSINESSES)
    events = draw_at(state, 0, SL, "Service-alley entrance", 2)
    assert state.sides[0].position == 2
    assert len(of(events, Moved)) == 1
    asks(state, DecisionKind.ACTION, 0)
    assert available(state) == ["pass"]


def test_rules_12_1_a_whisper_at_the_precinct() -> None:
    """RULES §12.1: police 2 clockwise (18 -> 20)."""
    state = scene()
    draw_at(state, 0, SL, "A whisper at the precinct", 2)
    assert state.police.position == 20
    police_passes(state)
    asks(state, DecisionKind.ACTION, 0)


def test_rules_12_1_hijacked_whiskey_truck() -> None:
    """RULES §12.1: collect $1,000."""
    state = scene()
    draw_at(state, 0, SL, "Hijacked whiskey truck", 2)
    assert state.sides[0].cash == 13_000


def test_rules_12_1_neighborhood_loyalists() -> None:
    """RULES §12.1: gain 2 soldiers."""
    state = scene()
    draw_at(state, 0, SL, "Neighborhood loyalists", 2)
    assert state.sides[0].people == 52


def test_rules_12_1_medicinal_whiskey_permit_takes_a_discarded_contacts() -> None:
    """RULES §12.1: take a Contacts card from the Street Life discard (held 1 -> 2)."""
    state = scene()
    contacts = next(c for c in state.street_deck if card(SL, c).title == "Contacts")
    state.street_deck.remove(contacts)
    state.street_discard.append(contacts)
    draw_at(state, 0, SL, "Medicinal whiskey permit", 2)
    assert contacts in state.sides[0].contacts
    assert len(state.sides[0].contacts) == 2
    assert contacts not in state.street_discard


def test_rules_12_1_medicinal_whiskey_permit_without_a_discarded_contacts() -> None:
    """RULES §12.1: no Contacts in the discard (or already two held): nothing."""
    state = scene()
    draw_at(state, 0, SL, "Medicinal whiskey permit", 2)
    assert len(state.sides[0].contacts) == 1
    state = scene()
    state.sides[0].contacts.append(state.contacts_supply.pop())
    contacts = next(c for c in state.street_deck if card(SL, c).title == "Contacts")
    state.street_deck.remove(contacts)
    state.street_discard.append(contacts)
    draw_at(state, 0, SL, "Medicinal whiskey permit", 2)
    assert len(state.sides[0].contacts) == 2
    assert contacts in state.street_discard


@pytest.mark.parametrize(
    ("title", "held", "gain"),
    [
        ("Speakeasy receipts", (7, 10, 26), 1500),
        ("Speakeasy receipts", (), 500),
        ("Speakeasy receipts", (5, 12), 500),
        ("Lakefront shipment", (19, 21, 22), 1500),
        ("Lakefront shipment", (19,), 500),
        ("Lakefront shipment", (), 500),
        ("Supper-club receipts", (1, 5), 1000),
        ("Supper-club receipts", (3, 8), 500),
    ],
)
def test_rules_12_1_receipts(title: str, held: tuple[int, ...], gain: int) -> None:
    """RULES §12.1: collect $500 per business of the category you control, or $500 if
    none (Nightlife, Harbour, Dining)."""
    state = scene()
    give(state, 0, *held)
    draw_at(state, 0, SL, title, 2)
    assert state.sides[0].cash == 12_000 + gain


def test_rules_12_1_rival_speakeasies() -> None:
    """RULES §12.1: pay $500; police 3 counterclockwise."""
    state = scene()
    draw_at(state, 0, SL, "Rival speakeasies", 2)
    assert state.sides[0].cash == 11_500
    assert state.police.position == 15
    police_passes(state)


def test_rules_12_1_ward_connection_advances_3_and_resolves_the_destination() -> None:
    """RULES §12.1: advance 3 (14 -> 17) and resolve the new destination: a rival
    business there is a pay-or-raid ($1,250, block 4)."""
    state = scene()
    give(state, 1, 17)
    draw_at(state, 0, SL, "Ward connection", 14)
    assert state.sides[0].position == 17
    assert asks(state, DecisionKind.PAY_OR_RAID, 0).facts_as(PayOrRaidFacts).fine == 1250


def test_rules_12_1_getaway_through_the_alley_moves_back_2() -> None:
    """RULES §12.1: move back 2 (14 -> 12) and resolve it."""
    state = scene()
    give(state, 1, 12)
    draw_at(state, 0, SL, "Getaway through the alley", 14)
    assert state.sides[0].position == 12
    assert asks(state, DecisionKind.PAY_OR_RAID, 0).facts_as(PayOrRaidFacts).fine == 1000


def test_rules_12_1_getaway_onto_start_with_police_is_a_start_raid() -> None:
    """RULES §6.1, §7.3, §12.1: moving back from 2 onto Start where police stands is an
    arrival: Start raid."""
    state = match(bosses=3)
    place(state, 1, 5)
    place(state, 2, 7)
    draw_at(state, 0, SL, "Getaway through the alley", 2)
    assert state.sides[0].eliminated
    assert state.sides[0].cash == 0
    asks(state, DecisionKind.ROLL, 1)


def test_rules_12_1_cooked_ledgers() -> None:
    """RULES §12.1: collect $500; police 2 clockwise."""
    state = scene()
    draw_at(state, 0, SL, "Cooked ledgers", 2)
    assert state.sides[0].cash == 12_500
    assert state.police.position == 20
    police_passes(state)


def test_rules_12_1_champagne_tower() -> None:
    """RULES §12.1: pay $800."""
    state = scene()
    draw_at(state, 0, SL, "Champagne tower", 2)
    assert state.sides[0].cash == 11_200


@pytest.mark.parametrize(("people", "after", "cash"), [(2, 4, 12_000), (3, 3, 12_500)])
def test_rules_12_1_neighborhood_respect(people: int, after: int, cash: int) -> None:
    """RULES §12.1: fewer than 3 soldiers: gain 2; otherwise collect $500."""
    state = scene()
    state.sides[0].people = people
    draw_at(state, 0, SL, "Neighborhood respect", 2)
    assert (state.sides[0].people, state.sides[0].cash) == (after, cash)


def test_rules_12_1_front_page_legend() -> None:
    """RULES §12.1: collect $1,500; police 3 counterclockwise."""
    state = scene()
    draw_at(state, 0, SL, "Front-page legend", 2)
    assert state.sides[0].cash == 13_500
    assert state.police.position == 15
    police_passes(state)


def test_rules_12_1_informant_at_large() -> None:
    """RULES §12.1: police 4 clockwise (18 -> 22)."""
    state = scene()
    draw_at(state, 0, SL, "Informant at large", 2)
    assert state.police.position == 22
    police_passes(state)


def test_rules_12_1_gangland_truce_until_the_end_of_the_drawers_next_turn() -> None:
    """RULES §12.1, §6.4, §8.3: your businesses cannot be raided until the end of your
    next turn; then they can."""
    state = scene()
    give(state, 0, 12)
    draw_at(state, 0, SL, "Gangland truce", 2)
    apply(state, 0, "pass")
    place(state, 1, 10)
    turn(state, 1, 1, 1)
    asks(state, DecisionKind.PAY_OR_RAID, 1)
    assert available(state) == ["pay"]


def test_rules_12_1_gangland_truce_ends_after_the_next_turn() -> None:
    """RULES §12.1: protected through the drawer's next turn; after it ends, the truce is
    over."""
    state = scene()
    give(state, 0, 12)
    draw_at(state, 0, SL, "Gangland truce", 2)
    apply(state, 0, "pass")  # end of the drawer's turn 1
    asks(state, DecisionKind.ROLL, 1)
    state.rng.script.extend([2, 2])
    apply(state, 1, "roll")  # seat 1: 0 -> 4, a hub
    apply(state, 1, "pass")
    state.rng.script.extend([2, 1])
    apply(state, 2, "roll")  # police 18 -> 15
    apply(state, 2, "pass")
    assert state.sides[0].truce_through > 0
    # the drawer's next turn: 2 -> 6 draws Tail surveillance, police 15 -> 12 lands on the
    # drawer's business: still under truce, police can only pay
    stack_card(state, Deck.POLICE_FILE, "Tail surveillance")
    state.rng.script.extend([2, 2])
    apply(state, 0, "roll")
    asks(state, DecisionKind.PAY_OR_RAID, 2)
    assert available(state) == ["pay"]
    apply(state, 2, "pay")
    apply(state, 2, "pass")
    assert state.sides[0].truce_through > 0
    apply(state, 0, "pass")
    assert state.sides[0].truce_through == 0
    state.police.position = 18
    place(state, 1, 10)
    turn(state, 1, 1, 1)
    assert available(state) == ["pay", "raid"]


def test_rules_12_1_new_territory() -> None:
    """RULES §12.1: gain 2 soldiers; pay $500."""
    state = scene()
    draw_at(state, 0, SL, "New territory", 2)
    assert (state.sides[0].people, state.sides[0].cash) == (52, 11_500)


def test_rules_12_1_backroom_poker() -> None:
    """RULES §12.1: roll a die; collect $200 × pips."""
    state = scene()
    events = draw_at(state, 0, SL, "Backroom poker", 2, 4)
    assert state.sides[0].cash == 12_800
    assert [e.purpose for e in of(events, DiceRolled)] == ["move", "poker"]
    assert no_dice_left(state)


def test_rules_12_1_front_page_scandal() -> None:
    """RULES §12.1: pay $800; police 3 counterclockwise."""
    state = scene()
    draw_at(state, 0, SL, "Front-page scandal", 2)
    assert state.sides[0].cash == 11_200
    assert state.police.position == 15
    police_passes(state)


def test_rules_12_1_card_payment_to_zero_stops_the_card() -> None:
    """RULES §6, §11.1: Rival speakeasies with exactly $500: the drawer is eliminated and
    the police move of the card does not happen."""
    state = scene(bosses=3)
    set_cash(state, 0, 500)
    draw_at(state, 0, SL, "Rival speakeasies", 2)
    assert state.sides[0].eliminated
    assert state.police.position == 18
    asks(state, DecisionKind.ROLL, 1)


# --- Big Boss Meeting! ---------------------------------------------------------------


def test_rules_12_1_big_boss_meeting_sequence() -> None:
    """RULES §12.1: every free boss jumps to Start (no $4,000); bonus then renewal for each
    attendee in seat order from the drawer; the drawer acts without a trade proposal.
    The detained boss stays in Detention."""
    state = match(C.DON, C.QUEEN_BEE, C.IRON_FIST, C.STREET_BAT)
    state.police.position = 18
    state.sides[0].powered = True  # Don
    state.sides[3].powered = True  # Street Bat
    place(state, 0, 30)
    place(state, 2, 9, detained=True)
    place(state, 3, 20)
    stack_card(state, SL, "Big Boss Meeting!")
    place(state, 1, 12)
    # move 1+1; drawer seat 1 renewal 5; Street Bat bonus 2 then renewal 1;
    # Don bonus 3 then renewal 6
    events = turn(state, 1, 1, 1, 5, 2, 1, 3, 6)
    assert of(events, MeetingCalled)[0].attendees == (1, 3, 0)
    assert [s.position for s in state.bosses] == [0, 0, 9, 0]
    assert not of(events, PassedStart)
    assert [(e.seat, e.purpose) for e in of(events, DiceRolled)][1:] == [
        (1, "renewal"),
        (3, "street_bat"),
        (3, "renewal"),
        (0, "don"),
        (0, "renewal"),
    ]
    assert [s.powered for s in state.bosses] == [True, True, False, False]
    assert state.sides[0].cash == 12_000 + 1500
    assert state.sides[3].people == 52
    assert state.sides[1].cash == 12_000
    assert state.sides[2].detained
    asks(state, DecisionKind.ACTION, 1)
    assert "trade" not in [o.decision for o in state.pending.options] if state.pending else False
    assert no_dice_left(state)


def test_rules_12_1_big_boss_meeting_with_police_on_start_detained_survivor_wins() -> None:
    """RULES §12.1, §7.3 (tricky): police on Start: the Start raid eliminates every
    attendee; the detained boss is the only one left and wins."""
    state = match(bosses=3)
    place(state, 0, 30)
    place(state, 2, 9, detained=True)
    stack_card(state, SL, "Big Boss Meeting!")
    place(state, 1, 12)
    turn(state, 1, 1, 1)
    assert state.sides[0].eliminated and state.sides[1].eliminated
    assert state.result is not None
    assert state.result.reason is EndReason.START_RAID
    assert state.result.winner == 2
    assert no_dice_left(state)


def test_rules_12_1_lucky_jack_at_a_meeting_collects_from_each_attendee() -> None:
    """RULES §12.1 (tricky): after the renewal rolls, a powered Lucky Jack collects $500
    from each other attendee (powered by his renewal roll at the meeting)."""
    state = match(C.DON, C.LUCKY_JACK, C.QUEEN_BEE)
    state.police.position = 18
    place(state, 1, 30)
    place(state, 2, 20)
    stack_card(state, SL, "Big Boss Meeting!")
    events = draw_at(state, 0, SL, "Big Boss Meeting!", 2, 1, 5, 2)
    assert state.sides[1].powered
    assert payments(events) == [(0, 1, 500, "lucky_jack"), (2, 1, 500, "lucky_jack")]
    assert [s.cash for s in state.bosses] == [11_500, 13_000, 11_500]
    asks(state, DecisionKind.ACTION, 0)


def test_rules_11_2_r_drawer_eliminated_paying_lucky_jack_ends_the_turn() -> None:
    """RULES §11.2 [R]: the drawer is eliminated paying Lucky Jack at its meeting: the
    payments still finish for the others, then no proposals and no action."""
    state = match(C.DON, C.LUCKY_JACK, C.QUEEN_BEE)
    state.police.position = 18
    state.sides[1].powered = True
    give(state, 2, 12)
    set_cash(state, 0, 500)
    place(state, 1, 30)
    place(state, 2, 20)
    events = draw_at(state, 0, SL, "Big Boss Meeting!", 2, 1, 6, 2)
    assert payments(events)[:2] == [(0, 1, 500, "lucky_jack"), (2, 1, 500, "lucky_jack")]
    assert state.sides[0].eliminated
    assert state.sides[2].cash == 11_500
    asks(state, DecisionKind.ROLL, 1)
    assert conserved(state)


def test_rules_12_1_meeting_proposals_use_no_action() -> None:
    """RULES §10, §12.1: at a meeting each attendee in seat order from the drawer may
    propose one trade (no action used); then the drawer takes its action."""
    state = match(bosses=3)
    state.police.position = 18
    give(state, 0, 5)
    give(state, 2, 12)
    place(state, 1, 30)
    place(state, 2, 20)
    draw_at(state, 0, SL, "Big Boss Meeting!", 2, 1, 1, 1)
    asks(state, DecisionKind.MEETING_TRADE, 0)
    apply(state, 0, "trade:2:5:12:0")
    asks(state, DecisionKind.TRADE_ANSWER, 2)
    apply(state, 2, "accept")
    assert state.control[5] == 2 and state.control[12] == 0
    asks(state, DecisionKind.MEETING_TRADE, 1)
    apply(state, 1, "trade:0:-:12:-500")
    apply(state, 0, "reject")
    asks(state, DecisionKind.MEETING_TRADE, 2)
    apply(state, 2, "pass")
    asks(state, DecisionKind.ACTION, 0)
    apply(state, 0, "pass")
    asks(state, DecisionKind.ROLL, 1)
    assert [s.cash for s in state.bosses] == [12_000] * 3


def test_rules_12_1_big_boss_meeting_does_not_resolve_start_as_an_arrival() -> None:
    """RULES §12.1: the jump is not an arrival: §6 does not apply (no $4,000, no Lucky Jack
    step 3 beyond the meeting's own payment, no trade action for the drawer)."""
    state = scene(bosses=2)
    place(state, 1, 20)
    events = draw_at(state, 0, SL, "Big Boss Meeting!", 2, 1, 1)
    assert not payments(events)
    asks(state, DecisionKind.ACTION, 0)
    assert available(state) == ["pass"]


def test_rules_12_1_every_entry_is_in_the_deck() -> None:
    """RULES §12.1: all 25 entries plus Contacts are Street Life cards."""
    titles = {card(SL, c).title for c in range(29)}
    assert len(titles) == 26
