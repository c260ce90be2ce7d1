"""The end of the match: reveal, Bomb, Lucky Joe, control, Value, income, ranking
(BOOTLEG §7-§10). The scene city: Casino 1, Precinct 2, Bank 3, City Hall 4, Station 5,
Church 6, Hotel 7, Post Office 8, Prison 9."""

from __future__ import annotations

from engine.bootleg import BootlegState, apply
from engine.bootleg.events import Event, LocationScored, TokenRevealed
from engine.bootleg.testing import barrels, scene, szmal, to_end, token

FOUR = ("rotten", "devils", "lucky", "golden")
ROTTEN, DEVILS, LUCKY, GOLDEN = 0, 1, 2, 3


def _broke(state: BootlegState) -> None:
    for p in state.players:
        szmal(state, p.seat, 0)


def _record(events: list[Event], cell: int) -> LocationScored:
    return next(e for e in events if isinstance(e, LocationScored) and e.cell == cell)


def _worked_example() -> BootlegState:
    state = scene(FOUR)
    _broke(state)
    token(state, 3, 2)  # Bank: Tribute +2
    token(state, 2, 9)  # Precinct: Reverse Ties
    token(state, 1, 8)  # Casino: Last Out
    token(state, 4, 5)  # City Hall: Levy −2
    barrels(state, 3, (ROTTEN, "big"), (DEVILS, "bomb"), (LUCKY, "plain"), (DEVILS, "plain"))
    barrels(state, 2, (LUCKY, "good_goods"), (GOLDEN, "golden"))
    barrels(state, 1, (DEVILS, "plain"), (LUCKY, "plain"), (LUCKY, "cheap_gin"))
    barrels(state, 4, (LUCKY, "plain"), (GOLDEN, "plain"), (GOLDEN, "golden"))
    return state


def test_the_worked_example() -> None:
    """BOOTLEG §9.5, BOOTLEG §9 and BOOTLEG §9.1: the Devils detonate, Lucky Joe
    activates, the Golden Whisky settles a tie before Reverse Ties is looked at (§9.3)."""
    state = _worked_example()
    to_end(state)
    assert state.pending[0].kind.value == "bomb" and state.pending[0].seat == DEVILS
    apply(state, DEVILS, "bomb:detonate")
    assert state.pending[0].kind.value == "lucky" and state.pending[0].seat == LUCKY
    events = apply(state, LUCKY, "lucky:activate")
    bank, precinct, casino, hall = (_record(events, c) for c in (3, 2, 1, 4))
    assert bank.row == ((DEVILS, "bomb"), (DEVILS, "plain"))
    assert bank.bombed == ((ROTTEN, "big"), (LUCKY, "plain"))
    assert (bank.controller, bank.reason, bank.income) == (DEVILS, "majority", 7)
    assert (precinct.controller, precinct.reason, precinct.value) == (GOLDEN, "golden_whisky", 7)
    assert precinct.value_reason == "specials"
    assert casino.left_out == (LUCKY, "cheap_gin")
    assert (casino.controller, casino.reason, casino.income) == (DEVILS, "leftmost", 4)
    assert (hall.controller, hall.income, hall.token_income) == (GOLDEN, -1, -2)
    assert [p.szmal for p in state.players] == [0, 11, 0, 6]
    assert state.result is not None and state.result.winner == DEVILS


def test_golden_whisky_before_reverse_ties_and_not_under_no_tricks() -> None:
    """BOOTLEG §9.3: a; then b (Reverse Ties: the rightmost tied Barrel); BOOTLEG §8.1
    [R no tricks]: under No Tricks the Golden Whisky is a plain Barrel."""
    state = scene(("golden", "devils"))
    token(state, 2, 9)  # Reverse Ties
    barrels(state, 2, (0, "golden"), (1, "plain"))
    token(state, 3, 12)  # No Tricks
    barrels(state, 3, (0, "golden"), (1, "plain"))
    events = to_end(state)
    assert _record(events, 2).reason == "golden_whisky"
    assert (_record(events, 3).controller, _record(events, 3).reason) == (0, "leftmost")
    state = scene(("rotten", "devils"))
    token(state, 2, 9)
    barrels(state, 2, (0, "plain"), (1, "plain"))
    events = to_end(state)
    assert (_record(events, 2).controller, _record(events, 2).reason) == (1, "reverse_ties")


def test_last_out_with_a_big_barrel_last() -> None:
    """BOOTLEG §8, BOOTLEG §9.3 [R left out counts nothing]: the whole Big Barrel is left out;
    BOOTLEG §8.1: otherwise it weighs 2."""
    state = scene(("devils", "rotten"))
    token(state, 1, 8)  # Last Out
    barrels(state, 1, (0, "plain"), (1, "big"))
    casino = _record(to_end(state), 1)
    assert casino.left_out == (1, "big") and casino.counts == (1, 0) and casino.controller == 0
    state = scene(("devils", "rotten"))
    barrels(state, 3, (0, "plain"), (1, "big"))
    bank = _record(to_end(state), 3)
    assert bank.counts == (1, 2) and bank.controller == 1


