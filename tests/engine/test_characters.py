"""RULES §2.5 and §8.4: the eight boss characters' powers and the police's Warrant."""

from __future__ import annotations

from engine.chicago import apply
from engine.chicago.board import Deck
from engine.chicago.characters import Character
from engine.chicago.decisions import BribeOrRaidFacts, DecisionKind, PayOrRaidFacts
from engine.chicago.events import ControlChanged, FineWaived, PeopleChanged, RaidRound, StartRaid
from engine.chicago.state import NOBODY, MatchState
from engine.chicago.testing import give, place, script_dice, stack_card
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

C = Character
TIE = (3, 3)
ATTACKER_LOSES = (1, 6)
DEFENDER_LOSES = (6, 1)


def rounds(*pairs: tuple[int, int]) -> list[int]:
    return [d for pair in pairs for d in pair]


# --- The Don -------------------------------------------------------------------------


def test_rules_2_5_don_powered_collects_500_per_pip_on_passing_start() -> None:
    """RULES §2.5: a powered Don passing Start rolls a die and collects $500 × pips, before
    the renewal roll."""
    state = match(C.DON, C.FIXER)
    state.police.position = 18
    state.sides[0].powered = True
    place(state, 0, 30)
    events = turn(state, 0, 3, 4, 6, 4)
    assert state.sides[0].cash == 12_000 + 4000 + 3000
    assert payments(events) == [(BANK, 0, 4000, "start"), (BANK, 0, 3000, "don")]
    assert state.sides[0].powered
    assert no_dice_left(state)


def test_rules_2_5_unpowered_don_rolls_no_bonus() -> None:
    """RULES §2.5: an unpowered Don only gets the $4,000 and the renewal roll."""
    state = match(C.DON, C.FIXER)
    state.police.position = 18
    place(state, 0, 30)
    turn(state, 0, 3, 4, 6)
    assert state.sides[0].cash == 16_000
    assert no_dice_left(state)


# --- Street Bat ----------------------------------------------------------------------


def test_rules_2_5_street_bat_gains_pips_soldiers_on_passing_start() -> None:
    """RULES §2.5: a powered Street Bat passing Start gains a die's pips in soldiers."""
    state = match(C.STREET_BAT, C.FIXER)
    state.police.position = 18
    state.sides[0].powered = True
    place(state, 0, 30)
    events = turn(state, 0, 3, 4, 3, 1)
    assert state.sides[0].people == 53
    assert state.sides[0].cash == 16_000
    assert not state.sides[0].powered
    assert [(e.delta, e.reason) for e in of(events, PeopleChanged)] == [(3, "street_bat")]


# --- Queen Bee -----------------------------------------------------------------------


def test_rules_8_4_queen_bee_has_no_personal_encounter() -> None:
    """RULES §8.4 [R]: a powered Queen Bee landing with police faces no personal
    encounter; she goes on normally (here: take control of the merchant business)."""
    state = match(C.QUEEN_BEE, C.FIXER)
    state.sides[0].powered = True
    state.police.position = 5
    place(state, 0, 3)
    events = turn(state, 0, 1, 1)
    assert not payments(events)
    asks(state, DecisionKind.ACTION, 0)
    apply(state, 0, "control")
    assert state.control[5] == 0 and state.sides[0].cash == 10_600


def test_rules_8_4_queen_bee_on_sealed_business_pays_no_inspection_and_may_raid() -> None:
    """RULES §8.4 [R] (tricky): a powered Queen Bee on a police-sealed business pays no
    Inspection; no pay-or-raid happened, so she may Raid as her action and take it."""
    state = match(C.QUEEN_BEE, C.FIXER)
    state.sides[0].powered = True
    state.police.position = 18
    give(state, 2, 12)
    place(state, 0, 10)
    events = turn(state, 0, 1, 1)
    assert of(events, FineWaived) == [FineWaived(0, 12)]
    assert not payments(events)
    asks(state, DecisionKind.ACTION, 0)
    assert "raid" in available(state)
    script_dice(state, *rounds(*[DEFENDER_LOSES] * 10))
    apply(state, 0, "raid")
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 2)
    events = apply(state, 2, "withdraw")
    assert [(e.space, e.old, e.new) for e in of(events, ControlChanged)] == [(12, 2, 0)]
    assert state.sides[0].marks == 1
    assert state.sides[0].cash == 12_000 and state.police.cash == 12_000
    asks(state, DecisionKind.ROLL, 1)


