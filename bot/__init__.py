"""Chicago 1927 outside the rules: command line, board picture, computer players' harness."""
