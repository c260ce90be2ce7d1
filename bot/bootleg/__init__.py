"""Everything Bootleg shows: its `Game` and `Presenter`, choices, narration, picture
(`render`), simulation, demo and bench. Its rules are `engine.bootleg`; the platform
reaches this package only through the registry (`bot.registry`)."""
