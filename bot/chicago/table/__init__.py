"""Chicago 1927 at the one table: its teller (the prompt, the fight edited round by round,
the reminder), its trade screen and DM offers, its misclick confirmations, its lookups
and its end-of-match summary. The platform reaches these only through `bot.registry`."""