def test_rules_8_4_queen_bee_with_police_on_its_sealed_business() -> None:
    """RULES §8.4 [R]: police standing on its sealed business: no personal encounter and
    no Inspection for a powered Queen Bee."""
    state = match(C.QUEEN_BEE, C.FIXER)
    state.sides[0].powered = True
    state.police.position = 12
    give(state, 2, 12)
    place(state, 0, 10)
    events = turn(state, 0, 1, 1)
    assert not payments(events)
    asks(state, DecisionKind.ACTION, 0)
    assert "raid" in available(state)


def test_rules_8_4_queen_bee_still_pays_protection_to_a_boss() -> None:
    """RULES §8.4: only police fines are waived; Protection to a boss still applies."""
    state = match(C.QUEEN_BEE, C.FIXER)
    state.sides[0].powered = True
    state.police.position = 18
    give(state, 1, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    assert asks(state, DecisionKind.PAY_OR_RAID, 0).facts_as(PayOrRaidFacts).fine == 1000


def test_rules_8_4_police_on_queen_bees_business_pays_or_raids() -> None:
    """RULES §7.1.3, §8.4: police arriving where a powered Queen Bee stands on her own
    business: no personal encounter happened, so police pays Protection or raids."""
    state = match(C.QUEEN_BEE, C.FIXER)
    state.sides[0].powered = True
    give(state, 0, 12)
    place(state, 0, 12)
    state.police.position = 15
    turn(state, 2, 1, 2)
    asks(state, DecisionKind.PAY_OR_RAID, 2)
    events = apply(state, 2, "pay")
    assert payments(events) == [(2, 0, 1000, "protection")]


def test_rules_8_4_queen_bee_is_still_eliminated_by_the_start_raid() -> None:
    """RULES §8.4, §7.3: the Start raid still eliminates a powered Queen Bee."""
    state = match(C.QUEEN_BEE, C.FIXER, C.DON)
    state.sides[0].powered = True
    place(state, 1, 5)
    place(state, 2, 7)
    place(state, 0, 30)
    events = turn(state, 0, 3, 3, 6)
    assert of(events, StartRaid)[0].eliminated == (0,)
    assert state.sides[0].eliminated


def test_rules_8_4_unpowered_queen_bee_meets_police() -> None:
    """RULES §2.5: unpowered, Queen Bee faces personal encounters like anyone."""
    state = match(C.QUEEN_BEE, C.FIXER)
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)


# --- Iron Fist -----------------------------------------------------------------------


def test_rules_2_5_iron_fist_recruits_6_and_15() -> None:
    """RULES §2.5, §9: a powered Iron Fist recruiting gains 6 for $1,500, 15 for $3,000."""
    state = match(C.IRON_FIST, C.FIXER)
    state.police.position = 18
    state.sides[0].powered = True
    place(state, 0, 2)
    turn(state, 0, 1, 1)
    apply(state, 0, "recruit4")
    assert (state.sides[0].people, state.sides[0].cash) == (56, 10_500)
    place(state, 0, 11)
    turn(state, 0, 1, 1)
    apply(state, 0, "recruit10")
    assert (state.sides[0].people, state.sides[0].cash) == (71, 7_500)


