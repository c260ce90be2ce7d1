"""RULES §6 (a boss's destination), §7 (police arrivals) and §8.2 (bribes)."""

from __future__ import annotations

from engine.chicago import apply
from engine.chicago.board import Deck
from engine.chicago.decisions import BribeOrRaidFacts, DecisionKind, PayOrRaidFacts
from engine.chicago.events import CardDrawn, Eliminated, Event, StartRaid
from engine.chicago.state import MERCHANT, EndReason, MatchState
from engine.chicago.testing import give, place, stack_card
from tests.engine.scenes import (
    BANK,
    asks,
    available,
    conserved,
    decide,
    match,
    no_dice_left,
    of,
    payments,
    set_cash,
    turn,
)


def test_rules_6_1_boss_arriving_on_start_with_police_is_eliminated() -> None:
    """RULES §6.1, §7.3: a boss arriving on Start where police stands is eliminated (after
    the $4,000 of the move); with two bosses left, play goes on."""
    state = match(bosses=3)
    place(state, 1, 5)
    place(state, 2, 10)
    place(state, 0, 30)
    events = turn(state, 0, 3, 3, 1)
    assert state.sides[0].eliminated
    assert of(events, StartRaid)[0].eliminated == (0,)
    assert state.result is None
    assert state.bank == 217_000 + 12_000  # the $4,000 came and went back with the rest
    assert conserved(state)
    asks(state, DecisionKind.ROLL, 1)


def test_rules_6_1_arriving_on_start_with_another_free_boss_offers_a_trade() -> None:
    """RULES §6.1, §9: arriving on Start where another free boss stands: Trade action."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 5)
    place(state, 0, 30)
    turn(state, 0, 3, 3, 1)
    asks(state, DecisionKind.ACTION, 0)
    assert "trade" in available(state)


def test_rules_6_2_personal_encounter_replaces_the_business_encounter() -> None:
    """RULES §6.2: police on a rival business: the arriving boss bribes or raids police,
    and then faces no pay-or-raid there; no Raid action remains."""
    state = match(bosses=2)
    give(state, 1, 12)
    state.police.position = 12
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asked = asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    assert asked.facts_as(BribeOrRaidFacts).police_space == 12
    events = decide(state, 0, "bribe", 4)
    assert payments(events) == [(0, 2, 400, "bribe")]
    action = asks(state, DecisionKind.ACTION, 0)
    assert "raid" not in available(state)
    raid = next(o for o in action.options if o.decision == "raid")
    assert raid.reason == "you already faced the police this turn"
    assert (state.sides[0].cash, state.sides[1].cash, state.police.cash) == (11_600, 12_000, 12_400)
    assert no_dice_left(state)


def test_rules_6_4_pay_protection_to_the_controlling_boss() -> None:
    """RULES §6.4, §8.2: Protection goes to the boss who controls the business."""
    state = match(bosses=3)
    state.police.position = 18
    give(state, 2, 22)
    place(state, 0, 20)
    turn(state, 0, 1, 1)
    events = apply(state, 0, "pay")
    assert payments(events) == [(0, 2, 1500, "protection")]
    assert [s.cash for s in state.sides] == [10_500, 12_000, 13_500, 12_000]


def test_rules_6_4_pay_inspection_to_police_on_a_sealed_business() -> None:
    """RULES §6.4, §8.2: Inspection on a police-sealed business goes to the police."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 2, 26)
    place(state, 0, 24)
    turn(state, 0, 1, 1)
    assert asks(state, DecisionKind.PAY_OR_RAID, 0).facts_as(PayOrRaidFacts).fine == 1750
    events = apply(state, 0, "pay")
    assert payments(events) == [(0, 2, 1750, "inspection")]
    assert state.police.cash == 13_750


