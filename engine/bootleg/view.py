"""What one seat may know of a match (BOOTLEG §11): the state less its secrets.

Hidden from other seats: the kind of a Devils or Lucky Joe Special ("x"), until that
gang's Specials are revealed at the end (§9.1 steps 2-3). Hidden from everyone in the
Secret variant: each face-down token (shown as 0) and the 3 out-of-game tokens. Never
shown: the seed and the generator. Pictures, look-ups and computer players read this.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from pydantic import TypeAdapter

from engine.bootleg.decisions import DecisionKind, Pending
from engine.bootleg.events import BarrelDiscarded, BarrelMoved, BarrelPlaced, Event
from engine.bootleg.gangs import DEVILS, LUCKY, SECRET_KINDS, public_kind
from engine.bootleg.state import BootlegState, Phase, Result, Turn, Variant
from engine.bootleg.tokens import UNKNOWN


@dataclass(frozen=True, slots=True)
class BarrelView:
    owner: int
    kind: str  # the true kind, or "x" for a Special this seat may not tell apart


@dataclass(frozen=True, slots=True)
class SiteView:
    cell: int
    key: str
    pot: int
    token: int  # 0 while face down
    face_up: bool
    barrels: tuple[BarrelView, ...]


@dataclass(frozen=True, slots=True)
class PlayerPublic:
    seat: int
    name: str
    computer: str | None
    gang: str
    szmal: int
    supply: dict[str, int]  # by kind as this seat sees them
    discarded: tuple[str, ...]
    removed: tuple[str, ...]
    left: bool


@dataclass(frozen=True, slots=True)
class Waiting:
    """Someone's open decision: what kind, never its options."""

    kind: DecisionKind
    seat: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int | None
    variant: Variant
    round: int
    turns: int
    phase: Phase
    decisions: int
    players: tuple[PlayerPublic, ...]
    sites: tuple[SiteView, ...]
    envoys: dict[str, int]
    track: tuple[str, ...]
    inactive: str
    expansion: tuple[int, ...]
    out_tokens: tuple[int, ...]  # empty while hidden
    turn: Turn
    pending: tuple[Pending, ...]
    waiting: tuple[Waiting, ...]
    bomb: str
    lucky: str
    result: Result | None

    def site(self, cell: int) -> SiteView:
        return self.sites[cell - 1]

    def to_json(self) -> bytes:
        return _ADAPTER.dump_json(self)


def revealed_seats(state: BootlegState) -> set[int]:
    """Seats whose Specials everyone may now tell apart (§9.1 steps 2-3, §11 [R])."""
    if state.turns < 9 * len(state.players):
        return set()
    shown = {p.seat for p in state.players if p.gang == DEVILS}
    if state.phase is not Phase.BOMB:
        shown |= {p.seat for p in state.players if p.gang == LUCKY}
    return shown


def player_view(state: BootlegState, seat: int | None = None) -> PlayerView:
    """The match as `seat` sees it; None is the public view (the channel, spectators)."""
    clear = revealed_seats(state) | ({seat} if seat is not None else set())
    over = state.result is not None

    def shown(owner: int, kind: str) -> str:
        return kind if over or owner in clear else public_kind(kind)

    players = tuple(
        PlayerPublic(
            p.seat, p.name, p.computer, p.gang, p.szmal,
            dict(sorted(Counter(shown(p.seat, k) for k in p.supply).items())),
            tuple(shown(p.seat, k) for k in p.discarded), tuple(p.removed), p.left,
        )
        for p in state.players
    )  # fmt: skip
    sites = tuple(
        SiteView(
            s.cell, s.key, s.pot, s.token if s.face_up else UNKNOWN, s.face_up,
            tuple(BarrelView(b.owner, shown(b.owner, b.kind)) for b in s.barrels),
        )
        for s in state.sites
    )  # fmt: skip
    open_out = state.setup.options.variant is Variant.OPEN or over
    return PlayerView(
        seat=seat,
        variant=state.setup.options.variant,
        round=state.round,
        turns=state.turns,
        phase=state.phase,
        decisions=state.seq,
        players=players,
        sites=sites,
        envoys=dict(state.envoys),
        track=tuple(state.track),
        inactive=state.inactive,
        expansion=tuple(state.expansion),
        out_tokens=tuple(state.out_tokens) if open_out else (),
        turn=replace(state.turn, path=list(state.turn.path)),
        pending=tuple(p for p in state.pending if p.seat == seat),
        waiting=tuple(Waiting(p.kind, p.seat) for p in state.pending),
        bomb=state.bomb,
        lucky=state.lucky,
        result=state.result,
    )


_MASKED = (BarrelPlaced, BarrelDiscarded, BarrelMoved)


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as `seat` may be told them (None: the channel): other seats' Specials
    shown as "x" (§11 [R]). The end's reveals name every kind, as they should."""
    told: list[Event] = []
    for e in events:
        if isinstance(e, _MASKED) and e.barrel in SECRET_KINDS:
            owner = e.owner if isinstance(e, BarrelMoved) else e.seat
            if owner != seat:
                e = replace(e, barrel=public_kind(e.barrel))
        told.append(e)
    return told


_ADAPTER: TypeAdapter[PlayerView] = TypeAdapter(PlayerView)
