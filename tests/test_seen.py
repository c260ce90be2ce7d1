"""What players see goes through one door, `player_view`: the board picture and the
private look-ups show nothing that differs between two matches that differ only in what
is hidden (the dice generator, the order of both decks)."""

from __future__ import annotations

from bot.chicago.render import render_png
from bot.chicago.render.view import snapshot
from bot.chicago.table.lookups import hand_embed
from engine.chicago import MatchState, new_match
from tests.pictures import decoded


def hidden_twin(state: MatchState) -> MatchState:
    other = MatchState.from_json(state.to_json())
    other.rng.seed, other.rng.counter = 99, 12345
    other.street_deck.reverse()
    other.police_deck.reverse()
    assert other.street_deck != state.street_deck
    return other


def test_the_picture_shows_nothing_hidden() -> None:
    state = new_match(3, 8)
    other = hidden_twin(state)
    assert snapshot(other) == snapshot(state)
    assert decoded(render_png(other, [])) == decoded(render_png(state, []))


def test_the_picture_shows_what_is_public() -> None:
    """The check above is not blind: a public change (cash) does change the picture."""
    state = new_match(3, 8)
    richer = MatchState.from_json(state.to_json())
    richer.sides[0].cash += 1000
    assert snapshot(richer) != snapshot(state)


def test_a_players_hand_shows_nothing_hidden() -> None:
    state = new_match(3, 8)
    other = hidden_twin(state)
    assert hand_embed(other, 0).to_dict() == hand_embed(state, 0).to_dict()
