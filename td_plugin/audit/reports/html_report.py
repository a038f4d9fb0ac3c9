"""The TD report as one self-contained HTML page, readable on a phone.

The page says what was read (each file: its records, what its data allowed to check, its
problems as a table of line, board and message), then the findings grouped by kind with
their counts. Each kind shows its first records in full (`FULL_PER_KIND`): where the
board was played (board, section, table, round, players, file and record), each finding
with its ruling (said once, with the clauses it applies) and the result that applies
(the table's, the automatic transfer, or the Law 64C score double dummy points to, for
the Director's judgement), then the evidence: the deal diagram, the auction and the play
trick by trick with the revoke (or the card at fault) highlighted. The other findings of
the kind are a table, a click away (``<details>``, no script). Every label is in the page's language.

Findings that change a score (`td_plugin.audit.reports.order`) come first: the kinds that have
any come before those that have none, and within a kind the records shown in full are
those that change a score before those that do not (in file order each); the table of
the rest keeps file order.

The page is rendered from Jinja2 templates (``td_plugin/audit/reports/templates/report*.html``) with
autoescape, as the table app renders its pages (`td_plugin.serve.views`): every text that
comes from a record or a message is escaped by the template. `td_plugin.audit.reports.html_view`
makes the values a record shows.

`render_html` builds the page of a list of records and findings; `HtmlReport` is the
audit's report, taking the findings as the audit makes them (`td_plugin.audit.reports.output`)
and writing the page whole at the end (`td_plugin.safe_output`): the findings beyond the
first of each kind wait in temporary files, so memory does not grow with them.

The page has inline CSS only: no scripts, no external resources.
"""

from __future__ import annotations

import functools
import heapq
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape
from markupsafe import Markup

from td_plugin import messages
from td_plugin.audit.reports.findings import place_label
from td_plugin.audit.reports.html_view import AUCTION_COLUMNS, Cards, Text, article
from td_plugin.audit.reports.order import SCORE_KINDS, changes_score, lead_finding
from td_plugin.audit.reports.output import AuditReport, PluginSummary, coverage_text
from td_plugin.audit.reports.patterns import GROUP_AT, ProblemGroups, cause_of
from td_plugin.audit.result import AuditResult, InputReport, RecordOutput
from td_plugin.audit.table_rulings import MatchedRuling
from td_plugin.errors import InputError, Location
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Card, Seat, Side, Suit
from td_plugin.model.findings import Finding

__all__ = ["render_html", "HtmlReport", "FULL_PER_KIND", "MAX_PROBLEM_ROWS"]

#: records shown in full for each kind of finding; the rest of the kind is a table
FULL_PER_KIND = 5
#: problems of a file listed in its table; the rest are counted
MAX_PROBLEM_ROWS = 100

_TEMPLATES = Path(__file__).resolve().parent / "templates"


@functools.cache
def _environment() -> Environment:
    """The report's templates, every value escaped."""
    env = Environment(loader=FileSystemLoader(str(_TEMPLATES)),
                      autoescape=select_autoescape(["html"]), trim_blocks=True,
                      lstrip_blocks=True, undefined=StrictUndefined)
    env.tests.update(card=lambda v: isinstance(v, Card), suit=lambda v: isinstance(v, Suit),
                     red=lambda s: s in (Suit.H, Suit.D))
    env.filters.update(n=lambda v: f"{v:,}" if isinstance(v, int) else v)
    env.globals.update(columns=AUCTION_COLUMNS, north=Seat.N, ew=Side.EW,
                       css=Markup((_TEMPLATES / "report.css").read_text(encoding="utf-8")))
    return env


def _page_template() -> Template:
    return _environment().get_template("report.html")


def _cards(t: Text) -> Cards:
    module = _environment().get_template("report_cards.html").make_module({"t": t})
    return Cards(vars(module)["card"])  # the macro


