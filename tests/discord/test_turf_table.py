"""Turf at the table, through the real discord.py code paths (TURF §2–§9): a lobby from
`/chicago new game:turf`, legwork by buttons, secret commitments by private lists and
DM, a hit, a squeeze, a deal by DM, a restart mid-confrontation, and the result."""

from __future__ import annotations

from typing import Any

from bot.discord_app.game_table import GameTable
from tests.discord.harness import Table, buttons, close_dms, private_text
from tests.discord.turf_driver import (
    Plan,
    game_table,
    live_prompt,
    member_of,
    select_values,
    take_turn,
)


def live(message: Any) -> list[str]:
    return [b.custom_id for b in buttons(message) if not b.disabled]


async def test_a_turf_lobby_opens_and_starts(table: Table) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2)
    lobby = table.lobby()
    labels = [b.label for b in buttons(lobby)]
    assert "Join as police" not in labels and "Join" in labels, labels
    await table.click(bob, lobby, label="Join")
    assert "bob joined" in table.texts() and "as a boss" not in table.texts()
    started = await table.click(alice, table.lobby(), label="Start")
    assert not private_text(started), private_text(started)
    last = table.history()[-1]
    assert "Turf" in last.content and "legwork" in last.content, last.content
    assert [c.rsplit(":", 1)[1] for c in live(last)] == ["word", "police", "end"], live(last)


async def test_a_turf_match_by_clicks(table: Table) -> None:
    """TURF §4–§8 by clicks: legwork, infiltrations and confrontations chosen in
    private lists, a hit, a squeeze, a deal by DM, to the result and history."""
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2, rounds=12)
    await table.click(bob, table.lobby(), label="Join")
    await table.click(alice, table.lobby(), label="Start")
    plan = Plan()
    dealt = False
    for _ in range(1500):
        match = table.bot.tables.by_id.get(1)
        if not dealt and isinstance(match, GameTable) and match.session.seq > 20:
            asked = match.session.asked()
            if asked and asked[0].kind == "legwork":
                dealt = await offer_a_deal(table, match)
        done = await take_turn(table, plan)
        await table.env.advance_time(1.5)
        if done is None:
            break
    assert dealt
    for kind in ("hit", "commit", "infiltrate"):
        assert plan.done.get(kind), (kind, plan.done)
    assert plan.done.get("squeeze_gang") or plan.done.get("squeeze_hand"), plan.done
    final = table.history()[-1]
    assert "The match is over" in final.content, final.content
    assert final.attachments, "the final picture is missing"
    assert "1 building" in final.content or "buildings" in final.content, final.content


async def offer_a_deal(table: Table, match: GameTable) -> bool:
    """The player whose legwork it is offers the other an idle thug; accepted by DM."""
    seat = match.session.asked()[0].seat
    proposer = member_of(table, seat)
    receiver = member_of(table, 1 - seat)
    sent = await proposer.slash(table.channel, "chicago deal", to=receiver, give_thugs=1)
    assert "Offer sent" in private_text(sent), private_text(sent)
    await table.env.advance_time(1.5)
    dm = receiver.user.dm_channel.last_message
    assert dm is not None, "no DM was sent"
    assert "offers you a deal" in dm.content and "gives 1 idle thug" in dm.content, dm.content
    values = select_values(dm)
    assert f"accept:{seat}" in values, values
    answered = await receiver.user.select(dm, [f"accept:{seat}"])
    assert answered.acknowledged
    await table.env.advance_time(1.5)
    assert "accepts" in table.texts() or "deal" in table.texts().lower()
    return True


async def play_to_a_confrontation(table: Table, plan: Plan) -> Any:
    """Play until both sides of a confrontation are asked; the prompt asking them."""
    for _ in range(400):
        prompt = live_prompt(table)
        assert prompt is not None, "the match ended without a confrontation"
        commits = [b for b in buttons(prompt) if b.custom_id.endswith(":commit")]
        if len(commits) == 2:
            return prompt
        await take_turn(table, plan)
        await table.env.advance_time(1.5)
    raise AssertionError("no confrontation in 400 clicks")


