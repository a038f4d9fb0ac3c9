"""What the Director enters: case files, the place a board was played, the rulings log,
the adjustments list."""