def render_html(items: Iterable[tuple[BoardRecord | None, list[Finding]]], *, title: str,
                lang: str = "en", summary: Mapping[str, int] | None = None,
                inputs: list[dict[str, Any]] | None = None,
                table_rulings: Sequence[MatchedRuling] = ()) -> str:
    """The report page: ``items`` pairs each record with its findings (records without
    findings are left out; a finding about no single record, such as a missing result,
    comes with None), ``summary`` counts shown at the top, ``inputs`` one row per
    file read (as the JSON report has them), ``table_rulings`` the rulings given at the
    table. ``lang`` is one of `messages.LANGUAGES` (labels, seats, message texts)."""
    from td_plugin.audit.reports.findings import finding_json

    t = Text(lang)
    page = _Page(t)
    for record, findings in items:
        if findings:
            page.add([finding_json(f, lang) for f in findings], (record, findings))
    files = [_json_file(row) for row in inputs or ()]
    head = _Head(title, dict(summary or {}), files, "", list(table_rulings))
    out: list[str] = []
    page.write(out.append, head, {k: g.count for k, g in page.groups.items()})
    return "".join(out)


@dataclass
class _Head:
    """What the page says before the findings."""

    title: str
    summary: dict[str, int]
    files: list[dict[str, Any]]
    disabled: str
    table_rulings: list[MatchedRuling]


@dataclass
class _Row:
    """A finding in the table of the rest of its kind; ``seq``: its place in the audit's
    order; ``anchor``: the record shown in full it links to."""

    seq: int
    path: Any
    board: Any
    record: Any
    line: Any
    message: Any
    anchor: str | None
    file: bool = False  # the first row of its file in the table
    #: where the board was played (`td_plugin.audit.reports.findings.place_label`)
    where: str = ""

    def to_line(self) -> str:
        return json.dumps([self.seq, self.path, self.board, self.record, self.line,
                           self.message, self.anchor, False, self.where],
                          ensure_ascii=False) + "\n"

    @classmethod
    def from_line(cls, line: str) -> _Row:
        return cls(*json.loads(line))


@dataclass
class _Full:
    """A record to show in full, and its findings of the kind as rows should it not be."""

    anchor: str
    record: BoardRecord
    findings: list[Finding]
    changes: bool
    rows: list[_Row] = field(default_factory=list)


class _Group:
    """The findings of one kind: the records to show in full (up to ``per_kind`` that
    change a score and ``per_kind`` that do not), and a table of the rest kept in a
    temporary file."""

    def __init__(self, kind: str, t: Text) -> None:
        self.kind = kind
        self.t = t
        self.name = t.kind(kind)
        self.slug = "".join(ch if ch.isalnum() else "-" for ch in kind)
        self.full: list[_Full] = []
        self.rows_file: IO[str] = tempfile.SpooledTemporaryFile(1 << 20, "w+",
                                                                encoding="utf-8")
        self.written = 0
        self.count = 0  # findings of the kind
        self.changes = kind in SCORE_KINDS  # some finding of the kind changes a score
        self.shown: list[_Full] = []
        self.dropped: list[_Row] = []
        #: the findings of each cause that explains them beyond their kind
        #: (`td_plugin.audit.reports.patterns.cause_of`)
        self.causes: dict[str, int] = {}

    def room(self, changes: bool, per_kind: int) -> bool:
        return sum(1 for f in self.full if f.changes is changes) < per_kind

    def choose(self, per_kind: int) -> None:
        """The records shown in full: those that change a score first; the findings of
        the others join the table."""
        ordered = sorted(self.full, key=lambda f: not f.changes)  # stable: file order
        self.shown = ordered[:per_kind]
        self.dropped = sorted((r for f in ordered[per_kind:] for r in f.rows),
                              key=lambda r: r.seq)

    @property
    def row_count(self) -> int:
        return self.written + len(self.dropped)

    def rows(self, live: set[str]) -> Iterator[_Row]:
        """The table's rows in the audit's order, each marked when it starts a file."""
        self.rows_file.seek(0)
        path: Any = None
        for n, row in enumerate(heapq.merge(map(_Row.from_line, self.rows_file),
                                            self.dropped, key=lambda r: r.seq)):
            row.file = n == 0 or row.path != path
            path = row.path
            if row.anchor not in live:
                row.anchor = None
            yield row


class _Kind:
    """A kind as the page template writes it."""

    def __init__(self, group: _Group, count: int, articles: list[Any], live: set[str]) -> None:
        self.slug, self.name, self.count = group.slug, group.name, count
        self.articles = articles
        #: each cause that explains `GROUP_AT` findings or more, said once with its count
        t = group.t
        self.patterns = [f"{messages.count('records', n, t.lang)}: "
                         f"{messages.render(cause, None, t.lang)}"
                         for cause, n in sorted(group.causes.items(), key=lambda c: -c[1])
                         if n >= GROUP_AT]
        self.row_count = group.row_count
        self._group, self._live = group, live

    def rows(self) -> Iterator[_Row]:
        return self._group.rows(self._live)


