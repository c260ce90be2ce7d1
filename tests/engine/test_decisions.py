"""RULES §13: decision points, the timeout defaults, illegal decisions, the decision text
form, events, and replay."""

from __future__ import annotations

import pytest

from engine.chicago import Decision, IllegalDecision, MatchOver, apply, check, new_match, replay
from engine.chicago.board import Deck
from engine.chicago.characters import Character
from engine.chicago.decisions import MAX_TEXT, DecisionKind
from engine.chicago.events import Paid
from engine.chicago.flow import timeout_default
from engine.chicago.state import NOBODY, MatchState
from engine.chicago.testing import give, place, script_dice, stack_card
from tests.engine.scenes import (
    BANK,
    asks,
    decide,
    draw_at,
    match,
    set_cash,
    turn,
)

# --- timeout defaults ----------------------------------------------------------------


def pay_or_raid(cash: int, people: int = 50, truce: bool = False) -> MatchState:
    """Seat 0 faces a $1,000 fine on seat 1's Bridgeport Chop House with `cash`."""
    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    if truce:
        state.sides[1].truce_through = 5
    set_cash(state, 0, cash)
    state.sides[0].people = people
    place(state, 0, 10)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.PAY_OR_RAID, 0)
    return state


def test_rules_13_timeout_roll() -> None:
    """RULES §13 [R]: roll."""
    state = match(bosses=2)
    assert timeout_default(state) == Decision("roll")


@pytest.mark.parametrize(
    ("cash", "people", "truce", "default"),
    [
        (1050, 50, False, "pay"),  # paying leaves $50
        (1000, 50, False, "raid"),  # paying would leave $0 and it can raid
        (800, 50, False, "raid"),
        (1000, 1, False, "pay"),  # cannot raid: one soldier
        (1000, 50, True, "pay"),  # cannot raid: Gangland truce
    ],
)
def test_rules_13_timeout_pay_or_raid(cash: int, people: int, truce: bool, default: str) -> None:
    """RULES §13 [R]: pay the fine, unless paying would leave it at $0 and it can raid."""
    state = pay_or_raid(cash, people, truce)
    assert timeout_default(state) == Decision(default)


def bribe_scene(character: Character, cash: int, people: int = 50) -> MatchState:
    state = match(character, Character.DON)
    state.sides[0].powered = True
    state.police.position = 5
    set_cash(state, 0, cash)
    state.sides[0].people = people
    place(state, 0, 3)
    turn(state, 0, 1, 1)
    asks(state, DecisionKind.BRIBE_OR_RAID, 0)
    return state


@pytest.mark.parametrize(
    ("character", "cash", "people", "default"),
    [
        (Character.QUEEN_BEE, 600, 50, "bribe"),  # holds the largest bribe ($600)
        (Character.IRON_FIST, 550, 50, "raid"),
        (Character.IRON_FIST, 550, 1, "bribe"),  # cannot raid
        (Character.FIXER, 300, 50, "bribe"),  # a Fixer's largest bribe is $300
        (Character.FIXER, 250, 50, "raid"),
    ],
)
def test_rules_13_timeout_bribe_or_raid(
    character: Character, cash: int, people: int, default: str
) -> None:
    """RULES §13 [R]: bribe, unless it holds less than the largest possible bribe ($600;
    $300 for a powered Fixer) and it can raid. The boss is powered, except Queen Bee (a
    powered Queen Bee has no personal encounter at all)."""
    if character is Character.QUEEN_BEE:
        state = match(Character.QUEEN_BEE, Character.DON)
        state.police.position = 5
        set_cash(state, 0, cash)
        place(state, 0, 3)
        turn(state, 0, 1, 1)
    else:
        state = bribe_scene(character, cash, people)
    assert timeout_default(state) == Decision(default)


def test_rules_13_timeout_fight_pass_reject_no_proposal() -> None:
    """RULES §13 [R]: keep fighting; pass; reject the trade; no trade proposal; police's
    action after a card move: pass."""
    state = pay_or_raid(5000)
    script_dice(state, *([1, 6] * 10))
    apply(state, 0, "raid")
    asks(state, DecisionKind.FIGHT_OR_WITHDRAW, 0)
    assert timeout_default(state) == Decision("fight")
    apply(state, 0, "withdraw")
    asks(state, DecisionKind.ACTION, 0)
    assert timeout_default(state) == Decision("pass")

    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    place(state, 1, 0)
    place(state, 0, 30)
    turn(state, 0, 3, 3, 1)
    apply(state, 0, "trade:1:-:12:100")
    asks(state, DecisionKind.TRADE_ANSWER, 1)
    assert timeout_default(state) == Decision("reject")

    state = match(bosses=2)
    state.police.position = 18
    give(state, 1, 12)
    place(state, 1, 30)
    draw_at(state, 0, Deck.STREET_LIFE, "Big Boss Meeting!", 2, 1, 1)
    asks(state, DecisionKind.MEETING_TRADE, 0)
    assert timeout_default(state) == Decision("pass")

    state = match(bosses=2)
    state.police.position = 18
    draw_at(state, 0, Deck.POLICE_FILE, "Tail surveillance", 6)
    asks(state, DecisionKind.POLICE_ACTION, 2)
    assert timeout_default(state) == Decision("pass")


