"""A computer's picture of the match: a playable state built from its seat's view alone,
with every hidden fact filled in neutrally (a face-down token unknown, another gang's
"x" a Fake or a Good Goods), so it can try its options on the real rules."""

from __future__ import annotations

from dataclasses import replace

from engine.bootleg.flow import _ask
from engine.bootleg.gangs import DEFAULT_ORDER, DEVILS, FAKE, GOOD_GOODS, HIDDEN
from engine.bootleg.state import (
    Barrel,
    BootlegOptions,
    BootlegSetup,
    BootlegState,
    Player,
    Site,
)
from engine.bootleg.view import PlayerView
from engine.common.rng import Rng
from engine.common.seats import PlayerSpec


def _guess(gang: str, kind: str) -> str:
    if kind != HIDDEN:
        return kind
    return FAKE if gang == DEVILS else GOOD_GOODS


def belief_state(view: PlayerView) -> BootlegState:
    gangs = [p.gang for p in view.players]
    players = [
        Player(
            p.seat, p.name, p.computer, p.gang, p.szmal,
            sorted((_guess(p.gang, k) for k, n in p.supply.items() for _ in range(n)),
                   key=DEFAULT_ORDER.index),
            [_guess(p.gang, k) for k in p.discarded], list(p.removed), p.left,
        )
        for p in view.players
    ]  # fmt: skip
    sites = [
        Site(s.cell, s.key, s.pot, s.token, s.face_up,
             [Barrel(b.owner, _guess(gangs[b.owner], b.kind)) for b in s.barrels])
        for s in view.sites
    ]  # fmt: skip
    specs = [PlayerSpec(p.name, p.computer) for p in view.players]
    state = BootlegState(
        setup=BootlegSetup(0, BootlegOptions(view.variant), specs, False),
        players=players,
        sites=sites,
        envoys=dict(view.envoys),
        track=list(view.track),
        inactive=view.inactive,
        expansion=list(view.expansion),
        out_tokens=[],
        rng=Rng(0),
        turns=view.turns,
        turn=replace(view.turn, path=list(view.turn.path)),
        phase=view.phase,
        seq=view.decisions,
        bomb=view.bomb,
        lucky=view.lucky,
    )
    _ask(state)
    return state


def clone(state: BootlegState) -> BootlegState:
    """A quick copy for trying one option (the setup and generator are shared: the
    rules never draw after setup)."""
    return BootlegState(
        setup=state.setup,
        players=[
            replace(p, supply=list(p.supply), discarded=list(p.discarded), removed=list(p.removed))
            for p in state.players
        ],
        sites=[replace(s, barrels=list(s.barrels)) for s in state.sites],
        envoys=dict(state.envoys),
        track=list(state.track),
        inactive=state.inactive,
        expansion=list(state.expansion),
        out_tokens=state.out_tokens,
        rng=state.rng,
        turns=state.turns,
        turn=replace(state.turn, path=list(state.turn.path)),
        phase=state.phase,
        seq=state.seq,
        bomb=state.bomb,
        bombed=list(state.bombed),
        bomb_cell=state.bomb_cell,
        lucky=state.lucky,
        pending=state.pending,
        result=state.result,
    )
