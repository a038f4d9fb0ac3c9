"""The subcommands of ``td-plugin``; each module has ``add_parser(subparsers)`` and ``run(args)``."""

from __future__ import annotations

import argparse

from td_plugin.laws.regulations import names
from td_plugin.messages import LANGUAGES

__all__ = ["add_common_options"]


def add_common_options(parser: argparse._ActionsContainer, *, json: str | None = None,
                       lang: str | None = None, write_to: str | None = None,
                       write_to_required: bool = False, regulation: bool = False,
                       hand_record: bool = False) -> None:
    """The options several commands share, spelt, typed and defaulted alike in each, added
    to ``parser`` in this order: ``--json`` (a flag), ``--lang`` (a language of the
    catalogues, ``en`` by default), ``--write-to DIR`` (required with ``write_to_required``)
    and, with ``regulation``, ``--regulation NAME``, the regulation in force
    (`td_plugin.laws.regulations`; a plugin may offer more, `td_regulations`, so the name
    is checked by the host once the plugins are loaded), and with ``hand_record``,
    ``--hand-record FILE``, the club's hand records (`td_plugin.audit.hand_record`).

    ``json``, ``lang`` and ``write_to`` are the help texts, each command's own (what it
    prints, what the language is of, what it writes); an option without one is not added.
    ``parser`` may be a group of the command's parser: a command whose shared options stand
    apart in its help adds each where it stands."""
    if json is not None:
        parser.add_argument("--json", action="store_true", help=json)
    if lang is not None:
        parser.add_argument("--lang", choices=LANGUAGES, default="en",
                            help=f"{lang} (default: en)")
    if write_to is not None:
        parser.add_argument("--write-to", metavar="DIR", required=write_to_required,
                            help=write_to)
    if regulation:
        parser.add_argument("--regulation", default="wbf", metavar="NAME",
                            help=f"the regulation in force: {', '.join(names())} (default: wbf; "
                                 f"a plugin may add its own)")
    if hand_record:
        parser.add_argument("--hand-record", metavar="FILE",
                            help="the session's deals as dealt (the dealing machine's PBN "
                                 "file): joined by board number to the results that carry "
                                 "none, compared with those that do; refused when it is "
                                 "not for the session's boards")