def test_rules_13_timeout_defaults_are_always_legal() -> None:
    """RULES §13: the default is a legal decision at every point of a seeded match."""
    state = new_match(3, seed=99)
    for _ in range(400):
        if state.result is not None:
            break
        asked = state.pending
        assert asked is not None
        default = timeout_default(state)
        check(state, asked.seat, default)
        apply(state, asked.seat, default)


# --- illegal decisions ---------------------------------------------------------------


def illegal_cases() -> list[tuple[str, int, str]]:
    return [
        ("wrong seat", 1, "roll"),
        ("not an option", 0, "pay"),
        ("unknown text", 0, "dance"),
        ("details on a simple kind", 0, "roll:1"),
        ("empty", 0, ""),
        ("too long", 0, "trade:1:" + "1." * 40 + "1:-:0"),
    ]


@pytest.mark.parametrize(("why", "seat", "text"), illegal_cases())
def test_rules_13_illegal_decision_leaves_state_byte_identical(
    why: str, seat: int, text: str
) -> None:
    """RULES §13: an illegal decision raises IllegalDecision and changes nothing."""
    state = match(bosses=2)
    before = state.to_json()
    with pytest.raises(IllegalDecision):
        apply(state, seat, text)
    assert state.to_json() == before, why


def test_rules_13_unavailable_option_is_illegal_and_changes_nothing() -> None:
    """RULES §13: an offered but unavailable option (raid under a truce) is refused."""
    state = pay_or_raid(5000, truce=True)
    before = state.to_json()
    with pytest.raises(IllegalDecision):
        apply(state, 0, "raid")
    with pytest.raises(IllegalDecision):
        apply(state, 0, Decision("raid"))
    with pytest.raises(IllegalDecision):
        apply(state, 0, Decision("pay", partner=1))
    assert state.to_json() == before


def test_rules_13_decisions_after_the_end_are_refused() -> None:
    """RULES §1, §13: once the match is over nothing is legal (MatchOver)."""
    state = match(bosses=2)
    state.police.position = 2
    turn(state, 2, 1, 1, 1)
    assert state.result is not None
    before = state.to_json()
    with pytest.raises(MatchOver):
        apply(state, 0, "roll")
    with pytest.raises(MatchOver):
        timeout_default(state)
    assert state.to_json() == before


def test_rules_13_illegal_decision_mid_raid_changes_nothing() -> None:
    """RULES §13: a wrong seat or option during a raid's withdraw question."""
    state = pay_or_raid(5000)
    script_dice(state, *([1, 6] * 10))
    apply(state, 0, "raid")
    before = state.to_json()
    for seat, text in ((1, "fight"), (0, "pass"), (0, "accept")):
        with pytest.raises(IllegalDecision):
            apply(state, seat, text)
    assert state.to_json() == before


# --- the text form -------------------------------------------------------------------


@pytest.mark.parametrize(
    "decision",
    [
        Decision("roll"),
        Decision("pay"),
        Decision("raid"),
        Decision("bribe"),
        Decision("fight"),
        Decision("withdraw"),
        Decision("control"),
        Decision("recruit4"),
        Decision("recruit10"),
        Decision("rebuild"),
        Decision("pass"),
        Decision("accept"),
        Decision("reject"),
        Decision("trade", 1, (5,), (12,), 1000),
        Decision("trade", 3, (), (33, 35), -10_000_000),
        Decision("trade", 2, (33, 34), (), 10_000_000),
        Decision("trade", 0, (1,), (), 0),
    ],
)
def test_rules_13_decision_text_round_trips_within_60_characters(decision: Decision) -> None:
    """RULES §13: every decision has a text form (a button's custom_id) of at most 60
    characters that parses back to the same decision."""
    text = str(decision)
    assert len(text) <= 60 == MAX_TEXT
    assert Decision.parse(text) == decision


@pytest.mark.parametrize(
    "text", ["trade:1:05:-:0", "trade:1:5:-:+100", "trade:1:5:-:-0", "trade:1::-:0", "trade:1:5"]
)
def test_rules_13_non_canonical_trade_text_is_refused(text: str) -> None:
    """RULES §13: only the canonical text form parses."""
    with pytest.raises(IllegalDecision):
        Decision.parse(text)


