"""The wording of buttons and texts, without a bot."""

from __future__ import annotations

from bot.chicago.table import messages
from bot.chicago.table.messages import offer_text, option_label, shown_options
from bot.discord_app import lobby
from bot.discord_app.lobby_message import COMPUTER_MARK
from bot.discord_app.match_settings import MatchSettings
from bot.discord_app.messages import narration_text
from bot.store import SeatRecord
from bot.telling import Line
from engine.chicago import (
    NOBODY,
    DecisionKind,
    MeetingTradeFacts,
    Option,
    PayOrRaidFacts,
    Pending,
    TradeAnswerFacts,
    new_match,
)


def test_buttons_carry_the_numbers_and_the_reason() -> None:
    state = new_match(2, 1)
    seat = state.pending.seat if state.pending else 0
    facts = PayOrRaidFacts(business=1, owner=1, fine=1250, inspection=False)
    pay = Option("pay", "Pay $1,250 Protection", amount=1250)
    raid = Option("raid", "Raid", False, "you need at least 2 soldiers")
    pending = Pending(DecisionKind.PAY_OR_RAID, seat, [pay, raid], facts)
    assert option_label(state, pending, pay) == "Pay $1,250 Protection"
    people = state.sides[seat].people
    assert option_label(state, pending, raid) == (
        f"Raid with {people} soldiers — you need at least 2 soldiers"
    )


def test_a_trade_chance_is_answered_with_no_trade() -> None:
    state = new_match(2, 1)
    options = [Option("trade", "Propose a trade"), Option("pass", "No trade")]
    pending = Pending(DecisionKind.MEETING_TRADE, 0, options, MeetingTradeFacts((1,)))
    shown = shown_options(pending)
    assert [o.decision for o in shown] == ["pass"]
    assert option_label(state, pending, shown[0]) == "No trade"


def test_an_offer_reads_from_the_partners_side() -> None:
    facts = TradeAnswerFacts(proposer=0, give=(3,), take=(), cash=-500, at_meeting=False)
    text = offer_text("Vito", facts)
    assert text.startswith("Vito offers a deal: you get ") and "you pay Vito $500" in text


def test_long_narration_keeps_the_latest_lines() -> None:
    lines = [Line(0, f"line {i} " + "x" * 80) for i in range(100)]
    text = narration_text(lines, 1000)
    assert len(text) <= 1100 and text.startswith("*…") and "line 99" in text


def test_lobby_seats_and_start() -> None:
    settings = MatchSettings(main_seats=2, timer=300)
    seats: list[SeatRecord] = []
    assert lobby.take_seat(settings, seats, "boss", "Al", 1) is None
    assert lobby.take_seat(settings, seats, "boss", "Al", 2) is None
    assert [s.name for s in seats] == ["Al", "Al 2"]
    assert lobby.take_seat(settings, seats, "boss", "Cy", 3) == "Every boss seat is taken."
    assert "the police seat" in (lobby.start_problem(settings, seats) or "")
    assert lobby.add_computer(settings, seats, "police", "easy") is None
    assert lobby.start_problem(settings, seats) is None
    setup = lobby.build_setup(settings, 7, seats)
    assert [p.name for p in setup.players] == ["Al", "Al 2"] and setup.police.computer == "easy"


def test_what_a_computer_seat_did_is_marked_in_the_narration() -> None:
    """Only a computer's own choices carry the mark: a meeting a card called, or a
    business that changed hands in someone else's trade, is nobody's choice."""
    lines = [
        Line(NOBODY, "— Round 2: Bix's turn —"),
        Line(1, "Bix rolls 3 + 4 to Heist.", by=1),
        Line(0, "Ada pays Bix $500 Protection.", by=0),
        Line(1, "Big Boss Meeting! Ada and Bix gather at Start."),
        Line(1, "Sicilian Social Club goes to Bix."),
    ]
    text = narration_text(lines, computers=frozenset({1}))
    assert text.splitlines() == [
        "**— Round 2: Bix's turn —**",
        f"{COMPUTER_MARK} Bix rolls 3 + 4 to Heist.",
        "Ada pays Bix $500 Protection.",
        "Big Boss Meeting! Ada and Bix gather at Start.",
        "Sicilian Social Club goes to Bix.",
    ]


def test_the_final_message_marks_what_computer_seats_did() -> None:
    state = new_match(2, 1)
    seats = [
        SeatRecord("boss", "Ada", 1),
        SeatRecord("boss", "Bix", None, "normal", "normal"),
        SeatRecord("police", "Chicago Police", None, "easy", "easy"),
    ]
    lines = [
        Line(1, "Bix raids Ada at Maxwell Street Deli!", by=1),
        Line(1, "Bix earns an Empire Mark (4 of 4)."),
        Line(0, "Ada pulls back.", by=0),
    ]
    embed = messages.final_embed(state, seats, lines, None)
    assert (embed.description or "").splitlines() == [
        f"{COMPUTER_MARK} Bix raids Ada at Maxwell Street Deli!",
        "Bix earns an Empire Mark (4 of 4).",
        "Ada pulls back.",
    ]


def test_the_final_message_says_why_a_start_raid_winner_won() -> None:
    """RULES §7.3: after the police raid Start, the one boss left wins whatever the marks
    say, and with no boss left the police win; the final message says which."""
    from engine.chicago import EndReason
    from engine.chicago.state import Result

    state = new_match(2, 1)
    seats = [SeatRecord("boss", s.name, 1 + s.seat) for s in state.sides]
    boss = state.bosses[0]
    state.sides[state.bosses[1].seat].marks = 2
    state.result = Result(EndReason.START_RAID, boss.seat, [None] * 3, [boss.seat])
    text = messages.final_embed(state, seats, [], None).description or ""
    assert f"the police raided Start: {boss.name} is the last boss standing" in text
    assert text.endswith("and that wins whatever the marks."), text  # bob had 2, so why
    police = state.police.seat
    state.result = Result(EndReason.START_RAID, police, [None] * 3, [police])
    text = messages.final_embed(state, seats, [], None).description or ""
    assert "no boss is left: the police win" in text
    state.result = Result(EndReason.MARKS, boss.seat, [None] * 3, [boss.seat])
    assert "Why" not in (messages.final_embed(state, seats, [], None).description or "")


def test_a_final_count_says_the_count_in_one_line() -> None:
    """RULES §11.3: at the round limit the count decides, marks counted at $10,000; the
    summary says each side's count (the final standings list it already)."""
    from engine.chicago import EndReason
    from engine.chicago.state import Result

    state = new_match(2, 1)
    seats = [SeatRecord("boss", s.name, 1 + s.seat) for s in state.sides]
    names = [s.name for s in state.sides]
    state.result = Result(EndReason.ROUND_LIMIT, 1, [40_000, 52_500, 31_000], [1, 0, 2])
    why = messages.ending_reason(state)
    assert why == (
        "**Why:** the final count decides: $10,000 a mark plus cash, businesses and $100 a "
        f"person: {names[1]} $52,500 · {names[0]} $40,000 · {names[2]} $31,000."
    )
    assert "final count decides" not in (
        messages.final_embed(state, seats, [], None).description or ""
    )
