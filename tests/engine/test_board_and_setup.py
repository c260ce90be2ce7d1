"""RULES §1, §2, §3: sides, the board, money, people, decks, characters and setup."""

from __future__ import annotations

import pytest

from engine.chicago import IllegalDecision, apply, new_match
from engine.chicago.board import SPACES, Deck, SpaceKind
from engine.chicago.card_effects import draw
from engine.chicago.cards import card
from engine.chicago.characters import BOSS_CHARACTERS, Character
from engine.chicago.decisions import DecisionKind, PayOrRaidFacts
from engine.chicago.events import DeckReshuffled, Event
from engine.chicago.state import MERCHANT, TOTAL_MONEY, MatchState
from engine.chicago.testing import give, place
from tests.engine.scenes import asks, conserved, match, set_cash, turn

# RULES §2.1, copied from the table: (space, name, kind, block, category, cost).
BOARD = [
    (0, "Start", "corner", 0, None, 0),
    (1, "Maxwell Street Deli", "business", 1, "Dining", 1000),
    (2, "Street Life", "card", 0, None, 0),
    (3, "Halsted Pawn Shop", "business", 1, "Trade", 1200),
    (4, "Stockyards Labor Exchange", "hub", 0, None, 0),
    (5, "Taylor Street Trattoria", "business", 2, "Dining", 1400),
    (6, "Police File", "card", 0, None, 0),
    (7, "Sicilian Social Club", "business", 2, "Nightlife", 1400),
    (8, "Vernon Park Barbershop", "business", 2, "Trade", 1600),
    (9, "Detention", "corner", 0, None, 0),
    (10, "Halsted Street Saloon", "business", 3, "Nightlife", 1800),
    (11, "Union Stock Yard Packers", "business", 3, "Trade", 1800),
    (12, "Bridgeport Chop House", "business", 3, "Dining", 2000),
    (13, "Union Hall", "hub", 0, None, 0),
    (14, "Street Life", "card", 0, None, 0),
    (15, "Four Deuces Cabaret", "business", 4, "Nightlife", 2200),
    (16, "Levee Dance Hall", "business", 4, "Nightlife", 2200),
    (17, "Wabash Pool Hall", "business", 4, "Trade", 2400),
    (18, "Heist", "corner", 0, None, 0),
    (19, "Navy Pier Warehouse", "business", 5, "Harbour", 2600),
    (20, "Police File", "card", 0, None, 0),
    (21, "Lakefront Boathouse", "business", 5, "Harbour", 2600),
    (22, "Customs Shed", "business", 5, "Harbour", 2800),
    (23, "Harbour Hiring Hall", "hub", 0, None, 0),
    (24, "Drake Supper Club", "business", 6, "Dining", 3000),
    (25, "Street Life", "card", 0, None, 0),
    (26, "Gold Coast Cabaret", "business", 6, "Nightlife", 3200),
    (27, "Arrested", "corner", 0, None, 0),
    (28, "Green Mill Lounge", "business", 7, "Nightlife", 3400),
    (29, "Uptown Chop Suey", "business", 7, "Dining", 3400),
    (30, "Broadway Gaming Parlor", "business", 7, "Trade", 3600),
    (31, "Cicero Boxing Gym", "hub", 0, None, 0),
    (32, "Police File", "card", 0, None, 0),
    (33, "Loop Hotel", "business", 8, "Trade", 3800),
    (34, "State Street Theatre", "business", 8, "Nightlife", 3800),
    (35, "Palmer House Grill", "business", 8, "Dining", 4000),
]
FINES = {1: 500, 2: 750, 3: 1000, 4: 1250, 5: 1500, 6: 1750, 7: 2000, 8: 2250}
BLOCK_BUSINESSES = {
    1: (1, 3),
    2: (5, 7, 8),
    3: (10, 11, 12),
    4: (15, 16, 17),
    5: (19, 21, 22),
    6: (24, 26),
    7: (28, 29, 30),
    8: (33, 34, 35),
}


