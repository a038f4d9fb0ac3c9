"""The report of ``td-plugin audit`` for a person, written as the audit goes
(`td_plugin.audit.reports.output`): `TextReport` prints each input's findings as they
come, then what the input's data allowed to check; wrapped lines are indented
(`wrap`), and nothing is padded. On a terminal it is styled and wrapped to its width
(rich); elsewhere plain, wrapped at 80 columns, and written in pieces of 64 KB and at the
end of each input. `print_audit` prints a complete result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from td_plugin import messages
from td_plugin.audit.reports.findings import place_label
from td_plugin.audit.reports.output import (
    AuditReport,
    Chunks,
    PluginSummary,
    coverage_text,
    replay_outputs,
)
from td_plugin.audit.reports.patterns import (
    Pattern,
    Patterns,
    ProblemGroups,
    pattern_text,
    records_text,
)
from td_plugin.audit.result import AuditResult, InputReport, RecordOutput

__all__ = ["TextReport", "wrap", "is_terminal", "print_audit", "MAX_TEXT_PROBLEMS"]

#: problems of an input the text report lists; the rest are counted
MAX_TEXT_PROBLEMS = 20
#: columns of the text report when it does not go to a terminal
PLAIN_WIDTH = 80


def _m(key: str, lang: str, **params: Any) -> str:
    return messages.render(key, params, lang)


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
    gathered into pieces of 64 KB (`td_plugin.audit.reports.output.Chunks`); `flush`
    writes what is gathered."""

    def __init__(self, out: TextIO, width: int) -> None:
        self.out = out
        self.width = width
        self._chunks = Chunks(out.write, "")
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


class TextReport(AuditReport):
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
        self._problems = ProblemGroups()
        self._patterns = Patterns()

    def take(self, report: InputReport, output: RecordOutput) -> None:
        """A record's output: its problems and data findings kept to be said at the end of
        the input, grouped (`td_plugin.audit.reports.patterns`); any other finding said
        now."""
        self._heading(report)
        for p in output.problems:
            self._problems.take(p, self.max_problems, output.record)
        for f in output.findings:
            if not self._patterns.take(f):
                self._finding(f)

    def _where(self, line: Any, board: Any) -> str:
        labels = self._labels
        where = [f"{labels['line']} {line}"] if line is not None else []
        if board is not None:
            where.append(f"{labels['board'].lower()} {board}")
        return ", ".join(where)

    def _finding(self, f: dict[str, Any]) -> None:
        labels, lang = self._labels, self.lang
        law = f" {messages.law_ref(f['law'], lang)}" if f["law"] else ""
        board = f["board"] if f["board"] is not None else "?"
        place = place_label(f, lang)
        self.w.line([(f"{labels['board']} {board}", "bold"),
                     (f" ({labels['rec']} {f['record']}) ", ""),
                     (_m(f"kind.{f['kind']}", lang), "magenta"),
                     (law, "cyan")])
        if place:
            self.w.line([(place, "bold")], 2)
        self.w.line([(f["message"], "")], 2)
        ruling = f.get("ruling")
        text = ruling.get("text") if isinstance(ruling, dict) else None
        if text and text != f["message"]:
            self.w.line([(f"{labels['ruling']}:", "bold"), (" " + text, "")], 2)

    def _said_problems(self) -> int:
        """The input's problems, those that say the same once with how many records have
        them, many alike once as like the first, up to ``max_problems`` lines; how many
        problems the lines stand for."""
        lang = self.lang
        covered = 0
        groups = self._problems
        for g in groups.entries():
            if self._shown >= self.max_problems:
                return covered
            self._shown += 1
            covered += g.count
            where = self._where(g.line, g.board)
            records = messages.count("records", g.records, lang)
            text = (f" {where}: {g.message}" if g.count == 1 else " " + _m(
                "report.problem_group", lang, message=g.message, records=records, where=where)
                if g.same else " " + _m("report.problem_like", lang, message=g.message,
                                        records=records, where=where))
            self.w.line([("!", "yellow"), (text, "")], 2, 2)
        for p in groups.others[:self.max_problems - self._shown]:
            self._shown += 1
            covered += 1
            self.w.line([("!", "yellow"), (f" {self._where(p['line'], p['board'])}: "
                                           f"{p['message']}", "")], 2, 2)
        return covered

    def _said_pattern(self, pattern: Pattern) -> None:
        """A cause that explains many records, said once: its kind and count, what it
        means, the records, and its first finding as the example."""
        lang, labels = self.lang, self._labels
        example = pattern.example or {}
        self.w.line([(_m(f"kind.{example.get('kind')}", lang), "magenta"),
                     (": " + messages.count("records", pattern.count, lang), "bold")])
        meaning = pattern_text(pattern, lang)
        if meaning:
            self.w.line([(meaning, "")], 2)
        self.w.line([(records_text(pattern.records, pattern.count, lang), "")], 2)
        board = example.get("board") if example.get("board") is not None else "?"
        self.w.line([(_m("report.pattern.example", lang, where=(
            f"{labels['board'].lower()} {board} ({labels['rec']} {example.get('record')})"),
            message=example.get("message", "")), "")], 2)

    def end(self, report: InputReport) -> None:
        lang = self.lang
        more = report.problem_count - self._said_problems()  # (before a refusal too)
        if more > 0:
            self.w.line([(_m("report.more", lang, n=f"{more:,}"), "")], 2)
        if report.error is not None:
            error = report.error
            if error.startswith(report.path + ":"):
                error = error[len(report.path):]
            self.w.line([(report.path, "bold red"), (error if error[:1] == ":" else f": {error}",
                                                     "")], 0, 2)
            self.w.flush()
            return
        for f in self._patterns.single():
            self._finding(f)
        for pattern in self._patterns.grouped():
            self._said_pattern(pattern)
        self.w.line([(coverage_text(report, lang), "")], 0, 2)
        self.w.line([(_m("report.input_summary", lang,
                         problems=messages.count("problems", report.problem_count, lang),
                         findings=messages.count("findings", report.findings, lang)), "")], 2)
        self.w.flush()  # (what a file found is out when it is read)

    def finish(self, result: AuditResult, host: PluginSummary) -> None:
        lang = self.lang
        for report in result.inputs:
            for p in report.problems:  # found after the audit (a rulings log)
                self.w.line([("!", "yellow"), (f" {report.path}: {p.text(lang)}", "")], 2, 2)
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


def print_audit(result: AuditResult, out: Any, lang: str = "en",
                max_problems: int = 20) -> None:
    """Print the audit for a person (`TextReport`) to ``out``, a
    text stream or a rich console (its file). Text from the files is printed as it is,
    never read as markup."""
    stream = getattr(out, "file", out)
    replay_outputs(result, [TextReport(stream, lang, max_problems=max_problems)],
                   PluginSummary())

