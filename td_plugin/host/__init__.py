"""The pluggy host and the contracts plugins implement: the manager (`PluginHost`,
`DEFAULT_PLUGINS`), the sources a reader offers (`td_plugin.host.sources`), the services
that carry the tables' calls (`td_plugin.host.services`). The manager's names are offered
here too (``td_plugin.host.PluginHost``), imported when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from td_plugin._lazy import lazy_names

if TYPE_CHECKING:
    from td_plugin.host.manager import DEFAULT_PLUGINS, PluginError, PluginHost, Review, plugin_name

__getattr__, __dir__ = lazy_names(__name__, {
    "td_plugin.host.manager": ("DEFAULT_PLUGINS", "PluginError", "PluginHost", "Review",
                               "plugin_name")})

__all__ = ["DEFAULT_PLUGINS", "PluginError", "PluginHost", "Review", "plugin_name"]
