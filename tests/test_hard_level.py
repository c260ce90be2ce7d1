"""The hard computer level: it looks ahead only through what its seat can see, decides
the same from the same match, and a session plays it off the event loop."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from bot.session import MatchSession
from engine.chicago import MatchOptions, MatchState, PlayerSpec, apply, new_match, player_view
from engine.chicago.computer import choose
from engine.chicago.computer.hard import (
    HARD,
    WEIGHED,
    apply_imagined,
    candidates,
    choose_hard,
    instinct,
)
from engine.chicago.computer.normal import choose_normal
from engine.chicago.computer.odds import odds_in_raid
from engine.chicago.computer.reading import marks_left
from engine.chicago.computer.worlds import clone, sample_world
from engine.chicago.decisions import Decision, DecisionKind, Pending
from engine.chicago.events import DicePurpose, DiceRolled
from engine.chicago.state import MERCHANT
from engine.common.rng import Rng


def weighed_states(count: int) -> list[MatchState]:
    """Positions from normal play where the hard player has two options to weigh."""
    found: list[MatchState] = []
    for seed in range(1, 40):
        players = [PlayerSpec(f"B{i}", "normal") for i in range(3)]
        state = new_match(3, seed, None, players, PlayerSpec("P", "normal"))
        while state.result is None and len(found) < count:
            pending = state.pending
            assert pending is not None
            instinct = choose_normal(state, pending)
            if pending.kind in WEIGHED and len(candidates(pending, instinct)) > 1:
                found.append(clone(state))
                break
            apply(state, pending.seat, instinct)
        if len(found) >= count:
            break
    return found


def with_other_secrets(state: MatchState, seed: int) -> MatchState:
    """The same match as every seat sees it, with different secrets: both decks in
    another order, another dice generator, and a rival's contact cards swapped for
    contacts from the deck (all contacts are the same card)."""
    twin = clone(state)
    rng = random.Random(seed)
    rng.shuffle(twin.street_deck)
    rng.shuffle(twin.police_deck)
    twin.rng.seed ^= 0x5DEECE66D
    twin.rng.counter += 17
    assert state.pending is not None
    rival = next(s for s in twin.sides if s.seat != state.pending.seat and s.contacts)
    in_deck = [c for c in twin.street_deck if c < 4]  # ids 0-3 are the deck's contacts
    if in_deck:
        deck_card, held = in_deck[0], rival.contacts[0]
        twin.street_deck[twin.street_deck.index(deck_card)] = held
        rival.contacts[0] = deck_card
    return twin


def test_secrets_the_seat_cannot_see_do_not_change_its_decision() -> None:
    states = weighed_states(4)
    assert len(states) == 4
    for state in states:
        pending = state.pending
        assert pending is not None
        twin = with_other_secrets(state, state.seq)
        assert twin.to_json() != state.to_json()
        assert player_view(twin).to_json() == player_view(state).to_json()
        for computer_seed in (1, 2):
            mine = choose_hard(state, pending, random.Random(computer_seed))
            theirs = choose_hard(twin, pending, random.Random(computer_seed))
            assert mine == theirs


def test_imagined_worlds_keep_what_is_seen_and_redraw_what_is_not() -> None:
    state = weighed_states(1)[0]
    assert state.pending is not None
    seat = state.pending.seat
    world = sample_world(state, seat, random.Random(3))
    assert player_view(world).to_json() == player_view(state).to_json()
    assert world.sides[seat].contacts == state.sides[seat].contacts
    assert sorted(world.street_deck) == sorted(state.street_deck)
    assert world.street_deck != state.street_deck or world.police_deck != state.police_deck
    assert world.rng.seed != state.rng.seed


def test_looking_ahead_changes_nothing_and_repeats_itself() -> None:
    for state in weighed_states(3):
        assert state.pending is not None
        before = state.to_json()
        first = choose(state, state.pending.seat, "hard")
        assert state.to_json() == before
        assert choose(state, state.pending.seat, "hard") == first


def next_move_dice(
    state: MatchState, seat: int, decision: Decision, fights: int
) -> tuple[int, ...]:
    """The first board move rolled after `decision` in an imagined match."""
    match = clone(state)
    raid_dice = Rng(fights)
    events = apply_imagined(match, seat, decision, raid_dice)
    while True:
        for event in events:
            if isinstance(event, DiceRolled) and event.purpose is DicePurpose.MOVE:
                return event.dice
        pending = match.pending
        assert pending is not None and match.result is None
        events = apply_imagined(match, pending.seat, choose_normal(match, pending), raid_dice)


def test_both_options_meet_the_same_board_dice_after_a_raid() -> None:
    state = first_position(
        lambda s, p: p.kind is DecisionKind.PAY_OR_RAID and "raid" in p.available(),
        "a boss may raid",
    )
    pending = state.pending
    assert pending is not None
    world = sample_world(state, pending.seat, random.Random(5))
    paid = next_move_dice(world, pending.seat, Decision("pay"), fights=11)
    raided = next_move_dice(world, pending.seat, Decision("raid"), fights=11)
    assert paid == raided  # the raid's dice came from a stream of their own
    match = clone(world)
    apply(match, pending.seat, Decision("raid"))
    assert match.rng.counter > world.rng.counter  # in one stream the raid would use them


class CountingRandom(random.Random):
    """A generator that counts the imagined matches drawn from it: two 64-bit seeds
    each, one for the board's dice and one for the raids' dice."""

    seeds = 0

    @property
    def worlds(self) -> float:
        return self.seeds / 2

    def getrandbits(self, k: int, /) -> int:
        self.seeds += k == 64
        return super().getrandbits(k)


def test_a_settled_choice_stops_imagining_before_the_budget_runs_out() -> None:
    played = []
    for state in weighed_states(4):
        assert state.pending is not None
        rng = CountingRandom(7)
        choose_hard(state, state.pending, rng)
        played.append(rng.worlds)
    assert all(n % HARD.batch == 0 and 0 < n <= HARD.worlds for n in played)
    assert min(played) < HARD.worlds


def short_hard_match(seed: int) -> MatchState:
    players = [PlayerSpec("Hard", "hard"), PlayerSpec("Ada")]
    options = MatchOptions(round_limit=4)
    return new_match(2, seed, options, players, PlayerSpec("Police", "normal"))


def test_a_session_holds_hard_seats_for_settle_and_plays_them_as_decide_would() -> None:
    setup = short_hard_match(5).setup
    direct, _ = MatchSession.new(setup)
    held, opening = MatchSession.new(setup, hold_slow=True)

    async def settle_all() -> None:
        await held.settle(opening)
        while held.result is None:
            asked = held.pending
            assert asked is not None and not held.is_computer(asked.seat)
            step = held.decide(asked.seat, "pass" if asked.kind != "roll" else "roll", held.seq)
            if not step.ok:
                step = held.decide(asked.seat, asked.available()[0], held.seq)
            await held.settle(step)
            assert held.pending is None or not held.is_computer(held.pending.seat)
            twin = direct.decide(asked.seat, step.applied[0].decision, direct.seq)
            assert [a.decision for a in twin.applied] == [a.decision for a in step.applied]

    asyncio.run(settle_all())
    assert [a.decision for a in held.log] == [a.decision for a in direct.log]
    hard = next(s.seat for s in held.state.sides if s.computer == "hard")
    assert any(a.seat == hard and a.decision != "roll" for a in held.log)


def first_position(wanted: Callable[[MatchState, Pending], bool], what: str) -> MatchState:
    """The first position of normal play (3 bosses, seeds from 1) that is `wanted`."""
    for seed in range(1, 80):
        players = [PlayerSpec(f"B{i}", "normal") for i in range(3)]
        state = new_match(3, seed, None, players, PlayerSpec("P", "normal"))
        while state.result is None:
            pending = state.pending
            assert pending is not None
            if wanted(state, pending):
                return clone(state)
            apply(state, pending.seat, choose_normal(state, pending))
    raise AssertionError(f"no position where {what}")


def a_boss_that_may_buy() -> MatchState:
    """A position from normal play where a boss may take control of a business."""

    def may_buy(state: MatchState, pending: Pending) -> bool:
        can = pending.kind is DecisionKind.ACTION and "control" in pending.available()
        return can and state.sides[pending.seat].cash > 8000

    return first_position(may_buy, "a boss may buy")


def test_a_hard_boss_never_buys_among_normal_rivals_but_does_among_hard_ones() -> None:
    state = a_boss_that_may_buy()
    pending = state.pending
    assert pending is not None
    seat = pending.seat
    for space, owner in enumerate(state.control):
        if owner not in (MERCHANT, seat):
            state.control[space] = MERCHANT  # nothing anywhere to raid
    assert choose_normal(state, pending) == Decision("control")  # the normal player buys
    assert instinct(state, pending).kind != "control"  # cash goes to people instead
    for side in state.bosses:
        side.computer = "hard"  # levels are public: among hard rivals, it buys
    assert instinct(state, pending) == Decision("control")


def a_police_raid_going_badly() -> MatchState:
    """A position from normal play where the police must fight on or withdraw from a
    raid it is more likely to lose than win, and the normal police would fight on."""

    def going_badly(state: MatchState, pending: Pending) -> bool:
        raid = state.raid
        return (
            pending.kind is DecisionKind.FIGHT_OR_WITHDRAW
            and pending.seat == state.police_seat
            and raid is not None
            and 0.0 < odds_in_raid(state, raid, pending.seat)[0] < 0.25
            and choose_normal(state, pending) == Decision("fight")
            and all(marks_left(state, s) > 1 for s in state.sides)
        )

    return first_position(going_badly, "a raid goes against the police")


def test_the_hard_police_withdraws_from_a_raid_going_against_it() -> None:
    state = a_police_raid_going_badly()
    pending = state.pending
    assert pending is not None
    assert choose_normal(state, pending) == Decision("fight")  # normal fights to the last
    assert instinct(state, pending) == Decision("withdraw")  # hard keeps its officers
    assert choose(state, pending.seat, "hard") == Decision("withdraw")