def test_rules_6_4_raid_needs_two_soldiers() -> None:
    """RULES §6.4, §8.3: with one soldier the boss can only pay."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    state.sides[0].people = 1
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.PAY_OR_RAID, 0)
    assert available(state) == ["pay"]


def test_rules_6_4_failed_raid_creates_no_second_payment_or_raid() -> None:
    """RULES §6.4: a failed raid ends the encounter: no fine afterwards, no Raid action."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    decide(state, 0, "raid", *([1, 6] * 10))
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 0)
    events = apply(state, 0, "withdraw")
    assert not payments(events)
    asks(state, DecisionKind.ACTION, 0)
    assert "raid" not in available(state)
    assert state.control[12] == 1
    assert (state.sides[0].people, state.sides[1].people) == (40, 50)
    assert (state.sides[0].marks, state.sides[1].marks) == (0, 1)
    assert state.sides[0].cash == 12_000


def test_rules_6_5_card_space_draws_the_top_card() -> None:
    """RULES §6.5: a boss landing on a card space draws the top card of that deck."""
    state = match(bosses=2)
    state.police.position = 18
    top = state.street_deck[-1]
    stack_card(state, Deck.STREET_LIFE, "Hijacked whiskey truck")
    events = turn(state, 0, 1, 1)
    assert of(events, CardDrawn)[0].title == "Hijacked whiskey truck"
    assert state.street_deck[-1] == top or top not in state.street_deck
    assert state.sides[0].cash == 13_000


def test_rules_6_6_heist_collects_1500_and_moves_police_3() -> None:
    """RULES §6.6: Heist pays $1,500, then police moves 3 counterclockwise (an arrival on
    Arrested does nothing for police) and police may act."""
    state = match(bosses=2)
    state.police.position = 30
    place(state, 0, 16)
    events = turn(state, 0, 1, 1)
    assert state.sides[0].cash == 13_500
    assert state.police.position == 27
    assert payments(events) == [(BANK, 0, 1500, "heist")]
    asks(state, DecisionKind.POLICE_ACTION, 2)
    apply(state, 2, "pass")
    asks(state, DecisionKind.ACTION, 0)
    assert state.police.cash == 12_000


def test_rules_6_6_detention_visit_and_hub_do_nothing() -> None:
    """RULES §6.6: Detention by dice and a hub have no arrival effect."""
    state = match(bosses=2)
    state.police.position = 18
    place(state, 0, 7)
    events = turn(state, 0, 1, 1)
    assert state.sides[0].position == 9 and not state.sides[0].detained
    assert not payments(events)
    assert available(state) == ["pass"]
    apply(state, 0, "pass")
    place(state, 1, 11)
    events = turn(state, 1, 1, 1)
    assert not payments(events)
    assert available(state) == ["recruit4", "recruit10", "pass"]


