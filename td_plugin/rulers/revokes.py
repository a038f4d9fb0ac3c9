"""Ruler plugin ``revokes``: revokes in the play record, Laws 61-64
(`td_plugin.laws.revokes`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.board import BoardRecord
from td_plugin.rulings import Finding, ReviewContext

try:
    from td_plugin.laws.revokes import review_revokes
except ModuleNotFoundError as exc:  # pragma: no cover - the law module is optional in a partial install
    if exc.name != "td_plugin.laws.revokes":
        raise
    review_revokes = None


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    if review_revokes is None or record.play is None:  # pragma: no cover
        return []
    return list(review_revokes(record, context))
