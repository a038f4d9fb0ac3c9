"""The Laws of Duplicate Bridge 2017, one module per law family, each named after the Laws
it holds.

The auction period (`td_plugin.laws.auction`): `information_from_withdrawn_calls` (16C),
`auction_period` (17D), `comparable_calls` (23), `changes_of_call` (25),
`lead_restrictions` (26, and the lead restriction as a value), `insufficient_bids` (27),
`calls_out_of_rotation` (28-32), `simultaneous_calls` (33), `inadmissible_calls` (35-39).
The auction laws also own their step in the walk over a case's calls
(`td_plugin.laws.auction.situations`): each says which situations are its own and rules
on them.

The play period (`td_plugin.laws.play`): `cards_exposed_in_auction` (24, ruled like the
play kinds), `opening_leads_out_of_turn` (41A, 54), `played_cards` (45C, 45D, 45E, 47),
`penalty_cards` (50-52), `leads_out_of_turn` (53, 55, 56), `premature_plays` (57),
`simultaneous_plays` (58), `inability` (59), `defective_tricks` (67), `questions_in_play` (41B, 41C),
`dummy_designations` (46), `declarers_cards` (48), `trick_records` (65B3, 65D, 66D),
`misplayed_cards` (45D, 45E: rules of ``played_card``); and `td_plugin.laws.revokes` (61-64, a
package: detection 61, correction 62, establishment and rectification 63-64, redress 64C).

The board and the movement (`td_plugin.laws.boards`): `artificial_scores` (12C2, no
result), `incorrect_numbers_of_cards` (13), `missing_cards` (14), `wrong_boards` (15),
`fouled_boards` (87), ruled like the play kinds on a case of facts.

Claims and concessions (`td_plugin.laws.claims`): `contested_claims` (68-71), with the
claimer's normal lines played double dummy (`normal_lines`).

`FAMILIES` is the one registry of the kinds of case the Director reports: each kind's law
module, and the module of its questions on the phone. The case-file reader
(`td_plugin.cases.files`), the ruler (`td_plugin.rulers.cases`), the phone's questions and
its ``/new/<kind>`` page all follow from it; a new kind is one line here and its module.
A kind of the play period declares its facts (`td_plugin.laws.facts.FactField`) and is a
`FactFamily`. The modules are imported when a case of their kind comes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

if TYPE_CHECKING:  # the shapes of the law modules, for the type checker alone
    from td_plugin.laws.facts import FactField, Question, Step
    from td_plugin.laws.play.ruling import PlayRuling

    class QuestionFlow(Protocol):
        """A module of questions (`td_plugin.laws.facts`): the case's keys a session fills in
        before the first question, and the three functions of a flow."""

        START: tuple[str, ...]

        def flow(self, case: Mapping[str, Any], finished: bool = False
                 ) -> tuple[list[Step], Question | None]: ...

        def answer(self, case: Mapping[str, Any], question: Question, text: str
                   ) -> dict[str, Any]: ...

        def question_by_id(self, case: Mapping[str, Any], qid: str, index: int | None,
                           finished: bool = False) -> Question: ...

    class FactFamily(QuestionFlow, Protocol):
        """The law module of a kind whose facts are `FactField`s: its facts, the case built
        from them, and the ruling on it."""

        CASE_KIND: str
        FIELDS: tuple[FactField, ...]
        build_case: Callable[[Mapping[str, Any]], Any]
        rule: Callable[[Any, str], PlayRuling]


__all__ = ["Family", "FAMILIES", "FACT_KINDS", "family", "fact_family", "flow_module"]


class Family(NamedTuple):
    """A kind of case: its name in a case file (``kind``), the module that rules it, the
    module of its questions on the phone (None: entered call by call, the auction), and
    whether its facts are `FactField`s the generic case reader reads (``facts``)."""

    kind: str
    module: str
    questions: str | None = None
    facts: bool = False


def _play(kind: str, module: str) -> Family:
    return Family(kind, module, questions=module, facts=True)


#: The kinds of case, in the order the case files' docs and errors list them.
FAMILIES: Mapping[str, Family] = {f.kind: f for f in (
    Family("auction", "td_plugin.laws.auction.situations"),
    Family("revoke", "td_plugin.laws.revokes.case", questions="td_plugin.laws.revokes.questions"),
    _play("card_in_auction", "td_plugin.laws.play.cards_exposed_in_auction"),
    _play("opening_lead", "td_plugin.laws.play.opening_leads_out_of_turn"),
    _play("lead_out_of_turn", "td_plugin.laws.play.leads_out_of_turn"),
    _play("penalty_card", "td_plugin.laws.play.penalty_cards"),
    _play("premature_play", "td_plugin.laws.play.premature_plays"),
    _play("simultaneous_play", "td_plugin.laws.play.simultaneous_plays"),
    _play("played_card", "td_plugin.laws.play.played_cards"),
    _play("revoke_correction", "td_plugin.laws.revokes.correction"),
    _play("defective_trick", "td_plugin.laws.play.defective_tricks"),
    _play("cannot_comply", "td_plugin.laws.play.inability"),
    _play("question_in_play", "td_plugin.laws.play.questions_in_play"),
    _play("dummy_designation", "td_plugin.laws.play.dummy_designations"),
    _play("declarer_card", "td_plugin.laws.play.declarers_cards"),
    _play("trick_record", "td_plugin.laws.play.trick_records"),
    _play("no_result", "td_plugin.laws.boards.artificial_scores"),
    _play("wrong_board", "td_plugin.laws.boards.wrong_boards"),
    _play("wrong_cards", "td_plugin.laws.boards.incorrect_numbers_of_cards"),
    _play("missing_card", "td_plugin.laws.boards.missing_cards"),
    _play("fouled_board", "td_plugin.laws.boards.fouled_boards"),
    _play("claim", "td_plugin.laws.claims.contested_claims"),
)}
#: The kinds whose facts are `td_plugin.laws.facts.FactField`s: the play period's.
FACT_KINDS: tuple[str, ...] = tuple(k for k, f in FAMILIES.items() if f.facts)


def family(kind: str) -> Family | None:
    """The family of ``kind``; None for a kind no law here rules."""
    return FAMILIES.get(kind)


def fact_family(kind: str) -> FactFamily:
    """The law module of ``kind``, a kind whose facts are `FactField`s."""
    return cast("FactFamily", importlib.import_module(FAMILIES[kind].module))


def flow_module(kind: str) -> QuestionFlow | None:
    """The module of ``kind``'s questions, or None when that kind is not entered by
    questions."""
    f = FAMILIES.get(kind)
    return None if f is None or f.questions is None else \
        cast("QuestionFlow", importlib.import_module(f.questions))