class _Page:
    """Findings grouped by kind as they come, and the page written from them."""

    def __init__(self, t: Text, per_kind: int = FULL_PER_KIND) -> None:
        self.t = t
        self.per_kind = per_kind
        self.groups: dict[str, _Group] = {}
        self._articles = 0
        self._seq = 0

    def _group(self, kind: str) -> _Group:
        group = self.groups.get(kind)
        if group is None:
            group = self.groups[kind] = _Group(kind, self.t)
        return group

    def add(self, findings: list[dict[str, Any]],
            full: tuple[BoardRecord | None, list[Finding]] | None) -> None:
        """One record's findings (as JSON), with the record and its findings (the same,
        as objects) to show in full when ``full`` is given and its kind still has room.
        The record is shown under its `lead_finding`."""
        shown: _Full | None = None
        shown_kind = None
        if full is not None and findings:
            record, objects = full
            for obj in objects:
                if changes_score(obj):
                    self._group(str(obj.kind)).changes = True
            lead = lead_finding(objects)
            group = self._group(str(lead.kind))
            changes = changes_score(lead)
            if group.room(changes, self.per_kind):
                self._articles += 1
                shown = _Full(f"r{self._articles}", record if record is not None
                              else BoardRecord(board=objects[0].board), objects, changes)
                group.full.append(shown)
                shown_kind = str(lead.kind)
        for f in findings:
            kind = str(f["kind"])
            group = self._group(kind)
            group.count += 1
            self._seq += 1
            cause = cause_of(f)
            if cause is not None and "." in cause:
                group.causes[cause] = group.causes.get(cause, 0) + 1
            record = f.get("record")
            row = _Row(self._seq, f.get("path"), f.get("board"),
                       "" if record is None else record, f.get("line") or "",
                       f.get("message") or "", shown.anchor if shown is not None else None,
                       where=place_label(f, self.t.lang))
            if shown is not None and kind == shown_kind:
                shown.rows.append(row)
            else:
                group.rows_file.write(row.to_line())
                group.written += 1

    def write(self, write: Callable[[str], object], head: _Head,
              counts: Mapping[str, int]) -> None:
        """The page, in pieces to ``write``; ``counts``: the findings of each kind."""
        t = self.t
        groups = [g for g in self.groups.values() if counts.get(g.kind)]
        groups.sort(key=lambda g: (not g.changes, -counts[g.kind], g.kind))
        for g in groups:
            g.choose(self.per_kind)
        live = {f.anchor for g in groups for f in g.shown}
        cards = _cards(t)
        kinds = [_Kind(g, counts[g.kind], [article(f.anchor, f.record, f.findings, t, cards)
                                            for f in g.shown], live) for g in groups]
        columns = [_FILE_COLUMNS[0], *(c for c in _FILE_COLUMNS[1:]
                                       if any(f.get(c[0]) is not None for f in head.files))]
        try:
            for piece in _page_template().generate(
                    t=t, title=head.title, summary=head.summary, files=head.files,
                    file_columns=[(key, t.label(label) if "." in label else t[label])
                                  for key, label in columns],
                    disabled=head.disabled, table_rulings=_table_rulings(head.table_rulings, t),
                    table_rulings_title=messages.render("report.table_rulings.title", None,
                                                        t.lang),
                    kinds=kinds, play_heads=["#", t["lead"], t["second"], t["third"],
                                             t["fourth"], t["won"], t["running"]]):
                write(piece)
        finally:
            for g in self.groups.values():
                g.rows_file.close()


#: The columns of the files read: key, label (``html.<name>`` or a whole key); a column
#: no file has a value for is left out.
_FILE_COLUMNS = (("path", "file"), ("format", "format"), ("records", "html.count.records"),
                 ("problems", "html.count.problems"), ("findings", "html.count.findings"),
                 ("checked", "checked"), ("copy", "copy"))


def _json_file(row: Mapping[str, Any]) -> dict[str, Any]:
    """A file read, from its JSON (`td_plugin.audit.reports.json_report.audit_json`)."""
    problems = row.get("problems") or []
    return {"path": str(row.get("path") or ""), "format": str(row.get("format") or ""),
            "records": row.get("records", ""),
            "problems": row.get("problem_count", len(problems)),
            "error": None, "problem_rows": problems[:MAX_PROBLEM_ROWS], "more": 0}


