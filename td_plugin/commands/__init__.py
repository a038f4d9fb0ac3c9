"""The subcommands of ``td-plugin``; each module has ``add_parser(subparsers)`` and ``run(args)``."""

from __future__ import annotations

import argparse

from td_plugin.laws.regulations import names

__all__ = ["add_regulation_option"]


def add_regulation_option(parser: argparse.ArgumentParser) -> None:
    """``--regulation NAME``, the regulation in force (`td_plugin.laws.regulations`; a plugin
    may offer more, `td_regulations`, so the name is checked by the host once the plugins
    are loaded)."""
    parser.add_argument("--regulation", default="wbf", metavar="NAME",
                        help=f"the regulation in force: {', '.join(names())} (default: wbf; "
                             f"a plugin may add its own)")
