"""The match story, the statistics it leaves and the marks chart."""

from __future__ import annotations

import io

from PIL import Image

from bot.chicago.history import tell
from bot.chicago.render.chart import HEIGHT, WIDTH, marks_chart
from bot.chicago.side_rows import side_results
from bot.player_stats import player_stats
from bot.session import MatchSession
from bot.store import SeatRecord
from bot.store.tallies import Totals, add_up
from engine.chicago import new_match


def test_the_story_matches_the_match_and_leaves_side_rows() -> None:
    setup = new_match(bosses=3, seed=2).setup
    for player in setup.players:
        player.computer = "normal"
    setup.police.computer = "easy"
    session, _ = MatchSession.new(setup, narrated=False)
    state, story = tell(setup, [(a.seat, a.decision) for a in session.log])
    assert state.to_json() == session.state.to_json()
    assert story.marks[0][1] == (0,) * len(state.sides)
    assert story.marks[-1][1] == tuple(s.marks for s in state.sides)
    assert sum(story.raids_won) == sum(story.raids_lost)
    assert story.richest is not None and story.richest.cash >= max(s.cash for s in state.sides)
    seats = [SeatRecord("boss", s.name, 100 + s.seat) for s in state.sides]
    rows = side_results(1, state, story, seats)
    assert state.result is not None
    assert [r.won for r in rows].count(True) == 1 and rows[state.result.winner].won
    assert rows[-1].facts["role"] == "police"
    totals: Totals = {}
    for at, row in enumerate(rows + rows):
        add_up(totals, row, 1, float(at))
    user = 100 + state.result.winner
    winner = player_stats(user, [t for (_, who, _, _), t in totals.items() if who == user])
    assert winner is not None and winner.overall.played == 2 and winner.overall.won == 2
    (tally,) = winner.tallies["chicago"]
    assert tally.kind["role"] == rows[state.result.winner].facts["role"]
    assert tally.sums["marks"] == 2 * rows[state.result.winner].facts["marks"]


def test_chart_is_a_small_png_of_fixed_size() -> None:
    points = [(1, (0, 0, 0)), (1, (1, 0, 0)), (2, (1, 1, 0)), (3, (2, 1, 1))]
    data = marks_chart(["Alice", "Bob", "Chicago Police"], 2, points, 4, winner=0)
    image = Image.open(io.BytesIO(data))
    assert image.size == (WIDTH, HEIGHT) and len(data) < 100_000
    assert data == marks_chart(["Alice", "Bob", "Chicago Police"], 2, points, 4, winner=0)
    single = marks_chart(["A", "B"], 1, [(1, (0, 0))], 4)
    assert Image.open(io.BytesIO(single)).size == (WIDTH, HEIGHT)


def test_no_richest_moment_when_nobody_ever_held_more_than_the_starting_cash() -> None:
    setup = new_match(bosses=2, seed=3).setup
    state, story = tell(setup, [])
    assert story.richest is None
    dealt = max(s.cash for s in state.sides)
    session, _ = MatchSession.new(setup, autoplay=False)
    while session.pending is not None and (story.richest is None):
        seat = session.pending.seat
        session.decide(seat, session.pending.available()[-1], session.seq)
        _, story = tell(setup, [(a.seat, a.decision) for a in session.log])
    assert story.richest is not None and story.richest.cash > dealt