def test_rules_2_1_board_has_the_36_spaces_of_the_table() -> None:
    """RULES §2.1: 36 spaces numbered clockwise from Start, exactly as tabled."""
    assert len(SPACES) == 36
    for index, name, kind, block, category, cost in BOARD:
        space = SPACES[index]
        assert space.index == index
        assert space.name == name
        assert space.kind.value == kind
        assert space.block == block
        assert (space.category.value if space.category else None) == category
        assert space.cost == cost
    assert sum(1 for s in SPACES if s.kind is SpaceKind.BUSINESS) == 22
    decks = {s.index: s.deck for s in SPACES if s.kind is SpaceKind.CARD}
    assert decks == {
        2: Deck.STREET_LIFE,
        14: Deck.STREET_LIFE,
        25: Deck.STREET_LIFE,
        6: Deck.POLICE_FILE,
        20: Deck.POLICE_FILE,
        32: Deck.POLICE_FILE,
    }


def _land_on(state: MatchState, seat: int, space: int) -> None:
    """`seat` rolls 1+1 onto `space` (space 2 or more: no Start on the way)."""
    place(state, seat, space - 2)
    turn(state, seat, 1, 1)


@pytest.mark.parametrize("block", range(1, 9))
def test_rules_2_1_fine_by_block(block: int) -> None:
    """RULES §2.1: the fine for landing on a rival business is $500 + $250 × (block − 1)."""
    state = match(bosses=2)
    state.police.position = 18
    target = BLOCK_BUSINESSES[block][-1]
    give(state, 1, target)
    _land_on(state, 0, target)
    asked = asks(state, DecisionKind.PAY_OR_RAID, 0)
    assert asked.facts_as(PayOrRaidFacts).fine == FINES[block] == 500 + 250 * (block - 1)
    assert asked.facts_as(PayOrRaidFacts).business == target


@pytest.mark.parametrize("block", range(1, 9))
def test_rules_2_1_fine_doubled_for_a_whole_block(block: int) -> None:
    """RULES §2.1: the fine is doubled when one side controls every business of the block."""
    state = match(bosses=2)
    state.police.position = 18
    spaces = BLOCK_BUSINESSES[block]
    give(state, 1, *spaces)
    _land_on(state, 0, spaces[-1])
    asked = asks(state, DecisionKind.PAY_OR_RAID, 0)
    assert asked.facts_as(PayOrRaidFacts).fine == 2 * FINES[block]
    events = apply(state, 0, "pay")
    assert state.sides[0].cash == 12_000 - 2 * FINES[block]
    assert state.sides[1].cash == 12_000 + 2 * FINES[block]
    assert conserved(state)
    assert events


def test_rules_2_1_split_block_is_not_doubled() -> None:
    """RULES §2.1: two of three Bridgeport businesses held by one boss: single fine."""
    state = match(bosses=3)
    state.police.position = 18
    give(state, 1, 10, 11)
    give(state, 2, 12)
    _land_on(state, 0, 11)
    assert asks(state, DecisionKind.PAY_OR_RAID, 0).facts_as(PayOrRaidFacts).fine == 1000


