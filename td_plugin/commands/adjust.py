"""``td-plugin adjust FILE ADJUSTMENTS --write-to DIR``: apply the Director's adjusted
scores to a results file and score the session again.

FILE is a USEBIO results file (``.xml``) or a PBN file whose games carry a ScoreTable.
ADJUSTMENTS is a JSON or YAML list (see `td_plugin.cases.adjustments`): per table an assigned
result (Law 12C1(a)), an artificial score (12C2) or a weighted score (12C1(c)), with
the law and an optional note. The copy written to DIR has the adjusted lines, the new
points of every result on those boards, and (USEBIO) the new totals, percentages and
places; FILE itself is never touched, and the copy gets FILE's permissions. Exit status:
0 written, 2 could not run.

Every mistake is reported at once, one a line, before anything is written: those of the
list and those only FILE shows (a table or board it does not have). Once the copy is
written, that is said at once on standard error, whatever happens to the report after.

Everything goes through the plugin host: FILE is opened by the adapter that knows it
(``td_open_source``; a blocked adapter is refused), each entry becomes the change of the
record of its table, the copy is written by the format's writer (``td_write_changes``,
which may be a club's own), and each adjustment applied is announced to the plugins
(``td_adjustment_decided``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from typing import TYPE_CHECKING, Any

from td_plugin import messages
from td_plugin.commands import add_common_options
from td_plugin.errors import InputError, Location
from td_plugin.model.changes import RecordChange
from td_plugin.safe_output import check_outputs

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "adjust", help="apply adjusted scores to a USEBIO or PBN results file and rescore",
        description="Apply the Director's adjusted scores (assigned 12C1(a), artificial "
                    "12C2, weighted 12C1(c)) to a copy of a USEBIO XML file or a PBN file "
                    "with ScoreTables, and score the boards (and totals) again. The input "
                    "is never modified.")
    p.add_argument("file", metavar="FILE", help="the results file (USEBIO .xml or .pbn)")
    p.add_argument("adjustments", metavar="ADJUSTMENTS",
                   help="the adjustments, a JSON or YAML list")
    add_common_options(p, write_to="directory for the adjusted copy (same file name)",
                       write_to_required=True)
    add_common_options(p, json="print the report as JSON", lang="language of the report",
                       regulation=True)
    p.set_defaults(func=run)


def _report_json(report: Any, dest: str) -> dict[str, Any]:
    return {
        "written": dest,
        "adjusted": [{"board": c.board, "ns_pair": c.ns_pair, "ew_pair": c.ew_pair,
                      "before": c.before, "after": c.after, "law": c.law, "note": c.note,
                      "points_before": c.points_before, "points_after": c.points_after}
                     for c in report.lines],
        "points": [{"board": b, "ns_pair": ns, "ew_pair": ew, "before": old, "after": new}
                   for b, ns, ew, old, new in report.points],
        "pairs": [{"pair": p.pair, "total": p.total, "percentage": p.percentage,
                   "place": p.place} for p in report.pairs],
        "notes": [{"key": key, "params": params} for key, params in report.notes],
    }


def _print_report(report: Any, dest: str, lang: str) -> None:
    r = messages.render
    out = sys.stdout
    for c in report.lines:
        out.write(r("adjust.line", {"board": c.board, "ns": c.ns_pair, "ew": c.ew_pair,
                                    "before": c.before, "after": c.after,
                                    "law": messages.law_ref(c.law, lang),
                                    "note": f": {c.note}" if c.note else ""}, lang) + "\n")
        if c.points_after is not None:
            old = c.points_before or ("-", "-")
            out.write(r("adjust.points", {"ns_points": old[0], "ew_points": old[1],
                                          "new_ns": c.points_after[0],
                                          "new_ew": c.points_after[1]}, lang) + "\n")
    counts: dict[int, int] = {}
    for board, *_ in report.points:
        counts[board] = counts.get(board, 0) + 1
    for board, count in sorted(counts.items()):
        out.write(r("adjust.others", {"board": board, "count": count}, lang) + "\n")
    for p in report.pairs:
        pct = (r("adjust.pair.percentage", {"before": p.percentage[0], "after": p.percentage[1]},
                 lang) if p.percentage[1] is not None and p.percentage[0] != p.percentage[1] else "")
        place = (r("adjust.pair.place", {"before": p.place[0], "after": p.place[1]}, lang)
                 if p.place[1] is not None and p.place[0] != p.place[1] else "")
        out.write(r("adjust.pair", {"pair": p.pair, "before": p.total[0], "after": p.total[1],
                                    "percentage": pct, "place": place}, lang) + "\n")
    for key, params in report.notes:
        out.write(r(key, params, lang) + "\n")


def _write(host: PluginHost, source: str, dest: str, changes: dict[int, list[RecordChange]],
           lang: str) -> tuple[Any, list[str]]:
    """Write the copy through the format's writer: its report and no mistake, or no
    report and what the writer refused, one mistake a line (a table no ScoreTable of a
    PBN file lists; nothing is then written)."""
    from td_plugin.model.rescoring import RescoreReport

    try:
        return host.write_changes(source, dest, changes, lang) or RescoreReport(), []
    except InputError as exc:
        return None, exc.bare_message.split("\n")


def run(args: argparse.Namespace) -> int:
    from td_plugin.cases.adjustments import (
        check_regulation,
        match_adjustments,
        mistakes_error,
        read_adjustments,
    )
    from td_plugin.host.manager import PluginHost
    from td_plugin.safe_output import copy_mode

    source = args.file
    if os.path.isdir(source):
        raise InputError("this is a folder, not a results file", Location(path=source))
    if not os.path.isfile(source):
        raise InputError("no such file", Location(path=source))
    adjustments, mistakes = read_adjustments(args.adjustments)
    dest = os.path.join(args.write_to, os.path.basename(source))
    check_outputs([source, args.adjustments], [(dest, "--write-to")])
    host = PluginHost()
    for error in host.errors:
        print(f"warning: {error.describe()}", file=sys.stderr)
    regulation = host.regulation(args.regulation)
    check_regulation(adjustments, regulation, args.adjustments)
    applied, unmatched = match_adjustments(adjustments, host.open_source(source).records(),
                                           regulation.fouled_small_groups)
    changes: dict[int, list[RecordChange]] = {}
    for _, change in applied:
        changes.setdefault(change.record, []).append(change)
    if mistakes or unmatched:  # the writer may find more (a table no ScoreTable lists)
        with tempfile.TemporaryDirectory(prefix="td-plugin-adjust-") as trial:
            _, more = _write(host, source, os.path.join(trial, os.path.basename(dest)),
                             changes, args.lang)
        raise mistakes_error(mistakes + unmatched + more, args.adjustments)
    os.makedirs(args.write_to, exist_ok=True)
    report, more = _write(host, source, dest, changes, args.lang)
    if more:
        raise mistakes_error(more, args.adjustments)
    copy_mode(source, dest)
    print(messages.render("adjust.wrote", {"path": dest}, args.lang), file=sys.stderr,
          flush=True)
    for record, change in applied:
        for error in host.adjustment_decided(record, change):
            print(f"warning: {error.describe()}", file=sys.stderr)
    if args.json:
        json.dump(_report_json(report, dest), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        _print_report(report, dest, args.lang)
    return 0
