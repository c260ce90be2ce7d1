"""Bootleg at the table, through the real discord.py code paths: a 4-seat Secret match
from `/chicago new game:bootleg` to the final count, by the clicks a person makes — a
move in two clicks (Envoy, then end Location), the action menu with reasons on what is
greyed, the Barrel chosen in a private list — with a wrong-seat click, a stale click, a
double click, a restart in the middle of a turn, and a timeout. The end decisions'
restart and every kind of timeout: `test_bootleg_timeouts`."""

from __future__ import annotations

from bot.bootleg.choices import ENVOY_OF_GROUP
from bot.bootleg.presenter import BOOTLEG_PRESENTER
from bot.discord_app.game_table import GameTable
from tests.discord.bootleg_driver import live_ids, take_turn
from tests.discord.harness import Table, buttons, private_text
from tests.discord.turf_driver import game_table, live_prompt, member_of, select_values

PEOPLE = ("alice", "bob", "carol", "dave")


async def start_four(table: Table) -> None:
    await table.open_lobby("alice", game="bootleg", players=4)
    for name in PEOPLE[1:]:
        await table.click(table.members[name], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")


async def test_a_bootleg_lobby_seats_two_to_four(table: Table) -> None:
    """BOOTLEG §1: 2 to 4 players; more is refused before a lobby opens."""
    refused = await table.open_lobby("alice", game="bootleg", players=5)
    assert "Bootleg seats 2 to 4 players." in private_text(refused), private_text(refused)


async def test_a_four_seat_bootleg_match_by_clicks_to_the_final_count(table: Table) -> None:
    await start_four(table)
    match = game_table(table)
    first = table.history()[-1]
    assert "Bootleg" in table.texts() and "move an Envoy" in first.content, first.content
    prompt = live_prompt(table)
    assert prompt is not None
    ids = live_ids(prompt)
    groups = [i.rsplit(":", 1)[1] for i in ids]
    assert len(groups) == 3 and set(groups) <= set(ENVOY_OF_GROUP), groups

    # A wrong seat may neither open another's list nor click for them.
    seat = match.session.asked()[0].seat
    player, other = member_of(table, seat), member_of(table, (seat + 1) % 4)
    refused = await other.click(prompt, custom_id=ids[0])
    assert "belongs to another player" in private_text(refused), private_text(refused)

    # The move: the Envoy's button, then its end Location in the private list.
    opened = await player.click(prompt, custom_id=ids[0])
    assert opened.response is not None and "Where does the" in private_text(opened)
    ends = select_values(opened.response)
    assert ends and all(":" in v for v in ends), ends
    await player.select(opened.response, [ends[0]])
    await table.env.advance_time(1.5)
    assert match.session.seq == 1
    # The move's button, offered a decision ago, is stale now: it counts for nothing.
    stale = await table.raw_click(player, live_prompt(table), ids[0])
    assert match.session.seq == 1
    assert "That choice has passed." in private_text(stale), private_text(stale)

    # The action menu: Ability · Service · Place a Barrel · End turn, in that order,
    # the greyed ones saying why.
    menu = live_prompt(table)
    assert menu is not None
    labels = [b.label or "" for b in buttons(menu)]
    order = [
        next(i for i, label in enumerate(labels) if label.startswith(word))
        for word in ("Ability", "Service", "Place a Barrel", "End turn")
    ]
    assert order == sorted(order), labels
    end = next(b for b in buttons(menu) if (b.label or "").startswith("End turn"))
    assert end.disabled and "place a Barrel first" in (end.label or ""), end.label

    # A restart in the middle of the turn keeps the menu live.
    before = match.session.seq
    await table.restart()
    await table.env.advance_time(1.5)
    match = game_table(table)
    assert match.session.seq == before
    kept = live_prompt(table)
    assert kept is not None, "the restart closed the menu"
    place = next(i for i in live_ids(kept) if i.endswith(":place"))
    opened = await member_of(table, seat).click(kept, custom_id=place)
    assert "only you see which one you place" in private_text(opened), private_text(opened)
    assert opened.response is not None
    kinds = select_values(opened.response)
    await member_of(table, seat).select(opened.response, [kinds[0]])
    await table.env.advance_time(1.5)
    prompt = live_prompt(table)
    assert prompt is not None
    end_id = next(i for i in live_ids(prompt) if i.endswith(":end"))
    await member_of(table, seat).click(prompt, custom_id=end_id)
    await table.env.advance_time(1.5)
    double = await table.raw_click(member_of(table, seat), prompt, end_id)
    assert "Already done" in private_text(double), private_text(double)

    # A timeout at the next seat's move: the safe choice is made and said.
    waited = match.session.seq
    await table.env.advance_time(match.timer_length.total_seconds() + 1)
    await table.env.advance_time(1.5)
    assert game_table(table).session.seq > waited
    assert "ran out of time" in table.texts(), table.texts()[-500:]

    for n in range(2000):
        if not isinstance(table.bot.tables.by_id.get(1), GameTable):
            break  # the match is over and its table closed
        done = await take_turn(table, n)
        await table.env.advance_time(1.5)
        if done is None:
            break
    final = table.history()[-1]
    assert "The match is over" in final.content, final.content
    assert final.attachments, "the final picture is missing"
    for where in ("Casino", "Railway Station", "Prison"):
        assert where + ":" in final.content, final.content
    assert "Location" in final.content


async def test_the_variant_is_the_lobby_s_setting(table: Table) -> None:
    """BOOTLEG §3: `length:open` deals the tokens face up; the default is Secret."""
    await table.open_lobby("alice", game="bootleg", players=2, length="open")
    await table.click(table.members["bob"], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")
    state = game_table(table).session.state
    assert state.setup.options.variant.value == "open"
    assert all(site.face_up for site in state.sites)
    assert live_prompt(table) is not None


async def test_a_bootleg_match_is_secret_unless_the_host_says_open(table: Table) -> None:
    await table.open_lobby("alice", game="bootleg", players=2)
    await table.click(table.members["bob"], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")
    state = game_table(table).session.state
    assert state.setup.options.variant.value == "secret"
    assert not any(site.face_up for site in state.sites)


async def test_the_picture_after_a_step_shows_the_city_after_it(table: Table) -> None:
    """The turn's prompt is edited as the turn goes on; its picture is drawn again each
    time, so after the move it shows the Envoy where the move left it (and after the
    Barrel, the Barrel), never the city as the turn began."""
    await table.open_lobby("alice", game="bootleg", players=2)
    await table.click(table.members["bob"], table.lobby(), label="Join")
    await table.click(table.members["alice"], table.lobby(), label="Start")
    match = game_table(table)
    prompt = live_prompt(table)
    assert prompt is not None and len(prompt.attachments) == 1
    shown = [await prompt.attachments[0].read()]
    game, presenter = match.session.game, BOOTLEG_PRESENTER
    for step in range(2):  # the move, then a Barrel placed
        before = game.clone(match.session.state)
        done = len(match.session.log)
        assert await take_turn(table, step) is not None
        await table.env.advance_time(1.5)
        assert len(match.session.log) > done
        edited = live_prompt(table)
        assert edited is not None and edited.id == prompt.id  # one message for the turn
        events = []
        for applied in match.session.log[done:]:
            events += game.apply(before, applied.seat, applied.decision)
        (attachment,) = edited.attachments
        picture = await attachment.read()
        assert picture == presenter.picture(before, events), step
        assert attachment.description == presenter.alt_text(before, events)[:1000]
        assert picture != shown[-1]
        shown.append(picture)
