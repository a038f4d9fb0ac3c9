"""``td-plugin audit PATH...``: the post-session audit of PBN, LIN, USEBIO and BWS files.

Exit status: 0 no findings, 1 findings, 2 could not run (bad usage, an unreadable file,
an adjusted copy that could not be written), 3 a bug (`td_plugin.cli`). A file whose
records have problems is still audited; the problems are listed.

Before anything is read, every output (``--write-to`` copies, ``--html``) is checked
against every file the run reads (the sessions, their rulings logs, the
``--attention-file``) and against each other (`td_plugin.safe_output.check_outputs`): a
conflict refuses the run (exit 2), two inputs of the same name into one folder included.
An input whose format has no writer here (LIN) is audited and reported like the others
and listed as not written, with the reason; the exit status then says whether there were
findings.

The report (text, ``--json`` or ``--jsonl``, and ``--html``) is written as the audit goes
(`td_plugin.audit.reports.output`): memory does not grow with the findings. Each input's report
says what its data allowed to check, and the plugins ``TD_PLUGIN_DISABLE`` blocked; a
name there that no plugin has is warned about.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from td_plugin import messages
from td_plugin.commands import add_common_options
from td_plugin.laws.context import ReviewContext
from td_plugin.model.rulings import Attention

if TYPE_CHECKING:
    from td_plugin.audit.run import AuditResult
    from td_plugin.host.manager import PluginHost

__all__ = ["add_parser", "run", "read_files", "load_attention_file"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "audit", help="audit session files (PBN, LIN, USEBIO XML, BWS) and report findings",
        description="Read every record of the given files, check deal, auction, play, "
                    "result and score, find revokes and rule on them (Laws 61-64), and "
                    "report every finding with its law clause.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="files to audit")
    form = p.add_mutually_exclusive_group()
    add_common_options(form, json="print the report as JSON")
    form.add_argument("--jsonl", action="store_true",
                      help="print the report as JSON lines: each finding and problem as it is "
                           "found, then each input and the summary")
    add_common_options(p, lang="language of the texts")
    p.add_argument("--attention", choices=[a.value for a in Attention],
                   default=Attention.AFTER_ROUND.value,
                   help="when attention was drawn to irregularities: after-round (default, "
                        "a post-session audit: Law 64B5, no automatic trick transfer) or "
                        "during-round (each round audited as it finishes: Law 64A applies)")
    add_common_options(p, write_to="write each file into DIR under the same name, with the "
                                   "automatic adjustments and the rulings as commentary; inputs "
                                   "are never touched, and two inputs of the same name are "
                                   "refused")
    p.add_argument("--html", metavar="FILE", help="also write an HTML report a TD can read "
                                                  "on a phone")
    p.add_argument("--rulings-log", metavar="FILE",
                   help="the rulings given at the table (td-plugin serve's log) to list and "
                        "write back with the findings (default: NAME.td-rulings.sqlite beside "
                        "each input, when there is one)")
    p.add_argument("--strict", action="store_true",
                   help="stop at the first problem in a file instead of collecting them")
    p.add_argument("--no-equity", action="store_true",
                   help="skip the Law 64C double-dummy equity check")
    p.add_argument("--claims", action="store_true",
                   help="check every recorded claim against double dummy from its position "
                        "(Laws 69B2, 71B; needs the extra td-plugin[dds])")
    add_common_options(p, regulation=True, hand_record=True)
    p.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                   help="processes auditing a large PBN file (default: one per processor; "
                        "1 audits on this process alone)")
    p.add_argument("--attention-file", metavar="FILE",
                   help="when attention was drawn, per board: a YAML or JSON mapping of "
                        "board numbers to after-round, during-round or "
                        "after-next-deal-called; boards it does not list follow a "
                        "Director's note in the file, then --attention")
    p.set_defaults(func=run)


def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(
            f"expected a number of processes (1 or more), not {text!r}")
    return n


def read_files(args: argparse.Namespace) -> list[str]:
    """Every file the run reads: the sessions, the rulings log (``--rulings-log``, or each
    one found beside a session) and the ``--attention-file``."""
    from td_plugin.model.session import default_log_path

    logs = ([args.rulings_log] if args.rulings_log else
            [log for log in map(default_log_path, args.paths) if os.path.lexists(log)])
    return [*args.paths, *logs, *([args.attention_file] if args.attention_file else []),
            *([args.hand_record] if args.hand_record else [])]


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse outputs that would overwrite a file the run reads or each other, before
    any reading."""
    from td_plugin.audit.run import copy_destinations
    from td_plugin.errors import InputError
    from td_plugin.safe_output import check_outputs

    outputs = copy_destinations(args.paths, args.write_to) if args.write_to else []
    if args.html:
        folder = os.path.dirname(os.path.abspath(args.html))
        made = args.write_to and os.path.abspath(args.write_to) == folder  # made for the copies
        if not os.path.isdir(folder) and not made:
            raise InputError(f"--html {args.html!r}: the folder {folder!r} does not exist")
        outputs.append((args.html, "the --html report"))
    check_outputs(read_files(args), outputs)


