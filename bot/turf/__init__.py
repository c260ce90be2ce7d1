"""Everything Turf shows: its `Game` and `Presenter`, choices, narration, picture
(`render`), simulation, demo, bench and preview hooks. Its rules are `engine.turf`; the
platform reaches this package only through the registry (`bot.games`)."""
