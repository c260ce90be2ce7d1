"""RULES §12.2: every Police File card."""

from __future__ import annotations

import pytest

from engine.chicago import apply
from engine.chicago.board import Deck
from engine.chicago.cards import card
from engine.chicago.characters import Character
from engine.chicago.decisions import DecisionKind
from engine.chicago.events import ControlChanged, Detained, Moved, PassedStart
from engine.chicago.state import MERCHANT, MatchState
from engine.chicago.testing import give, place
from tests.engine.scenes import (
    BANK,
    asks,
    available,
    conserved,
    decide,
    draw_at,
    match,
    no_dice_left,
    of,
    payments,
    set_cash,
)

PF = Deck.POLICE_FILE
SL = Deck.STREET_LIFE


def scene(bosses: int = 2) -> MatchState:
    state = match(bosses=bosses)
    state.police.position = 18
    return state


def police_passes(state: MatchState) -> None:
    asks(state, DecisionKind.POLICE_ACTION, state.police_seat)
    apply(state, state.police_seat, "pass")
    asks(state, DecisionKind.ACTION, 0)


@pytest.mark.parametrize(
    ("title", "cash", "police_to"),
    [
        ("Prohibition raid", 10_500, 15),
        ("Tail surveillance", 12_000, 15),
        ("Commissioner on the payroll", 11_500, 22),
        ("Grand-jury witness", 12_000, 12),
        ("Thin evidence", 12_000, 20),
        ("Telephone tap", 11_500, 15),
        ("Clean ledger", 12_000, 20),
        ("Friendly judge", 12_000, 22),
        ("Bail money", 11_500, 20),
        ("Trail goes cold", 12_000, 22),
    ],
)
def test_rules_12_2_payments_and_police_moves(title: str, cash: int, police_to: int) -> None:
    """RULES §12.2: "pay $X" to the bank, then police N counterclockwise (18 - N) or
    clockwise (18 + N); police may then act (§7.1.5) before the drawer's action."""
    state = scene()
    events = draw_at(state, 0, PF, title, 6)
    assert state.sides[0].cash == cash
    assert payments(events) == ([(0, BANK, 12_000 - cash, "card")] if cash < 12_000 else [])
    assert state.police.position == police_to
    police_passes(state)
    assert conserved(state)


@pytest.mark.parametrize(
    ("title", "cash"),
    [
        ("Dry agent inside", 11_000),
        ("Station-house questions", 11_000),
        ("Alley patrol", 11_300),
    ],
)
def test_rules_12_2_plain_payments(title: str, cash: int) -> None:
    """RULES §12.2: Dry agent inside $1,000; Station-house questions $1,000; Alley patrol
    $700 — paid to the bank; police does not move."""
    state = scene()
    draw_at(state, 0, PF, title, 6)
    assert state.sides[0].cash == cash
    assert state.police.position == 18
    asks(state, DecisionKind.ACTION, 0)


def test_rules_12_2_court_injunction_highest_cost_then_highest_space() -> None:
    """RULES §12.2 [R]: the highest-cost business returns to its merchant; ties (5 and 7
    both $1,400) go to the highest space number."""
    state = scene()
    give(state, 0, 3, 5, 7)
    events = draw_at(state, 0, PF, "Court injunction", 6)
    assert [(e.space, e.old, e.new) for e in of(events, ControlChanged)] == [(7, 0, MERCHANT)]
    assert (state.control[3], state.control[5], state.control[7]) == (0, 0, MERCHANT)
    assert state.sides[0].cash == 12_000


def test_rules_12_2_court_injunction_with_no_business_does_nothing() -> None:
    """RULES §12.2: none: nothing."""
    state = scene()
    events = draw_at(state, 0, PF, "Court injunction", 6)
    assert not payments(events) and not of(events, ControlChanged)
    asks(state, DecisionKind.ACTION, 0)


def test_rules_12_2_federal_seizure_takes_the_top_business() -> None:
    """RULES §12.2: Federal seizure: as Court injunction (Palmer House Grill, $4,000)."""
    state = scene()
    give(state, 0, 33, 35, 12)
    draw_at(state, 0, PF, "Federal seizure", 6)
    assert state.control[35] == MERCHANT and state.control[33] == 0
    assert state.sides[0].cash == 12_000