def test_rules_2_5_iron_fist_card_gain_2_becomes_3() -> None:
    """RULES §2.5: every positive soldier gain ×1.5 rounded down: 2 -> 3."""
    state = match(C.IRON_FIST, C.FIXER)
    state.police.position = 18
    state.sides[0].powered = True
    stack_card(state, Deck.STREET_LIFE, "Neighborhood loyalists")
    turn(state, 0, 1, 1)
    assert state.sides[0].people == 53


def test_rules_2_5_iron_fist_at_118_recruits_to_120_at_full_price() -> None:
    """RULES §2.3, §9 (tricky): Iron Fist at 118 recruits 4 (6 powered): 120, the price
    stays $1,500."""
    state = match(C.IRON_FIST, C.FIXER)
    state.police.position = 18
    state.sides[0].powered = True
    state.sides[0].people = 118
    place(state, 0, 2)
    turn(state, 0, 1, 1)
    events = apply(state, 0, "recruit4")
    assert state.sides[0].people == 120
    assert state.sides[0].cash == 10_500
    assert payments(events) == [(0, BANK, 1500, "recruit")]
    assert [(e.delta, e.wasted) for e in of(events, PeopleChanged)] == [(2, 4)]


def test_rules_2_5_iron_fist_raid_limit_stays_20() -> None:
    """RULES §2.5: Iron Fist's raid limit stays 20 losses."""
    state = match(C.DON, C.IRON_FIST)
    state.police.position = 18
    state.sides[1].powered = True
    give(state, 1, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    script_dice(state, *rounds(*[DEFENDER_LOSES] * 20))
    apply(state, 0, "raid")
    for _ in range(10):
        asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 1)
        apply(state, 1, "fight")
    assert state.control[12] == 0
    assert state.sides[1].people == 30


def test_rules_2_5_unpowered_iron_fist_recruits_4() -> None:
    """RULES §2.5: unpowered Iron Fist gains the plain 4."""
    state = match(C.IRON_FIST, C.FIXER)
    state.police.position = 18
    place(state, 0, 2)
    turn(state, 0, 1, 1)
    apply(state, 0, "recruit4")
    assert state.sides[0].people == 54


# --- Lucky Jack ----------------------------------------------------------------------


def lucky_scene() -> MatchState:
    state = match(C.LUCKY_JACK, C.DON, C.QUEEN_BEE, C.FIXER)
    state.police.position = 18
    state.sides[0].powered = True
    return state


def test_rules_6_3_lucky_jack_moving_collects_from_each_free_boss_there() -> None:
    """RULES §6.3 [R]: a powered Lucky Jack moving onto Detention collects $500 from the
    visitor; the detained boss takes no part (§7.2)."""
    state = lucky_scene()
    place(state, 1, 9)
    place(state, 2, 9, detained=True)
    place(state, 3, 9)
    place(state, 0, 7)
    events = turn(state, 0, 1, 1)
    assert payments(events) == [(1, 0, 500, "lucky_jack"), (3, 0, 500, "lucky_jack")]
    assert [s.cash for s in state.sides[:4]] == [13_000, 11_500, 12_000, 11_500]


def test_rules_6_3_boss_moving_onto_lucky_jack_pays_him() -> None:
    """RULES §6.3 [R]: another free boss moving onto a powered Lucky Jack's space pays
    him $500, before the business encounter of step 4."""
    state = lucky_scene()
    give(state, 2, 12)
    place(state, 0, 12)
    place(state, 1, 10)
    events = turn(state, 1, 1, 1)
    assert payments(events) == [(1, 0, 500, "lucky_jack")]
    asks(state, DecisionKind.PAY_OR_RAID, 1)


def test_rules_6_3_personal_encounter_then_lucky_jack() -> None:
    """RULES §6 order: personal police encounter (step 2) before Lucky Jack (step 3)."""
    state = lucky_scene()
    state.police.position = 12
    place(state, 0, 12)
    place(state, 1, 10)
    turn(state, 1, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 1)
    events = decide(state, 1, "bribe", 2)
    assert payments(events) == [(1, 4, 200, "bribe"), (1, 0, 500, "lucky_jack")]


