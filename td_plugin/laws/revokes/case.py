"""Revokes ruled from the facts the Director gathers at the table, without a play record.

A `RevokeCase` is what a revoke case file holds (`td_plugin.cases.files`): the board's
facts (`facts.BoardFacts`) and, when the Director has judged under Law 64C, his
judgement (`EquityJudgement`). `rule_revoke_case` assesses the facts with the same
law as the audit of a play record and gives a `RevokeCaseRuling`: each revoke's ruling
(the very value the audit gives for the same facts), the result after the transfers,
and 64C: either the questions the Director must still weigh and how to enter his
judgement, or that judgement applied — the likely result without the revoke assigned in
place of the automatic ruling when the non-offending side was not sufficiently
compensated (64C1, 64C2(a)), or the result without either revoke after both sides
revoked (64C2(b)).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from td_plugin import messages
from td_plugin.errors import CaseFileError, Location
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes.assessment import BoardAssessment, assess
from td_plugin.laws.revokes.facts import BoardFacts, Establishment
from td_plugin.laws.revokes.redress import needs_redress, redress_clause
from td_plugin.laws.revokes.ruling import (
    correction_penalty_cards,
    render_revoke_text,
    revoke_data,
    revoke_ruling,
    signed,
)
from td_plugin.messages import LANGUAGES, Msg, seat_name
from td_plugin.model.auction import Call
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Side
from td_plugin.model.contract import Contract
from td_plugin.model.names import call_msg, join_msgs
from td_plugin.model.obligations import PenaltyCard
from td_plugin.model.outcomes import AssignedResult, TableResult, WeightedScore
from td_plugin.model.rulings import Attention, Clause, Ruling, RulingStatus
from td_plugin.model.scoring import score_ns

__all__ = ["ATTENTION_NAMES", "EquityJudgement", "RevokeCase", "RevokeItem", "Redress",
           "RevokeCaseRuling", "rule_revoke_case", "replay_due"]

#: When attention was drawn, as a revoke case names it.
ATTENTION_NAMES = {Attention.DURING_ROUND: "during_round",
                   Attention.AFTER_NEXT_DEAL_CALLED: "after_next_board_called",
                   Attention.AFTER_ROUND: "after_round"}


@dataclass(frozen=True)
class EquityJudgement:
    """The Director's judgement under 64C: the result likely had the revoke (or, after
    both sides revoked, neither revoke) not occurred — declarer's tricks in the contract
    played, or a weighted score (12C1(c))."""

    declarer_tricks: int | None = None
    weighted: WeightedScore | None = None

    def to_json(self) -> dict[str, Any]:
        if self.weighted is None:
            return {"declarer_tricks": self.declarer_tricks}
        return {"weighted": [_component_json(w, r) for w, r in self.weighted.components]}


@dataclass(frozen=True)
class RevokeCase:
    """A revoke case as the Director enters it (see docs/cases.md)."""

    facts: BoardFacts
    vulnerability: Vulnerability
    equity: EquityJudgement | None = None
    board: int | None = None
    description: str | None = None
    source: str | None = None
    #: declarer's tricks in all once tricks 12 and 13 were played again after a revoke on
    #: trick 12 was corrected (62D1): the board's result then (None: not entered yet)
    replayed_declarer_tricks: int | None = None


def replay_due(facts: BoardFacts) -> bool:
    """62D1: a revoke on trick 12 is corrected (not established, or found before all four
    hands were returned to the board), so the last tricks are played again and the
    board's result is the one they give, not the one before the correction."""
    return any(f.revoke.trick == 12 and (f.establishment is Establishment.NOT
                                         or f.hands_returned is False)
               for f in facts.revokes)


@dataclass(frozen=True)
class RevokeItem:
    """One revoke of a case: its ruling and JSON data, as the audit gives them for the
    same facts, and the deciding clause."""

    ruling: Ruling
    data: Mapping[str, Any]
    law: str