def test_rules_12_2_federal_seizure_with_no_business_pays_2000() -> None:
    """RULES §12.2: if you control none, pay up to $2,000."""
    state = scene()
    events = draw_at(state, 0, PF, "Federal seizure", 6)
    assert payments(events) == [(0, BANK, 2000, "card")]
    assert state.sides[0].cash == 10_000


def test_rules_12_2_federal_seizure_up_to_2000_eliminates_a_poor_boss() -> None:
    """RULES §12.2, §11.1: pay up to $2,000: with $1,500 the boss pays it all and is out."""
    state = scene(bosses=3)
    set_cash(state, 0, 1500)
    events = draw_at(state, 0, PF, "Federal seizure", 6)
    assert payments(events)[0] == (0, BANK, 1500, "card")
    assert state.sides[0].eliminated
    asks(state, DecisionKind.ROLL, 1)
    assert conserved(state)


def test_rules_12_2_bad_tip_jumps_to_detention_and_keeps_the_action() -> None:
    """RULES §12.2, §5: jump to Detention as a visitor, nothing passed; you keep your
    action."""
    state = scene()
    events = draw_at(state, 0, PF, "Bad tip", 32)
    assert state.sides[0].position == 9 and not state.sides[0].detained
    assert of(events, Moved)[-1].how == "jump"
    assert not of(events, PassedStart)
    assert state.sides[0].cash == 12_000
    asks(state, DecisionKind.ACTION, 0)


def test_rules_12_2_bad_tip_with_police_on_detention() -> None:
    """RULES §12.2, §6.2: the visit resolves like an arrival (§6: a card move resolves
    its destination the same way), so police on Detention means a personal encounter.
    Reading chosen: "resolve it as a visit" does not switch off §6 step 2."""
    state = scene()
    state.police.position = 9
    draw_at(state, 0, PF, "Bad tip", 6)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    decide(state, 0, "bribe", 3)
    asks(state, DecisionKind.ACTION, 0)
    assert state.sides[0].cash == 11_700


@pytest.mark.parametrize(("cash", "due"), [(12_000, 1200), (12_050, 1300), (9_950, 1000)])
def test_rules_12_2_treasury_audit(cash: int, due: int) -> None:
    """RULES §12.2, §11.1: pay 10% of your cash, rounded up to the next multiple of $100."""
    state = scene()
    set_cash(state, 0, cash)
    events = draw_at(state, 0, PF, "Treasury audit", 6)
    assert payments(events) == [(0, BANK, due, "card")]
    assert state.sides[0].cash == cash - due


def test_rules_12_2_treasury_audit_on_50_dollars_eliminates() -> None:
    """RULES §12.2, §11.1: $50 owes $100 (10% rounded up): pays $50 and is out."""
    state = scene(bosses=3)
    set_cash(state, 0, 50)
    events = draw_at(state, 0, PF, "Treasury audit", 6)
    assert payments(events)[0] == (0, BANK, 50, "card")
    assert state.sides[0].eliminated


def test_rules_12_2_prohibition_squad_drawer_then_other_bosses() -> None:
    """RULES §12.2 [R]: police jumps to your space (nothing passed) and arrives: you, then
    any other free boss there, face a personal encounter; police may then act."""
    state = scene(bosses=3)
    state.police.position = 2
    place(state, 1, 32)
    place(state, 2, 32)
    events = draw_at(state, 2, PF, "Prohibition squad", 32)
    assert state.police.position == 32
    assert not of(events, PassedStart)
    assert state.police.cash == 12_000
    asks(state, DecisionKind.BRIBE_OR_RAID, 2)
    decide(state, 2, "bribe", 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 1)
    decide(state, 1, "bribe", 2)
    asks(state, DecisionKind.POLICE_ACTION, 3)
    assert available(state) == ["pass"]
    apply(state, 3, "pass")
    asks(state, DecisionKind.ACTION, 2)
    assert [s.cash for s in state.sides] == [12_000, 11_800, 11_900, 12_300]


