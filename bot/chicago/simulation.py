"""Playing seeded all-computer matches and summing them up, for `chicago-bot simulate`,
the demo and the computer-player benchmark.

Each match is a pure function of its seed and seat kinds, so a figure printed here can
always be reproduced, and one odd match can be replayed on its own.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.benchmarks import percentile
from bot.chicago.narration import ENDING_NAMES
from bot.games.offline import LEVEL_ALIASES as ALIASES
from bot.games.offline import listed_kinds
from bot.session import MatchSession
from engine.chicago import EndReason, MatchOptions, MatchState, PlayerSpec, new_match
from engine.chicago.characters import CHARACTERS
from engine.chicago.computer import LEVELS
from engine.chicago.limits import DEFAULT_BOSSES, MAX_BOSSES, MIN_BOSSES

KINDS: tuple[str, ...] = LEVELS
MAX_DECISIONS = 100_000  # a safety net: no real match comes near it


class SeatsError(ValueError):
    """A --seats value that cannot be read; the message says why, in one line."""


def seat_kinds(text: str) -> list[str]:
    """The kinds named in a comma-separated list; "ai" means "normal"."""
    kinds = listed_kinds(text)
    unknown = sorted({k for k in kinds if k not in KINDS})
    if unknown:
        known = ", ".join((*KINDS, *ALIASES))
        raise SeatsError(f"unknown seat kind {', '.join(map(repr, unknown))} (kinds: {known})")
    return kinds


def parse_seats(text: str, bosses: int | None) -> tuple[list[str], str]:
    """Read "normal,random,random,random,random" into boss kinds and the police kind.

    One kind fills every seat; otherwise list the bosses then the police (bosses + 1).
    """
    kinds = seat_kinds(text)
    if len(kinds) == 1:
        count = DEFAULT_BOSSES if bosses is None else bosses
        return [kinds[0]] * count, kinds[0]
    count = len(kinds) - 1 if bosses is None else bosses
    if len(kinds) != count + 1:
        raise SeatsError(
            f"--seats lists {len(kinds)} kinds; {count} bosses need {count + 1} "
            "(the bosses, then the police) or one kind for every seat"
        )
    if not MIN_BOSSES <= count <= MAX_BOSSES:
        raise SeatsError(f"a match has {MIN_BOSSES} to {MAX_BOSSES} bosses, --seats names {count}")
    return kinds[:-1], kinds[-1]


def seat_label(kind: str, police: bool) -> str:
    return f"{kind} police" if police else f"{kind} boss"


@dataclass(slots=True)
class MatchRecord:
    """What one match tells the statistics."""

    seed: int
    reason: EndReason
    winner: int
    labels: list[str]  # per seat, e.g. "normal boss", "random police"
    characters: list[str]  # per boss seat, display names
    rounds: int
    decisions: int
    timings: dict[str, list[float]] = field(default_factory=dict)  # seconds, by level

    @property
    def winner_label(self) -> str:
        return self.labels[self.winner]

    @property
    def police_won(self) -> bool:
        return self.winner == len(self.labels) - 1


def new_simulated_match(
    bosses: int, seed: int, boss_kinds: Sequence[str], police_kind: str, options: MatchOptions
) -> MatchState:
    players = [PlayerSpec(f"{kind.title()} {i + 1}", kind) for i, kind in enumerate(boss_kinds)]
    police = PlayerSpec("Chicago Police", police_kind)
    return new_match(bosses, seed, options, players, police)


def play_match(
    bosses: int, seed: int, boss_kinds: Sequence[str], police_kind: str, options: MatchOptions
) -> MatchRecord:
    """Play one match to its end, timing every computer decision."""
    setup = new_simulated_match(bosses, seed, boss_kinds, police_kind, options).setup
    session, _ = MatchSession.new(setup, autoplay=False, narrated=False)
    state = session.state
    timings: dict[str, list[float]] = {}
    decisions = 0
    while state.result is None and decisions < MAX_DECISIONS:
        for level, seconds in session.play_computer().thinking:
            timings.setdefault(level, []).append(seconds)
        decisions += 1
    result = state.result
    if result is None:
        raise RuntimeError(f"match {seed} did not end in {MAX_DECISIONS} decisions")
    labels = [seat_label(s.computer or "human", s.is_police) for s in state.sides]
    characters = [CHARACTERS[s.character].name for s in state.bosses]
    return MatchRecord(
        seed, result.reason, result.winner, labels, characters, state.round, decisions, timings
    )


def _play_many(
    args: tuple[int, list[int], list[str], str, int, int | None],
) -> list[MatchRecord]:
    bosses, seeds, boss_kinds, police_kind, marks, limit = args
    options = MatchOptions(marks_to_win=marks, round_limit=limit)
    return [play_match(bosses, s, boss_kinds, police_kind, options) for s in seeds]


@dataclass(slots=True)
class Summary:
    matches: int
    bosses: int
    boss_kinds: list[str]
    police_kind: str
    options: MatchOptions
    records: list[MatchRecord]
    seconds: float


def simulate(
    matches: int,
    bosses: int,
    boss_kinds: Sequence[str],
    police_kind: str,
    options: MatchOptions | None = None,
    first_seed: int = 1,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play `matches` matches with seeds first_seed, first_seed + 1, ...; `on_progress`
    hears how many are done, so a terminal can show the work moving."""
    options = options or MatchOptions()
    seeds = list(range(first_seed, first_seed + matches))
    kinds = list(boss_kinds)
    began = time.perf_counter()
    report = on_progress or (lambda done: None)
    records: list[MatchRecord] = []
    if jobs <= 1 or matches < 2 * jobs:
        for seed in seeds:
            records.append(play_match(bosses, seed, kinds, police_kind, options))
            report(len(records))
    else:
        # Small chunks, so progress moves steadily and the workers finish together.
        size = max(1, min(25, matches // (4 * jobs)))
        work = [
            (bosses, seeds[i : i + size], kinds, police_kind, options.marks_to_win,
             options.round_limit)
            for i in range(0, matches, size)
        ]  # fmt: skip
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_many, work):
                records.extend(part)
                report(len(records))
    return Summary(
        matches, bosses, kinds, police_kind, options, records, time.perf_counter() - began
    )


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def _table(title: str, head: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    rows = [list(r) for r in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows, strict=True)]
    lines = [title]
    fmt = "  " + "  ".join(f"{{:<{w}}}" if i == 0 else f"{{:>{w}}}" for i, w in enumerate(widths))
    lines.append(fmt.format(*head))
    lines.extend(fmt.format(*r) for r in rows)
    return lines


def format_summary(summary: Summary) -> str:
    """The printed report: who wins, how matches end, how long they last, how fast."""
    records = summary.records
    n = len(records)
    lines: list[str] = []
    seats = ", ".join(summary.boss_kinds) + f" + {summary.police_kind} police"
    limit = summary.options.round_limit
    lines.append(
        f"{n} matches, {summary.bosses} bosses ({seats}); "
        f"{summary.options.marks_to_win} marks to win, "
        f"round limit {limit if limit is not None else 'none'}"
    )
    lines.append("")

    seat_count: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for r in records:
        seat_count.update(r.labels)
        wins[r.winner_label] += 1
    even_share = 1 / (summary.bosses + 1)
    rows: list[tuple[str, ...]] = [
        (
            label,
            f"{seat_count[label] / n:g}",
            str(wins[label]),
            _pct(wins[label], n),
            _pct(wins[label], seat_count[label]),
        )
        for label in sorted(seat_count, key=lambda x: (x.endswith("police"), x))
    ]
    lines += _table(
        f"Wins by seat kind (an even share is {100 * even_share:.1f}% per seat)",
        ("seat kind", "seats", "wins", "of matches", "per seat"),
        rows,
    )
    police_wins = sum(1 for r in records if r.police_won)
    lines.append(f"  police won {_pct(police_wins, n).strip()} of matches")
    lines.append("")

    # Per character, and per boss kind when kinds are mixed: with one normal seat among
    # random ones, the overall rate mostly says who drew the normal seat.
    kinds = sorted({label for r in records for label in r.labels[:-1]})
    played: Counter[tuple[str, str]] = Counter()
    char_wins: Counter[tuple[str, str]] = Counter()
    for r in records:
        for seat, name in enumerate(r.characters):
            played[name, r.labels[seat]] += 1
            played[name, ""] += 1
        if not r.police_won:
            name = r.characters[r.winner]
            char_wins[name, r.winner_label] += 1
            char_wins[name, ""] += 1
    names = sorted({name for name, _ in played})
    names.sort(key=lambda c: -char_wins[c, ""] / played[c, ""])
    columns = [""] + (kinds if len(kinds) > 1 else [])
    rows = [
        (
            name,
            str(played[name, ""]),
            str(char_wins[name, ""]),
            *(_pct(char_wins[name, k], played[name, k]) for k in columns),
        )
        for name in names
    ]
    head = ("character", "played", "wins", "win rate", *(f"as {k}" for k in columns[1:]))
    lines += _table("Wins by character", head, rows)
    lines.append("")

    endings = Counter(r.reason for r in records)
    rows = [
        (ENDING_NAMES[reason], str(endings[reason]), _pct(endings[reason], n))
        for reason in EndReason
    ]
    lines += _table("How matches end", ("ending", "matches", "share"), rows)
    lines.append("")

    rounds = [r.rounds for r in records]
    decisions = [r.decisions for r in records]
    lines += _table(
        "Match length",
        ("", "median", "p90", "max"),
        [
            (
                "rounds",
                f"{statistics.median(rounds):g}",
                f"{percentile(rounds, 0.9):g}",
                str(max(rounds)),
            ),
            (
                "decisions",
                f"{statistics.median(decisions):g}",
                f"{percentile(decisions, 0.9):g}",
                str(max(decisions)),
            ),
        ],
    )
    lines.append("")

    timings: dict[str, list[float]] = {}
    for r in records:
        for level, values in r.timings.items():
            timings.setdefault(level, []).extend(values)
    rows = [
        (
            level,
            str(len(values)),
            f"{1000 * statistics.median(values):.3f}",
            f"{1000 * percentile(values, 0.99):.3f}",
            f"{1000 * max(values):.3f}",
        )
        for level, values in sorted(timings.items())
    ]
    lines += _table(
        "Computer decision time (ms)", ("level", "decisions", "median", "p99", "max"), rows
    )
    rate = n / summary.seconds if summary.seconds else float("inf")
    lines.append(f"  {rate:.1f} matches per second ({summary.seconds:.1f} s in all)")
    return "\n".join(lines)
