"""Numbers people type, read by one function everywhere: the cash form of Chicago 1927's
trade screen, the card ranks of Turf's `/chicago deal`, the command line. Superscripts,
other scripts' digits, exponents, signs, spaces, 5,000 nines and nothing at all each get
the same plain words as any other bad number, never an error on our side."""

from __future__ import annotations

import pytest
import simcord

from bot.chicago.table.trades import CashError, parse_cash
from bot.cli import main
from bot.turf.table.deal_command import DealTerms, ranks
from bot.typed_numbers import not_a_number, whole_number
from tests.discord.harness import Table, private_text
from tests.discord.test_trades import DELI, component_id, open_screen, two_bosses
from tests.discord.turf_driver import game_table

NINES = "9" * 5000
NOT_NUMBERS = ["²", "٣", "1e9", "-0", NINES, "", "twelve", "1.5"]
SPACED = " 12 "
NORMAL = "500"
SORRY = "Something went wrong"


def test_only_the_digits_zero_to_nine_make_a_number() -> None:
    for typed in NOT_NUMBERS:
        assert whole_number(typed) is None, typed
    assert whole_number(SPACED) == 12
    assert whole_number(NORMAL) == 500
    assert whole_number("-0", signed=True) == 0
    assert whole_number(NINES, signed=True) is None
    words = not_a_number(NINES)
    assert len(words) < 100 and "is not a whole number" in words


def test_every_bad_cash_amount_reads_the_same() -> None:
    for typed in NOT_NUMBERS:
        with pytest.raises(CashError) as refused:
            parse_cash(typed, 10_000, "you")
        said = str(refused.value)
        assert "a whole number of dollars" in said and "for example 500" in said, said
        assert len(said) < 200, said
    with pytest.raises(CashError, match=r"\$50 steps"):
        parse_cash(SPACED, 10_000, "you")  # a number, refused by the rules
    assert parse_cash(NORMAL, 10_000, "you") == 500
    assert parse_cash(" $1,500 ", 10_000, "you") == 1500


def test_every_bad_card_rank_reads_the_same() -> None:
    for typed in [t for t in NOT_NUMBERS if t] + [SPACED, "11", "0"]:
        with pytest.raises(DealTerms) as refused:
            ranks(typed)
        said = str(refused.value)
        assert "is not a card rank: ranks are 1 to 10, or ace." in said, said
        assert len(said) < 100, said
    assert ranks("") == ()
    assert ranks(" 7 ace 10 ") == (7, 1, 10)


async def test_the_cash_form_answers_every_typed_amount_in_words(table: Table) -> None:
    scene = await two_bosses(table)
    member = scene.proposer
    screen = await open_screen(table, member)
    message = screen.response
    assert message is not None
    await member.select(message, [str(DELI)], custom_id=component_id(message, ":give"))
    for typed in [*NOT_NUMBERS, SPACED, NORMAL]:
        shown = await member.click(message, custom_id=component_id(message, ":pay"))
        assert shown.modal is not None
        try:
            sent = await member.submit_modal(shown, {"amount": typed})
        except simcord.SetupError:
            # Discord's own form refuses it (empty, or past its 12 characters): the bot
            # never sees it, and its reading is tested above.
            assert typed in ("", NINES), typed
            continue
        assert sent.acknowledged and SORRY not in private_text(sent)
        if typed in NOT_NUMBERS:
            assert "is not a whole number of dollars" in message.content, (typed, message.content)
        elif typed == SPACED:
            assert "$50 steps" in message.content, message.content
        else:
            assert "you pay" in message.content.lower() and "$500" in message.content


async def test_a_deal_answers_every_typed_rank_in_words(table: Table) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2)
    await table.click(bob, table.lobby(), label="Join")
    await table.click(alice, table.lobby(), label="Start")
    for option in ("give", "ask", "discard", "they_discard"):
        for typed in [*NOT_NUMBERS, SPACED, NORMAL]:
            answer = await alice.slash(table.channel, "chicago deal", to=bob, **{option: typed})
            said = private_text(answer)
            assert answer.acknowledged and SORRY not in said, (option, typed, said)
            if typed == "":
                assert "A deal must move something" in said, said
            else:
                assert "is not a card rank: ranks are 1 to 10, or ace." in said, (typed, said)
                assert len(said) < 200, said
    assert game_table(table).session.seq == 0  # nothing was offered


@pytest.mark.parametrize("typed", NOT_NUMBERS)
def test_the_command_line_answers_every_bad_number_in_one_line(
    typed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for words in (["bench", "engine", "--matches", typed], ["demo", "--seed", typed]):
        if words[-2] == "--seed" and typed == "-0":
            continue  # a seed may be negative: -0 is 0
        with pytest.raises(SystemExit) as stopped:
            main(words)
        assert stopped.value.code == 2, words
        said = capsys.readouterr().err
        assert said.count("\n") == 1 and "Traceback" not in said, said
        assert "is not a whole number" in said or "is not a seed" in said or "Nothing" in said
        assert len(said) < 300, said
