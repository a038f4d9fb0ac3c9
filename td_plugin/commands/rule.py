"""``td-plugin rule CASE``: the ruling on an auction irregularity, a revoke or an
irregularity of the play period (a lead out of turn, a penalty card, ...) described in a
case file.

Prints the ruling readably (English or Danish) or as JSON. Exit status 0 when a ruling
was given (also when it waits for a decision), 2 when the case file cannot be read or
makes no sense; the message names the entry at fault.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from td_plugin import messages
from td_plugin.auction_ruling import AuctionRuling
from td_plugin.casefile import load_case
from td_plugin.errors import CaseFileError
from td_plugin.laws.revokes import RevokeCaseRuling
from td_plugin.play_ruling import PlayRuling
from td_plugin.rulings import ReviewContext

def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "rule", help="rule on an irregularity (auction, revoke, play) described in a case file",
        description="Rule on an auction irregularity (Laws 23, 25-32, 36-39), a revoke "
                    "(Laws 61-64, from the facts the Director gathered) or an irregularity of "
                    "the play period (Laws 24, 41-58, 62, 67: leads out of turn, penalty "
                    "cards, ...) described in a JSON or YAML case file (see docs/cases.md).")
    p.add_argument("case", metavar="CASE", help="the case file (.json, .yaml or .yml)")
    p.add_argument("--json", action="store_true", help="print the ruling as JSON")
    p.add_argument("--lang", choices=messages.LANGUAGES, default="en",
                   help="language of the ruling (default: en)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from td_plugin.host import PluginHost

    try:
        # through the host, so a club's plugin may rule instead of the built-in engine
        ruling, errors = PluginHost().report_incident(load_case(args.case),
                                                      ReviewContext(language=args.lang))
    except CaseFileError as exc:
        print(f"td-plugin rule: {exc}", file=sys.stderr)
        return 2
    for error in errors:
        print(f"td-plugin rule: {error.describe()}", file=sys.stderr)
    if not isinstance(ruling, (AuctionRuling, RevokeCaseRuling, PlayRuling)):
        print("td-plugin rule: no plugin ruled on this case", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(json.dumps(ruling.to_json(args.lang), ensure_ascii=False, indent=2)
                         + "\n")
    elif isinstance(ruling, RevokeCaseRuling):
        render_revoke(ruling, Console(), args.lang)
    else:
        render(ruling, Console(), args.lang)
    return 0


def render(ruling: AuctionRuling | PlayRuling, console: Console, lang: str) -> None:
    """Print the ruling on an auction irregularity or on one of the play period as a
    panel: the clauses in order, then what stands, what is still to decide, and the
    notes."""
    def h(key: str) -> str:
        return messages.render(f"rule.{key}", None, lang)

    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for i, clause in enumerate(ruling.clause_texts(lang)):
        table.add_row(h("clauses") if i == 0 else "", f"\u2022 {clause}")
    for heading, value in ruling.stands(lang):
        table.add_row(heading, value)
    for i, text in enumerate(ruling.decision_texts(lang)):
        table.add_row(h("decide") if i == 0 else "", text)
    for i, n in enumerate(ruling.notes):
        table.add_row(h("notes") if i == 0 else "", messages.render(n.key, n.params, lang))
    laws = messages.laws_ref(ruling.laws, lang)
    title = h("needs_decision") if ruling.status == "needs_decision" else h("title")
    console.print(Panel(table, title=f"{title}: {laws}" if laws else title, expand=False))


def render_revoke(ruling: RevokeCaseRuling, console: Console, lang: str) -> None:
    """Print a revoke ruling as a panel: each revoke's ruling, the result, then Law 64C
    (what the Director must still weigh, or his judgement) and what is to decide."""
    def text(key: str, **params: object) -> str:
        return messages.render(key, params, lang)

    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for item in ruling.revokes:
        table.add_row(text("revoke.case.heading.revoke", trick=item.data["trick"]),
                      messages.render(item.ruling.key, item.ruling.params, lang))
    for i, line in enumerate(ruling.result_lines(lang)):
        table.add_row(text("revoke.case.heading.result") if i == 0 else "", line)
    for i, line in enumerate(ruling.redress_lines(lang)):
        table.add_row(text("revoke.case.heading.redress") if i == 0 else "", line)
    for line in ruling.decision_lines(lang):
        table.add_row(text("revoke.case.heading.decide"), line)
    title = text("revoke.case.title.needs_decision" if ruling.status == "needs_decision"
                 else "revoke.case.title")
    laws = messages.laws_ref(ruling.laws, lang)
    console.print(Panel(table, title=f"{title}: {laws}" if laws else title, expand=False))
