"""Everything Chicago 1927 shows: its `Game` (`bot.chicago.game`), narration, board and
phone pictures (`render`), look-ups, simulation and the hooks the CLI calls. Its rules are
`engine.chicago`; the platform reaches this package only through the registry
(`bot.games`)."""
