"""``td-plugin watch FILE.bws``: follow a Bridgemate session live, or replay a finished one.

Live: every ``--interval`` seconds (default 3) a private copy of the file is read when it
has changed; what changed fires the hooks, and each finding and ruling is printed as it
happens, with section, table, round and board and what the TD should do. A file that is
being written, locked, truncated or briefly missing is reported and tried again. Ctrl-C
ends the watch: the session is closed, the TD report printed and the log complete.

``--replay``: the rows of a finished file in the order of their ``DateLog``/``TimeLog``,
as if the session were live; as fast as possible, or ``--speed N`` times real time.

The file is opened (``td_open_source``) or followed (``td_follow_source``) through the
plugin host, so a blocked adapter is refused and a club's own reader is used; the source
must hold a session (`td_plugin.host.sources.SessionSource`).

Exit status: 0 nothing found, 1 findings, 2 could not run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TextIO

from td_plugin import messages
from td_plugin.commands import add_common_options
from td_plugin.errors import InputError, Location
from td_plugin.host.sources import SessionSource
from td_plugin.laws.context import ReviewContext
from td_plugin.model.place import pair_number
from td_plugin.model.session import default_log_path
from td_plugin.safe_output import LineLog, check_outputs

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost
    from td_plugin.model.place import Place

#: how `--backend` reaches the Bridgemate adapter (read by `adapters.bws.tables`)
_BACKEND_ENV = "TD_PLUGIN_BWS_BACKEND"

__all__ = ["add_parser", "run", "event_json", "print_event", "print_report"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "watch", help="follow a Bridgemate .bws session live (or --replay a finished one)",
        description="Review each result as the table terminals enter it: movement, "
                    "result, lead, artificial scores, and with play records revokes "
                    "(Laws 61-64, attention during the round while it is in progress). "
                    "Ends with the TD report: what to enter in the scorer.")
    p.add_argument("path", metavar="FILE.bws", help="the scorer's session file")
    p.add_argument("--replay", action="store_true",
                   help="replay a finished file in time order instead of watching it")
    p.add_argument("--speed", type=float, default=0.0, metavar="N",
                   help="replay at N times real time (default: as fast as possible)")
    p.add_argument("--interval", type=float, default=3.0, metavar="SECONDS",
                   help="seconds between polls of a live file (default: 3)")
    p.add_argument("--polls", type=int, default=0, metavar="N",
                   help="stop after N polls of a live file (default: until Ctrl-C)")
    p.add_argument("--log", metavar="FILE",
                   help="append every finding and ruling to FILE as JSON lines")
    p.add_argument("--rulings-log", metavar="FILE",
                   help="the rulings given at the table (td-plugin serve's log), listed in the "
                        "TD report with what to enter for them (default: "
                        "NAME.td-rulings.sqlite beside the session, when there is one)")
    add_common_options(p, lang="language of the texts")
    p.add_argument("--backend", choices=("auto", "access-parser", "mdbtools"), default="auto",
                   help="how to read the Access file (default: TD_PLUGIN_BWS_BACKEND, else "
                        "mdbtools when installed)")
    p.add_argument("--no-equity", action="store_true",
                   help="skip the Law 64C double-dummy equity check")
    add_common_options(p, regulation=True, hand_record=True)
    p.set_defaults(func=run)


# --- output -----------------------------------------------------------------------------

def _m(key: str, lang: str, **params: Any) -> str:
    return messages.render(key, params, lang)


def _where(place: Place, lang: str = "en") -> str:
    section, table, round_, board = place.key
    parts = []
    if section:
        parts.append(_m("watch.section", lang, x=section))
    if table is not None:
        parts.append(_m("watch.table", lang, x=table))
    if round_ is not None:
        parts.append(_m("watch.round", lang, x=round_))
    parts.append(_m("watch.board", lang, x=board if board is not None else "?"))
    return ", ".join(parts)


def _pairs(finding: Any, lang: str) -> str:
    """``, NS 5, EW 12``: the pairs of the finding's table, as far as known."""
    parts = []
    for side in ("ns", "ew"):
        pair = getattr(finding, f"{side}_pair", None) or finding.data.get(f"{side}_pair")
        if pair:
            parts.append(_m(f"report.pair.{side}", lang, pair=pair_number(pair)))
    return "".join(f", {p}" for p in parts)


def _law(finding: Any, lang: str) -> str:
    return f" [{messages.law_ref(finding.law, lang)}]" if finding.law else ""


def event_json(event: Any, lang: str = "en") -> dict[str, Any]:
    """One line of the rulings log."""
    from td_plugin.audit.reports.findings import finding_json

    section, table, round_, board = event.place.key
    out = {"seen_at": event.seen_at.isoformat() if isinstance(event.seen_at, dt.datetime) else None,
           "section": section, "table": table, "round": round_, "hook": event.hook,
           "attention": event.attention.value if event.attention else None}
    out.update(finding_json(event.finding, lang))
    out["board"] = board
    if event.entry is not None:
        out["scorer"] = event.entry.text(lang)
    return out