def test_rules_12_2_prohibition_squad_spares_a_powered_queen_bee() -> None:
    """RULES §12.2, §8.4: a powered Queen Bee drawing it faces no personal encounter."""
    state = match(Character.QUEEN_BEE, Character.DON)
    state.police.position = 18
    state.sides[0].powered = True
    draw_at(state, 0, PF, "Prohibition squad", 6)
    assert state.police.position == 6
    police_passes(state)
    assert state.sides[0].cash == 12_000


@pytest.mark.parametrize("title", ["Caught with the goods", "County jail"])
def test_rules_12_2_go_to_detention_detained(title: str) -> None:
    """RULES §12.2, §4.1: go to Detention, detained: the turn ends at once, no action; the
    jump from 32 to 9 passes nothing."""
    state = scene()
    events = draw_at(state, 0, PF, title, 32)
    side = state.sides[0]
    assert (side.position, side.detained, side.cash) == (9, True, 12_000)
    assert of(events, Detained)
    assert not of(events, PassedStart)
    asks(state, DecisionKind.ROLL, 1)


@pytest.mark.parametrize("title", ["Defense attorney", "Medicinal whiskey permit"])
def test_rules_12_2_defense_attorney_as_medicinal_whiskey_permit(title: str) -> None:
    """RULES §12.2: Defense attorney: as Medicinal whiskey permit."""
    state = scene()
    contacts = next(c for c in state.street_deck if card(SL, c).title == "Contacts")
    state.street_deck.remove(contacts)
    state.street_discard.append(contacts)
    deck = PF if title == "Defense attorney" else SL
    draw_at(state, 0, deck, title, 6 if deck is PF else 2)
    assert len(state.sides[0].contacts) == 2
    assert contacts in state.sides[0].contacts


@pytest.mark.parametrize(("held", "due"), [((34,), 1500), ((5, 30), 500), ((), 500)])
def test_rules_12_2_missing_ledgers(held: tuple[int, ...], due: int) -> None:
    """RULES §12.2: pay $1,500 if you control a Downtown business, otherwise $500."""
    state = scene()
    give(state, 0, *held)
    events = draw_at(state, 0, PF, "Missing ledgers", 6)
    assert payments(events) == [(0, BANK, due, "card")]


def test_rules_12_2_precinct_informant() -> None:
    """RULES §12.2: lose 1 soldier; police 3 counterclockwise."""
    state = scene()
    draw_at(state, 0, PF, "Precinct informant", 6)
    assert state.sides[0].people == 49
    assert state.police.position == 15
    police_passes(state)


def test_rules_12_2_precinct_informant_last_soldier_eliminates() -> None:
    """RULES §11.2, §12.2: losing the last soldier eliminates the drawer; the card stops
    there (police does not move)."""
    state = scene(bosses=3)
    state.sides[0].people = 1
    draw_at(state, 0, PF, "Precinct informant", 6)
    assert state.sides[0].eliminated
    assert state.police.position == 18
    asks(state, DecisionKind.ROLL, 1)


def test_rules_12_2_paddy_wagon_moves_back_to_a_hub() -> None:
    """RULES §12.2: move back 2 (6 -> 4, a hub): the drawer may recruit."""
    state = scene()
    draw_at(state, 0, PF, "Paddy wagon", 6)
    assert state.sides[0].position == 4
    asks(state, DecisionKind.ACTION, 0)
    assert "recruit4" in available(state)


def test_rules_12_2_paddy_wagon_onto_heist() -> None:
    """RULES §12.2, §6.6: move back 2 from 20 onto Heist: $1,500 and police 3
    counterclockwise (30 -> 27)."""
    state = scene()
    state.police.position = 30
    draw_at(state, 0, PF, "Paddy wagon", 20)
    assert state.sides[0].position == 18
    assert state.sides[0].cash == 13_500
    assert state.police.position == 27
    police_passes(state)
    assert no_dice_left(state)


def test_rules_12_2_every_card_is_in_the_deck() -> None:
    """RULES §12.2: 24 distinct Police File cards."""
    assert len({card(PF, c).title for c in range(24)}) == 24