def test_rules_6_3_unpowered_lucky_jack_collects_nothing() -> None:
    """RULES §2.5: unpowered, Lucky Jack collects nothing."""
    state = lucky_scene()
    state.sides[0].powered = False
    place(state, 1, 9)
    place(state, 0, 7)
    events = turn(state, 0, 1, 1)
    assert not payments(events)


def test_rules_6_3_lucky_jack_payment_to_exactly_zero_eliminates() -> None:
    """RULES §6.3, §11.1: a $500 Lucky Jack payment that leaves $0 eliminates the payer."""
    state = lucky_scene()
    set_cash(state, 1, 500)
    place(state, 1, 9)
    place(state, 0, 7)
    turn(state, 0, 1, 1)
    assert state.sides[1].eliminated
    assert state.sides[0].cash == 12_500
    assert conserved(state)


# --- Night Gun and Warrant -----------------------------------------------------------


def test_rules_2_5_night_gun_vs_warrant_ties_are_rerolled() -> None:
    """RULES §2.5, §8.1.3 (tricky): a powered Warrant attacking a powered Night Gun's
    business: ties are rolled again."""
    state = match(C.DON, C.NIGHT_GUN)
    give(state, 1, 12)
    state.sides[1].powered = True
    state.police.powered = True
    state.police.position = 15
    turn(state, 2, 1, 2)
    script_dice(state, *rounds(TIE, TIE, TIE, *[DEFENDER_LOSES] * 10))
    events = apply(state, 2, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [NOBODY] * 3 + [1] * 10
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 1)
    assert no_dice_left(state)


