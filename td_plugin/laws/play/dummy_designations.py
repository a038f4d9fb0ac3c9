"""An incomplete or invalid designation of a card from dummy: Law 46 of the Laws of
Duplicate Bridge 2017.

- 46A: declarer should state both the suit and the rank of the card he calls from dummy.
- 46B: otherwise, except when declarer's different intention is incontrovertible:
  - 1(a) "high" (or words of like meaning): the highest card of the suit led;
  - 1(b) "win": the lowest card that it is known will win the trick;
  - 1(c) "low": the lowest card of the suit led;
  - 2: a suit but no rank: the lowest card of that suit;
  - 3: a rank but no suit ("king"): (a) in leading, the suit with which dummy won the
    preceding trick, provided dummy holds a card of that rank in it; (b) in all other
    cases a card of that rank he can legally play; when two or more can legally be
    played, declarer must designate which he intends;
  - 4: a card that is not in dummy: the call is invalid, declarer may designate any
    legal card;
  - 5: a play designating neither suit nor rank ("play anything"): either defender may
    designate the play from dummy.

Where declarer names a rank that dummy cannot legally play (no card of it, or only in a
suit he may not play), 46B3(b) cannot be carried out; we read that call as invalid like
46B4's: declarer may designate any legal card (documented in docs/cases.md).

The 2017 English of 46A and 46B was read (pzbs.pl, l46). A designation that names a card
(and its slip, 45C4(b)) is the kind ``played_card``.

The case (kind ``dummy_designation``) is `DesignationCase`, ruled by `rule_designation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.laws.facts import Choice, FactField, question_flow
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, case_notes
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Seat
from td_plugin.model.rulings import TextEnum

__all__ = ["Words", "Legal", "WORDS", "DesignationCase", "rule_designation", "FIELDS", "START",
           "flow", "answer", "question_by_id", "rule"]

CASE_KIND = "dummy_designation"


class Words(TextEnum):
    """What declarer said (46B)."""

    HIGH = "high"
    WIN = "win"
    LOW = "low"
    SUIT = "suit"
    RANK = "rank"
    NOT_IN_DUMMY = "not_in_dummy"
    ANYTHING = "anything"


class Legal(TextEnum):
    """46B3(b): how many cards of the named rank dummy can legally play."""

    NONE = "none"
    ONE = "one"
    SEVERAL = "several"


#: The clause each designation is read by.
WORDS = {Words.HIGH: "46B1(a)", Words.WIN: "46B1(b)", Words.LOW: "46B1(c)",
         Words.SUIT: "46B2", Words.RANK: "46B3", Words.NOT_IN_DUMMY: "46B4",
         Words.ANYTHING: "46B5"}


@dataclass(frozen=True)
class DesignationCase(CaseNotes):
    """Declarer's incomplete or invalid designation of a card from dummy (46)."""

    #: declarer's seat
    declarer: Seat
    #: what he said
    words: Words
    #: the Director finds declarer's different intention incontrovertible (46B)
    incontrovertible: bool
    #: 46B3: declarer was leading from dummy
    leading: bool | None = None
    #: 46B3(a): dummy holds a card of that rank in the suit with which it won the
    #: preceding trick
    in_suit_won: bool | None = None
    #: 46B3(b): how many cards of that rank dummy can legally play
    legal: Legal | None = None


def rule_designation(case: DesignationCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    params = {"declarer": seat_name(case.declarer), "dummy": seat_name(case.declarer.partner),
              "lho": seat_name(case.declarer.lho), "rho": seat_name(case.declarer.rho)}
    facts: dict[str, Any] = {"words": str(case.words), "incontrovertible": case.incontrovertible}
    b.clause("46A", "play.designation.46A", facts, params)
    if case.incontrovertible:
        b.clause("46B", "play.designation.46B.intended", facts, params)
        return b.build(case.declarer, facts=facts | {"rule": "46B"})
    law = _rank_law(case) if case.words is Words.RANK else WORDS[case.words]
    slug = law.replace("(", "").replace(")", "")
    if case.words is Words.RANK and case.legal is Legal.NONE:
        b.clause("46B3(b)", "play.designation.46B3b.none", facts, params)
        b.clause("46B4", "play.designation.46B4", facts, params)
        return b.build(case.declarer, facts=facts | {"rule": "46B4"})
    if law == "46B3(b)":
        slug = f"46B3b.{case.legal}"
    b.clause(law, f"play.designation.{slug}", facts, params)
    return b.build(case.declarer, facts=facts | {"rule": law})


def _rank_law(case: DesignationCase) -> str:
    return "46B3(a)" if case.leading and case.in_suit_won else "46B3(b)"


rule = rule_designation


def _rank(case: Mapping[str, Any]) -> bool:
    return case.get("words") == Words.RANK and case.get("incontrovertible") is False


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "play.designation.q.declarer", "46"),
    FactField("words", "choice", "play.designation.q.words", "46B",
              choices=tuple(Choice(str(w), Msg(f"play.designation.words.{w}"), (law, Msg(
                  "play.designation.leads"))) for w, law in WORDS.items())),
    FactField("incontrovertible", "bool", "play.designation.q.incontrovertible", "46B"),
    FactField("leading", "bool", "play.designation.q.leading", "46B3", when=_rank,
              only="for a rank without a suit (Law 46B3)"),
    FactField("in_suit_won", "bool", "play.designation.q.in_suit_won", "46B3(a)",
              when=lambda c: _rank(c) and c.get("leading") is True,
              only="for a rank without a suit named in leading (Law 46B3(a))"),
    FactField("legal", "choice", "play.designation.q.legal", "46B3(b)",
              when=lambda c: _rank(c) and (c.get("leading") is False
                                           or c.get("in_suit_won") is False),
              only="for a rank without a suit not read by Law 46B3(a)",
              choices=tuple(Choice(str(v), Msg(f"play.designation.legal.{v}")) for v in Legal)),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> DesignationCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    legal = values.get("legal")
    return DesignationCase(values["declarer"], Words(values["words"]),
                           values["incontrovertible"], leading=values.get("leading"),
                           in_suit_won=values.get("in_suit_won"),
                           legal=None if legal is None else Legal(legal),
                           **case_notes(values))
