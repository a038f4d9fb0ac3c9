"""The pluggy host and the contracts plugins implement: the manager, the sources a reader
offers, the services that carry the tables' calls."""