def print_event(event: Any, out: TextIO, lang: str = "en") -> None:
    """A finding as it happens: where, what, the ruling, what to enter in the scorer."""
    from td_plugin.audit.reports.findings import finding_text, ruling_text

    when = event.seen_at.strftime("%H:%M:%S ") if isinstance(event.seen_at, dt.datetime) else ""
    print(f"{when}{_where(event.place, lang)}{_pairs(event.finding, lang)}: "
          f"{_m(f'kind.{event.finding.kind}', lang)}"
          f"{_law(event.finding, lang)}", file=out)
    print(f"    {finding_text(event.finding, lang)}", file=out)
    ruling = ruling_text(event.finding, lang)
    if ruling:
        attention = _m(f"attention.{event.attention.value}", lang) if event.attention else "-"
        print(f"    {_m('watch.ruling', lang, attention=attention)}: {ruling}", file=out)
    if event.entry is not None:
        print(f"    {_m('watch.scorer', lang)}: {event.entry.text(lang)}", file=out)


def print_report(report: Any, out: TextIO, lang: str = "en",
                 tables: list[Any] | None = None, log: str | None = None,
                 blocked: Sequence[str] = ()) -> None:
    """The TD report at the end of a session; ``tables``: the rulings given at the table
    (from the rulings log ``log``), listed beside the findings, each with what to enter in
    the scorer when it changes the result; ``blocked``: the plugins ``TD_PLUGIN_DISABLE``
    blocked, whose checks were not made."""
    from td_plugin.audit.reports.output import checked_text
    from td_plugin.audit.scorer_entry import ruling_entry

    session = report.session
    title = " ".join(x for x in (session.name, session.date) if x) or "-"
    print("\n" + _m("watch.report", lang, title=title), file=out)
    print(_m("watch.reviewed", lang, n=report.total_reviewed)
          + (_m("watch.corrections", lang, n=report.corrections) if report.corrections else ""),
          file=out)
    by_section: dict[str, list[str]] = {}
    for (section, round_), n in sorted(report.reviewed.items()):
        by_section.setdefault(section, []).append(f"r{round_} {n}")
    for section, rounds in by_section.items():
        print(_m("watch.rounds", lang, section=section, rounds=", ".join(rounds)), file=out)
    print(checked_text(report.total_reviewed, report.coverage, lang), file=out)
    due = set(session.rounds_due())
    not_due: dict[str, list[str]] = {}
    for section, round_ in session.open_rounds():
        if (section, round_) not in due:
            not_due.setdefault(section, []).append(str(round_))
    for section, rounds in not_due.items():
        print(_m("watch.not_due", lang, section=section, rounds=", ".join(rounds)), file=out)
    if blocked:
        print(_m("report.disabled", lang, plugins=", ".join(blocked)), file=out)
    print(_m("watch.findings", lang, n=len(report.events)), file=out)
    for event in report.events:
        print(f"  - {_where(event.place, lang)}: {_m(f'kind.{event.finding.kind}', lang)}"
              f"{_law(event.finding, lang)}", file=out)
    if tables is not None:
        print(_m("report.table_rulings", lang, n=len(tables), log=log), file=out)
    table_entries = []
    for t in tables or ():
        print(f"  - {t.heading(lang)}", file=out)
        if t.problem:
            print("    " + _m("report.table_ruling_unmatched", lang, problem=t.problem),
                  file=out)
        elif t.ruling is not None and t.record is not None:
            entry = ruling_entry(t.record, t.ruling)
            if entry is not None:
                table_entries.append(entry)
    entries = [event.entry for event in report.entries] + table_entries
    print(_m("watch.enter" if entries else "watch.enter_nothing", lang), file=out)
    for entry in entries:
        print(f"  {entry.text(lang)}", file=out)
    if report.errors:
        print(_m("watch.failed", lang), file=out)
        for error in report.errors:
            print(f"  {error.describe()}", file=out)


# --- running ------------------------------------------------------------------------------

