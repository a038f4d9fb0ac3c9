"""Ruler plugin ``incidents``: the ruling on an incident the Director reports at the
table (`td_plugin.incidents`)."""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.rulings import ReviewContext, Ruling

try:
    from td_plugin.incidents import rule_incident
except ModuleNotFoundError as exc:  # pragma: no cover - the module is optional in a partial install
    if exc.name != "td_plugin.incidents":
        raise
    rule_incident = None


@hookimpl
def td_incident_reported(incident: Any, context: ReviewContext) -> Ruling | None:
    if rule_incident is None:  # pragma: no cover
        return None
    return rule_incident(incident, context)
