"""The plumbing of the reports of ``td-plugin audit``, which are written as the audit goes:
text for a person (`td_plugin.audit.reports.text_report`), one JSON document or JSON
lines (`td_plugin.audit.reports.json_report`), and the HTML page beside them
(`td_plugin.audit.reports.html_report`).

Nothing here grows with the findings or the problems. The audit hands each record's
problems and findings over as plain data (`PlainRenderer`, run on the worker process that
reviewed the record, which also writes the findings' JSON there when a report asks for
it, `json_pieces`) and `AuditOutput` passes them to each report (`AuditReport`) in file
order. `replay_outputs` hands a result whose findings and problems were kept to reports
the same way.

What an input's data allowed to check (`td_plugin.audit.coverage.Coverage`,
`coverage_text`) and which plugins ``TD_PLUGIN_DISABLE`` blocked (`PluginSummary`) are
said in every report: a report that finds nothing is not a clean bill of health when
nothing could be checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, AnyStr, Generic

from td_plugin import messages
from td_plugin.audit.coverage import Coverage
from td_plugin.audit.reports.findings import finding_json, json_bytes
from td_plugin.audit.reports.order import changes_score, lead_finding
from td_plugin.audit.result import (
    AuditResult,
    FindingJson,
    FullRecord,
    InputReport,
    RecordOutput,
)
from td_plugin.model.board import BoardRecord, RecordProblem
from td_plugin.model.findings import Finding

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost

__all__ = ["PlainRenderer", "json_pieces", "pieces_json", "joined_pieces", "Chunks",
           "AuditReport", "AuditOutput", "problem_json", "coverage_text", "checked_text",
           "PluginSummary", "replay_outputs"]


def problem_json(problem: RecordProblem, lang: str = "en") -> dict[str, Any]:
    """A problem's JSON, its text in ``lang`` (`RecordProblem.text`)."""
    loc = problem.location
    return {"line": loc.line, "board": loc.board, "message": problem.text(lang)}


class PlainRenderer:
    """`td_plugin.audit.run.RecordRenderer`: each problem and finding as its JSON
    (`td_plugin.audit.reports.findings.finding_json`, texts in ``lang``), and, for the
    first ``records_per_kind`` records of each kind of finding that change a score and the
    first ``records_per_kind`` that do not (`td_plugin.audit.reports.order`), the record
    and its findings (the HTML page shows those in full, those that change a score
    first). A record counts under its `lead_finding`. Picklable.

    ``forms``: what the reports read of the findings: ``"dicts"`` (``output.findings``,
    the JSON as dictionaries) and ``"json"`` (``output.findings_json``, the JSON
    already written on the worker that reviewed the record, as `json_pieces`)."""

    def __init__(self, lang: str = "en", records_per_kind: int = 0,
                 forms: Iterable[str] = ("dicts",)) -> None:
        self.lang = lang
        self.records_per_kind = records_per_kind
        self.forms = frozenset(forms)
        self._shown: dict[tuple[str, bool], int] = {}

    def render(self, record: BoardRecord | None, problems: Sequence[RecordProblem],
               findings: Sequence[Finding]) -> RecordOutput:
        extra: FullRecord | None = None
        if self.records_per_kind and record is not None and findings:
            lead = lead_finding(findings)
            key = (str(lead.kind), changes_score(lead))
            shown = self._shown.get(key, 0)
            if shown < self.records_per_kind:
                self._shown[key] = shown + 1
                extra = FullRecord(record, list(findings))
        lang, forms = self.lang, self.forms
        output = RecordOutput(record.location.record if record is not None else None,
                              [problem_json(p, lang) for p in problems] if problems else [],
                              [finding_json(f, lang) for f in findings]
                              if "dicts" in forms else [], extra)
        if "json" in forms:
            output.findings_json = ([json_pieces(d) for d in output.findings]
                                    if "dicts" in forms else
                                    [json_pieces(finding_json(f, lang)) for f in findings])
        return output


