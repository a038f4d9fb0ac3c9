"""A plugin module that fails on import (for the host's tests)."""

raise RuntimeError("this plugin is broken on import")