def run(args: argparse.Namespace) -> int:
    from td_plugin.host.manager import PluginHost

    if os.path.isdir(args.path):
        raise InputError("this is a folder, not a file", Location(path=args.path))
    out = sys.stdout
    log_path = args.rulings_log or default_log_path(args.path)
    hand_record = getattr(args, "hand_record", None)
    if args.log:  # appended to: it must not be a file the watch reads
        check_outputs([args.path, log_path, *([hand_record] if hand_record else [])],
                      [(args.log, "the --log")])
    host = PluginHost()
    # an unknown --regulation is refused before any work
    context = ReviewContext(language=args.lang, equity=not args.no_equity,
                            regulation=host.regulation(getattr(args, "regulation", "wbf")))
    if hand_record:  # refused before the watch starts when not for this session
        from td_plugin.audit.hand_record import hand_record_for

        context = replace(context, hand_record=hand_record_for(host, hand_record, [args.path]))
    for error in host.errors:
        print(f"warning: {error.describe()}", file=sys.stderr)
    for name, new in host.renamed_blocked():
        print("warning: " + _m("report.disable_renamed", args.lang, name=name, new=new),
              file=sys.stderr)
    for name in host.unknown_blocked():
        print("warning: " + _m("report.disable_unknown", args.lang, name=name,
                               known=", ".join(host.known_names())), file=sys.stderr)
    log = LineLog.open(args.log) if args.log else None
    backend = os.environ.get(_BACKEND_ENV)
    if args.backend != "auto":
        os.environ[_BACKEND_ENV] = args.backend
    try:
        report = (_replay(args, host, context, out, log) if args.replay
                  else _watch(args, host, context, out, log))
    finally:
        if log is not None:
            log.close()
        if backend is None:
            os.environ.pop(_BACKEND_ENV, None)
        else:
            os.environ[_BACKEND_ENV] = backend
    if report is None:
        return 2
    try:
        tables = table_rulings(host, args.path, log_path, context, named=bool(args.rulings_log))
    except InputError as exc:  # the report still, then the log it could not list
        print_report(report, out, args.lang, None, None, host.blocked())
        out.flush()
        print(f"td-plugin watch: {exc}", file=sys.stderr)
        return 2
    print_report(report, out, args.lang, tables, log_path, host.blocked())
    if log is not None and log.lost:  # an output asked for is not complete
        out.flush()
        print("td-plugin watch: " + _m("watch.log_lost", args.lang, log=log.path,
                                       n=f"{log.lost:,}", reason=log.error), file=sys.stderr)
        return 2
    return 1 if report.events else 0


def table_rulings(host: PluginHost, session: str, log: str, context: ReviewContext, *,
                  named: bool = False) -> list[Any] | None:
    """The rulings given at the table in this session (its rulings log), matched to its
    results; None when there is no log beside the session (a ``named`` log must be there).

    :raises InputError: the log is there (or named) but cannot be read.
    """
    from td_plugin.audit.table_rulings import records_of, rule_entries
    from td_plugin.cases.log import RulingLog

    if not named and not os.path.lexists(log):
        return None
    return rule_entries(host, RulingLog.read(log), records_of(host, session), context)


def _watcher(host: PluginHost, session: Any, context: ReviewContext, out: TextIO,
             log: LineLog | None, lang: str) -> Any:
    from td_plugin.audit.watch import SessionWatcher

    def on_event(event: Any) -> None:
        print_event(event, out, lang)
        if log is None:
            return
        # a line whole or none (a full disk): said at the first line lost, and again
        # after the log took lines again; the review goes on
        was_failing = failing[0]
        failing[0] = not log.write_line(json.dumps(event_json(event, lang), ensure_ascii=False))
        if failing[0] and not was_failing:
            print("warning: " + _m("watch.log_failed", lang, log=log.path, reason=log.error),
                  file=sys.stderr)

    failing = [False]

    def on_error(error: Any) -> None:
        print(f"warning: {error.describe()}", file=sys.stderr)

    return SessionWatcher(host, session, context, on_event=on_event, on_error=on_error)


def _session_source(source: Any) -> SessionSource:
    if not isinstance(source, SessionSource):
        raise InputError(f"a {source.format} file holds no session as it is played: the "
                         "watch follows a scorer's session file (Bridgemate .bws)",
                         Location(path=source.path))
    return source


def _replay(args: argparse.Namespace, host: PluginHost, context: ReviewContext, out: TextIO,
            log: LineLog | None) -> Any:
    data = _session_source(host.open_source(args.path))
    for problem in data.file_problems():
        print(f"warning: {problem.describe(args.lang)}", file=sys.stderr)
    watcher = _watcher(host, data.session(), context, out, log, args.lang)
    previous: dt.datetime | None = None
    try:
        for moment, entries in data.timeline():
            if args.speed > 0 and moment is not None and previous is not None:
                time.sleep(max(0.0, (moment - previous).total_seconds()) / args.speed)
            previous = moment or previous
            watcher.observe(entries, now=moment)
    except KeyboardInterrupt:
        print("interrupted: closing the session", file=sys.stderr)
    return watcher.close()


def _watch(args: argparse.Namespace, host: PluginHost, context: ReviewContext, out: TextIO,
           log: LineLog | None, sleep: Callable[[float], None] = time.sleep) -> Any:
    watcher = None
    polls = 0
    poller = host.follow_source(args.path)
    try:
        try:
            while True:
                polls += 1
                result = poller.poll()
                if result.problem is not None:
                    print(f"{dt.datetime.now():%H:%M:%S} {args.path}: {result.problem}; "
                          f"trying again in {args.interval:g} s", file=sys.stderr)
                elif result.data is not None:
                    data = _session_source(result.data)
                    if watcher is None:
                        watcher = _watcher(host, data.session(), context, out, log,
                                           args.lang)
                    watcher.session.current_rounds = dict(data.current_rounds)
                    watcher.observe(data.entries(), now=dt.datetime.now())
                if args.polls and polls >= args.polls:
                    break
                sleep(args.interval)
        except KeyboardInterrupt:
            print("interrupted: closing the session", file=sys.stderr)
    finally:
        poller.close()
    if watcher is None:
        print(f"td-plugin watch: {args.path} could not be read in {polls} polls", file=sys.stderr)
        return None
    return watcher.close()
