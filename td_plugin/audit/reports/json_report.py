"""The JSON reports of ``td-plugin audit``, written as the audit goes
(`td_plugin.audit.reports.output`):

* `JsonReport` writes the document of the README: the findings as they come, one a line
  (their JSON made on the worker, `td_plugin.audit.reports.output.json_pieces`), then the
  inputs (their problems kept on disk meanwhile), plugin failures and a summary;
* `JsonLinesReport` writes one JSON object a line: each finding (``"type": "finding"``)
  and problem (``"problem"``) as it comes, then each input (``"input"``), each plugin
  failure (``"plugin_error"``) and the summary (``"summary"``).

Both write UTF-8 whatever the locale's encoding (`Utf8Writer`): to the binary buffer of
their stream when it has one (a file, standard output), as text to one that has none; in
pieces of 64 KB, and at the end of each input. `audit_json` is the document of a complete
result.
"""

from __future__ import annotations

import io
import json
import tempfile
from typing import IO, Any, TextIO

from td_plugin.audit.reports.findings import json_bytes
from td_plugin.audit.reports.output import (
    AuditReport,
    Chunks,
    PluginSummary,
    joined_pieces,
    problem_json,
    replay_outputs,
)
from td_plugin.audit.result import AuditResult, InputReport, RecordOutput

__all__ = ["Utf8Writer", "JsonReport", "JsonLinesReport", "input_json", "audit_json"]


class Utf8Writer(Chunks[bytes]):
    """Writes UTF-8 to a text stream, gathered into pieces of 64 KB: to its binary buffer
    when it has one (after what was written to it as text so far), else as text."""

    def __init__(self, out: TextIO) -> None:
        buffer = getattr(out, "buffer", None)
        if buffer is None:
            super().__init__(lambda data: out.write(data.decode()), b"")
        else:
            out.flush()
            super().__init__(buffer.write, b"")


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


def _summary(result: AuditResult, host: PluginSummary) -> dict[str, Any]:
    return {"records": result.records, "findings": result.finding_count,
            "kinds": dict(sorted(result.kinds.items())),
            "unreadable": len(result.unreadable), "disabled": host.blocked}


class JsonReport(AuditReport):
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
            self._write(joined_pieces(output.findings_json, b"\n" if self._first else b",\n"))
            self._first = False
        if output.problems:
            spool = self._problems.get(id(report))
            if spool is None:
                spool = self._problems[id(report)] = tempfile.SpooledTemporaryFile(1 << 20)
            for p in output.problems:
                spool.write(json_bytes(p) + b"\n")

    def end(self, report: InputReport) -> None:
        self._out.flush()  # (what a file found is out when it is read)

    def finish(self, result: AuditResult, host: PluginSummary) -> None:
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
            self._write((b"\n" if first else b",\n") + json_bytes(problem_json(p, self.lang)))
            first = False


class JsonLinesReport(AuditReport):
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

    def finish(self, result: AuditResult, host: PluginSummary) -> None:
        write = self._write
        for report in result.inputs:
            for p in report.problems:  # found after the audit (a rulings log)
                write(json_bytes({"type": "problem", "path": report.path,
                                  **problem_json(p, self.lang)}) + b"\n")
            write(json_bytes({"type": "input", **input_json(report, self.lang)}) + b"\n")
        for plugin, hook, message in result.plugin_errors:
            write(json_bytes({"type": "plugin_error", "plugin": plugin, "hook": hook,
                              "message": message}) + b"\n")
        write(json_bytes({"type": "summary", **_summary(result, host)}) + b"\n")
        self._out.flush()


def audit_json(result: AuditResult, lang: str = "en",
               host: PluginSummary | None = None) -> dict[str, Any]:
    """The audit as JSON: ``findings``, ``inputs``, ``plugin_errors``, ``disabled``,
    ``summary`` (see the README), as `JsonReport` writes it.
    ``host``: the `PluginSummary` (default: none blocked)."""
    out = io.StringIO()
    replay_outputs(result, [JsonReport(out, lang)], host or PluginSummary())
    return json.loads(out.getvalue())  # type: ignore[no-any-return]

