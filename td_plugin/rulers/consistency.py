"""Ruler plugin ``consistency``: is the recorded result and score what the contract and
the play say? (`td_plugin.laws.consistency`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.board import BoardRecord
from td_plugin.rulings import Finding, ReviewContext

try:
    from td_plugin.laws.consistency import check_record
except ModuleNotFoundError as exc:  # pragma: no cover - the law module is optional in a partial install
    if exc.name != "td_plugin.laws.consistency":
        raise
    check_record = None


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    if check_record is None:  # pragma: no cover
        return []
    return list(check_record(record, context))