@dataclass(frozen=True)
class Redress:
    """Law 64C on a case: ``clause`` (64C1, 64C2(a), 64C2(b)), the non-offending side
    (None: both sides revoked), the Director's judgement (None: still to weigh; then
    ``questions`` and ``enter`` say what and how), whether the non-offending side was
    insufficiently compensated, and what the judgement assigns (None: the ruling stands).
    ``text`` is the judgement's text."""

    clause: str
    nos: Side | None
    judgement: EquityJudgement | None = None
    insufficient: bool | None = None
    assigned: AssignedResult | WeightedScore | None = None
    questions: tuple[Msg, ...] = ()
    enter: Msg | None = None
    text: Msg | None = None

    def lines(self, lang: str, how_to_enter: bool = True) -> list[str]:
        """The questions and (``how_to_enter``) how to enter the judgement in a case file,
        or the judgement."""
        enter = self.enter if how_to_enter else None
        return [messages.render(m.key, m.params, lang)
                for m in (*self.questions, enter, self.text) if m is not None]

    def to_json(self, lang: str) -> dict[str, Any]:
        return {"law": self.clause, "nos": None if self.nos is None else self.nos.value,
                "judgement": None if self.judgement is None else self.judgement.to_json(),
                "insufficient": self.insufficient, "assigned": self.assigned is not None,
                "questions": [messages.render(q.key, q.params, lang) for q in self.questions],
                "how_to_enter": None if self.enter is None
                else messages.render(self.enter.key, self.enter.params, lang),
                "text": " ".join(self.lines(lang))}


