"""Golden replay: a stored seed and decision log must produce the stored event transcript.

Any change to the rules' outcomes or to the generator shows up here. When a change is
intended, regenerate with `python -m tests.update_golden` and read the diff of the
transcript before committing it.
"""

from __future__ import annotations

import json
from pathlib import Path

from engine.chicago import MatchOptions, PlayerSpec, new_match, replay
from engine.chicago.random_play import play_random

GOLDEN = Path(__file__).parent / "golden" / "transcript_seed1931.json"


def make_transcript() -> dict[str, object]:
    state = new_match(
        3,
        seed=1931,
        options=MatchOptions(),
        players=[PlayerSpec("Ada"), PlayerSpec("Bix"), PlayerSpec("Cy")],
    )
    log = play_random(state, 1931)
    _, events = replay(state.setup, log)
    return {
        "log": [f"{seat} {text}" for seat, text in log],
        "events": [json.dumps(e.as_dict(), sort_keys=True) for e in events],
        "result": {"reason": state.result.reason.value, "winner": state.result.winner}
        if state.result
        else None,
    }


def test_stored_log_replays_to_the_stored_transcript() -> None:
    golden = json.loads(GOLDEN.read_text())
    setup_state = new_match(
        3, seed=1931, players=[PlayerSpec("Ada"), PlayerSpec("Bix"), PlayerSpec("Cy")]
    )
    log = [(int(line.split()[0]), line.split()[1]) for line in golden["log"]]
    state, events = replay(setup_state.setup, log)
    transcript = [json.dumps(e.as_dict(), sort_keys=True) for e in events]
    assert transcript == golden["events"]
    assert state.result is not None
    assert golden["result"] == {"reason": state.result.reason.value, "winner": state.result.winner}
