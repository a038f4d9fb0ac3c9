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
    """The audit as JSON: ``inputs``, ``findings``, ``summary`` (see the README)."""
    return {
        "inputs": [
            {"path": i.path, "format": i.format, "records": i.records,
             "problems": [{"line": p.location.line, "board": p.location.board,
                           "message": p.message} for p in i.problems],
             **({"error": i.error} if i.error else {})}
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
    input and board, each with its law clause and, for rulings, the text for the players."""
    from rich.markup import escape
    from rich.padding import Padding

    def label(key: str, **params: Any) -> str:
        return messages.render(f"report.{key}", params, lang)

    for i in result.inputs:
        if i.error:
            console.print(f"[bold red]{escape(i.path)}[/] {label('unreadable')}: {escape(i.error)}")
            continue
        console.print(f"[bold]{escape(i.path)}[/] ({i.format}): {i.records} {label('records')}, "
                      f"{len(i.problems)} {label('problems')}")
        for p in i.problems[:max_problems]:
            where = []
            if p.location.line is not None:
                where.append(f"{label('line')} {p.location.line}")
            if p.location.board is not None:
                where.append(f"{label('board').lower()} {p.location.board}")
            console.print(f"  [yellow]![/] {escape(', '.join(where))}: {escape(p.message)}")
        if len(i.problems) > max_problems:
            console.print("  " + label("more", n=len(i.problems) - max_problems))
    for plugin, hook, message in result.plugin_errors:
        console.print(f"[bold red]{label('plugin')}[/] {escape(plugin)} ({hook}): "
                      f"{escape(message)}")
    if not result.findings:
        console.print(f"[green]{label('none')}[/]")
    current = None
    for f in result.findings:
        if f.path != current:
            current = f.path
            console.print(f"\n[bold underline]{escape(str(f.path))}[/]")
        law = f" [cyan]{escape(messages.law_ref(f.law, lang))}[/]" if f.law else ""
        console.print(f"[bold]{label('board')} {f.board if f.board is not None else '?'}[/] "
                      f"({label('rec')} {f.record}) [magenta]{f.kind}[/]{law}")
        message = finding_text(f, lang)
        console.print(Padding(escape(message), (0, 0, 0, 2), expand=False))
        text = ruling_text(f, lang)
        if text and text != message:
            console.print(Padding(f"[bold]{label('ruling')}:[/] " + escape(text), (0, 0, 0, 2),
                                  expand=False))
    console.print("\n" + label("summary", records=result.records,
                                 findings=len(result.findings)))