async def test_a_confrontation_survives_a_restart_with_both_choices_secret(table: Table) -> None:
    """TURF §4.3: both sides choose in secret, the defender by DM; a restart between the
    two choices keeps the first secret and the second still counts; the reveal shows both."""
    await start_two(table)
    plan = Plan()
    prompt = await play_to_a_confrontation(table, plan)
    fight = game_table(table).session.state.fight
    attacker, defender = member_of(table, fight.attacker), member_of(table, fight.defender)
    dm = defender.user.dm_channel.last_message
    assert dm is not None and "🔒 You defend" in dm.content, dm and dm.content
    defence = select_values(dm)
    # The attacker chooses in the channel's private list: all in.
    attack_button = next(
        b
        for b in buttons(prompt)
        if ":gp:" in b.custom_id and f":{fight.attacker}:commit" in b.custom_id
    )
    opened = await attacker.click(prompt, custom_id=attack_button.custom_id)
    assert opened.response is not None
    attack = select_values(opened.response)[-1]
    await attacker.select(opened.response, [attack])
    await table.env.advance_time(1.5)
    committed = attack.split(":")
    told = table.texts()
    assert "has chosen in secret" in told
    assert "reveal" not in told.lower()

    before = [m.id for m in table.history()]
    await table.restart()
    await table.env.advance_time(1.5)
    after = table.texts()
    assert [m.id for m in table.history()] == before, "the restart posted again"
    assert "reveal" not in after.lower()
    # The defender's DM, sent before the restart, still answers; no second DM was sent.
    newest = defender.user.dm_channel.last_message
    assert newest is not None and newest.id == dm.id
    answered = await defender.user.select(dm, [defence[0]])
    assert answered.acknowledged and "Chosen" in private_text(answered), private_text(answered)
    await table.env.advance_time(1.5)
    revealed = table.texts()
    total = (
        int(committed[1])
        + int(committed[2])
        + (len(committed[3].split(".")) if committed[3] != "-" else 0)
    )
    names = game_table(table).session.game.names(game_table(table).session.state)
    expected = f"Revealed: {names[fight.attacker]} {total} against {names[fight.defender]}"
    assert expected in revealed, revealed


async def test_a_defender_with_closed_dms_chooses_in_the_channel(table: Table) -> None:
    """The closed-DM fallback: the channel says so, and the 🔒 button opens the list."""
    alice, bob = table.members["alice"], table.members["bob"]
    for member in (alice, bob):
        close_dms(table, member)
    await start_two(table)
    plan = Plan()
    prompt = await play_to_a_confrontation(table, plan)
    fight = game_table(table).session.state.fight
    assert "could not send you a direct message" in table.texts()
    defender = member_of(table, fight.defender)
    button = next(b for b in buttons(prompt) if f":{fight.defender}:commit" in b.custom_id)
    opened = await defender.click(prompt, custom_id=button.custom_id)
    assert opened.response is not None and "You defend" in opened.response.content
    assert select_values(opened.response)
    # Someone else cannot open the defender's private list.
    attacker = member_of(table, fight.attacker)
    peek = await attacker.click(prompt, custom_id=button.custom_id)
    assert "belongs to another player" in private_text(peek)


async def start_two(table: Table, **options: Any) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=2, **options)
    await table.click(bob, table.lobby(), label="Join")
    await table.click(alice, table.lobby(), label="Start")


async def test_only_the_asked_player_may_click_and_a_double_click_counts_once(
    table: Table,
) -> None:
    await start_two(table)
    prompt = live_prompt(table)
    assert prompt is not None
    turn = game_table(table).session.asked()[0].seat
    player, other = member_of(table, turn), member_of(table, 1 - turn)
    word = next(b.custom_id for b in buttons(prompt) if b.custom_id.endswith(":word"))
    refused = await other.click(prompt, custom_id=word)
    assert "Waiting for" in private_text(refused), private_text(refused)
    assert game_table(table).session.seq == 0
    await player.click(prompt, custom_id=word)
    await table.env.advance_time(1.5)
    again = await table.raw_click(player, prompt, word)
    assert "Already done" in private_text(again), private_text(again)
    assert game_table(table).session.seq == 1


async def test_a_turf_seat_that_keeps_timing_out_is_played_by_a_computer(table: Table) -> None:
    """TURF §9 [R timeouts]: the safe choice is made and named; after three in a row a
    computer takes the seat, and `/chicago join` gives it back."""
    await start_two(table)
    match = game_table(table)
    sleeper = member_of(table, 0)
    worker = member_of(table, 1)
    for _ in range(40):
        if match.seats[0].controller != "user":
            break
        asked = match.session.asked()
        prompt = live_prompt(table)
        if asked and asked[0].seat == 1 and prompt is not None:
            # The other player keeps the round busy (no stalemate): a card, then the end.
            wanted = ":word" if match.session.state.players[1].idle >= 2 else ":end"
            button = next((b for b in buttons(prompt) if b.custom_id.endswith(wanted)), None)
            if button is None:
                button = buttons(prompt)[0]
            await worker.click(prompt, custom_id=button.custom_id)
            await table.env.advance_time(1.5)
            continue
        await table.env.advance_time(match.timer_length.total_seconds() + 1)
    told = table.texts()
    assert "alice ran out of time: End legwork" in told, told
    assert "a computer plays their seat now" in told
    assert match.seats[0].controller == "normal"
    back = await sleeper.slash(table.channel, "chicago join")
    assert "seat back" in private_text(back), private_text(back)
    assert match.seats[0].controller == "user"


