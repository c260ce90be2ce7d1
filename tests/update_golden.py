"""Rewrite the reference files the golden tests compare against, after a deliberate
change to the picture or the rules:

    python -m tests.update_golden

then look at the pictures and read the transcript's diff before committing them. The
tests themselves never write a reference, so none can pass by writing its own answer.
"""

from __future__ import annotations

import json
import sys

from bot.chicago.render import render_png
from bot.chicago.render.readme import README_PICTURE, render_readme_picture
from tests import test_golden_replay, test_render


def main() -> int:
    test_render.GOLDEN.write_bytes(render_png(*test_render.scene()))
    render_readme_picture()
    transcript = test_golden_replay.GOLDEN
    transcript.write_text(json.dumps(test_golden_replay.make_transcript(), indent=0) + "\n")
    for path in (test_render.GOLDEN, README_PICTURE, transcript):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
