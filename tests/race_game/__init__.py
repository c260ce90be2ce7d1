"""Race to Ten, a toy game in the shape every game of the table has: its rules in one
package (`rules`, pure) and all it shows in another (`show`: `game`, `offline`,
`presenter`). Adding it to the table is `bot.registry.install("tests.race_game.show")`,
the same call the registry's own list of games makes: no platform file changes."""
