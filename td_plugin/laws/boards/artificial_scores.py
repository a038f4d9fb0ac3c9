"""No result at a table: the artificial adjusted score of Law 12C2(a) (with 12A2) of the
Laws of Duplicate Bridge 2017.

- 12A2: the Director awards an artificial adjusted score when no rectification can be
  made that permits normal play of the board (a board not played for lack of time, a
  board that cannot be played at this table);
- 12C2(a): each side's score by its fault: average-plus (60 % in pairs) to a side in no
  way at fault, average (50 %) to one partly at fault, average-minus (40 %) to one
  directly at fault (`td_plugin.laws.boards.scores`); the regulation's variable averages
  where it has them.

The case (kind ``no_result``) is `NoResultCase`; the ruling's outcome is the
`ArtificialScore`, in its JSON as the adjustments list's entry (``{"artificial":
"60/40"}``). Scores at IMPs (±3 IMPs) are not ruled here: the outcome is in percentages.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.laws.boards.scores import (
    Fault,
    award,
    entry_of,
    fault_fields,
    under_regulation,
    variable_field,
)
from td_plugin.laws.facts import FactField, question_flow
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, case_notes

__all__ = ["NoResultCase", "rule_no_result", "FIELDS", "START", "flow", "answer",
           "question_by_id", "rule", "build_case", "under_regulation"]

CASE_KIND = "no_result"


@dataclass(frozen=True)
class NoResultCase(CaseNotes):
    """A board on which no result can be obtained at a table (12A2)."""

    #: North-South's part in it
    ns_fault: Fault
    #: East-West's part in it
    ew_fault: Fault
    #: variable averages (None: as the regulation says)
    variable: bool | None = None


def rule_no_result(case: NoResultCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``: the artificial adjusted score for each side."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    b.clause("12A2", "board.12A2", {}, {})
    score = award(b, case.ns_fault, case.ew_fault, case.variable)
    facts = {"ns_fault": str(case.ns_fault), "ew_fault": str(case.ew_fault),
             "outcome": entry_of(score)}
    return b.build(None, facts=facts, outcome=score)


rule = rule_no_result

FIELDS: tuple[FactField, ...] = (*fault_fields("12C2(a)"), variable_field())
#: What a session file can give before the first question: nothing (the faults are the
#: Director's judgement).
START: tuple[str, ...] = ()
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> NoResultCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    return NoResultCase(Fault(values["ns_fault"]), Fault(values["ew_fault"]),
                        variable=values.get("variable"), **case_notes(values))
