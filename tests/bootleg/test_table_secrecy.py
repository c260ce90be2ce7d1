"""BOOTLEG §11 at the table: two matches that differ only in hidden things — which
face-down token lies where, and which of the Devils' X Barrels is the Bomb — show the
other seats and a spectator exactly the same: the channel's lines, every button (label,
greyed reason and custom id), the picture's pixels, its alt text, the standings and
`/chicago hand`, until the reveal."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.bootleg.game import BOOTLEG
from bot.bootleg.presenter import BOOTLEG_PRESENTER as SHOWN
from bot.discord_app.custom_ids import game_id, private_id
from bot.games.presenter import Choice
from engine.bootleg import BootlegState, apply
from engine.bootleg.testing import envoys, scene, token

ROTTEN, DEVILS = 0, 1


def twin(swapped: bool) -> BootlegState:
    """The scene city, its tokens face down; `swapped`: cells 3 and 7 trade theirs."""
    state = scene(("rotten", "devils"))
    if swapped:
        three, seven = state.site(3).token, state.site(7).token
        token(state, 3, seven, face_up=False)
        token(state, 7, three, face_up=False)
    envoys(state, {"smuggler": 5, "informant": 5, "troublemaker": 5}, inactive="dirty_cop")
    return state


def shown_to(state: BootlegState, events: list[Any], seat: int | None) -> dict[str, Any]:
    """Everything `seat` (None: a spectator) may be shown of the table now."""
    buttons: list[str] = []
    for asked in (0, 1):
        for item in SHOWN.menu(state, asked):
            if isinstance(item, Choice):
                buttons.append(f"{game_id(1, state.seq, item.decision)}|{item.label}|{item.reason}")
            else:
                buttons.append(f"{private_id(1, state.seq, asked, item.group)}|{item.label}")
    picture = Image.open(io.BytesIO(SHOWN.picture(state, events))).convert("RGB")
    shown = {
        "lines": [line.text for line in BOOTLEG.narrate(state, events)],
        "buttons": buttons,
        "pixels": picture.tobytes(),
        "alt": SHOWN.alt_text(state, events),
        "standings": SHOWN.standings(state),
        "asks": [SHOWN.asks(state, s) for s in (0, 1)],
    }
    if seat is not None:
        shown["hand"] = SHOWN.hand(state, seat)
        shown["lists"] = [
            [(c.decision, c.label) for c in SHOWN.private(state, seat, g.group)]
            for g in SHOWN.groups(state, seat)
        ]
    return shown


def next_decision(state: BootlegState, specials: list[str]) -> str:
    """The same public play in both twins: an Envoy never ends on the hidden cells 3
    and 7 (that would turn their tokens); the Devils place `specials` in turn first."""
    asked = state.pending[0]
    if asked.kind.value == "move":
        return next(o for o in asked.options if o[-1] not in "37")
    if asked.seat == DEVILS and specials and f"place:{specials[0]}" in asked.options:
        return f"place:{specials.pop(0)}"
    return "place:plain" if "place:plain" in asked.options else "end"


def test_hidden_tokens_and_x_barrels_show_the_same_to_others_and_spectators() -> None:
    a = twin(False)
    b = twin(True)
    order_a, order_b = ["bomb", "fake"], ["fake", "bomb"]  # which X is which differs
    for _ in range(16):
        da, db = next_decision(a, order_a), next_decision(b, order_b)
        seat = a.pending[0].seat
        assert seat == b.pending[0].seat
        ea, eb = apply(a, seat, da), apply(b, seat, db)
        assert a.site(3).token != b.site(3).token and not a.site(3).face_up
        for viewer in (None, ROTTEN):
            assert shown_to(a, ea, viewer) == shown_to(b, eb, viewer), (viewer, da)
    assert a.seq == b.seq == 16
    # The twins really differ, and the Devils' own seat can tell: its Bomb is named.
    rows_a = [[x.kind for x in s.barrels] for s in a.sites]
    rows_b = [[x.kind for x in s.barrels] for s in b.sites]
    assert rows_a != rows_b and not order_a and not order_b
    assert SHOWN.hand(a, DEVILS) != SHOWN.hand(b, DEVILS)


def test_the_barrel_choice_is_a_private_list_named_only_for_its_owner() -> None:
    state = twin(False)
    apply(state, ROTTEN, "smuggler:2")
    menu = SHOWN.menu(state, ROTTEN)
    labels = [item.label for item in menu]
    assert labels[2] == "Place a Barrel…" and not isinstance(menu[2], Choice), labels
    kinds = [c.decision for c in SHOWN.private(state, ROTTEN, "place")]
    assert kinds == ["place:plain", "place:big"], kinds
    assert SHOWN.private(state, DEVILS, "place") == []  # not their turn, nothing to list
