"""`python -m bot` is the same as the `chicago-bot` console script."""

from bot.cli import main

raise SystemExit(main())
