"""The laws ruled in the walk over the calls of an auction (Laws 16C, 17, 23, 25-33, 35-39)."""
