"""The irregularities of the play period (Laws 24, 41-67), one module per law family."""
