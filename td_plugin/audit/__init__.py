"""Reviewing records after the session or live: the run, its parts on several processes,
what it keeps, coverage, the watch, the table rulings, the scorer entry and the reports."""
