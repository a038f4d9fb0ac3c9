"""Questions and the review of the auction once the auction is over: Law 41B and 41C of the
Laws of Duplicate Bridge 2017.

- 41B: before the opening lead is faced, the leader's partner and the presumed declarer
  (but not the presumed dummy) may each require a review of the auction or ask for an
  explanation of an opponent's call (20F2, 20F3). Declarer or either defender may, at
  his first turn to play a card, require a review of the auction; the right expires when
  he plays a card (declarer's first turn is from dummy unless he accepted an opening
  lead out of turn). The defenders (subject to Law 16) and declarer keep the right to ask
  for explanations throughout the play period, each at his own turn to play (declarer
  at his turn to play from dummy or from his own hand).
- 41C: after it is too late to have the calls restated, declarer or either defender, at
  his own turn to play, is entitled to be told what the contract is and whether, but not
  by whom, it was doubled or redoubled.

Outside those rights (dummy, not his turn, a review after his first card) the request is
not one the player may make: the ruling says so and, for a defender, that his partner
may not use what the question suggests (Law 16). The 2017 English of 41B and 41C was
read (pzbs.pl, l41).

The case (kind ``question_in_play``) is `QuestionCase`, ruled by `rule_question`.
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

__all__ = ["Request", "When", "QuestionCase", "rule_question", "FIELDS", "START", "flow",
           "answer", "question_by_id", "rule"]

CASE_KIND = "question_in_play"


class Request(TextEnum):
    """What the player asked for: a review of the auction, an explanation of an
    opponent's call, or what the contract is and whether it was doubled (41C)."""

    REVIEW = "review"
    EXPLANATION = "explanation"
    CONTRACT = "contract"


class When(TextEnum):
    """When he asked: before the opening lead was faced, at his first turn to play (no
    card played yet), at a later turn of his, or when it was not his turn to play."""

    BEFORE_LEAD = "before_lead"
    FIRST_TURN = "first_turn"
    LATER_TURN = "later_turn"
    NOT_HIS_TURN = "not_his_turn"


@dataclass(frozen=True)
class QuestionCase(CaseNotes):
    """A question asked after the auction (41B, 41C)."""

    #: declarer's seat (the presumed declarer before the opening lead is faced)
    declarer: Seat
    #: who asked
    asker: Seat
    #: what he asked for
    request: Request
    #: when he asked
    when: When

    @property
    def role(self) -> str:
        if self.asker is self.declarer:
            return "declarer"
        if self.asker is self.declarer.partner:
            return "dummy"
        return "leader" if self.asker is self.declarer.lho else "leader_partner"


def rule_question(case: QuestionCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    params = {"asker": seat_name(case.asker), "declarer": seat_name(case.declarer)}
    facts = {"asker": case.asker.value, "request": str(case.request), "when": str(case.when),
             "role": case.role}
    allowed = _allowed(b, case, facts, params)
    if not allowed and case.role not in ("declarer", "dummy"):
        b.clause("16", "play.asked.16", facts, params)
        b.unauthorized.append(Msg("play.asked.ui", params))
    return b.build(case.declarer, facts=facts | {"allowed": allowed})


def _allowed(b: RulingBuilder, case: QuestionCase, facts: dict[str, Any],
             params: dict[str, Any]) -> bool:
    """Whether the player was entitled to what he asked, each answer with its clause."""
    w, r = case.when, case.request
    if w is When.BEFORE_LEAD:
        ok = case.role in ("declarer", "leader_partner")
        b.clause("41B", f"play.asked.41B.before.{'yes' if ok else case.role}", facts, params)
        return ok
    if case.role == "dummy":
        b.clause("41B", "play.asked.41B.dummy", facts, params)
        return False
    if w is When.NOT_HIS_TURN:
        b.clause("41B" if r is not Request.CONTRACT else "41C", "play.asked.not_his_turn",
                 facts, params)
        return False
    if r is Request.EXPLANATION:
        b.clause("41B", "play.asked.41B.explanation", facts, params)
        return True
    if r is Request.CONTRACT or w is When.FIRST_TURN:
        if w is When.FIRST_TURN:
            b.clause("41B", "play.asked.41B.review", facts, params)
        else:
            b.clause("41C", "play.asked.41C", facts, params)
        return True
    b.clause("41B", "play.asked.41B.expired", facts, params)  # a review after his first card
    b.clause("41C", "play.asked.41C", facts, params)
    return False


rule = rule_question


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "play.asked.q.declarer", "41B"),
    FactField("asker", "seat", "play.asked.q.asker", "41B"),
    FactField("request", "choice", "play.asked.q.request", "41B",
              choices=tuple(Choice(str(v), Msg(f"play.asked.request.{v}")) for v in Request)),
    FactField("when", "choice", "play.asked.q.when", "41B",
              choices=tuple(Choice(str(v), Msg(f"play.asked.when.{v}")) for v in When)),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> QuestionCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    return QuestionCase(values["declarer"], values["asker"], Request(values["request"]),
                        When(values["when"]), **case_notes(values))
