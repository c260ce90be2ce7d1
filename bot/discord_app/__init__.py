"""The Discord front end: slash commands, buttons, timers and posts, over the match session."""
