"""Ruler plugin ``results``: the result as entered at the table: impossible results, the
declaring pair, artificial scores and "not played" entries, the opening lead
(`td_plugin.result_checks`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.model.board import BoardRecord
from td_plugin.model.rulings import Finding, ReviewContext
from td_plugin.result_checks import check_recorded_result


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    return check_recorded_result(record, context)