def test_rules_2_1_block_sealed_by_police_doubles_inspection() -> None:
    """RULES §2.1: police sealing every business of Maxwell Street doubles the Inspection."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 2, 1, 3)
    _land_on(state, 0, 3)
    assert asks(state, DecisionKind.PAY_OR_RAID, 0).facts_as(PayOrRaidFacts).fine == 1000
    apply(state, 0, "pay")
    assert state.police.cash == 13_000
    assert state.sides[0].cash == 11_000


@pytest.mark.parametrize(("bosses", "bank"), [(4, 205_000), (3, 217_000), (2, 229_000)])
def test_rules_2_2_starting_money(bosses: int, bank: int) -> None:
    """RULES §2.2: every side starts with $12,000 and the bank holds the rest."""
    state = match(bosses=bosses)
    assert [s.cash for s in state.sides] == [12_000] * (bosses + 1)
    assert state.bank == bank
    assert conserved(state)


def test_rules_2_2_money_is_conserved_and_in_50_dollar_steps_through_play() -> None:
    """RULES §2.2 [R]: whole dollars in $50 steps; bank + cash = $265,000 at every moment.

    A seeded match played with the §13 defaults, checked after every decision."""
    from engine.chicago.flow import timeout_default

    state = new_match(4, seed=2027)
    for _ in range(600):
        if state.result is not None:
            break
        asked = state.pending
        assert asked is not None
        apply(state, asked.seat, timeout_default(state))
        credit = sum(s.credit for s in state.sides)
        assert (
            state.bank + sum(s.cash for s in state.sides) == TOTAL_MONEY
        )  # RULES §2.2: $265,000 in all
        assert credit == 0 or state.result is not None
        assert all(s.cash % 50 == 0 and s.cash >= 0 for s in state.sides)
        assert state.bank % 50 == 0


def test_rules_2_3_people_at_setup_and_the_120_cap() -> None:
    """RULES §2.3: bosses 50 soldiers, police 28 officers; gains past 120 are lost."""
    state = match(bosses=3)
    assert [s.people for s in state.sides] == [50, 50, 50, 28]
    from engine.chicago.testing import stack_card

    stack_card(state, Deck.STREET_LIFE, "Neighborhood loyalists")
    state.sides[1].people = 119
    state.police.position = 18
    place(state, 1, 0)
    turn(state, 1, 1, 1)
    assert state.sides[1].people == 120


def test_rules_2_4_deck_counts() -> None:
    """RULES §2.4 [R]: Street Life 29 cards (Contacts ×4 + 25 entries), Police File 24,
    16 Contacts in all: each boss holds one from the supply of 12."""
    state = match(bosses=4)
    street = [card(Deck.STREET_LIFE, c).title for c in state.street_deck]
    assert len(street) == 29
    assert street.count("Contacts") == 4
    others = [t for t in street if t != "Contacts"]
    assert len(set(others)) == 25 == len(others)
    police = [card(Deck.POLICE_FILE, c).title for c in state.police_deck]
    assert len(police) == 24 == len(set(police))
    assert [len(s.contacts) for s in state.bosses] == [1, 1, 1, 1]
    assert state.police.contacts == []
    assert len(state.contacts_supply) == 8
    held = [c for s in state.bosses for c in s.contacts]
    assert all(card(Deck.STREET_LIFE, c).title == "Contacts" for c in held)
    assert len(set(held) | set(state.contacts_supply) | set(state.street_deck)) == 41
    assert len(held) + len(state.contacts_supply) + street.count("Contacts") == 16


def test_rules_2_4_decks_are_shuffled_separately_by_seed() -> None:
    """RULES §2.4: both decks are shuffled at setup (two seeds give different orders)."""
    a, b = new_match(2, seed=1), new_match(2, seed=2)
    assert a.street_deck != b.street_deck or a.police_deck != b.police_deck
    assert sorted(a.street_deck) == sorted(b.street_deck)


def test_rules_2_4_empty_deck_reshuffles_its_discard() -> None:
    """RULES §2.4 [R]: a draw from an empty deck first shuffles its discard into a new deck."""
    state = match(bosses=2)
    discard = list(state.police_deck)
    state.police_discard = discard
    state.police_deck = []
    events: list[Event] = []
    drawn = draw(state, events, Deck.POLICE_FILE)
    assert [e.kind for e in events] == [DeckReshuffled.kind]
    assert state.police_discard == []
    assert sorted([*state.police_deck, drawn]) == list(range(24))


def test_rules_2_4_contacts_are_capped_at_two_and_do_nothing_else() -> None:
    """RULES §2.4: a boss holds at most two Contacts; Contacts have no rules effect."""
    from engine.chicago.testing import stack_card

    state = match(bosses=2)
    state.police.position = 18
    stack_card(state, Deck.STREET_LIFE, "Contacts")
    turn(state, 0, 1, 1)
    assert len(state.sides[0].contacts) == 2
    assert state.sides[0].cash == 12_000
    apply(state, 0, "pass")
    stack_card(state, Deck.STREET_LIFE, "Contacts")
    place(state, 0, 0)
    turn(state, 0, 1, 1)
    assert len(state.sides[0].contacts) == 2
    assert any(card(Deck.STREET_LIFE, c).title == "Contacts" for c in state.street_discard)


def test_rules_2_4_eliminated_bosss_contacts_go_to_the_discard() -> None:
    """RULES §2.4: an eliminated boss's Contacts go to the Street Life discard."""
    state = match(bosses=3)
    state.police.position = 18
    held = list(state.sides[0].contacts)
    set_cash(state, 0, 500)
    give(state, 1, 3)
    place(state, 0, 1)
    turn(state, 0, 1, 1)
    apply(state, 0, "pay")  # the $500 fine leaves exactly $0 (RULES §11.1)
    assert state.sides[0].eliminated
    assert state.sides[0].contacts == []
    assert state.street_discard == held
    assert conserved(state)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_rules_2_5_and_3_setup(seed: int) -> None:
    """RULES §2.5, §3: one distinct boss character per seat, police last with Warrant;
    nobody powered; every piece on Start; every business merchant-run; standing on Start
    at setup triggers nothing (the first boss is asked to roll)."""
    state = new_match(4, seed=seed)
    chars = [s.character for s in state.bosses]
    assert len(set(chars)) == 4 and set(chars) <= set(BOSS_CHARACTERS)
    assert Character.WARRANT not in chars
    assert state.police.is_police and state.police.character is Character.WARRANT
    assert state.police_seat == 4 and not any(s.is_police for s in state.bosses)
    assert not any(s.powered for s in state.sides)
    assert all(s.position == 0 for s in state.sides)
    assert all(c == MERCHANT for c in state.control)
    assert all(s.marks == 0 and not s.detained for s in state.sides)
    asks(state, DecisionKind.ROLL, 0)
    assert [s.cash for s in state.sides] == [12_000] * 5