def test_rules_2_5_night_gun_defending_against_unpowered_warrant_wins_ties() -> None:
    """RULES §2.5: Night Gun defending against police (Warrant unpowered) wins ties."""
    state = match(C.DON, C.NIGHT_GUN)
    give(state, 1, 12)
    state.sides[1].powered = True
    state.police.position = 15
    turn(state, 2, 1, 2)
    script_dice(state, *rounds(*[TIE] * 10))
    events = apply(state, 2, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [2] * 10
    assert state.police.people == 18


def test_rules_2_5_night_gun_attacking_gets_nothing_from_ties() -> None:
    """RULES §2.5: Night Gun wins ties only when defending; attacking police (personal
    encounter) ties roll again."""
    state = match(C.NIGHT_GUN, C.DON)
    state.sides[0].powered = True
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    script_dice(state, *rounds(TIE, *[ATTACKER_LOSES] * 10))
    events = decide(state, 0, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [NOBODY] + [0] * 10


def test_rules_2_5_warrant_does_not_apply_in_a_personal_encounter() -> None:
    """RULES §2.5: Warrant only matters when police attacks a business; in a personal
    encounter the boss attacks and police's ties roll again."""
    state = match(C.DON, C.FIXER)
    state.police.powered = True
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    script_dice(state, *rounds(TIE, *[DEFENDER_LOSES] * 10))
    events = decide(state, 0, "raid")
    assert [e.loser for e in of(events, RaidRound)] == [NOBODY] + [2] * 10


# --- The Fixer -----------------------------------------------------------------------


def test_rules_8_2_fixer_pays_half_the_rolled_bribe() -> None:
    """RULES §8.2, §2.5 (tricky): a powered Fixer rolling 5 pays $250, not $500."""
    state = match(C.FIXER, C.DON)
    state.sides[0].powered = True
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    asked = asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    assert (
        asked.facts_as(BribeOrRaidFacts).top_bribe == 300
    )  # the largest possible bribe is halved too
    events = decide(state, 0, "bribe", 5)
    assert payments(events) == [(0, 2, 250, "bribe")]
    assert (state.sides[0].cash, state.police.cash) == (11_750, 12_250)


def test_rules_8_2_unpowered_fixer_pays_full() -> None:
    """RULES §8.2: unpowered, the Fixer pays the full $100 × pips."""
    state = match(C.FIXER, C.DON)
    state.police.position = 5
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    events = decide(state, 0, "bribe", 5)
    assert payments(events) == [(0, 2, 500, "bribe")]


# --- Velvet Boss ---------------------------------------------------------------------


def velvet_scene(owner: int) -> MatchState:
    """A powered Velvet Boss (seat 0) lands on Bridgeport Chop House held by `owner`."""
    state = match(C.VELVET_BOSS, C.DON)
    state.sides[0].powered = True
    state.police.position = 18
    give(state, owner, 12)
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    return state


def test_rules_2_5_velvet_boss_gains_5_taking_a_business_from_a_boss_by_raid() -> None:
    """RULES §2.5: a powered Velvet Boss gains 5 soldiers taking a boss's business."""
    state = velvet_scene(owner=1)
    decide(state, 0, "raid", *rounds(*[DEFENDER_LOSES] * 10))
    events = apply(state, 1, "withdraw")
    assert state.control[12] == 0
    assert state.sides[0].people == 55
    assert [(e.delta, e.reason) for e in of(events, PeopleChanged)] == [(5, "velvet_boss")]


def test_rules_2_5_velvet_boss_gains_nothing_from_a_police_seal_raid() -> None:
    """RULES §2.5 [R]: police seals give nothing."""
    state = velvet_scene(owner=2)
    decide(state, 0, "raid", *rounds(*[DEFENDER_LOSES] * 10))
    apply(state, 2, "withdraw")
    assert state.control[12] == 0
    assert state.sides[0].people == 50


def test_rules_2_5_velvet_boss_gains_2_taking_a_merchant_business() -> None:
    """RULES §2.5 [R], §9: taking control of a merchant-run business: +2 soldiers."""
    state = match(C.VELVET_BOSS, C.DON)
    state.sides[0].powered = True
    state.police.position = 18
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    apply(state, 0, "control")
    assert state.sides[0].people == 52
    assert state.sides[0].cash == 10_000


def test_rules_2_5_velvet_boss_gains_nothing_from_a_trade() -> None:
    """RULES §2.5 [R]: trades give nothing."""
    state = match(C.VELVET_BOSS, C.DON)
    state.sides[0].powered = True
    state.police.position = 18
    give(state, 1, 12)
    place(state, 1, 0)
    place(state, 0, 30)
    turn(state, 0, 3, 3, 5)
    apply(state, 0, "trade:1:-:12:0")
    events = apply(state, 1, "accept")
    assert state.control[12] == 0
    assert state.sides[0].people == 50
    assert not of(events, PeopleChanged)


def test_rules_2_5_unpowered_velvet_boss_gains_nothing() -> None:
    """RULES §2.5: unpowered, Velvet Boss gains nothing taking control."""
    state = match(C.VELVET_BOSS, C.DON)
    state.police.position = 18
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    apply(state, 0, "control")
    assert state.sides[0].people == 50


def test_rules_7_2_detained_lucky_jack_collects_nothing() -> None:
    """RULES §6.3, §7.2: a detained Lucky Jack takes no part in Lucky Jack payments."""
    state = lucky_scene()
    place(state, 0, 9, detained=True)
    place(state, 1, 7)
    events = turn(state, 1, 1, 1)
    assert not payments(events)


def test_rules_6_3_lucky_jack_pairs_created_by_a_card_move_pay() -> None:
    """RULES §6, §6.3: an arrival by card counts: Bad tip onto Detention where a powered
    Lucky Jack visits costs $500."""
    state = lucky_scene()
    place(state, 0, 9)
    stack_card(state, Deck.POLICE_FILE, "Bad tip")
    place(state, 1, 4)
    events = turn(state, 1, 1, 1)
    assert payments(events) == [(1, 0, 500, "lucky_jack")]
