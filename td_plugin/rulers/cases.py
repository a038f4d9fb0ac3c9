"""Ruler plugin ``cases``: the ruling on an irregularity the Director reports at the
table, of any kind of `td_plugin.laws.FAMILIES`: an auction irregularity (Laws 16C-39,
`td_plugin.laws.auction`), a revoke from the facts (61-64, `td_plugin.laws.revokes`), an
irregularity of the play period (24, 41-67, `td_plugin.laws.play`).

The case comes read (`td_plugin.cases.files.ReportedCase`) or as a case file's data, which
is read here first; data of a kind no law here rules is left to other plugins. The case
readers and the laws are imported when a case comes: an audit has none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from td_plugin import hookimpl
from td_plugin.laws import FAMILIES, fact_family
from td_plugin.laws.context import ReviewContext
from td_plugin.model.rulings import Ruling

if TYPE_CHECKING:
    from td_plugin.cases.files import ReportedCase
    from td_plugin.cases.play import PlayCase
    from td_plugin.laws.play.ruling import PlayRuling

__all__ = ["td_incident_reported", "rule_case", "rule_play_case"]


@hookimpl
def td_incident_reported(incident: Any, context: ReviewContext) -> Ruling | None:
    from td_plugin.cases.files import ReportedCase, case_kind, parse_case

    if isinstance(incident, Mapping) and case_kind(incident) not in FAMILIES:
        return None  # another plugin's kind, or none's: the case reader says so
    if not isinstance(incident, ReportedCase):
        incident = parse_case(incident)  # a case file's data (anything else it refuses)
    return rule_case(incident, context)


def rule_case(case: ReportedCase, context: ReviewContext | str = "en") -> Ruling:
    """The ruling on a case of any kind, in the context's language (a `ReviewContext`
    also gives the regulation in force)."""
    from td_plugin.cases.play import PlayCase
    from td_plugin.laws.auction.situations import rule_incident
    from td_plugin.laws.revokes.case import RevokeCase, rule_revoke_case

    if isinstance(case, PlayCase):
        return rule_play_case(case, context)
    if isinstance(case, RevokeCase):
        return rule_revoke_case(case, context)
    return rule_incident(case, context)


def rule_play_case(case: PlayCase, context: ReviewContext | str = "en") -> PlayRuling:
    """The ruling on a case of the play period, in the context's language."""
    lang = context.language if isinstance(context, ReviewContext) else context
    module = fact_family(case.kind)
    facts = case.case
    under_regulation = getattr(module, "under_regulation", None)
    if under_regulation is not None:  # a kind whose scores the regulation shapes (12C2)
        regulation = (context if isinstance(context, ReviewContext)
                      else ReviewContext()).in_force
        facts = under_regulation(facts, regulation)
    ruling: PlayRuling = module.rule(facts, lang)
    return ruling