def test_rules_2_5_eight_boss_characters() -> None:
    """RULES §2.5: eight boss characters plus the police's Warrant."""
    assert {c.value for c in BOSS_CHARACTERS} == {
        "don",
        "queen_bee",
        "iron_fist",
        "lucky_jack",
        "street_bat",
        "night_gun",
        "fixer",
        "velvet_boss",
    }


@pytest.mark.parametrize("bosses", [0, 1, 5])
def test_rules_1_a_match_has_2_to_4_bosses(bosses: int) -> None:
    """RULES §1: a match has 2, 3 or 4 bosses plus the Chicago Police."""
    with pytest.raises(ValueError):
        new_match(bosses, seed=1)


def test_rules_3_shuffled_seats_still_put_police_last() -> None:
    """RULES §3.1: seats are shuffled, police always sits last."""
    for seed in range(5):
        state = new_match(3, seed=seed)
        assert [s.is_police for s in state.sides] == [False, False, False, True]
        with pytest.raises(IllegalDecision):
            apply(state, 3, "roll")


def test_rules_2_2_r_notes_are_a_greedy_view_in_seat_order() -> None:
    """RULES §2.2 [R]: sides in seat order (police last) break their dollars down greedily
    from the box (20×$5,000, 100×$1,000, 100×$500, 100×$100, 100×$50); the bank gets the
    rest: with 4 bosses each side shows 2×$5,000 + 2×$1,000 and the bank 10×$5,000,
    90×$1,000 and all the smaller notes ($205,000)."""
    from engine.chicago import bank_ledger, banknotes

    state = match(bosses=4)
    for seat in range(5):
        assert banknotes(state, seat).counts == {5000: 2, 1000: 2, 500: 0, 100: 0, 50: 0}
    ledger = bank_ledger(state)
    assert ledger.dollars == 205_000
    assert ledger.notes.counts == {5000: 10, 1000: 90, 500: 100, 100: 100, 50: 100}
    assert ledger.notes.total == 205_000


def test_rules_2_2_r_a_missing_note_value_never_blocks_a_payment() -> None:
    """RULES §2.2 [R]: seat 0 holding $100,000 takes all twenty $5,000 notes; seat 1's
    $12,000 shows as twelve $1,000 notes, and its $1,000 fine is paid in dollars."""
    from engine.chicago import banknotes

    state = match(bosses=2)
    state.police.position = 18
    set_cash(state, 0, 100_000)
    assert banknotes(state, 0).counts[5000] == 20
    assert banknotes(state, 1).counts == {5000: 0, 1000: 12, 500: 0, 100: 0, 50: 0}
    give(state, 0, 12)
    place(state, 1, 10)
    turn(state, 1, 1, 1)
    apply(state, 1, "pay")
    assert state.sides[1].cash == 11_000
    assert conserved(state)