async def test_a_turf_match_with_a_computer_player_ends(table: Table) -> None:
    alice, bob = table.members["alice"], table.members["bob"]
    await table.open_lobby("alice", game="turf", players=3, rounds=6)
    await table.click(bob, table.lobby(), label="Join")
    menu = await table.click(alice, table.lobby(), label="Add computer player")
    assert menu.response is not None
    labels = [b.label for b in buttons(menu.response)]
    assert labels[:2] == ["Easy player", "Normal player"], labels
    await table.click(alice, menu.response, label="Normal player")
    await table.click(alice, table.lobby(), label="Start")
    plan = Plan()
    for _ in range(800):
        if await take_turn(table, plan) is None:
            break
        await table.env.advance_time(1.5)
    final = table.history()[-1]
    assert "The match is over" in final.content, final.content
    assert "thinking" not in final.content
    # The same table again, as a new Turf lobby with the same seats.
    rematch = await table.click(alice, final, label="Rematch")
    assert rematch.acknowledged
    lobby = table.lobby()
    assert "Turf — a new match is forming" in (lobby.embeds[0].title or "")
    assert "3/3" in (lobby.embeds[0].fields[0].name or "")


async def test_deal_terms_are_checked_and_hands_shown_only_to_their_player(table: Table) -> None:
    """TURF §7 and §10: a deal must name ranks and what the proposer holds; a hand is
    shown privately to its own player only."""
    await start_two(table)
    alice, bob, carol = (table.members[n] for n in ("alice", "bob", "carol"))
    wrong = await alice.slash(table.channel, "chicago deal", to=bob, give="7 queen")
    assert "not a card rank" in private_text(wrong), private_text(wrong)
    empty = await alice.slash(table.channel, "chicago deal", to=bob)
    assert "must move something" in private_text(empty), private_text(empty)
    unheld = await alice.slash(table.channel, "chicago deal", to=bob, give="7")
    assert "do not hold" in private_text(unheld), private_text(unheld)
    outsider = await alice.slash(table.channel, "chicago deal", to=carol, give_thugs=1)
    assert "no seat" in private_text(outsider), private_text(outsider)
    assert game_table(table).session.seq == 0
    hand = await alice.slash(table.channel, "chicago hand")
    assert hand.response is not None and hand.response.flags.ephemeral
    assert "Your hand: no cards" in private_text(hand) and "4 idle" in private_text(hand)
    stranger = await carol.slash(table.channel, "chicago hand")
    assert "no seat" in private_text(stranger)


async def test_a_prompt_deleted_while_the_bot_was_down_is_posted_again(table: Table) -> None:
    await start_two(table)
    prompt = live_prompt(table)
    assert prompt is not None
    table.env.backend.delete_message(table.channel.id, prompt.id)
    await table.restart()
    await table.env.advance_time(1.5)
    fresh = live_prompt(table)
    assert fresh is not None and fresh.id != prompt.id
    turn = game_table(table).session.asked()[0].seat
    word = next(b.custom_id for b in buttons(fresh) if b.custom_id.endswith(":word"))
    await member_of(table, turn).click(fresh, custom_id=word)
    await table.env.advance_time(1.5)
    assert game_table(table).session.seq == 1


async def test_what_cannot_be_done_now_is_greyed_out_with_its_reason(table: Table) -> None:
    """TURF §4.2: at the start nobody holds a building or two street cards, so the hit
    and the infiltration are shown greyed out, saying why."""
    await start_two(table)
    prompt = live_prompt(table)
    assert prompt is not None
    shown = buttons(prompt)
    assert not shown[0].disabled, "what can be done comes first"
    greyed = {b.label for b in shown if b.disabled}
    assert "Put out a hit — nobody else controls a building" in greyed, greyed
    assert any(label.startswith("Infiltrate a building — no two street cards") for label in greyed)


async def test_a_logged_decision_this_release_refuses_is_set_aside_at_restart(
    table: Table,
) -> None:
    """A Turf match whose log ends in a decision the rules now refuse comes back from
    the state before it, and play goes on."""
    from bot.store import DecisionRecord

    await start_two(table)
    match = game_table(table)
    seq = match.session.seq
    await table.bot.store.append_decisions(1, [DecisionRecord(seq, 0, "hit:1", "1")])
    await table.restart()
    await table.env.advance_time(1.5)
    again = game_table(table)
    assert again.session.seq == seq
    assert [d.seq for d in (await table.bot.store.load(1)).full_log] == list(range(seq))
    prompt = live_prompt(table)
    assert prompt is not None
    word = next(b.custom_id for b in buttons(prompt) if b.custom_id.endswith(":word"))
    await member_of(table, again.session.asked()[0].seat).click(prompt, custom_id=word)
    await table.env.advance_time(1.5)
    assert game_table(table).session.seq == seq + 1
