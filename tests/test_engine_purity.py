"""The engines stay pure: importing Chicago 1927's or Turf's rules pulls in no Discord,
Pillow or SQLite bridge."""

from __future__ import annotations

import subprocess
import sys

FORBIDDEN = ("discord", "PIL", "aiosqlite")


def test_engine_imports_nothing_outside_the_standard_library_and_pydantic() -> None:
    code = (
        "import sys, engine.common, engine.chicago, engine.chicago.computer\n"
        "import engine.chicago.testing, engine.chicago.ledger\n"
        "import engine.turf, engine.turf.computer, engine.turf.random_play, engine.turf.testing\n"
        "import engine.bootleg, engine.bootleg.computer, engine.bootleg.random_play\n"
        "import engine.empire, engine.empire.computer, engine.empire.random_play\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
