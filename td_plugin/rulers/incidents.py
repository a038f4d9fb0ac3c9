"""Ruler plugin ``incidents``: the ruling on an auction irregularity the Director reports
at the table (`td_plugin.laws.auction.situations`: Laws 23, 25-32, 36-39). Revoke cases are the
``revokes`` ruler's, those of the play period the ``play`` ruler's."""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.model.rulings import ReviewContext, Ruling


@hookimpl
def td_incident_reported(incident: Any, context: ReviewContext) -> Ruling | None:
    # the case reader and the auction laws are read when a case comes (an audit has none)
    from td_plugin.cases.files import case_kind
    from td_plugin.cases.play import PlayCase
    from td_plugin.laws.auction.situations import rule_incident
    from td_plugin.laws.revokes.case import RevokeCase

    if isinstance(incident, (RevokeCase, PlayCase)) or case_kind(incident) != "auction":
        return None  # the revokes and play rulers' (an unknown kind: the case reader says so)
    return rule_incident(incident, context)
