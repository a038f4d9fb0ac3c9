"""The reports of ``td-plugin audit``, written as the audit goes: text for a person, one
JSON document, or JSON lines; the HTML page beside them (`td_plugin.audit.reports.html_report`).

Nothing here grows with the findings or the problems. The audit hands each record's
problems and findings over as plain data (`PlainRenderer`, run on the worker process that
reviewed the record) and `AuditOutput` passes them to each report in file order:

* `TextReport` prints each input's findings as they come, then what the input's data
  allowed to check; wrapped lines are indented, and nothing is padded. On a terminal it
  is styled and wrapped to its width (rich); elsewhere plain, wrapped at 80 columns, and
  written in pieces of 64 KB and at the end of each input;
* `JsonReport` writes the document of the README: the findings as they come, one a line
  (their JSON made on the worker too, `json_pieces`), then the inputs (their problems
  kept on disk meanwhile), plugin failures and a summary;
* `JsonLinesReport` writes one JSON object a line: each finding (``"type": "finding"``)
  and problem (``"problem"``) as it comes, then each input (``"input"``), each plugin
  failure (``"plugin_error"``) and the summary (``"summary"``).

Both JSON reports write UTF-8 whatever the locale's encoding (`Utf8Writer`): to the
binary buffer of their stream when it has one (a file, standard output), as text to one
that has none; in pieces of 64 KB, and at the end of each input.

What an input's data allowed to check (`td_plugin.audit.coverage.Coverage`) and which plugins
``TD_PLUGIN_DISABLE`` blocked are said in every report: a report that finds nothing is
not a clean bill of health when nothing could be checked.
"""

from __future__ import annotations

import io
import json
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING, Any, AnyStr, Generic, TextIO, TypeAlias

from td_plugin import messages
from td_plugin.audit.coverage import Coverage
from td_plugin.audit.reports.findings import finding_json, json_bytes
from td_plugin.audit.reports.order import changes_score, lead_finding
from td_plugin.audit.result import AuditResult, InputReport, RecordOutput
from td_plugin.model.board import BoardRecord, RecordProblem
from td_plugin.model.rulings import Finding

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost

__all__ = ["PlainRenderer", "json_pieces", "pieces_json", "Utf8Writer", "AuditOutput",
           "TextReport", "JsonReport", "JsonLinesReport", "problem_json", "input_json",
           "coverage_text", "checked_text", "Host", "replay", "wrap", "MAX_TEXT_PROBLEMS",
           "audit_json", "print_audit"]

#: problems of an input the text report lists; the rest are counted
MAX_TEXT_PROBLEMS = 20
#: columns of the text report when it does not go to a terminal
PLAIN_WIDTH = 80


def problem_json(problem: RecordProblem) -> dict[str, Any]:
    loc = problem.location
    return {"line": loc.line, "board": loc.board, "message": problem.message}


