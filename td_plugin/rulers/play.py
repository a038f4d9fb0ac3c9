"""Ruler plugin ``play``: the rulings on the irregularities of the play period the
Director reports at the table — a card exposed during the auction, leads out of turn,
penalty cards, premature and simultaneous plays, a card played and its retraction, a
revoke corrected, a defective trick (Laws 24, 41-67; `td_plugin.cases.play`)."""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.model.rulings import ReviewContext, Ruling


@hookimpl
def td_incident_reported(incident: Any, context: ReviewContext) -> Ruling | None:
    """A play-period case (a `PlayCase`, or its case-file data)."""
    # the case reader and the laws of the play period are read when a case comes
    from td_plugin.cases.files import case_kind, parse_case
    from td_plugin.cases.play import PLAY_KINDS, PlayCase, rule_play_case

    if not isinstance(incident, PlayCase):
        if case_kind(incident) not in PLAY_KINDS:
            return None
        incident = parse_case(incident)
    assert isinstance(incident, PlayCase)
    return rule_play_case(incident, context)