def _table_rulings(tables: Sequence[MatchedRuling], t: Text) -> list[dict[str, Any]]:
    """The rulings given at the table (each input's ``table_rulings``): where, what, its
    clauses and text (`MatchedRuling.heading`), and why one could not be written back."""
    out = []
    for r in tables:
        text = r.ruling.render(t.lang) if r.ruling is not None else ""
        problem = (messages.render("report.table_ruling_unmatched", {"problem": r.problem},
                                   t.lang) if r.problem else "")
        out.append({"heading": r.heading(t.lang), "lines": text.splitlines(),
                    "problem": problem})
    return out


class HtmlReport(AuditReport):
    """The audit's HTML report (a report of `td_plugin.audit.reports.output.AuditOutput`):
    findings grouped by kind as they come, the first ``per_kind`` records of each in full,
    the page written to ``path`` whole when the audit is done."""

    def __init__(self, path: str, lang: str = "en", per_kind: int = FULL_PER_KIND) -> None:
        self.path = path
        self.lang = lang
        self.t = Text(lang)
        self.records_per_kind = per_kind
        self._page = _Page(self.t, per_kind)
        self._problems: dict[int, ProblemGroups] = {}

    def take(self, report: InputReport, output: RecordOutput) -> None:
        if output.problems:
            groups = self._problems.setdefault(id(report), ProblemGroups())
            for p in output.problems:
                groups.take(p, MAX_PROBLEM_ROWS, output.record)
        if output.findings:
            self._page.add(output.findings, output.extra)

    def finish(self, result: AuditResult, host: PluginSummary) -> None:
        from td_plugin.safe_output import atomic_output

        t = self.t
        names = ", ".join(os.path.basename(i.path) for i in result.inputs)
        summary = {"files": len(result.inputs), "records": result.records,
                   "findings": result.finding_count,
                   "problems": sum(i.problem_count for i in result.inputs)}
        disabled = (t.label("report.disabled", plugins=", ".join(host.blocked))
                    if host.blocked else "")
        tables = [r for i in result.inputs for r in i.table_rulings]
        head = _Head(t.label("html.title", files=names), summary,
                     _files(result.inputs, self._problems, t), disabled, tables)
        try:
            with atomic_output(self.path, "w", encoding="utf-8", newline="\n") as out:
                self._page.write(out.write, head, result.kinds)
        except OSError as exc:  # (the page is left as it was, or not made)
            raise InputError(f"the HTML report was not written: {exc.strerror or exc}",
                             Location(path=self.path)) from None


def _problem_rows(groups: ProblemGroups | None, t: Text) -> tuple[list[dict[str, Any]], int]:
    """The rows of a file's problems, each text once (with how many records have it),
    the first `MAX_PROBLEM_ROWS`; and how many problems they stand for."""
    if groups is None:
        return [], 0
    rows, covered = [], 0
    for g in groups.entries()[:MAX_PROBLEM_ROWS]:
        records = messages.count("records", g.records, t.lang)
        message = g.message if g.count == 1 else f"{g.message} ({records})" if g.same else (
            f"{g.message} ({messages.render('report.problem_like.short', {'records': records}, t.lang)})")
        rows.append({"line": g.line, "board": g.board, "message": message})
        covered += g.count
    others = groups.others[:MAX_PROBLEM_ROWS - len(rows)]
    return rows + others, covered + len(others)


def _files(inputs: Sequence[InputReport], problems: Mapping[int, ProblemGroups],
           t: Text) -> list[dict[str, Any]]:
    """What was read: per file its format, records, problems, findings, what its data
    allowed to check (or why it could not be read) and its copy, and its problems (each
    text once)."""
    copies = any(i.written or i.not_written for i in inputs)
    out = []
    for report in inputs:
        rows, covered = _problem_rows(problems.get(id(report)), t)
        listed = rows + [
            {"line": p.location.line, "board": p.location.board, "message": p.text(t.lang)}
            for p in report.problems]
        copy = report.written or (f"{t['not_written']}: {report.not_written}"
                                  if report.not_written else "")
        out.append({
            "path": report.path, "format": report.format or "", "records": report.records,
            "problems": report.problem_count, "findings": report.findings,
            "checked": "" if report.error is not None
            else coverage_text(report, t.lang, with_path=False),
            "error": report.error, "copy": copy if copies else None,
            "problem_rows": listed,
            "more": report.problem_count - covered - len(report.problems)})
    return out
