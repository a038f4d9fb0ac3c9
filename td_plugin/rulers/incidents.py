"""Ruler plugin ``incidents``: the ruling on an incident the Director reports at the
table (`td_plugin.incidents`: Laws 23, 25-32, 36-39)."""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.incidents import rule_incident
from td_plugin.rulings import ReviewContext, Ruling


@hookimpl
def td_incident_reported(incident: Any, context: ReviewContext) -> Ruling | None:
    return rule_incident(incident, context)