def json_pieces(finding: dict[str, Any]) -> FindingJson:
    """A finding's JSON (`td_plugin.audit.reports.findings.finding_json`),
    ``json_bytes(finding)``, cut around its record index so that the index can still be
    shifted: ``(head, record, tail)``, the JSON being ``head + str(record) + tail``
    (``null`` for None). A finding whose record index is not where `finding_json` puts it
    is the whole JSON."""
    data = json_bytes(finding)
    record = finding.get("record")
    if record is None or type(record) is int:
        head = _head(finding.get("path"), finding.get("board"))
        if data.startswith(head):
            index = b"null" if record is None else b"%d" % record
            start = len(head)
            if data.startswith(index, start):
                return (head, record, data[start + len(index):])
    return data


def _head(path: Any, board: Any) -> bytes:
    """The JSON of a finding up to its record index, for the findings of ``board`` of
    the file ``path``; made once for every finding of a board."""
    plain = type(path) is str and (board is None or type(board) is int)
    head = _HEADS.get((path, board)) if plain else None
    if head is None:
        head = b'{"path":%s,"board":%s,"record":' % (json_bytes(path), json_bytes(board))
        if plain:
            if len(_HEADS) >= 4096:
                _HEADS.clear()
            _HEADS[(path, board)] = head
    return head


#: `_head` of the boards met last
_HEADS: dict[tuple[str, int | None], bytes] = {}


def joined_pieces(pieces_list: list[FindingJson], before: bytes) -> bytes:
    """``before``, then the JSON of each of ``pieces_list`` (`json_pieces`), a line
    each, put together once (not each finding's, then all of them)."""
    out = [before]
    for pieces in pieces_list:
        if isinstance(pieces, bytes):
            out += (pieces, b",\n")
        else:
            head, record, tail = pieces
            out += (head, b"null" if record is None else b"%d" % record, tail, b",\n")
    out.pop()
    return b"".join(out)


def pieces_json(pieces: FindingJson) -> bytes:
    """The JSON of `json_pieces`."""
    return joined_pieces([pieces], b"")


class Chunks(Generic[AnyStr]):
    """What is written to ``write``, gathered into pieces of `CHUNK` characters or
    bytes: a stream that writes each piece at once (standard output under
    ``PYTHONUNBUFFERED``) would make a system call of every line. `flush` writes what is
    gathered."""

    #: what is gathered before it is written
    CHUNK = 1 << 16

    def __init__(self, write: Callable[[AnyStr], object], empty: AnyStr) -> None:
        self._out: Callable[[AnyStr], object] = write
        self._empty: AnyStr = empty
        self._pending: list[AnyStr] = []
        self._size = 0

    def write(self, data: AnyStr) -> None:
        self._pending.append(data)
        self._size += len(data)
        if self._size >= self.CHUNK:
            self.flush()

    def flush(self) -> None:
        if self._pending:
            data = self._empty.join(self._pending)
            self._pending.clear()
            self._size = 0
            self._out(data)


class PluginSummary:
    """What the reports say of the plugin host: the plugins ``TD_PLUGIN_DISABLE`` blocked
    and the names in it that no plugin has."""

    def __init__(self, blocked: Iterable[str] = (), unknown: Iterable[str] = ()) -> None:
        self.blocked = sorted(blocked)
        self.unknown = sorted(unknown)

    @classmethod
    def of(cls, host: PluginHost) -> PluginSummary:
        return cls(host.blocked(), host.unknown_blocked())


class AuditReport:
    """The protocol of one report of the audit, which `AuditOutput` hands each input's
    records to (`td_plugin.audit.run.AuditSink` without a renderer); each step does
    nothing unless the report says otherwise. ``forms``: what it reads of the findings
    (`PlainRenderer`)."""

    forms: tuple[str, ...] = ("dicts",)

    def begin(self, report: InputReport) -> None:
        pass

    def take(self, report: InputReport, output: RecordOutput) -> None:
        pass

    def end(self, report: InputReport) -> None:
        pass

    def finish(self, result: AuditResult, host: PluginSummary) -> None:
        pass


