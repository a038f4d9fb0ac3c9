"""Ruler plugin ``revokes``: revokes in the play record, and revoke cases the Director
reports from the facts at the table, Laws 61-64 (`td_plugin.laws.revokes`)."""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.consistency import PlayWalk
from td_plugin.laws.revokes.review import review_revokes
from td_plugin.model.board import BoardRecord
from td_plugin.model.rulings import Finding, ReviewContext, Ruling


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext,
                    walk: PlayWalk) -> list[Finding]:
    if record.play is None:
        return []
    return review_revokes(record, context, walk=walk)


@hookimpl
def td_incident_reported(incident: Any, context: ReviewContext) -> Ruling | None:
    """A revoke case (a `RevokeCase`, or its case-file data)."""
    from td_plugin.cases.files import case_kind, parse_case  # read when a case comes
    from td_plugin.laws.revokes.case import RevokeCase, rule_revoke_case

    if not isinstance(incident, RevokeCase):
        if case_kind(incident) != "revoke":
            return None
        incident = parse_case(incident)
    assert isinstance(incident, RevokeCase)
    return rule_revoke_case(incident, context)