def test_rules_6_only_the_arriving_boss_faces_encounters() -> None:
    """RULES §6: a boss already standing on the space (with police there) faces nothing."""
    state = match(bosses=3)
    state.police.position = 12
    give(state, 1, 12)
    place(state, 2, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    events = decide(state, 0, "bribe", 1)
    assert payments(events) == [(0, 3, 100, "bribe")]
    asks(state, DecisionKind.ACTION, 0)
    assert state.sides[2].cash == 12_000


def test_rules_7_1_police_turn_encounters_from_seat_1() -> None:
    """RULES §7.1.2: on police's own turn, bosses face personal encounters from seat 1."""
    state = match(bosses=3)
    for seat in (0, 1, 2):
        place(state, seat, 25)
    state.police.position = 30
    turn(state, 3, 2, 3)
    assert state.police.position == 25
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    decide(state, 0, "bribe", 2)
    asks(state, DecisionKind.BRIBE_OR_RAID, 1)
    decide(state, 1, "bribe", 3)
    asks(state, DecisionKind.BRIBE_OR_RAID, 2)
    decide(state, 2, "bribe", 6)
    asks(state, DecisionKind.ACTION, 3)
    assert [s.cash for s in state.sides] == [11_800, 11_700, 11_400, 13_100]
    assert state.street_deck[-1] in state.street_deck  # police draws no card
    assert no_dice_left(state)


def test_rules_7_1_card_moved_police_encounters_start_with_the_turns_boss() -> None:
    """RULES §7.1.2: police moved by a card onto several bosses: encounters in seat order
    starting with the current turn's boss (seat 3 draws; bosses 1, 2, 4 wait on 21)."""
    state = match(bosses=4)
    for seat in (0, 1, 3):
        place(state, seat, 21)
    state.police.position = 24
    stack_card(state, Deck.POLICE_FILE, "Tail surveillance")
    place(state, 2, 18)
    turn(state, 2, 1, 1)
    assert state.police.position == 21
    order = []
    for pips in (1, 2, 3):
        asked = asks(state, DecisionKind.BRIBE_OR_RAID, state.pending.seat if state.pending else -1)
        order.append(asked.seat)
        decide(state, asked.seat, "bribe", pips)
    assert order == [3, 0, 1]
    assert [s.cash for s in state.sides] == [11_800, 11_700, 12_000, 11_900, 12_600]
    asks(state, DecisionKind.POLICE_ACTION, 4)
    assert "control" in available(state)
    apply(state, 4, "pass")
    asks(state, DecisionKind.ACTION, 2)


def test_rules_7_1_3_r_police_on_an_empty_boss_business_pays_or_raids() -> None:
    """RULES §7.1.3 [R]: no personal encounter and a boss's business: police chooses pay
    Protection or raid."""
    state = match(bosses=2)
    give(state, 1, 12)
    state.police.position = 15
    turn(state, 2, 1, 2)
    asked = asks(state, DecisionKind.PAY_OR_RAID, 2)
    assert asked.facts_as(PayOrRaidFacts).fine == 1000 and available(state) == ["pay", "raid"]
    events = apply(state, 2, "pay")
    assert payments(events) == [(2, 1, 1000, "protection")]
    asks(state, DecisionKind.ACTION, 2)
    assert "raid" not in available(state)


def test_rules_7_1_3_r_personal_encounter_replaces_polices_business_encounter() -> None:
    """RULES §7.1.3 [R]: a boss on its own business meets police: only the personal
    encounter happens."""
    state = match(bosses=2)
    give(state, 1, 12)
    place(state, 1, 12)
    state.police.position = 15
    turn(state, 2, 1, 2)
    asks(state, DecisionKind.BRIBE_OR_RAID, 1)
    events = decide(state, 1, "bribe", 5)
    assert payments(events) == [(1, 2, 500, "bribe")]
    asks(state, DecisionKind.ACTION, 2)


def test_rules_7_1_4_r_card_spaces_heist_arrested_do_nothing_for_police() -> None:
    """RULES §7.1.4 [R]: police draws no card, collects no Heist money, is not arrested."""
    state = match(bosses=2)
    place(state, 0, 30)
    place(state, 1, 30)
    for start, total, end in ((21, 3, 18), (29, 2, 27), (8, 2, 6), (16, 3, 13)):
        state.police.position = start
        deck = (list(state.street_deck), list(state.police_deck))
        events = turn(state, 2, 1, total - 1)
        assert state.police.position == end
        assert not payments(events)
        assert deck == (state.street_deck, state.police_deck)
        assert not state.police.detained
        asks(state, DecisionKind.ACTION, 2)


def test_rules_7_1_5_police_may_secure_after_a_card_move() -> None:
    """RULES §7.1.5, §9: police moved by a card may secure the merchant business it lands
    on; then the boss takes its action."""
    state = match(bosses=2)
    state.police.position = 18
    stack_card(state, Deck.POLICE_FILE, "Tail surveillance")
    place(state, 0, 4)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.POLICE_ACTION, 2)
    assert state.police.position == 15
    events = apply(state, 2, "control")
    assert payments(events) == [(2, BANK, 2200, "establish")]
    assert state.control[15] == 2
    assert state.police.cash == 9800
    asks(state, DecisionKind.ACTION, 0)
    assert conserved(state)


def test_rules_7_1_5_police_may_recruit_after_heist_move() -> None:
    """RULES §7.1.5: Heist moves police onto a hub (26 -> 23): police may recruit."""
    state = match(bosses=2)
    state.police.position = 26
    place(state, 0, 16)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.POLICE_ACTION, 2)
    apply(state, 2, "recruit10")
    assert state.police.people == 38
    assert state.police.cash == 9000
    asks(state, DecisionKind.ACTION, 0)