class AuditOutput:
    """The `td_plugin.audit.run.AuditSink` of the command: hands each record's output, its
    record indexes counted from the file's start, to every report."""

    def __init__(self, reports: Sequence[AuditReport], lang: str = "en",
                 records_per_kind: int = 0) -> None:
        self.reports = list(reports)
        forms = {form for r in self.reports for form in getattr(r, "forms", ("dicts",))}
        self.renderer = PlainRenderer(lang, records_per_kind, forms)

    def begin(self, report: InputReport) -> None:
        for r in self.reports:
            r.begin(report)

    def take(self, report: InputReport, output: RecordOutput, offset: int) -> None:
        if offset:
            if output.record is not None:
                output.record += offset
            for f in output.findings:
                if f.get("record") is not None:
                    f["record"] += offset
            output.findings_json = [
                (p[0], p[1] + offset, p[2]) if type(p) is tuple and p[1] is not None else p
                for p in output.findings_json]
            if output.extra is not None:
                output.extra = _shifted(output.extra, offset)
        for r in self.reports:
            r.take(report, output)

    def end(self, report: InputReport) -> None:
        for r in self.reports:
            r.end(report)

    def finish(self, result: AuditResult, host: PluginSummary) -> None:
        for r in self.reports:
            r.finish(result, host)


def _shifted(full: FullRecord, offset: int) -> FullRecord:
    """Copies of a record and its findings with their indexes shifted by ``offset``."""
    record, findings = full
    loc = record.location
    if loc.record is not None:
        record = replace(record, location=replace(loc, record=loc.record + offset))
    return FullRecord(record, [f if f.record is None else replace(f, record=f.record + offset)
                               for f in findings])


def _m(key: str, lang: str, **params: Any) -> str:
    return messages.render(key, params, lang)


def coverage_text(report: InputReport, lang: str, with_path: bool = True) -> str:
    """What an input's data allowed to check, in a sentence or two: ``"x.pbn: 384
    records (384 with a result, 384 with a score; no deal, no auction, no play). Not
    checked: deals, auctions, the play, revokes."`` (without the path: from ``384``)."""
    text = checked_text(report.records, report.coverage, lang)
    return f"{report.path}: {text}" if with_path else text


def checked_text(records: int, c: Coverage, lang: str) -> str:
    """`coverage_text` of ``records`` records whose data ``c`` counts, without a path."""
    have = {"deals": c.deals, "auctions": c.auctions, "plays": c.plays,
            "results": c.results, "scores": c.scores}
    parts = [_m(f"report.coverage.{name}", lang, n=f"{n:,}") for name, n in have.items() if n]
    missing = [_m(f"report.coverage.{name}.none", lang) for name, n in have.items() if not n]
    details = "; ".join(x for x in (", ".join(parts), ", ".join(missing)) if x)
    text = _m("report.coverage", lang, records=messages.count("records", records, lang),
              details=details)
    not_checked = c.not_checked()
    if not_checked and records:
        text += " " + _m("report.not_checked", lang, what=", ".join(
            _m(f"report.check.{name}", lang) for name in not_checked))
    if c.auctions_unread:
        text += " " + _m("report.auctions_unread", lang, n=f"{c.auctions_unread:,}")
    others = [_m(f"report.unread.{part}", lang, records=messages.count("records", n, lang))
              for part, n in c.unread_counts().items() if part != "auction"]
    if others:
        text += " " + _m("report.unread", lang, what=", ".join(others))
    return text


def replay_outputs(result: AuditResult, reports: Sequence[AuditReport],
                   host: PluginSummary) -> None:
    """Write ``reports`` of a result whose findings and problems were kept (not handed to
    a sink as they came): each input's records in file order, then the end."""
    sink = AuditOutput(reports)
    render = sink.renderer.render
    findings: dict[tuple[str | None, int | None], list[Finding]] = {}
    for f in result.findings:
        findings.setdefault((f.path, f.record), []).append(f)
    kept = [report.problems for report in result.inputs]
    try:
        for report, problems in zip(result.inputs, kept):
            report.problems = []  # the reports take them here: that list is for later ones
            sink.begin(report)
            by_record: dict[int | None, list[RecordProblem]] = {}
            for p in problems:
                by_record.setdefault(p.location.record, []).append(p)
            indexes = {i for (path, i) in findings if path == report.path} | set(by_record)
            for index in sorted(indexes, key=lambda i: (i is None, i or 0)):
                output = render(None, by_record.get(index, []),
                                findings.pop((report.path, index), []))
                output.record = index
                sink.take(report, output, 0)
            sink.end(report)
        sink.finish(result, host)
    finally:
        for report, problems in zip(result.inputs, kept):
            report.problems = problems