def test_rules_13_every_offered_option_parses() -> None:
    """RULES §13: every option the engine offers is a valid decision text."""
    state = new_match(4, seed=5)
    for _ in range(300):
        if state.result is not None:
            break
        asked = state.pending
        assert asked is not None
        for option in asked.options:
            assert len(option.decision) <= 60
            if option.decision != "trade":  # a trade's details come from asked.trade
                Decision.parse(option.decision)
        apply(state, asked.seat, timeout_default(state))


# --- events --------------------------------------------------------------------------


def money(event: Paid) -> dict[str, object]:
    data = event.as_dict()
    return {key: data[key] for key in ("event", "payer", "payee", "amount", "reason")}


def test_rules_13_events_record_payments_with_payer_payee_amount_reason() -> None:
    """Events: every payment names payer, payee (or BANK), amount and reason."""
    state = match(bosses=2)
    state.police.position = 12
    place(state, 0, 30)
    give(state, 1, 3)
    events = turn(state, 0, 6, 3, 2)  # passes Start onto Halsted Pawn Shop
    assert [money(e) for e in events if isinstance(e, Paid)] == [
        {"event": "paid", "payer": BANK, "payee": 0, "amount": 4000, "reason": "start"}
    ]
    events = apply(state, 0, "pay")
    assert [money(e) for e in events if isinstance(e, Paid)] == [
        {"event": "paid", "payer": 0, "payee": 1, "amount": 500, "reason": "protection"}
    ]
    place(state, 1, 10)
    turn(state, 1, 1, 1)
    events = decide(state, 1, "bribe", 2)
    assert [money(e) for e in events if isinstance(e, Paid)] == [
        {"event": "paid", "payer": 1, "payee": 2, "amount": 200, "reason": "bribe"}
    ]


# --- replay --------------------------------------------------------------------------


def test_rules_13_replay_rebuilds_the_same_state() -> None:
    """The setup and the decision log replay a match exactly (same JSON, same events)."""
    state = new_match(3, seed=314)
    log: list[tuple[int, str]] = []
    events = []
    for _ in range(250):
        if state.result is not None:
            break
        asked = state.pending
        assert asked is not None
        text = str(timeout_default(state))
        log.append((asked.seat, text))
        events.extend(apply(state, asked.seat, text))
    again, replayed = replay(state.setup, log)
    assert again.to_json() == state.to_json()
    assert replayed == events
    assert MatchState.from_json(state.to_json()).to_json() == state.to_json()


def test_rules_13_stack_card_keeps_the_json_round_trip() -> None:
    """A scene set with the test helpers still round-trips through JSON."""
    state = match(bosses=2)
    stack_card(state, Deck.POLICE_FILE, "Bad tip")
    assert MatchState.from_json(state.to_json()) == state


@pytest.mark.parametrize("seed", [3, 17, 2024])
def test_events_explain_every_change_of_cash_and_people(seed: int) -> None:
    """Events: every change of a side's cash is a Paid event (payer, payee, amount) and
    every change of people a PeopleChanged or RaidRound event, over seeded random play."""
    import random

    from engine.chicago.events import PeopleChanged, RaidRound, RaidStarted
    from engine.chicago.random_play import random_decision

    state = new_match(2 + seed % 3, seed=seed)
    rng = random.Random(seed)
    raid: tuple[int, int] | None = None
    for _ in range(3000):
        if state.result is not None:
            break
        asked = state.pending
        assert asked is not None
        cash = [s.cash for s in state.sides]
        people = [s.people for s in state.sides]
        bank = state.bank
        events = apply(state, asked.seat, random_decision(rng, state))
        flow = [0] * len(cash)
        bank_flow = 0
        heads = [0] * len(cash)
        for e in events:
            if isinstance(e, Paid):
                assert e.amount > 0 and e.amount % 50 == 0
                if e.payer == BANK:
                    bank_flow -= e.amount
                else:
                    flow[e.payer] -= e.amount
                if e.payee == BANK:
                    bank_flow += e.amount
                else:
                    flow[e.payee] += e.amount
            elif isinstance(e, PeopleChanged):
                heads[e.seat] += e.delta
            elif isinstance(e, RaidStarted):
                raid = (e.attacker, e.defender)
            elif isinstance(e, RaidRound) and e.loser != NOBODY:
                assert raid is not None and e.loser in raid
                heads[e.loser] -= 1
        assert [s.cash for s in state.sides] == [c + f for c, f in zip(cash, flow, strict=True)]
        assert [s.people for s in state.sides] == [
            p + h for p, h in zip(people, heads, strict=True)
        ]
        assert state.bank == bank + bank_flow
