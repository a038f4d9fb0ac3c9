"""Ruler plugin ``revokes``: revokes in the play record, Laws 61-64
(`td_plugin.laws.revokes`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.board import BoardRecord
from td_plugin.laws.revokes import review_revokes
from td_plugin.rulings import Finding, ReviewContext


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    if record.play is None:
        return []
    return review_revokes(record, context)
