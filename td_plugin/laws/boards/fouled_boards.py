"""A fouled board: Law 87 of the Laws of Duplicate Bridge 2017 (the English text read at
pzbs.pl).

- 87A: a board is fouled when the Director determines that a card (or more) was
  displaced in it, or that the dealer or the vulnerability differed between copies of the
  same board, so that contestants who should have had a score comparison did not play it in
  the same form;
- 87B (pairs and individual events): the Director determines as closely as he can which
  scores were obtained on the board in its correct form and which in the changed form(s),
  divides them into groups on that basis and rates each group separately as the
  tournament's regulations provide (without one, he selects and announces his method). In
  team play Law 86B2 applies instead.

At the table the Director gives the versions: ``changed``, the tables (``{ns_pair,
ew_pair}``, or ``"3-12"`` as the table app enters them, a table at a time) that played
the changed form, or a list of such lists for several changed forms (a case file's); every
other result of the board is of its correct form. The ruling carries the
entry of the adjustments list that ``td-plugin adjust`` scores in groups: ``{board: 1,
fouled: [{ns_pair: 1, ew_pair: 1}, ...], law: "87B"}``. Without the tables, the ruling
says the groups are still to be given (the audit's fouled-board finding proposes them from
the session's records). The case (kind ``fouled_board``) is `FouledBoardCase`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.boards.scores import pair_entry, pairs_of
from td_plugin.laws.facts import Choice, FactField, question_flow
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, case_notes
from td_plugin.messages import Msg
from td_plugin.model.rulings import TextEnum

__all__ = ["Fouled", "FouledBoardCase", "rule_fouled_board", "FIELDS", "START", "flow",
           "answer", "question_by_id", "rule", "build_case"]

CASE_KIND = "fouled_board"


class Fouled(TextEnum):
    """What differed between the copies of the board (87A)."""

    CARDS = "cards"
    DEALER = "dealer"
    VULNERABILITY = "vulnerability"


@dataclass(frozen=True)
class FouledBoardCase(CaseNotes):
    """A fouled board (87): what differed, and the tables of each changed form."""

    what: Fouled
    #: each changed form's tables (ns_pair, ew_pair); empty: not given yet
    changed: tuple[tuple[tuple[int, int], ...], ...] = ()


def rule_fouled_board(case: FouledBoardCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``: the groups to score separately."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    facts: dict[str, Any] = {"what": str(case.what)}
    b.clause("87A", f"board.87A.{case.what}", facts, {})
    if not case.changed:
        b.clause("87B", "board.87B", facts, {})
        b.notes.append(Msg("board.87B.groups_needed"))
        b.notes.append(Msg("board.87.teams"))
        return b.build(None, facts=facts | {"adjustment": None})
    forms = [[pair_entry(p) for p in form] for form in case.changed]
    tables = sum(len(f) for f in forms)
    b.clause("87B", "board.87B.groups", facts | {"forms": len(forms), "tables": tables},
             {"forms": len(forms), "tables": tables})
    fouled: list[Any] = forms[0] if len(forms) == 1 else forms
    adjustment: dict[str, Any] = {"fouled": fouled, "law": "87B"}
    if case.board is not None:
        adjustment = {"board": case.board, **adjustment}
    else:
        b.notes.append(Msg("board.87B.board_needed"))
    b.notes.append(Msg("board.87.teams"))
    return b.build(None, facts=facts | {"adjustment": adjustment})


rule = rule_fouled_board

FIELDS: tuple[FactField, ...] = (
    FactField("what", "choice", "board.q.fouled_what", "87A",
              choices=tuple(Choice(str(f), Msg(f"board.fouled.{f}"),
                                   ("87A", Msg("board.leads.87A"))) for f in Fouled)),
    FactField("changed", "tables", "board.q.changed", "87B", required=False,
              more="board.q.changed.more"),
)
#: What a session file can give before the first question.
START: tuple[str, ...] = ()
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> FouledBoardCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    raw = values.get("changed")
    forms: list[tuple[tuple[int, int], ...]] = []
    if raw is not None:
        if isinstance(raw, list) and raw and all(isinstance(f, list) for f in raw):
            forms = [pairs_of(f, f"changed[{i}]") for i, f in enumerate(raw)]
        else:
            forms = [pairs_of(raw, "changed")]
        seen: set[tuple[int, int]] = set()
        for i, form in enumerate(forms):
            for pair in form:
                if pair in seen:
                    raise FactError(f"changed[{i}]", f"{pair[0]} v {pair[1]} is in two forms")
                seen.add(pair)
    return FouledBoardCase(Fouled(values["what"]), tuple(forms), **case_notes(values))
