"""Ruler plugin ``auction``: irregularities recorded in the auction (an accepted
insufficient bid, skipped calls) explained with their laws
(`td_plugin.recorded_irregularities`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.model.board import BoardRecord
from td_plugin.model.rulings import Finding, ReviewContext
from td_plugin.recorded_irregularities import explain_recorded_irregularities


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    if record.auction is None:
        return []
    return explain_recorded_irregularities(record, context)