def run(args: argparse.Namespace) -> int:
    from td_plugin.audit.parts import default_jobs
    from td_plugin.audit.reports.json_report import JsonLinesReport, JsonReport
    from td_plugin.audit.reports.output import AuditOutput, PluginSummary
    from td_plugin.audit.reports.text_report import TextReport, is_terminal
    from td_plugin.audit.run import add_table_rulings, run_audit, write_adjusted_copies
    from td_plugin.host.manager import PluginHost

    _check_outputs(args)
    host = PluginHost()
    # an unknown --regulation is refused before any work
    context = ReviewContext(attention=Attention(args.attention), language=args.lang,
                            equity=not args.no_equity, claims=args.claims,
                            regulation=host.regulation(args.regulation))
    if args.attention_file:  # when attention was drawn, per board
        try:
            by_board = load_attention_file(args.attention_file)
        except ValueError as exc:
            print(f"td-plugin audit: {args.attention_file}: {exc}", file=sys.stderr)
            return 2
        context = replace(context, attention_by_board=by_board)
    if args.hand_record:  # refused before any report when not for these sessions
        from td_plugin.audit.hand_record import hand_record_for

        context = replace(context, hand_record=hand_record_for(host, args.hand_record,
                                                               args.paths))
    blocked = PluginSummary.of(host)
    for error in host.errors:
        print(f"warning: {error.describe()}", file=sys.stderr)
    for name, new in host.renamed_blocked():
        print("warning: " + messages.render("report.disable_renamed", {"name": name, "new": new},
                                            args.lang), file=sys.stderr)
    for name in blocked.unknown:
        print("warning: " + messages.render("report.disable_unknown", {
            "name": name, "known": ", ".join(host.known_names())}, args.lang), file=sys.stderr)
    out = sys.stdout
    report = (JsonReport(out, args.lang) if args.json else
              JsonLinesReport(out, args.lang) if args.jsonl else TextReport(out, args.lang))
    reports: list[Any] = [report]
    records_per_kind = 0
    if args.html:
        from td_plugin.audit.reports.html_report import HtmlReport

        page = HtmlReport(args.html, args.lang)
        reports.append(page)
        records_per_kind = page.records_per_kind
    sink = AuditOutput(reports, args.lang, records_per_kind)
    options = {"strict": args.strict, "jobs": args.jobs or default_jobs(), "sink": sink,
               "keep_changes": bool(args.write_to)}
    result: AuditResult | None = None
    try:
        if is_terminal(sys.stderr) and not is_terminal(out):
            result = _with_progress(args.paths, host, context, options)
        else:
            result = run_audit(args.paths, host, context, **options)
        add_table_rulings(result, host, context, args.rulings_log)
        if args.write_to:
            write_adjusted_copies(result, host, args.write_to, args.lang)
        sink.finish(result, blocked)
        out.flush()
    finally:  # what became of each copy is said, whatever failed after it or before
        if args.write_to:
            _say_copies(args.paths, result)
    logs = [i.rulings_log_error for i in result.inputs if i.rulings_log_error]
    for unread in dict.fromkeys(logs):  # (one log named for every input: said once)
        print(f"td-plugin audit: {unread}", file=sys.stderr)
    if result.unreadable or result.write_failures or logs:
        return 2
    return 1 if result.finding_count else 0


def _say_copies(paths: list[str], result: AuditResult | None) -> None:
    """On standard error, per input: the copy written, or why there is none."""
    for i, path in enumerate(paths):
        done = result.inputs[i] if result is not None and i < len(result.inputs) else None
        if done is not None and done.written:
            print(f"wrote {done.written}", file=sys.stderr)
        else:
            why = (done.not_written if done is not None and done.not_written else
                   "the audit stopped before its copy was written")
            print(f"not written: {path}: {why}", file=sys.stderr)


def _with_progress(paths: list[str], host: PluginHost, context: ReviewContext,
                   options: dict[str, Any]) -> AuditResult:
    """The audit with a progress bar on standard error (the report goes elsewhere)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from td_plugin.audit.run import run_audit

    # refreshed from here as records are done, not by a thread of its own: the audit may
    # fork its workers, which a running thread makes unsafe (`audit_parts.start_method`)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  console=Console(stderr=True), transient=True, auto_refresh=False,
                  redirect_stdout=False, redirect_stderr=False) as progress:
        task = progress.add_task("auditing", total=None)
        shown = [0]

        def on_record(path: str, n: int) -> None:
            if n < shown[0] or n - shown[0] >= 200:
                shown[0] = n
                progress.update(task, completed=n, description=f"auditing {path}",
                                refresh=True)

        return run_audit(paths, host, context, on_record=on_record, **options)


def load_attention_file(path: str) -> dict[int, Attention]:
    """The ``--attention-file``: ``{board: attention}`` in YAML or JSON (board numbers as
    numbers or text; ``after-round`` or ``after_round`` ...).

    :raises ValueError: the file cannot be read or an entry makes no sense, named.
    """
    import yaml

    try:
        with open(path, encoding="utf-8") as f:
            data = yaml.safe_load(f)  # JSON is YAML
    except (OSError, UnicodeError, yaml.YAMLError) as exc:
        raise ValueError(f"cannot be read: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError("expected a mapping of board numbers to when attention was drawn")
    names = {a.value: a for a in Attention}
    out: dict[int, Attention] = {}
    for board, value in data.items():
        if isinstance(board, bool) or not str(board).strip().isdigit():
            raise ValueError(f"{board!r}: not a board number")
        name = str(value).strip().lower().replace("_", "-")
        if name not in names:
            raise ValueError(f"board {board}: {value!r} is not one of {', '.join(names)}")
        out[int(board)] = names[name]
    return out
