"""TURF §1 (pieces), §2 (setup) and §3 (the turn's order)."""

from __future__ import annotations

import pytest

from engine.common.seats import PlayerSpec
from engine.turf import SUPPLY, IllegalDecision, TurfOptions, apply, new_match
from engine.turf.board import (
    BUILDINGS_PER_PLAYER,
    SQUARES,
    named_by,
    parse_square,
    square,
    square_name,
)
from engine.turf.cards import DECK, card_text, is_street, parse_card, rank, thugs_for
from engine.turf.events import CardDrawn, DiscardReshuffled, ThugsGained, TurnStarted
from engine.turf.testing import hand, scene, thugs


def test_board_squares_are_named_column_then_row_from_the_marked_corner() -> None:
    """TURF §1.1: 64 squares, (1,1) the marked corner, (8,8) the opposite one."""
    assert len(SQUARES) == 64 and square(1, 1) == SQUARES[0] and square(8, 8) == SQUARES[-1]
    assert square_name(parse_square("35")) == "(3,5)"
    with pytest.raises(ValueError):
        square(0, 9)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_places_six_buildings_per_player_on_distinct_squares(players: int) -> None:
    """TURF §1.1, §2: 6 × players buildings on distinct squares; nobody controls one;
    TURF §2 [R start]: every player starts with 4 idle thugs and no cards."""
    state = new_match(players, seed=players)
    squares = [b.square for b in state.buildings]
    assert len(squares) == len(set(squares)) == BUILDINGS_PER_PLAYER * players
    assert all(b.guard == -1 for b in state.buildings)
    for p in state.players:
        assert (p.idle, p.job, p.cops, p.hand, p.supply) == (4, 0, 0, [], SUPPLY - 4)


def test_player_count_is_two_to_six() -> None:
    """TURF §2 [R players]: 2 to 6 players, no police side."""
    for bad in (1, 7):
        with pytest.raises(ValueError):
            new_match(bad)
    assert len(new_match(6).players) == 6


def test_seat_order_comes_from_the_seed_and_the_first_seat_plays_first() -> None:
    """TURF §2: seat order by the seed; the same seed seats the same way."""
    specs = [PlayerSpec(name) for name in "ABCDEF"]
    orders = {tuple(p.name for p in new_match(specs, seed=s).players) for s in range(8)}
    assert len(orders) > 1
    again = new_match(specs, seed=3)
    assert [p.name for p in again.players] == [p.name for p in new_match(specs, seed=3).players]
    assert again.pending[0].seat == 0 and again.turn == 0


def test_deck_has_forty_cards_and_streets_are_one_to_eight() -> None:
    """TURF §1.2: ranks 1-10 in four suits; 1-8 are streets, 9 and 10 are not."""
    assert len(DECK) == 40
    assert sorted(rank(c) for c in DECK) == sorted(list(range(1, 11)) * 4)
    assert [is_street(parse_card(t)) for t in ("1c", "8s", "9h", "10d")] == [1, 1, 0, 0]
    assert all(parse_card(card_text(c)) == c for c in DECK)
    assert thugs_for(parse_card("8s")) == 1 and thugs_for(parse_card("10d")) == 2


def test_suits_never_matter_for_naming_a_building() -> None:
    """TURF §1.2 [R suits]: any two cards of the right ranks name the square."""
    for first, second in (("3c", "5d"), ("3s", "5h"), ("5c", "3c")):
        state = scene(buildings={"35": -1})
        hand(state, 0, first, second)
        apply(state, 0, f"infiltrate:35:{'.'.join(sorted((first, second), key=parse_card))}")
        assert state.buildings[0].guard == 0


def test_empty_draw_pile_takes_the_shuffled_discards_then_gives_nothing() -> None:
    """TURF §1.2 [R reshuffle]: an empty draw pile is refilled from the discard pile;
    with both empty, no card is drawn."""
    state = scene()
    state.discard, state.draw = list(state.draw), []
    thugs(state, 0, idle=4)
    events = apply(state, 0, "word")
    assert any(isinstance(e, DiscardReshuffled) and e.cards == 40 for e in events)
    assert len(state.draw) == 39 and not state.discard
    state.draw = []
    events = apply(state, 0, "word")
    assert CardDrawn(0, 0) in events and len(state.players[0].hand) == 1


def test_each_player_owns_forty_thugs_and_a_gain_stops_at_the_supply() -> None:
    """TURF §1.3 [R supply]: 40 thugs each; TURF §1.3 [R gain capped]: a gain larger
    than the supply gives what is left; a discarded thug goes back to the supply."""
    state = scene(buildings={"11": 0, "22": 0, "33": 0})
    thugs(state, 0, idle=37)
    assert state.players[0].supply == 0
    state.players[0].idle, state.players[0].supply = 35, 2
    events = apply(state, 0, "end")
    assert ThugsGained(0, 2, "buildings") in events
    assert state.players[0].supply == 0 and state.thugs(0) == SUPPLY


def test_a_turn_is_legwork_then_recruiting_then_cops_then_the_next_seat() -> None:
    """TURF §3: three phases in order, then the next seat; a round is a turn of each."""
    state = scene(players=3)
    hand(state, 0, "9c")
    thugs(state, 0, idle=4, cops=1)
    kinds = [state.pending[0].kind.value]
    apply(state, 0, "end")
    kinds.append(state.pending[0].kind.value)
    apply(state, 0, "keep")
    kinds.append(state.pending[0].kind.value)
    events = apply(state, 0, "pass")
    assert kinds == ["legwork", "recruit", "cop"]
    assert TurnStarted(1, 1, 0) in events and state.turn == 1
    for seat, text in ((1, "word"), (1, "end"), (1, "keep"), (2, "end")):
        apply(state, seat, text)
    assert state.turn == 0 and state.round == 2


def test_round_limit_option_must_be_positive() -> None:
    """TURF §8 [R round limit]: the lobby sets a limit of at least one round."""
    with pytest.raises(ValueError):
        new_match(2, options=TurfOptions(0))


def test_named_by_reads_either_order_and_pairs() -> None:
    """TURF §4.2.3 [R either order]: a 3 and a 5 name (3,5) and (5,3); two 4s name (4,4)."""
    assert named_by(35, 3, 5) and named_by(53, 3, 5) and named_by(44, 4, 4)
    assert not named_by(44, 4, 5) and not named_by(35, 3, 3)


def test_illegal_decisions_change_nothing() -> None:
    """TURF §4.2: an action nobody can pay for is refused by name, and the state stays."""
    state = scene()
    thugs(state, 0, idle=1)
    before = state.to_json()
    for seat, text in ((0, "word"), (1, "end"), (0, "hit:1"), (0, "bogus"), (0, "end:1")):
        with pytest.raises(IllegalDecision):
            apply(state, seat, text)
    assert state.to_json() == before