def test_rules_7_2_detained_bosses_take_no_part_in_police_encounters() -> None:
    """RULES §7.2: police lands on Detention: the detained boss faces nothing, the
    visitor does."""
    state = match(bosses=2)
    place(state, 0, 9, detained=True)
    place(state, 1, 9)
    state.police.position = 12
    turn(state, 2, 1, 2)
    asks(state, DecisionKind.BRIBE_OR_RAID, 1)
    decide(state, 1, "bribe", 2)
    asks(state, DecisionKind.ACTION, 2)
    assert state.sides[0].cash == 12_000 and state.sides[0].detained


def test_rules_7_3_start_raid_detained_survivor_wins() -> None:
    """RULES §7.3: police arrives on Start with two bosses there; the third boss is
    detained: the two are eliminated and the detained boss, the only one left, wins."""
    state = match(bosses=3)
    place(state, 2, 9, detained=True)
    state.police.position = 3
    events = turn(state, 3, 1, 2, 4)
    assert state.sides[0].eliminated and state.sides[1].eliminated
    assert of(events, StartRaid)[0].eliminated == (0, 1)
    assert state.result is not None
    assert state.result.reason is EndReason.START_RAID
    assert state.result.winner == 2
    assert state.pending is None


def test_rules_7_3_start_raid_nobody_left_police_wins() -> None:
    """RULES §7.3: every boss on Start is eliminated; none left: police wins."""
    state = match(bosses=2)
    state.police.position = 2
    turn(state, 2, 1, 1, 1)
    assert state.result is not None
    assert state.result.reason is EndReason.START_RAID
    assert state.result.winner == 2


def test_rules_7_3_start_raid_two_left_play_goes_on() -> None:
    """RULES §7.3: two or more bosses left anywhere: play goes on."""
    state = match(bosses=4)
    place(state, 2, 5)
    place(state, 3, 9, detained=True)
    state.police.position = 2
    events = turn(state, 4, 1, 1, 1)
    assert [e.seat for e in of(events, Eliminated)] == [0, 1]
    assert state.result is None
    asks(state, DecisionKind.ACTION, 4)


def test_rules_7_3_start_raid_by_card_moved_police() -> None:
    """RULES §7.3, §7.1: a card moves police onto Start where bosses wait: all of them are
    eliminated; the drawer goes on (police may act, then the drawer acts)."""
    state = match(bosses=4)
    state.police.position = 3
    stack_card(state, Deck.POLICE_FILE, "Tail surveillance")
    place(state, 2, 4)
    place(state, 3, 13)
    turn(state, 2, 1, 1, 5)
    assert state.police.position == 0
    assert state.police.cash == 16_000  # passed Start counterclockwise (§5 [R])
    assert state.sides[0].eliminated and state.sides[1].eliminated
    assert state.result is None
    asks(state, DecisionKind.POLICE_ACTION, 4)
    apply(state, 4, "pass")
    asks(state, DecisionKind.ACTION, 2)


def test_rules_8_2_bribe_is_100_per_pip_to_police() -> None:
    """RULES §8.2: the bribe is $100 × pips, paid to the police treasury."""
    state = match(bosses=2)
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    events = decide(state, 0, "bribe", 6)
    assert payments(events) == [(0, 2, 600, "bribe")]
    assert (state.sides[0].cash, state.police.cash) == (11_400, 12_600)


def test_rules_8_2_r_bribe_beyond_cash_pays_everything_and_eliminates() -> None:
    """RULES §8.2 [R]: a boss that cannot pay the rolled bribe pays all it has and is out."""
    state = match(bosses=3)
    state.police.position = 5
    set_cash(state, 0, 300)
    give(state, 0, 7)
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    events = decide(state, 0, "bribe", 5)
    assert payments(events) == [(0, 3, 300, "bribe")]
    assert state.sides[0].eliminated
    assert state.control[7] == MERCHANT
    assert state.police.cash == 12_300
    asks(state, DecisionKind.ROLL, 1)
    assert conserved(state)