@dataclass(frozen=True)
class RevokeCaseRuling(Ruling):
    """The ruling on a revoke case. ``status`` is `RulingStatus.RULED`, or ``NEEDS_DECISION``
    when both sides revoked and the Director has still to assign the result (64C2(b)).
    ``transfer``: tricks the automatic rulings transfer on the board;
    ``adjusted_declarer_tricks``, ``adjusted_score_ns``: the result of the whole ruling
    (after a 64C assignment, its result; None for a weighted score). ``clauses`` are the
    clauses of every revoke in order, then the 64C clause the judgement applies."""

    status: RulingStatus = RulingStatus.RULED
    case: RevokeCase | None = None
    assessment: BoardAssessment | None = None
    revokes: tuple[RevokeItem, ...] = ()
    redress: Redress | None = None
    adjusted_declarer_tricks: int | None = None
    adjusted_score_ns: int | None = None
    lang: str = "en"
    #: 62D1: None (no replay), "pending" (the result of the tricks played again is still
    #: to be entered: no result stands yet) or "entered"
    replay: str | None = None

    @property
    def laws(self) -> list[str]:
        """The clauses in the order first applied, each once."""
        return list(dict.fromkeys(c.law for c in self.clauses))

    @property
    def law(self) -> str | None:
        """The deciding clause: of the 64C judgement when it assigns a result, else of the
        first revoke that transfers tricks, else of the first revoke."""
        if self.redress is not None and self.redress.assigned is not None:
            return self.redress.clause
        items = [i for i in self.revokes if i.data.get("transfer")] or list(self.revokes)
        return items[0].law if items else None

    @property
    def transfer(self) -> int:
        return self.assessment.transfer if self.assessment is not None else 0

    @property
    def obligations(self) -> tuple[PenaltyCard, ...]:
        """The penalty cards the corrections leave on the table (62B1, 62C3), which the
        revoke review checks a record against."""
        return tuple(pc for _, pc in self._penalty_cards())

    def _penalty_cards(self) -> list[tuple[str, PenaltyCard]]:
        board = self.assessment
        if board is None:
            return []
        return [found for a in board.revokes for found in correction_penalty_cards(a, board)]

    def result_lines(self, lang: str | None = None) -> list[str]:
        """The table result, then what the ruling makes of it."""
        lang = lang or self.lang
        assert self.case is not None and self.assessment is not None
        facts = self.case.facts
        board = self.assessment

        def r(key: str, **params: Any) -> str:
            return messages.render(key, params, lang)
        lines = [r("revoke.case.result.replayed" if self.replay == "entered"
                   else "revoke.case.result.table", contract=_contract_msg(facts.contract),
                   tricks=facts.declarer_tricks, score=_score(board.score_ns))]
        if self.replay == "pending":  # no result stands before the replay's is entered
            return lines + [r("revoke.case.result.replay_pending")]
        redress = self.redress
        assigned = redress.assigned if redress is not None else None
        if redress is not None and isinstance(assigned, WeightedScore):
            lines.append(r("revoke.case.result.weighted", clause=redress.clause,
                           components=_components(assigned)))
        elif redress is not None and isinstance(assigned, AssignedResult):
            lines.append(r("revoke.case.result.assigned", clause=redress.clause,
                           tricks=assigned.declarer_tricks, score=_score(assigned.score_ns)))
        elif board.transfer:
            key = f"revoke.case.result.transfer.{'1' if board.transfer == 1 else 'n'}"
            lines.append(r(key, transfer=board.transfer, tricks=board.adjusted_declarer_tricks,
                           score=_score(board.adjusted_score_ns)))
        else:
            lines.append(r("revoke.case.result.stands"))
        return lines

    def redress_lines(self, lang: str | None = None, how_to_enter: bool = True) -> list[str]:
        """64C: the questions and how to enter the judgement, or the judgement."""
        return ([] if self.redress is None
                else self.redress.lines(lang or self.lang, how_to_enter))

    def decision_lines(self, lang: str | None = None) -> list[str]:
        if self.status is not RulingStatus.NEEDS_DECISION:
            return []
        key = "revoke.case.replay.decide" if self.replay == "pending" \
            else "revoke.redress.decide"
        return [messages.render(key, None, lang or self.lang)]

    def text_lines(self, lang: str | None = None, how_to_enter: bool = True) -> list[str]:
        lang = lang or self.lang
        return ([render_revoke_text(item.ruling, lang) for item in self.revokes]
                + self.result_lines(lang) + self.redress_lines(lang, how_to_enter)
                + self.decision_lines(lang))

    @property
    def text(self) -> str:
        return "\n".join(self.text_lines())

    def render(self, lang: str = "en") -> str:
        """The whole ruling in ``lang`` (as an annotation of a `RecordChange`, what a
        writer adds as commentary), without how to enter a 64C judgement in a case file."""
        return "\n".join(self.text_lines(lang, how_to_enter=False))

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The ruling as JSON (the keys documented in docs/cases.md)."""
        lang = lang or self.lang
        assert self.case is not None and self.assessment is not None
        facts = self.case.facts

        def clause_json(c: Clause) -> dict[str, Any]:
            return {"law": c.law, "key": c.key,
                    "text": messages.render(c.key, c.message_params, lang)}
        revokes = []
        for item in self.revokes:
            deciding = next((c for c in item.ruling.clauses if c.law == item.law), None)
            revokes.append({**{k: v for k, v in item.data.items() if k in _REVOKE_JSON_KEYS},
                            "law": item.law,
                            "decision": None if deciding is None else clause_json(deciding)["text"],
                            "laws": item.ruling.laws,
                            "clauses": [clause_json(c) for c in item.ruling.clauses],
                            "text": render_revoke_text(item.ruling, lang)})
        return {
            "kind": "revoke", "status": self.status,
            "decisions": ([] if self.status is not RulingStatus.NEEDS_DECISION else
                          [{"seat": None, "decide": "replayed", "law": "62D1"}]
                          if self.replay == "pending" else
                          [{"seat": None, "decide": "equity", "law": "64C2(b)"}]),
            "laws": self.laws, "board": self.case.board,
            "contract": facts.contract.pbn(), "declarer": facts.declarer.value,
            "vulnerable": self.case.vulnerability.pbn(),
            "attention": ATTENTION_NAMES[facts.attention],
            "declarer_tricks": facts.declarer_tricks, "score_ns": self.assessment.score_ns,
            "transfer": self.transfer,
            "adjusted_declarer_tricks": self.adjusted_declarer_tricks,
            "adjusted_score_ns": self.adjusted_score_ns,
            "outcome": _outcome_json(self.outcome),
            "revokes": revokes,
            "obligations": [{"type": "penalty_card", "law": law, "seat": pc.seat.value,
                             "card": pc.card.pbn(), "from_trick": pc.trick, "major": pc.major}
                            for law, pc in self._penalty_cards()],
            "equity": None if self.redress is None else self.redress.to_json(lang),
            "clauses": [clause_json(c) for c in self.clauses],
            "text": "\n".join(self.text_lines(lang)), "lang": lang,
        }


_REVOKE_JSON_KEYS = ("offender", "trick", "suit_led", "card", "established", "transfer",
                     "transfer_if_timely", "exception")


def rule_revoke_case(case: RevokeCase, lang: str | ReviewContext = "en") -> RevokeCaseRuling:
    """The ruling on ``case``. ``lang`` is a language code or a `ReviewContext` (whose
    language is used; the case carries when attention was drawn). A weighted judgement
    is refused (`CaseFileError`) where the context's regulation allows no weighted score
    (Law 12C1(e))."""
    if isinstance(lang, ReviewContext):
        in_force = lang.in_force
        if case.equity is not None and case.equity.weighted is not None \
                and not in_force.weighted_scores:
            raise CaseFileError(f"equity_weighted: the regulation in force ({in_force.name}) "
                                f"allows no weighted scores (Law 12C1(e) instead of 12C1(c)): "
                                f"enter equity_declarer_tricks", Location(path=case.source))
        lang = lang.language
    if lang not in LANGUAGES:
        lang = "en"
    replay = None
    if replay_due(case.facts):  # 62D1: the result is the one of the tricks played again
        replay = "pending" if case.replayed_declarer_tricks is None else "entered"
        if replay == "entered":
            case = replace(case, facts=replace(
                case.facts, declarer_tricks=case.replayed_declarer_tricks, score_ns=None))
    board = assess(case.facts)
    items = tuple(RevokeItem(revoke_ruling(a, board), revoke_data(a, board), a.law)
                  for a in board.revokes)
    clauses = [c for item in items for c in item.ruling.clauses]
    # 64C is weighed on the board's result: after the replay's is entered
    redress = None if replay == "pending" else _redress(case, board)
    outcome: AssignedResult | WeightedScore | None = None
    adjusted, adjusted_score = board.adjusted_declarer_tricks, board.adjusted_score_ns
    if redress is not None and redress.assigned is not None:
        outcome = redress.assigned
        if isinstance(outcome, AssignedResult):
            adjusted, adjusted_score = outcome.declarer_tricks, outcome.score_ns
        else:
            adjusted = adjusted_score = None
    elif board.transfer and adjusted is not None and adjusted_score is not None:
        outcome = AssignedResult(case.facts.contract, adjusted, adjusted_score)
    if redress is not None and redress.judgement is not None:
        assert redress.text is not None  # a judgement always has its text
        clauses.append(Clause(redress.clause, redress.text.key,
                              {"judgement": redress.judgement.to_json(),
                               "insufficient": redress.insufficient,
                               "assigned": redress.assigned}, redress.text.params))
    if replay == "pending":  # no result before the tricks played again give one
        adjusted = adjusted_score = None
    status = (RulingStatus.NEEDS_DECISION if replay == "pending" or (
        redress is not None and redress.clause == "64C2(b)" and redress.judgement is None)
        else RulingStatus.RULED)
    return RevokeCaseRuling(tuple(clauses), outcome, status=status, case=case,
                            assessment=board, revokes=items, redress=redress,
                            adjusted_declarer_tricks=adjusted, adjusted_score_ns=adjusted_score,
                            lang=lang, replay=replay)


def _redress(case: RevokeCase, board: BoardAssessment) -> Redress | None:
    """64C after the established revokes of the case (and those corrected under 62C3)."""
    considered = [a for a in board.revokes
                  if a.establishment.established or a.exception == "64B8"]
    if not considered:
        return None
    facts = case.facts
    clause = redress_clause([law for a in considered for law in a.exceptions])
    sides = {a.revoke.side for a in considered}
    nos = next(iter(sides)).other if len(sides) == 1 else None
    nos_msg = None if nos is None else Msg(f"side.{nos.value}")
    judgement = case.equity
    if judgement is None:
        questions: tuple[Msg, ...]
        if nos is None:
            questions = (Msg("revoke.redress.ask.neither" if clause == "64C2(b)"
                             else "revoke.redress.ask.both"),)
        else:
            questions = (Msg("revoke.redress.ask.compensated",
                             {"nos": nos_msg, "tricks": board.adjusted_declarer_tricks,
                              "score": _score(board.adjusted_score_ns)}),
                         Msg("revoke.redress.ask.repeated" if clause == "64C2(a)"
                             else "revoke.redress.ask.without", {"nos": nos_msg}))
        example = f"{facts.contract.pbn()} {facts.declarer.value} {facts.declarer_tricks}"
        return Redress(clause, nos, questions=questions,
                       enter=Msg("revoke.redress.enter", {"example": example}))
    params: dict[str, Any] = {"nos": nos_msg, "clause": clause,
                              "table": board.adjusted_declarer_tricks}
    assigned: AssignedResult | WeightedScore | None
    if judgement.weighted is not None:
        weighted = judgement.weighted
        expected = sum((w * _scored(r) for w, r in weighted.components), Fraction(0))
        insufficient, assign = needs_redress(expected, board.adjusted_score_ns,
                                             None if nos is None else nos is Side.NS)
        assigned = weighted if assign else None
        params |= {"components": _components(weighted),
                   "table_score": _score(board.adjusted_score_ns)}
        weighted_key = True
    else:
        tricks = judgement.declarer_tricks
        assert tricks is not None
        insufficient, assign = needs_redress(tricks, board.adjusted_declarer_tricks,
                                             None if nos is None else nos is facts.declarer.side)
        assert facts.vulnerable is not None  # a revoke case gives the vulnerability
        score = score_ns(facts.contract, tricks, facts.vulnerable)
        assigned = AssignedResult(facts.contract, tricks, score) if assign else None
        params |= {"equity": tricks, "score": _score(score)}
        weighted_key = False
    if nos is None:
        outcome = "neither" if assigned is not None else "neither_same"
    else:
        outcome = "insufficient" if insufficient else "sufficient"
    key = f"revoke.redress.weighted.{outcome}" if weighted_key else f"revoke.redress.{outcome}"
    return Redress(clause, nos, judgement, insufficient, assigned, text=Msg(key, params))


def _score(score: int | None) -> str:
    return "?" if score is None else signed(score)


def _contract_msg(contract: Contract) -> Msg:
    assert contract.declarer is not None and contract.strain is not None
    bid = call_msg(Call.from_pbn(f"{contract.level}{contract.strain.value}"))
    return Msg("revoke.case.contract", {"bid": bid, "risk": "X" * contract.risk,
                                        "declarer": seat_name(contract.declarer)})


def _weight(weight: Fraction) -> str:
    percent = weight * 100
    return f"{percent.numerator}%" if percent.denominator == 1 else \
        f"{weight.numerator}/{weight.denominator}"


def _components(weighted: WeightedScore) -> Msg | str:
    return join_msgs([Msg("revoke.case.weighted.item",
                          {"weight": _weight(w), "contract": _contract_msg(r.contract),
                           "tricks": r.declarer_tricks, "score": signed(_scored(r))})
                      for w, r in weighted.components])


def _scored(result: TableResult) -> int:
    """The score of a weighted score's result (each is scored when the score is built)."""
    assert result.score_ns is not None
    return result.score_ns


def _result_text(result: TableResult) -> str:
    assert result.contract.declarer is not None
    return f"{result.contract.pbn()} {result.contract.declarer.value} {result.declarer_tricks}"


def _component_json(weight: Fraction, result: TableResult) -> dict[str, Any]:
    return {"result": _result_text(result), "weight": str(weight), "score_ns": result.score_ns}


def _outcome_json(outcome: Any) -> dict[str, Any] | None:
    if isinstance(outcome, AssignedResult):
        return {"assigned": _result_text(outcome), "declarer_tricks": outcome.declarer_tricks,
                "score_ns": outcome.score_ns}
    if isinstance(outcome, WeightedScore):
        return {"weighted": [_component_json(w, r) for w, r in outcome.components]}
    return None
