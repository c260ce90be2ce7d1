"""Play over days: each seat's time bank, the pace a match is played at, quiet hours.

Pure and game-neutral: instants in, instants out. Banks are computed from stored
instants (when a seat was asked, what was left then), never counted by a sleeping task,
so a restart or another process reads the same clock.
"""

from bot.clocks.banks import MatchClocks, SeatClock
from bot.clocks.pace import DAYS, LIVE, Pace
from bot.clocks.quiet import QuietHours

__all__ = ["DAYS", "LIVE", "MatchClocks", "Pace", "QuietHours", "SeatClock"]
