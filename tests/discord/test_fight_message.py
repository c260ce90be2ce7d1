"""One fight, one message (RULES §8.1): the raid's prompt is edited round by round,
whoever is asked, shows both sides alike, and ends with the result in the same message."""

from __future__ import annotations

from tests.discord.harness import Table, buttons, play_turn, seat_table
from tests.discord.test_match import SEED


async def test_a_fight_is_one_message_edited_round_by_round(table: Table) -> None:
    table.seed = SEED
    await seat_table(table, ("alice", "bob"), "carol", length="rounds", rounds=6)
    seen: dict[str, int] = {}
    fight = None
    for _ in range(100):
        fight = table.prompt()
        assert fight is not None, "no fight came"
        if any(b.decision == "fight" for b in buttons(fight)):
            break
        await play_turn(table, seen)
    assert fight is not None
    posted = len(table.history())
    asked = 0
    while True:
        prompt = table.prompt()
        assert prompt is not None
        if not any(b.decision == "fight" for b in buttons(prompt)):
            break
        assert prompt.id == fight.id, "a round of the fight was asked in a new message"
        text = prompt.embeds[0].description or ""
        assert text.count(" lost ") >= 2 and "left" in text, text  # both sides alike
        assert "Last roll:" in text
        await table.click(table.decider(prompt), prompt, decision="fight")
        asked += 1
        after = table.prompt()
        if after is not None and any(b.decision == "fight" for b in buttons(after)):
            assert len(table.history()) == posted, "a round left a message of its own"
    assert asked >= 1
    done = next(m for m in table.history() if m.id == fight.id)
    story = done.embeds[0].description or ""
    assert " beats " in story, story  # the result, in the same message
    assert not any(b.decision and not b.disabled for b in buttons(done))


def test_going_badly_is_said_only_when_it_is() -> None:
    from bot.chicago.table.messages import prompt_content
    from engine.chicago import DecisionKind, FightOrWithdrawFacts, Pending

    def asked(seat: int, attacker_lost: int, defender_lost: int) -> str:
        facts = FightOrWithdrawFacts(0, 1, 3, attacker_lost, defender_lost)
        pending = Pending(DecisionKind.FIGHT_OR_WITHDRAW, seat, [], facts)
        return prompt_content(5, "Ada", pending, None)

    assert "going badly" in asked(0, 12, 10)  # the attacker has lost more
    assert "going badly" not in asked(0, 10, 12)  # the attacker is winning
    assert "going badly" in asked(1, 10, 12)  # the defender has lost more
    assert "keep fighting or withdraw?" in asked(0, 10, 12)
