"""The exit codes every `chicago-bot` command uses, declared once: the README's table,
the systemd unit's `RestartPreventExitStatus=` and the tests read them here."""

from __future__ import annotations

OK = 0
# A failure while running that may pass by itself (the network, Discord, a full disk):
# a service manager may try again.
FAILED = 1
# Something a person must fix first (bad input or settings, a token of the wrong shape
# or one Discord refuses, an unusable database or one another bot is using): starting
# again unchanged cannot help, so the systemd unit does not restart on it.
MUST_FIX = 2
INTERRUPTED = 130