def test_a_left_out_good_goods_still_changes_the_value() -> None:
    """BOOTLEG §9.3 [R left out value]; BOOTLEG §9.2 [R value floor]: never below 0."""
    state = scene(("lucky", "devils"))
    token(state, 1, 8)  # Last Out on the Casino
    barrels(state, 1, (1, "plain"), (0, "good_goods"))
    token(state, 4, 1, face_up=False)
    barrels(state, 4, (0, "plain"), (0, "cheap_gin"))
    to_end(state)
    events = apply(state, 0, "lucky:activate")
    casino, hall = _record(events, 1), _record(events, 4)
    assert (casino.controller, casino.value) == (1, 8)
    assert (hall.value, hall.value_reason, hall.income) == (0, "floor", 1)


def test_fixed_price_and_lucky_joe_all_or_nothing() -> None:
    """BOOTLEG §9.1 [R lucky activatable]: a Special under Fixed Price or No Tricks is not
    activatable; both others go together; with none, nobody is asked; BOOTLEG §9.2."""
    state = scene(("lucky", "devils"))
    token(state, 1, 10)  # Fixed Price
    barrels(state, 1, (0, "good_goods"))
    token(state, 3, 12)  # No Tricks
    barrels(state, 3, (0, "cheap_gin"))
    events = to_end(state)
    assert state.result is not None and _record(events, 1).value == 3
    assert _record(events, 3).value == 5
    state = scene(("lucky", "devils"))
    barrels(state, 1, (0, "good_goods"))
    barrels(state, 3, (0, "cheap_gin"))
    to_end(state)
    events = apply(state, 0, "lucky:activate")
    assert (_record(events, 1).value, _record(events, 3).value) == (8, 3)


def test_bomb_at_a_rows_end_and_when_nobody_is_asked() -> None:
    """BOOTLEG §8.1 [R bomb stays] [R big removed whole]: at the row's end it takes its
    one neighbour, the Bomb stays; BOOTLEG §9.1 [R bomb asked]: alone or under No Tricks,
    nobody is asked; BOOTLEG §8.3: the row closes."""
    state = scene(("devils", "rotten"))
    barrels(state, 3, (0, "bomb"), (1, "big"))
    barrels(state, 1, (1, "plain"))
    to_end(state)
    events = apply(state, 0, "bomb:detonate")
    assert state.players[1].removed == ["big"]
    assert _record(events, 3).row == ((0, "bomb"),)
    state = scene(("devils", "rotten"))
    barrels(state, 3, (0, "bomb"))
    to_end(state)
    assert state.result is not None
    state = scene(("devils", "rotten"))
    token(state, 3, 12)
    barrels(state, 3, (1, "plain"), (0, "bomb"), (1, "plain"))
    to_end(state)
    assert state.result is not None and state.bomb == ""
    state = scene(("devils", "rotten"))
    barrels(state, 3, (1, "plain"), (1, "plain"), (0, "bomb"))
    to_end(state)
    apply(state, 0, "bomb:detonate")
    assert [b.kind for b in state.site(3).barrels] == ["plain", "bomb"]


def test_face_down_tokens_count_at_the_end() -> None:
    """BOOTLEG §7 [R reveal at end]: every face-down token in a Location turns up and
    counts; the 3 out-of-game tokens never count."""
    state = scene()
    token(state, 1, 3, face_up=False)  # Tribute +3, face down
    barrels(state, 1, (0, "plain"))
    _broke(state)
    events = to_end(state)
    assert TokenRevealed(1, 3) in events and _record(events, 1).income == 6 + 3


def test_levy_from_cash_and_incomes_summed_first() -> None:
    """BOOTLEG §9.2 [R incomes summed]: −1$ from City Hall and +3$ from the Church make
    +2$, whatever the order; a Levy takes cash down to 0 at most (§2.6)."""
    state = scene()
    _broke(state)
    token(state, 4, 5)  # Levy −2 on City Hall: 1 − 2 = −1
    token(state, 6, 1)  # Tribute +1 on the Church: 2 + 1 = 3
    barrels(state, 4, (0, "plain"))
    barrels(state, 6, (0, "plain"))
    barrels(state, 2, (1, "plain"))
    token(state, 2, 4)  # Levy −1 on the Precinct: 5 − 1
    to_end(state)
    assert state.players[0].szmal == 2
    state = scene()
    _broke(state)
    token(state, 4, 5)
    barrels(state, 4, (0, "plain"))
    to_end(state)
    assert state.players[0].szmal == 0


def test_the_strict_ranking() -> None:
    """BOOTLEG §9.4: Szmal, then Locations controlled, then seat order."""
    state = scene(("rotten", "devils", "lucky"))
    _broke(state)
    token(state, 4, 5)  # City Hall −1 for seat 2
    barrels(state, 4, (2, "plain"))
    barrels(state, 6, (2, "plain"))  # Church 2 (scene token 5 there: Levy... set one)
    token(state, 6, 1)  # Church 2 + 1
    szmal(state, 0, 2)
    szmal(state, 1, 2)
    to_end(state)
    assert state.result is not None
    assert [(s.seat, s.szmal, s.locations) for s in state.result.ranking] == [
        (2, 2, 2), (0, 2, 0), (1, 2, 0)
    ]  # fmt: skip
    assert state.result.winner == 2