def test_rules_6_personal_encounter_then_the_card_is_still_drawn() -> None:
    """RULES §6: the personal encounter replaces only step 4; a card space is still drawn
    (step 5) after the bribe."""
    state = match(bosses=2)
    state.police.position = 14
    stack_card(state, Deck.STREET_LIFE, "Bootleg payoff")
    place(state, 0, 12)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    events = decide(state, 0, "bribe", 2)
    assert of(events, CardDrawn)[0].title == "Bootleg payoff"
    assert state.sides[0].cash == 12_000 - 200 + 1500


def test_rules_6_arrested_with_police_there_bribe_then_detention() -> None:
    """RULES §6: on Arrested with police there: the personal encounter first, then the boss
    goes to Detention, detained, and its turn ends."""
    state = match(bosses=2)
    state.police.position = 27
    place(state, 0, 25)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    decide(state, 0, "bribe", 1)
    assert (state.sides[0].position, state.sides[0].detained) == (9, True)
    asks(state, DecisionKind.ROLL, 1)


def test_rules_6_6_heist_moves_police_past_start() -> None:
    """RULES §6.6, §5 [R]: Heist moves police 3 counterclockwise from 2 to 35: police
    passes Start forward, collects $4,000 and rolls for its Warrant."""
    state = match(bosses=2)
    state.police.position = 2
    place(state, 0, 16)
    events = turn(state, 0, 1, 1, 4)
    assert state.police.position == 35
    assert state.police.cash == 16_000 and state.police.powered
    assert payments(events) == [(BANK, 0, 1500, "heist"), (BANK, 2, 4000, "start")]
    asks(state, DecisionKind.POLICE_ACTION, 2)
    assert no_dice_left(state)


def test_rules_7_1_heist_encounters_start_with_the_turns_boss() -> None:
    """RULES §7.1.2: Heist moves police (25 -> 22) onto bosses 1 and 4 while boss 3 is on
    Heist: boss 4 (next after the turn's boss in seat order) bribes first, then boss 1."""
    state = match(bosses=4)
    state.police.position = 25
    place(state, 0, 22)
    place(state, 3, 22)
    place(state, 2, 16)
    turn(state, 2, 1, 1)
    assert state.police.position == 22
    asks(state, DecisionKind.BRIBE_OR_RAID, 3)
    decide(state, 3, "bribe", 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    decide(state, 0, "bribe", 1)
    asks(state, DecisionKind.POLICE_ACTION, 4)
    apply(state, 4, "pass")
    asks(state, DecisionKind.ACTION, 2)
    assert [s.cash for s in state.sides] == [11_900, 12_000, 13_500, 11_900, 12_200]


def test_rules_4_1_released_boss_may_rebuild() -> None:
    """RULES §4.1, §9 [R]: released with $800 + $500 = $1,300: Rebuild contacts is open."""
    from engine.chicago.testing import begin_turn

    state = match(bosses=2)
    set_cash(state, 0, 800)
    place(state, 0, 9, detained=True)
    begin_turn(state, 0)
    assert available(state) == ["rebuild", "pass"]
    apply(state, 0, "rebuild")
    assert state.sides[0].cash == 2300


def test_rules_7_1_card_moves_police_onto_the_drawer_first() -> None:
    """RULES §7.1.2: Rival speakeasies moves police 17 -> 14 onto the drawer (seat 3) and
    seat 1: the drawer's encounter comes first; then police acts; then the drawer."""
    state = match(bosses=3)
    state.police.position = 17
    place(state, 0, 14)
    events = draw_at_card(state)
    assert payments(events)[0] == (2, BANK, 500, "card")
    assert state.police.position == 14
    asks(state, DecisionKind.BRIBE_OR_RAID, 2)
    decide(state, 2, "bribe", 2)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    decide(state, 0, "bribe", 3)
    asks(state, DecisionKind.POLICE_ACTION, 3)
    apply(state, 3, "pass")
    asks(state, DecisionKind.ACTION, 2)
    assert "raid" not in available(state)
    assert [s.cash for s in state.sides] == [11_700, 12_000, 11_300, 12_500]


def draw_at_card(state: MatchState) -> list[Event]:
    stack_card(state, Deck.STREET_LIFE, "Rival speakeasies")
    place(state, 2, 12)
    return turn(state, 2, 1, 1)
