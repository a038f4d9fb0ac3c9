"""``td-plugin plugins``: the plugins loaded, where each comes from, and its hooks.

Built-in rulers and adapters are listed like external plugins; ``TD_PLUGIN_DISABLE``
blocks any of them by name. A plugin that failed to load is listed with its error.
Exit status: 0, or 1 when a plugin failed to load.
"""

from __future__ import annotations

import argparse
import json

from td_plugin.commands import add_common_options

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("plugins", help="list the plugins loaded and the hooks each implements",
                       description="List the built-in and external plugins (entry-point "
                                   "group td_plugin) and the hooks each implements.")
    add_common_options(p, json="print the list as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from td_plugin.host.manager import PluginHost

    host = PluginHost()
    plugins = host.plugins()
    if args.json:
        print(json.dumps({
            "plugins": [{"name": n, "source": host.source_of(n), "hooks": hooks}
                        for n, hooks in plugins],
            "blocked": host.blocked(),
            "errors": [{"plugin": e.plugin, "hook": e.hook, "message": str(e.exception)}
                       for e in host.errors]}, indent=2))
    else:
        width = max((len(n) for n, _ in plugins), default=0)
        for name, hooks in plugins:
            print(f"{name:<{width}}  {host.source_of(name)}")
            print(f"{'':<{width}}  hooks: {', '.join(hooks) or '-'}")
        for name in host.blocked():
            print(f"{name:<{width}}  blocked (TD_PLUGIN_DISABLE)")
        for error in host.errors:
            print(f"failed: {error.describe()}")
    return 1 if host.errors else 0
