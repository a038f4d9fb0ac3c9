"""Ruler plugin ``incidents``: the ruling on an auction irregularity the Director reports
at the table (`td_plugin.incidents`: Laws 23, 25-32, 36-39). Revoke cases are the
``revokes`` ruler's."""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.casefile import case_kind
from td_plugin.incidents import rule_incident
from td_plugin.laws.revokes import RevokeCase
from td_plugin.rulings import ReviewContext, Ruling


@hookimpl
def td_incident_reported(incident: Any, context: ReviewContext) -> Ruling | None:
    if isinstance(incident, RevokeCase) or case_kind(incident) == "revoke":
        return None
    return rule_incident(incident, context)
