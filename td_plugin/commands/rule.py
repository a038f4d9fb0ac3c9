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
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from td_plugin import messages
from td_plugin.cases.files import load_case
from td_plugin.commands import add_common_options
from td_plugin.errors import CaseFileError
from td_plugin.laws.auction.ruling import AuctionRuling, Note
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.play.ruling import PlayRuling
from td_plugin.laws.revokes import RevokeCaseRuling
from td_plugin.messages import Msg

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "rule", help="rule on an irregularity (auction, revoke, play) described in a case file",
        description="Rule on an auction irregularity (Laws 23, 25-32, 36-39), a revoke "
                    "(Laws 61-64, from the facts the Director gathered) or an irregularity of "
                    "the play period (Laws 24, 41-58, 62, 67: leads out of turn, penalty "
                    "cards, ...) described in a JSON or YAML case file (see docs/cases.md).")
    p.add_argument("case", metavar="CASE", help="the case file (.json, .yaml or .yml)")
    add_common_options(p, json="print the ruling as JSON", lang="language of the ruling",
                       regulation=True)
    w = p.add_argument_group(
        "writing the ruling into the session",
        "With --session and --write-to, the ruling goes into a copy of the session's file "
        "through the plugin host: PBN gets it as commentary on the board's record and, when "
        "it changes the result, the adjusted Result and Score; USEBIO the rescored line; a "
        "Bridgemate file the corrected row.")
    w.add_argument("--session", metavar="FILE", help="the session file (PBN, USEBIO, BWS, LIN)")
    w.add_argument("--board", type=int, metavar="N", help="the board (default: the case's)")
    w.add_argument("--section", metavar="S", help="the section, when the session has several")
    w.add_argument("--table", metavar="T", help="the table")
    w.add_argument("--round", type=int, metavar="R", help="the round")
    w.add_argument("--pairs", metavar="NS-EW",
                   help="the pairs (\"3-12\"), for files that know pairs but no tables "
                        "(USEBIO)")
    add_common_options(w, write_to="write the session's copy into DIR under the same name")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from td_plugin.host.manager import PluginHost

    host = PluginHost()
    # an unknown --regulation is refused before the case
    context = ReviewContext(language=args.lang, regulation=host.regulation(args.regulation))
    if args.session or args.write_to:
        return _write_back(args, host, context)
    try:
        # through the host, so a club's plugin may rule instead of the built-in engine
        ruling, errors = host.report_incident(load_case(args.case), context)
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
    regulation = getattr(ruling, "regulation", "wbf")  # the play period's rulings name none
    if regulation != "wbf":
        table.add_row(h("regulation"), messages.render(f"regulation.{regulation}", None, lang))
    for i, text in enumerate(ruling.decision_texts(lang)):
        table.add_row(h("decide") if i == 0 else "", _without_heading(text, h("decide")))
    notes: Sequence[Note | Msg] = ruling.notes
    for i, n in enumerate(notes):
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
    heading = text("revoke.case.heading.decide")
    for i, line in enumerate(ruling.decision_lines(lang)):
        table.add_row(heading if i == 0 else "", _without_heading(line, heading))
    title = text("revoke.case.title.needs_decision" if ruling.status == "needs_decision"
                 else "revoke.case.title")
    laws = messages.laws_ref(ruling.laws, lang)
    console.print(Panel(table, title=f"{title}: {laws}" if laws else title, expand=False))


def _without_heading(text: str, heading: str) -> str:
    """A decision's text under its heading: "To decide: South, whether ..." reads
    "South, whether ..." beside "To decide" (the heading is said once)."""
    prefix = heading + ": "
    return text[len(prefix):] if text.startswith(prefix) else text


def _write_back(args: argparse.Namespace, host: PluginHost, context: ReviewContext) -> int:
    """``--session FILE --write-to DIR``: the case ruled and written into the session."""
    import os
    from dataclasses import replace

    from td_plugin.audit.table_rulings import announce, by_pairs, changes_of, records_of, rule_case
    from td_plugin.cases.files import read_case_data
    from td_plugin.model.place import Place, pair_number
    from td_plugin.safe_output import check_outputs

    if not (args.session and args.write_to):
        print("td-plugin rule: --session and --write-to go together", file=sys.stderr)
        return 2
    try:
        data = read_case_data(args.case)
    except CaseFileError as exc:
        print(f"td-plugin rule: {exc}", file=sys.stderr)
        return 2
    board = args.board if args.board is not None else data.get("board")
    place = Place(board, args.section, args.table, args.round)
    records = records_of(host, args.session)
    if args.pairs:
        place = by_pairs(place, args.pairs, records)
    table = rule_case(host, data, place, records, context)
    ns, sep, ew = (args.pairs or "").partition("-")
    if sep:  # the table's row, where the record lists several tables (a PBN ScoreTable)
        table = replace(table, pairs=(ns.strip(), ew.strip()))
    if table.ruling is None or table.index is None:
        print(f"td-plugin rule: {table.problem_text(args.lang)}", file=sys.stderr)
        return 2
    record = table.record
    if sep and record is not None and (record.ns_pair or record.ew_pair) and (
            pair_number(record.ns_pair or ""), pair_number(record.ew_pair or "")) != (
            pair_number(ns), pair_number(ew)):
        print(f"td-plugin rule: pairs {args.pairs} did not play {record.label()} "
              f"({record.ns_pair} v {record.ew_pair}): nothing written", file=sys.stderr)
        return 2
    dest = os.path.join(args.write_to, os.path.basename(args.session))
    check_outputs([args.session, args.case], [(dest, "the session's copy")])
    os.makedirs(args.write_to, exist_ok=True)
    host.write_changes(args.session, dest, changes_of([table]), args.lang)
    for error in announce(host, [table]):
        print(f"td-plugin rule: {error.describe()}", file=sys.stderr)
    if args.json:
        out = dict(table.ruling.to_json(args.lang)) if hasattr(table.ruling, "to_json") else {}
        out["written"] = {"path": dest, "record": table.index}
        sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
    else:
        ruling = table.ruling
        # as written into the session, and how to enter a 64C judgement in the case file
        text = ("\n".join(ruling.text_lines(args.lang)) if isinstance(ruling, RevokeCaseRuling)
                else ruling.render(args.lang))
        sys.stdout.write(text + "\n")
        assert table.record is not None  # the record the ruling was written into
        sys.stdout.write(messages.render("rule.written", {"path": dest,
                                                          "record": table.record.label()},
                                         args.lang) + "\n")
    return 0
