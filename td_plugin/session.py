"""Deprecated: ``td_plugin.session`` moved to `td_plugin.model.session`; import its names
from `td_plugin` (the plugin API) or from there. This module goes in the next minor
release."""

from td_plugin._lazy import moved_module

__getattr__ = moved_module(__name__, "td_plugin", "td_plugin.model.session")
