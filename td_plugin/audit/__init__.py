"""Reviewing records after the session or live: the run (`td_plugin.audit.run`), its parts
on several processes, what it keeps, coverage, the watch, the table rulings, the scorer
entry and the reports. The run's names are offered here too
(``td_plugin.audit.run_audit``), imported when first asked for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from td_plugin._lazy import lazy_names

if TYPE_CHECKING:
    from td_plugin.audit.run import AuditResult, InputReport, run_audit, write_adjusted_copies

__getattr__, __dir__ = lazy_names(__name__, {
    "td_plugin.audit.run": ("AuditResult", "InputReport", "run_audit",
                            "write_adjusted_copies")})

__all__ = ["AuditResult", "InputReport", "run_audit", "write_adjusted_copies"]
