"""Ruler plugin ``revokes``: revokes in the play record, Laws 61-64
(`td_plugin.laws.revokes`). A revoke case the Director reports from the facts at the table
is the ``cases`` ruler's."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes.review import review_revokes
from td_plugin.model.board import BoardRecord
from td_plugin.model.findings import Finding
from td_plugin.model.walk import PlayWalk


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext,
                    walk: PlayWalk) -> list[Finding]:
    if record.play is None:
        return []
    return review_revokes(record, context, walk=walk)
