"""What an audit keeps and how it reviews records: the result of the audit
(`AuditResult`), each input's report (`InputReport`), the output of a record handed to a
sink (`RecordOutput`, `FullRecord`, `FindingJson`, `AuditSink`, `RecordRenderer`), and
`review_records`, which asks the host about each record. `td_plugin.audit.run` runs the
audit on one process and `td_plugin.audit.parts` on several; both take these from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeAlias

from td_plugin.audit.coverage import Coverage
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.fouled import BoardVersions
from td_plugin.model.board import BoardRecord, RecordProblem
from td_plugin.model.changes import RecordChange
from td_plugin.model.findings import Finding, placed

if TYPE_CHECKING:
    from td_plugin.audit.table_rulings import MatchedRuling
    from td_plugin.host.manager import PluginHost

__all__ = ["InputReport", "AuditResult", "RecordOutput", "FullRecord", "FindingJson",
           "RecordRenderer", "AuditSink", "review_records", "MAX_PLUGIN_ERRORS"]

#: plugin failures kept (a plugin failing on every record fails the same way); the rest
#: are counted
MAX_PLUGIN_ERRORS = 100


@dataclass
class InputReport:
    """One input file: its format, how many records it had, the problems its reader
    collected (``problem_count`` of them; ``problems`` lists them unless an `AuditSink`
    took them), what its data allowed to check, and ``error`` when it could not be read
    at all."""

    path: str
    format: str | None = None
    records: int = 0
    problems: list[RecordProblem] = field(default_factory=list)
    error: str | None = None
    #: ``--write-to``: the adjusted copy written, or why none was (``not_written``);
    #: ``write_failed`` when writing was tried and failed (not merely impossible here)
    written: str | None = None
    not_written: str | None = None
    write_failed: bool = False
    #: the rulings given at the table in this session (its rulings log), matched to its
    #: records (`td_plugin.audit.table_rulings`); ``rulings_log`` is the log they come from
    table_rulings: list[MatchedRuling] = field(default_factory=list)
    rulings_log: str | None = None
    #: why the session's rulings log, which is there, could not be read (also a problem)
    rulings_log_error: str | None = None
    problem_count: int = 0
    coverage: Coverage = field(default_factory=Coverage)
    findings: int = 0
    #: the forms of each board its records show, compared at the end (Law 87)
    versions: BoardVersions = field(default_factory=BoardVersions)


class FullRecord(NamedTuple):
    """A record a report may show in full (the HTML page does), with its findings."""

    record: BoardRecord
    findings: list[Finding]


#: One finding written as JSON (UTF-8) on the worker that reviewed its record
#: (`td_plugin.audit.reports.output.json_pieces`): ``(head, record index, tail)``, the
#: index kept apart so that it can still be shifted, or the whole JSON.
FindingJson: TypeAlias = "tuple[bytes, int | None, bytes] | bytes"


@dataclass
class RecordOutput:
    """What a sink is given of one record (or of the problems of a file outside its
    records, ``record`` None): plain data, cheap to send from a worker. ``record`` is the
    record's index counted from the start of the part it was read in; the sink is told
    how many records come before (``offset``). ``problems`` and ``findings`` are their
    JSON as dictionaries; ``extra`` the record and its findings themselves, when a report
    may show it in full; ``findings_json``: the findings already written as JSON, when
    the sink asked for that form (see `td_plugin.audit.reports.output.PlainRenderer`)."""

    record: int | None
    problems: list[dict[str, Any]] = field(default_factory=list)
    findings: list[dict[str, Any]] = field(default_factory=list)
    extra: FullRecord | None = None
    findings_json: list[FindingJson] = field(default_factory=list)


class RecordRenderer(Protocol):
    """Turns a record, its problems and findings into a `RecordOutput` (picklable: it
    runs on the worker process that reviewed the record)."""

    def render(self, record: BoardRecord | None, problems: Sequence[RecordProblem],
               findings: Sequence[Finding]) -> RecordOutput:
        ...


class AuditSink(Protocol):
    """Where an audit's output goes as it is made (the reports of ``td-plugin audit``)."""

    renderer: RecordRenderer

    def begin(self, report: InputReport) -> None:
        """An input is about to be read."""

    def take(self, report: InputReport, output: RecordOutput, offset: int) -> None:
        """The next record's output, in file order (``offset``: records before its part)."""

    def end(self, report: InputReport) -> None:
        """The input is read (or could not be: ``report.error``)."""


