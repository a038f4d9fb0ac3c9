"""Ruler plugin ``auction``: irregularities recorded in the auction (insufficient bids,
calls out of rotation, changes of call) explained with their laws
(`td_plugin.laws.recorded_irregularities`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.board import BoardRecord
from td_plugin.rulings import Finding, ReviewContext

try:
    from td_plugin.laws.recorded_irregularities import explain_recorded_irregularities
except ModuleNotFoundError as exc:  # pragma: no cover - the law module is optional in a partial install
    if exc.name != "td_plugin.laws.recorded_irregularities":
        raise
    explain_recorded_irregularities = None


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    if explain_recorded_irregularities is None or record.auction is None:  # pragma: no cover
        return []
    return list(explain_recorded_irregularities(record, context))
