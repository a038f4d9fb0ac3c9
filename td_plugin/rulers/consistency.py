"""Ruler plugin ``consistency``: is the recorded result and score what the contract and
the play say? (`td_plugin.consistency`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.consistency import PlayWalk, check_record
from td_plugin.model.board import BoardRecord
from td_plugin.model.rulings import Finding, ReviewContext


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext,
                    walk: PlayWalk) -> list[Finding]:
    return check_record(record, context, walk=walk)
