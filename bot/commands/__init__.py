"""One module per `chicago-bot` subcommand: `add_arguments(parser)` and `run(args)`."""
