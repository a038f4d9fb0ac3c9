"""The Laws of Duplicate Bridge 2017, one module per law family, as pure functions."""
