"""Which findings change a score, so that the reports that choose an order show those
first: `changes_score`, and `lead_finding` (the finding a record is shown under).

A finding changes a score when what it rules or reports means the score of the board is
not the one in the file:

- its ruling (or the change it writes back) assigns a result or a score: a revoke with an
  automatic trick transfer (Law 64A), an artificial or weighted score (12C);
- a revoke whose 64C figures say the non-offending side is not compensated enough: the
  Director assigns the 64C result (its outcome's `EquityFigures`: ``insufficient`` with
  a ``proposal``);
- its kind says the recorded result or score is not what the record's own facts give,
  or is missing or twice there (`SCORE_KINDS`).

Findings about the record alone (a lead card that was not held, a card not held, an
auction that is not legal, a movement that does not fit) do not: the score stands.
"""

from __future__ import annotations

from collections.abc import Sequence

from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.revoke_outcome import EquityFigures

__all__ = ["SCORE_KINDS", "changes_score", "lead_finding"]

#: kinds whose finding means the recorded result or score is not the board's
SCORE_KINDS = frozenset({FindingKind.RESULT_MISMATCH, FindingKind.RESULT_CONFLICT,
                         FindingKind.SCORE_MISMATCH,
                         FindingKind.IMPOSSIBLE_RESULT, FindingKind.CONTRACT_MISMATCH,
                         FindingKind.DECLARER_MISMATCH, FindingKind.DUPLICATE_RESULT,
                         FindingKind.MISSING_RESULT})


def changes_score(finding: Finding) -> bool:
    """Whether ``finding`` changes the board's score (see the module docstring)."""
    if finding.kind in SCORE_KINDS:
        return True
    if finding.ruling is not None and finding.ruling.outcome is not None:
        return True
    if finding.change is not None and finding.change.outcome is not None:
        return True
    equity = finding.revoke.equity if finding.revoke is not None else None
    return (isinstance(equity, EquityFigures) and equity.insufficient is True
            and equity.proposal is not None)


def lead_finding(findings: Sequence[Finding]) -> Finding:
    """The finding a record's findings are shown under: the first that changes a score,
    else the first."""
    return next((f for f in findings if changes_score(f)), findings[0])
