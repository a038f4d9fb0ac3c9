"""Audit reports: JSON for machines and a terminal report (rich) for the TD."""

from __future__ import annotations

from typing import Any

from td_plugin import messages
from td_plugin.audit import AuditResult
from td_plugin.rulings import Finding

__all__ = ["finding_text", "ruling_text", "finding_json", "audit_json", "print_audit"]


def finding_text(finding: Finding, lang: str = "en") -> str:
    return messages.render(finding.key, finding.params, lang)


def ruling_text(finding: Finding, lang: str = "en") -> str | None:
    r = finding.ruling
    if r is None or not r.key:
        return None
    return messages.render(r.key, r.params, lang)


def _jsonable(value: Any, lang: str) -> Any:
    if isinstance(value, messages.Msg):
        return messages.render(value.key, value.params, lang)
    if isinstance(value, dict):
        return {k: _jsonable(v, lang) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v, lang) for v in value]
    if hasattr(value, "pbn") and callable(value.pbn):
        return value.pbn()
    return value


def finding_json(f: Finding, lang: str = "en") -> dict[str, Any]:
    out: dict[str, Any] = {"path": f.path, "board": f.board, "record": f.record,
                           "line": f.line, "kind": f.kind, "law": f.law,
                           "message": finding_text(f, lang)}
    for k, v in f.data.items():
        out.setdefault(k, _jsonable(v, lang))
    if f.ruling is not None:
        out["ruling"] = {"laws": f.ruling.laws, "text": ruling_text(f, lang)}
    return out


def audit_json(result: AuditResult, lang: str = "en") -> dict[str, Any]:
    """The audit as JSON: ``inputs``, ``findings``, ``summary`` (see the README). With
    ``--write-to`` each input also has ``written`` (the copy's path) or ``not_written``
    (why there is none); an input with a rulings log has ``rulings_log`` and
    ``table_rulings``."""
    return {
        "inputs": [
            {"path": i.path, "format": i.format, "records": i.records,
             "problems": [{"line": p.location.line, "board": p.location.board,
                           "message": p.message} for p in i.problems],
             **({"error": i.error} if i.error else {}),
             **({"written": i.written} if i.written else {}),
             **({"not_written": i.not_written} if i.not_written else {}),
             **({"rulings_log": i.rulings_log,
                 "table_rulings": [t.to_json(lang) for t in i.table_rulings]}
                if i.rulings_log else {})}
            for i in result.inputs
        ],
        "findings": [finding_json(f, lang) for f in result.findings],
        "plugin_errors": [{"plugin": p, "hook": h, "message": m}
                          for p, h, m in result.plugin_errors],
        "summary": {"records": result.records, "findings": len(result.findings)},
    }


def print_audit(result: AuditResult, console: Any, lang: str = "en",
                max_problems: int = 20) -> None:
    """Print the audit for a person: per input its problems, then the findings grouped by
    input and board, each with its law clause and, for rulings, the text for the players.

    Text from the files (paths, values echoed in problems) is printed as it is, never read
    as rich markup, so printing stays linear in its length."""
    from rich.padding import Padding
    from rich.text import Text

    def label(key: str, **params: Any) -> str:
        return messages.render(f"report.{key}", params, lang)

    def line(*parts: str | tuple[str, str]) -> None:
        console.print(Text.assemble(*parts))

    for i in result.inputs:
        if i.error:
            line((i.path, "bold red"), f" {label('unreadable')}: {i.error}")
            continue
        line((i.path, "bold"), f" ({i.format}): {i.records} {label('records')}, "
                               f"{len(i.problems)} {label('problems')}")
        for p in i.problems[:max_problems]:
            where = []
            if p.location.line is not None:
                where.append(f"{label('line')} {p.location.line}")
            if p.location.board is not None:
                where.append(f"{label('board').lower()} {p.location.board}")
            line("  ", ("!", "yellow"), f" {', '.join(where)}: {p.message}")
        if len(i.problems) > max_problems:
            line("  " + label("more", n=len(i.problems) - max_problems))
        if i.rulings_log:
            line((label("table_rulings", n=len(i.table_rulings), log=i.rulings_log), "bold"))
        for t in i.table_rulings:
            line("  ", (t.heading(lang), "bold"))
            text = t.ruling.render(lang) if t.ruling is not None else ""
            if text:
                console.print(Padding(Text(text), (0, 0, 0, 4), expand=False))
            if t.problem:
                line("    ", (label("table_ruling_unmatched", problem=t.problem), "yellow"))
    for plugin, hook, message in result.plugin_errors:
        line((label("plugin"), "bold red"), f" {plugin} ({hook}): {message}")
    if not result.findings:
        line((label("none"), "green"))
    current = None
    for f in result.findings:
        if f.path != current:
            current = f.path
            line("\n", (str(f.path), "bold underline"))
        law: tuple[str, str] | str = (f" {messages.law_ref(f.law, lang)}", "cyan") if f.law else ""
        line((f"{label('board')} {f.board if f.board is not None else '?'}", "bold"),
             f" ({label('rec')} {f.record}) ", (f.kind, "magenta"), law)
        message = finding_text(f, lang)
        console.print(Padding(Text(message), (0, 0, 0, 2), expand=False))
        text = ruling_text(f, lang)
        if text and text != message:
            console.print(Padding(Text.assemble((f"{label('ruling')}:", "bold"), " " + text),
                                  (0, 0, 0, 2), expand=False))
    line("\n" + label("summary", records=result.records, findings=len(result.findings)))