class PlainRenderer:
    """`td_plugin.audit.run.RecordRenderer`: each problem and finding as its JSON
    (`td_plugin.audit.reports.findings.finding_json`, texts in ``lang``), and, for the first
    ``records_per_kind`` records of each kind of finding that change a score and the
    first ``records_per_kind`` that do not (`td_plugin.audit.reports.order`), the record and its
    findings (the HTML page shows those in full, those that change a score first).
    A record counts under its `lead_finding`. Picklable.

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
        extra = None
        if self.records_per_kind and record is not None and findings:
            lead = lead_finding(findings)
            key = (str(lead.kind), changes_score(lead))
            shown = self._shown.get(key, 0)
            if shown < self.records_per_kind:
                self._shown[key] = shown + 1
                extra = (record, list(findings))
        lang, forms = self.lang, self.forms
        output = RecordOutput(record.location.record if record is not None else None,
                              [problem_json(p) for p in problems] if problems else [],
                              [finding_json(f, lang) for f in findings]
                              if "dicts" in forms else [], extra)
        if "json" in forms:
            output.findings_json = ([json_pieces(d) for d in output.findings]
                                    if "dicts" in forms else
                                    [json_pieces(finding_json(f, lang)) for f in findings])
        return output


def json_pieces(finding: dict[str, Any]) -> tuple[bytes, int | None, bytes] | bytes:
    """A finding's JSON (`td_plugin.audit.reports.findings.finding_json`), ``json_bytes(finding)``, cut
    around its record index so that the index can still be shifted: ``(head, record,
    tail)``, the JSON being ``head + str(record) + tail`` (``null`` for None). A finding
    whose record index is not where `finding_json` puts it is the whole JSON."""
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


#: the JSON of one finding (`json_pieces`)
Pieces: TypeAlias = "tuple[bytes, int | None, bytes] | bytes"


def _joined(pieces_list: list[Pieces], before: bytes) -> bytes:
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


def pieces_json(pieces: Pieces) -> bytes:
    """The JSON of `json_pieces`."""
    return _joined([pieces], b"")


class _Chunks(Generic[AnyStr]):
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


class Utf8Writer(_Chunks[bytes]):
    """Writes UTF-8 to a text stream, gathered into pieces of 64 KB: to its binary buffer
    when it has one (after what was written to it as text so far), else as text."""

    def __init__(self, out: TextIO) -> None:
        buffer = getattr(out, "buffer", None)
        if buffer is None:
            super().__init__(lambda data: out.write(data.decode()), b"")
        else:
            out.flush()
            super().__init__(buffer.write, b"")


class Host:
    """What the reports say of the plugin host: the plugins ``TD_PLUGIN_DISABLE`` blocked
    and the names in it that no plugin has."""

    def __init__(self, blocked: Iterable[str] = (), unknown: Iterable[str] = ()) -> None:
        self.blocked = sorted(blocked)
        self.unknown = sorted(unknown)

    @classmethod
    def of(cls, host: PluginHost) -> Host:
        return cls(host.blocked(), host.unknown_blocked())


class _Report:
    """One report of the audit (`td_plugin.audit.run.AuditSink` without a renderer).
    ``forms``: what it reads of the findings (`PlainRenderer`)."""

    forms: tuple[str, ...] = ("dicts",)

    def begin(self, report: InputReport) -> None:
        pass

    def take(self, report: InputReport, output: RecordOutput) -> None:
        pass

    def end(self, report: InputReport) -> None:
        pass

    def finish(self, result: AuditResult, host: Host) -> None:
        pass


class AuditOutput:
    """The `td_plugin.audit.run.AuditSink` of the command: hands each record's output, its
    record indexes counted from the file's start, to every report."""

    def __init__(self, reports: Sequence[_Report], lang: str = "en",
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
                record, findings = output.extra
                output.extra = _shifted(record, findings, offset)
        for r in self.reports:
            r.take(report, output)

    def end(self, report: InputReport) -> None:
        for r in self.reports:
            r.end(report)

    def finish(self, result: AuditResult, host: Host) -> None:
        for r in self.reports:
            r.finish(result, host)


def _shifted(record: BoardRecord, findings: list[Finding], offset: int
             ) -> tuple[BoardRecord, list[Finding]]:
    """Copies of ``record`` and its findings with their indexes shifted by ``offset``."""
    loc = record.location
    if loc.record is not None:
        record = replace(record, location=replace(loc, record=loc.record + offset))
    return record, [f if f.record is None else replace(f, record=f.record + offset)
                    for f in findings]


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
    return text


def input_json(report: InputReport, lang: str, problems: Any = None) -> dict[str, Any]:
    """The JSON of an input (without ``problems`` unless given)."""
    out: dict[str, Any] = {"path": report.path, "format": report.format,
                           "records": report.records}
    if problems is not None:
        out["problems"] = problems
    out["problem_count"] = report.problem_count
    out["findings"] = report.findings
    if report.error is None:
        out["coverage"] = report.coverage.to_json()
    else:
        out["error"] = report.error
    if report.written:
        out["written"] = report.written
    if report.not_written:
        out["not_written"] = report.not_written
    if report.rulings_log:
        out["rulings_log"] = report.rulings_log
        out["table_rulings"] = [t.to_json(lang) for t in report.table_rulings]
    return out


def _summary(result: AuditResult, host: Host) -> dict[str, Any]:
    return {"records": result.records, "findings": result.finding_count,
            "kinds": dict(sorted(result.kinds.items())),
            "unreadable": len(result.unreadable), "disabled": host.blocked}


# -- JSON ---------------------------------------------------------------------------------

class JsonReport(_Report):
    """The JSON document, written as the audit goes: ``findings`` first, one a line, then
    ``inputs`` (each input's problems are kept in a temporary file until then),
    ``plugin_errors``, ``disabled`` and ``summary``."""

    forms = ("json",)

    def __init__(self, out: TextIO, lang: str = "en") -> None:
        self.out = out
        self.lang = lang
        self._first = True
        self._problems: dict[int, IO[bytes]] = {}
        self._out = Utf8Writer(out)
        self._write = self._out.write
        self._write(b'{"findings": [')

    def take(self, report: InputReport, output: RecordOutput) -> None:
        if output.findings_json:
            self._write(_joined(output.findings_json, b"\n" if self._first else b",\n"))
            self._first = False
        if output.problems:
            spool = self._problems.get(id(report))
            if spool is None:
                spool = self._problems[id(report)] = tempfile.SpooledTemporaryFile(1 << 20)
            for p in output.problems:
                spool.write(json_bytes(p) + b"\n")

    def end(self, report: InputReport) -> None:
        self._out.flush()  # (what a file found is out when it is read)

    def finish(self, result: AuditResult, host: Host) -> None:
        write = self._write
        write(b"\n],\n" if not self._first else b"],\n")
        write(b'"inputs": [')
        for i, report in enumerate(result.inputs):
            write(b"\n" if i == 0 else b",\n")
            doc = json_bytes(input_json(report, self.lang, problems=[]))
            head, tail = doc.split(b'"problems":[]', 1)
            write(head + b'"problems":[')
            self._write_problems(report)
            write(b"]" + tail)
        write(b"\n],\n")
        errors = [{"plugin": p, "hook": h, "message": m} for p, h, m in result.plugin_errors]
        write(b'"plugin_errors": ' + json_bytes(errors) + b",\n")
        write(b'"disabled": ' + json_bytes({"plugins": host.blocked, "unknown": host.unknown})
              + b",\n")
        write(b'"summary": ' + json_bytes(_summary(result, host)) + b"}\n")
        self._out.flush()

    def _write_problems(self, report: InputReport) -> None:
        first = True
        spool = self._problems.pop(id(report), None)
        if spool is not None:
            spool.seek(0)
            for line in spool:
                self._write((b"\n" if first else b",\n") + line.rstrip(b"\n"))
                first = False
            spool.close()
        for p in report.problems:  # found after the audit (a rulings log)
            self._write((b"\n" if first else b",\n") + json_bytes(problem_json(p)))
            first = False


class JsonLinesReport(_Report):
    """One JSON object a line: findings and problems as they come, then the inputs, the
    plugin failures and the summary."""

    def __init__(self, out: TextIO, lang: str = "en") -> None:
        self.out = out
        self.lang = lang
        self._out = Utf8Writer(out)
        self._write = self._out.write

    def take(self, report: InputReport, output: RecordOutput) -> None:
        write = self._write
        for p in output.problems:
            write(json_bytes({"type": "problem", "path": report.path, **p}) + b"\n")
        for f in output.findings:
            write(json_bytes({"type": "finding", **f}) + b"\n")

    def end(self, report: InputReport) -> None:
        self._out.flush()

    def finish(self, result: AuditResult, host: Host) -> None:
        write = self._write
        for report in result.inputs:
            for p in report.problems:  # found after the audit (a rulings log)
                write(json_bytes({"type": "problem", "path": report.path, **problem_json(p)})
                      + b"\n")
            write(json_bytes({"type": "input", **input_json(report, self.lang)}) + b"\n")
        for plugin, hook, message in result.plugin_errors:
            write(json_bytes({"type": "plugin_error", "plugin": plugin, "hook": hook,
                              "message": message}) + b"\n")
        write(json_bytes({"type": "summary", **_summary(result, host)}) + b"\n")
        self._out.flush()


# -- text ---------------------------------------------------------------------------------

def _line_spans(text: str, width: int, indent: int, first: int) -> list[tuple[int, int]]:
    """Where the lines of ``text`` wrapped at ``width`` columns begin and end in it: the
    first line indented by ``first`` spaces, the others by ``indent``; between words
    (never inside a clause reference, `_glued`), and at the text's own line ends. A word
    longer than a line stays whole."""
    spans = []
    room = width - first
    pos = 0
    for paragraph_end in _line_ends(text):
        while paragraph_end - pos > room:
            cut = text.rfind(" ", pos, pos + room + 1)
            while cut > pos and _glued(text, cut):
                cut = text.rfind(" ", pos, cut)
            if cut <= pos:
                cut = text.find(" ", pos + room, paragraph_end)
                while cut >= 0 and _glued(text, cut):
                    cut = text.find(" ", cut + 1, paragraph_end)
                if cut < 0:
                    break
            spans.append((pos, len(text[pos:cut].rstrip(" ")) + pos))
            pos = cut
            while pos < paragraph_end and text[pos] == " ":
                pos += 1
            room = width - indent
        spans.append((pos, paragraph_end))
        pos = paragraph_end + 1
        room = width - indent
    return spans


#: The words a clause number is never parted from: "Law 27A1", "Laws 62B1, 50", "§ 27A1".
_CLAUSE_WORDS = frozenset({"Law", "Laws", "§"})


def _glued(text: str, space: int) -> bool:
    """Whether the space at ``space`` joins a clause reference ("Law 27A1", "§ 27A1"):
    no line breaks there."""
    word = text[text.rfind(" ", 0, space) + 1:space].lstrip("(")
    return word in _CLAUSE_WORDS


def _line_ends(text: str) -> list[int]:
    """Where each line of ``text`` ends: at each ``\\n``, and at the end."""
    ends = []
    end = text.find("\n")
    while end >= 0:
        ends.append(end)
        end = text.find("\n", end + 1)
    ends.append(len(text))
    return ends


def wrap(text: str, width: int, indent: int = 0, first: int | None = None) -> str:
    """``text`` wrapped at ``width`` columns between words, each line after the first
    indented by ``indent`` spaces (the first by ``first``, default ``indent``); no line
    ends in a space. A word longer than a line stays whole."""
    first = indent if first is None else first
    if len(text) + first <= width and "\n" not in text:
        return " " * first + text
    spans = _line_spans(text, width, indent, first)
    return "\n".join(" " * (indent if i else first) + text[a:b] for i, (a, b) in enumerate(spans))


class _Plain:
    """Writes styled lines as plain text wrapped at ``width`` (no style, no padding),
    gathered into pieces of 64 KB (`_Chunks`); `flush` writes what is gathered."""

    def __init__(self, out: TextIO, width: int) -> None:
        self.out = out
        self.width = width
        self._chunks = _Chunks(out.write, "")
        self.flush = self._chunks.flush

    def line(self, parts: Sequence[tuple[str, str]], indent: int = 0, hang: int = 0) -> None:
        text = "".join([text for text, _ in parts])
        self._chunks.write(wrap(text, self.width, indent + hang, indent) + "\n")


class _Styled:
    """Writes styled lines to a terminal through rich, wrapped to its width the same way
    (rich would pad the lines and not indent them after the first)."""

    def __init__(self, out: TextIO) -> None:
        from rich.console import Console

        self.console = Console(file=out, highlight=False)

    def flush(self) -> None:
        """(Each line is printed at once.)"""

    def line(self, parts: Sequence[tuple[str, str]], indent: int = 0, hang: int = 0) -> None:
        from rich.text import Text

        text = Text.assemble(*parts)
        spans = _line_spans(text.plain, self.console.width, indent + hang, indent)
        for i, (a, b) in enumerate(spans):
            self.console.print(Text.assemble(" " * (indent + hang if i else indent), text[a:b]),
                               soft_wrap=True)


def is_terminal(out: TextIO) -> bool:
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


class TextReport(_Report):
    """The report for a person, written as the audit goes (see the module's docstring).
    ``styled``: through rich, for a terminal (default: when ``out`` is one)."""

    def __init__(self, out: TextIO, lang: str = "en", styled: bool | None = None,
                 max_problems: int = MAX_TEXT_PROBLEMS) -> None:
        self.lang = lang
        self.max_problems = max_problems
        if styled is None:
            styled = is_terminal(out)
        self.w: _Plain | _Styled = _Styled(out) if styled else _Plain(out, PLAIN_WIDTH)
        self._labels = {k: _m(f"report.{k}", lang) for k in ("board", "rec", "ruling", "line")}
        self._shown = 0
        self._headed = False

    def _heading(self, report: InputReport) -> None:
        if not self._headed:
            self._headed = True
            what = f" ({report.format})" if report.format else ""
            self.w.line([(report.path, "bold underline"), (what, "")])

    def begin(self, report: InputReport) -> None:
        self._shown = 0
        self._headed = False

    def take(self, report: InputReport, output: RecordOutput) -> None:
        self._heading(report)
        labels = self._labels
        for p in output.problems:
            if self._shown < self.max_problems:
                self._shown += 1
                where = [f"{labels['line']} {p['line']}"] if p["line"] is not None else []
                if p["board"] is not None:
                    where.append(f"{labels['board'].lower()} {p['board']}")
                self.w.line([("!", "yellow"), (f" {', '.join(where)}: {p['message']}", "")],
                            2, 2)
        lang = self.lang
        for f in output.findings:
            law = f" {messages.law_ref(f['law'], lang)}" if f["law"] else ""
            board = f["board"] if f["board"] is not None else "?"
            self.w.line([(f"{labels['board']} {board}", "bold"),
                         (f" ({labels['rec']} {f['record']}) ", ""),
                         (_m(f"kind.{f['kind']}", lang), "magenta"),
                         (law, "cyan")])
            self.w.line([(f["message"], "")], 2)
            ruling = f.get("ruling")
            text = ruling.get("text") if isinstance(ruling, dict) else None
            if text and text != f["message"]:
                self.w.line([(f"{labels['ruling']}:", "bold"), (" " + text, "")], 2)

    def end(self, report: InputReport) -> None:
        lang = self.lang
        if report.error is not None:
            error = report.error
            if error.startswith(report.path + ":"):
                error = error[len(report.path):]
            self.w.line([(report.path, "bold red"), (error if error[:1] == ":" else f": {error}",
                                                     "")], 0, 2)
            self.w.flush()
            return
        more = report.problem_count - self._shown
        if more > 0:
            self.w.line([(_m("report.more", lang, n=f"{more:,}"), "")], 2)
        self.w.line([(coverage_text(report, lang), "")], 0, 2)
        self.w.line([(_m("report.input_summary", lang,
                         problems=messages.count("problems", report.problem_count, lang),
                         findings=messages.count("findings", report.findings, lang)), "")], 2)
        self.w.flush()  # (what a file found is out when it is read)

    def finish(self, result: AuditResult, host: Host) -> None:
        lang = self.lang
        for report in result.inputs:
            for p in report.problems:  # found after the audit (a rulings log)
                self.w.line([("!", "yellow"), (f" {report.path}: {p.message}", "")], 2, 2)
            if report.rulings_log:
                self.w.line([(_m("report.table_rulings", lang, n=len(report.table_rulings),
                                 log=report.rulings_log), "bold")])
            for t in report.table_rulings:
                self.w.line([(t.heading(lang), "bold")], 2)
                text = t.ruling.render(lang) if t.ruling is not None else ""
                if text:
                    self.w.line([(text, "")], 4)
                if t.problem:
                    self.w.line([(_m("report.table_ruling_unmatched", lang, problem=t.problem),
                                  "yellow")], 4)
        for plugin, hook, message in result.plugin_errors:
            self.w.line([(_m("report.plugin", lang), "bold red"),
                         (f" {plugin} ({hook}): {message}", "")], 0, 2)
        if result.plugin_errors_unlisted:
            self.w.line([(_m("report.plugin_more", lang,
                             n=f"{result.plugin_errors_unlisted:,}"), "")], 2)
        if host.blocked:
            self.w.line([(_m("report.disabled", lang, plugins=", ".join(host.blocked)),
                          "yellow")], 0, 2)
        unreadable = len(result.unreadable)
        if unreadable:
            self.w.line([(_m("report.unreadable_files", lang, n=unreadable), "bold red")])
        elif not result.finding_count:
            self.w.line([(_m("report.none", lang), "green")])
        self.w.line([("\n" + _m("report.summary", lang,
                                 records=messages.count("records", result.records, lang),
                                 findings=messages.count("findings", result.finding_count,
                                                         lang)), "")])
        self.w.flush()

def replay(result: AuditResult, reports: Sequence[_Report], host: Host) -> None:
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


# --- the reports of a complete result ------------------------------------------------

def audit_json(result: AuditResult, lang: str = "en", host: Any = None) -> dict[str, Any]:
    """The audit as JSON: ``findings``, ``inputs``, ``plugin_errors``, ``disabled``,
    ``summary`` (see the README), as `JsonReport` writes it.
    ``host``: the `Host` (default: none blocked)."""
    out = io.StringIO()
    replay(result, [JsonReport(out, lang)], host or Host())
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def print_audit(result: AuditResult, out: Any, lang: str = "en",
                max_problems: int = 20) -> None:
    """Print the audit for a person (`TextReport`) to ``out``, a
    text stream or a rich console (its file). Text from the files is printed as it is,
    never read as markup."""
    stream = getattr(out, "file", out)
    replay(result, [TextReport(stream, lang, max_problems=max_problems)], Host())
