"""`/chicago card` for Empire: every Mobster, Event, Job, Business piece and site is
known by name (forgiving case, accents, spaces and punctuation) and by its code, and
the numbers it tells are the engine's."""

from __future__ import annotations

from bot.empire.cards_text import card_lines, card_names
from engine.empire.board import SITES
from engine.empire.cards import EVENTS, JOBS, MOBSTERS, PIECES, SIZES, cost


def test_every_card_piece_and_site_is_named() -> None:
    names = card_names()
    expected = [
        *(m.name for m in MOBSTERS.values()),
        *(e.name for e in EVENTS.values()),
        *(j.name for j in JOBS.values()),
        *(p.name for p in PIECES.values()),
        *(s.name for s in SITES),
    ]
    assert names == list(dict.fromkeys(expected))
    assert len(names) == 45 + 21 + 8 + 18 + 48
    for name in names:
        lines = card_lines(name)
        assert lines and all(line.strip() for line in lines), name


def test_names_are_found_forgivingly() -> None:
    fox = card_lines("Foxtrot O'Flanigan")
    assert fox is not None
    for typed in ("foxtrot oflanigan", "  FOXTROT  O’FLANIGAN ", "Foxtrót O'Flanigan", "m06"):
        assert card_lines(typed) == fox, typed
    assert card_lines("laborers union") == card_lines("LAB")
    assert card_lines("t4") == card_lines("Turf 4")
    assert card_lines("nobody of that name") is None


def test_mobster_numbers_are_the_engine_s() -> None:
    for m in MOBSTERS.values():
        lines = card_lines(m.name)
        assert lines is not None
        assert f"Driveby attack {m.da} · Driveby defence {m.dd}" in lines[1]
        assert f"Business attack {m.ba} · Business defence {m.bd}" in lines[1]


def test_job_and_business_numbers_are_the_engine_s() -> None:
    for j in JOBS.values():
        text = " ".join(card_lines(j.name) or [])
        assert f"${j.reward}" in text
        assert f"{j.needs} working" in text or (j.needs == 0 and "no Mobsters" in text)
    for p in PIECES.values():
        text = " ".join(card_lines(p.name) or [])
        row = SIZES[p.size]
        assert f"${row.income}" in text and f"${row.monopoly}" in text
        assert f"+{row.defence}" in text
        girls, booze, henchmen = cost(p.size, p.kind)
        assert f"{girls} Girl" in text and f"{booze} Booze" in text
        assert f"{henchmen} Hench" in text