@dataclass
class AuditResult:
    inputs: list[InputReport] = field(default_factory=list)
    #: the findings (unless an `AuditSink` took them: then `finding_count` counts them)
    findings: list[Finding] = field(default_factory=list)
    #: records that have findings, with them, in input order
    flagged: list[tuple[BoardRecord, list[Finding]]] = field(default_factory=list)
    #: plugin failures: (plugin name, hook, message), the first `MAX_PLUGIN_ERRORS`
    plugin_errors: list[tuple[str, str, str]] = field(default_factory=list)
    #: whether ``flagged`` is kept
    keep_flagged: bool = True
    #: the sink the findings and problems go to instead of being kept
    sink: AuditSink | None = None
    finding_count: int = 0
    #: findings by kind
    kinds: dict[str, int] = field(default_factory=dict)
    #: what the findings change in the records of each input (for ``--write-to``), kept
    #: unless ``keep_changes`` is false
    changes: dict[str, list[RecordChange]] = field(default_factory=dict)
    keep_changes: bool = True
    plugin_errors_unlisted: int = 0
    #: the outputs of a part audited on a worker, for the parent's sink; the outputs of
    #: consecutive records that carry only ``findings_json`` are kept as one (``record``
    #: the first's)
    outputs: list[RecordOutput] = field(default_factory=list)
    renderer: RecordRenderer | None = None

    @property
    def records(self) -> int:
        return sum(i.records for i in self.inputs)

    @property
    def unreadable(self) -> list[InputReport]:
        return [i for i in self.inputs if i.error is not None]

    @property
    def write_failures(self) -> list[InputReport]:
        """Inputs whose adjusted copy could not be written though a writer exists."""
        return [i for i in self.inputs if i.write_failed]

    def changes_for(self, path: str) -> dict[int, list[RecordChange]]:
        """The record changes the findings of one input and its table rulings ask for,
        keyed by record index."""
        out: dict[int, list[RecordChange]] = {}
        for report in self.inputs:
            if report.path == path and report.table_rulings:
                from td_plugin.audit.table_rulings import changes_of

                for index, changes in changes_of(report.table_rulings).items():
                    out.setdefault(index, []).extend(changes)
        for change in self.changes.get(path, ()):
            out.setdefault(change.record, []).append(change)
        return out

    def take(self, report: InputReport, record: BoardRecord | None,
             problems: Sequence[RecordProblem], findings: Sequence[Finding]) -> None:
        """Count, keep or hand on one record's problems and findings."""
        report.problem_count += len(problems)
        if findings:
            report.findings += len(findings)
            self.finding_count += len(findings)
            kinds = self.kinds
            for f in findings:
                kind = f.kind  # a FindingKind is its text: counted under it
                n = kinds.get(kind)
                if n is None:
                    kinds[str(kind)] = 1
                else:  # (the key stays the text)
                    kinds[kind] = n + 1
                if f.change is not None and self.keep_changes:
                    self.changes.setdefault(report.path, []).append(f.change)
        renderer = self.sink.renderer if self.sink is not None else self.renderer
        if renderer is None:
            report.problems.extend(problems)
            if findings:
                self.findings.extend(findings)
                if self.keep_flagged and record is not None:
                    self.flagged.append((record, list(findings)))
            return
        if not problems and not findings:
            return
        output = renderer.render(record, problems, findings)
        if self.sink is not None:
            self.sink.take(report, output, 0)
            return
        last = self.outputs[-1] if self.outputs else None
        if last is not None and _json_only(last) and _json_only(output):
            # consecutive records' findings JSON travel as one output: fewer objects
            last.findings_json.extend(output.findings_json)
        else:
            self.outputs.append(output)

    def plugin_error(self, plugin: str, hook: str, message: str) -> None:
        if len(self.plugin_errors) < MAX_PLUGIN_ERRORS:
            self.plugin_errors.append((plugin, hook, message))
        else:
            self.plugin_errors_unlisted += 1


def _json_only(output: RecordOutput) -> bool:
    return not output.problems and not output.findings and output.extra is None


def review_records(records: Iterable[BoardRecord], host: PluginHost, context: ReviewContext,
                   result: AuditResult, report: InputReport,
                   on_record: Callable[[str, int], None] | None = None) -> None:
    """Review each record with the host and add what it finds to ``result`` and
    ``report``."""
    review_board = host.review_board
    coverage = report.coverage
    hand = context.hand_record
    versions = report.versions.add
    for record in records:
        report.records += 1
        if hand is not None:  # the session's deals as dealt (--hand-record)
            record = hand.join(record)
        coverage.add(record)
        versions(record)
        review = review_board(record, context)
        for err in review.errors:
            result.plugin_error(err.plugin, err.hook, str(err.exception))
        findings = review.findings
        if hand is not None:
            findings = findings + placed(hand.differences(record), record)
        if record.problems or findings:
            result.take(report, record, record.problems, findings)
        if on_record is not None:
            on_record(report.path, report.records)
