"""An incorrect number of cards: Law 13 of the Laws of Duplicate Bridge 2017.

The 2017 clauses, as the English text is quoted (BBO forums, 2018 and 2023) and as the
Polish and Greek translations number them:

- 13A, no call made by a player with an incorrect hand: 13A1 the Director corrects the
  deal and, if no player has seen another's cards, the board is played normally; 13A2 if
  a player has seen one or more cards of another's hand, the board is played and scored,
  and when the Director then judges that this extraneous information affected the result,
  he awards an adjusted score (12C1(b)) and may penalize an offender;
- 13B, found during the auction or play, a player's hand holding more than 13 cards and
  another's fewer, a call having been made with an incorrect hand: 13B1 when the Director
  judges that the deal can be corrected and played, it is played with no change of call,
  and at the end of play he may award an adjusted score; 13B2 otherwise he awards an
  adjusted score (12C1(b)) and may penalize an offender;
- 13C, a surplus card not part of the deal: removed when found; the auction and play go on
  with no further rectification, and no adjusted score may be awarded unless it was played
  to a quitted trick;
- 13D, found after play ended (one hand held more than 13 cards, another fewer): the
  result is cancelled and an adjusted score awarded (Law 86B may apply in team play); an
  offending contestant is liable to a procedural penalty.

Where the Law says an adjusted score, the Director assigns one when he can (12C1(a):
``score: assigned`` with the result) and else awards an artificial one by each side's
fault (12C1(d), 12C2(a)). The case (kind ``wrong_cards``) is `WrongCardsCase`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.boards.scores import (
    Fault,
    Score,
    adjusted_score,
    assigned_fields,
    assigned_of,
    entry_of,
    fault_fields,
    score_field,
    under_regulation,
    variable_field,
)
from td_plugin.laws.facts import Choice, FactField, question_flow, yes_no
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, case_notes
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Seat
from td_plugin.model.outcomes import Outcome
from td_plugin.model.rulings import TextEnum

__all__ = ["CardsFound", "WrongCardsCase", "rule_wrong_cards", "FIELDS", "START", "flow",
           "answer", "question_by_id", "rule", "build_case", "under_regulation"]

CASE_KIND = "wrong_cards"


class CardsFound(TextEnum):
    """When the incorrect number of cards was found, or that a card is surplus."""

    NO_CALL = "no_call"
    AUCTION_OR_PLAY = "auction_or_play"
    AFTER_PLAY = "after_play"
    SURPLUS = "surplus"


@dataclass(frozen=True)
class WrongCardsCase(CaseNotes):
    """Hands with an incorrect number of cards (13A, 13B, 13D) or a surplus card (13C)."""

    found: CardsFound
    #: the hand with too many cards and the one with too few (13A, 13B, 13D)
    too_many: Seat | None = None
    too_few: Seat | None = None
    #: 13A: a player saw another's cards; then, after play, whether it affected the result
    seen: bool | None = None
    affected: bool | None = None
    #: 13B: the Director judges the deal can be corrected and played
    playable: bool | None = None
    #: 13C: the surplus card was played to a quitted trick
    played_to_quitted: bool | None = None
    #: the adjusted score awarded (assigned, or artificial by the faults)
    score: Score | None = None
    assigned: Outcome | None = None
    ns_fault: Fault | None = None
    ew_fault: Fault | None = None
    variable: bool | None = None


def rule_wrong_cards(case: WrongCardsCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    facts: dict[str, Any] = {"found": str(case.found)}
    if case.found is CardsFound.SURPLUS:
        played = bool(case.played_to_quitted)
        b.clause("13C", "board.13C.played" if played else "board.13C", facts
                 | {"played_to_quitted": played}, {})
        if played:
            b.adjust.append("13C")
        return b.build(None, facts=facts)
    assert case.too_many is not None and case.too_few is not None
    params = {"many": seat_name(case.too_many), "few": seat_name(case.too_few)}
    facts |= {"too_many": case.too_many.value, "too_few": case.too_few.value}
    adjusted = False
    if case.found is CardsFound.NO_CALL:
        b.clause("13A1", "board.13A1", facts, params)
        if case.seen:
            b.clause("13A2", "board.13A2", facts | {"seen": True}, params)
            adjusted = bool(case.affected)
            if case.affected is None:
                b.adjust.append("13A2")
    elif case.found is CardsFound.AUCTION_OR_PLAY:
        if case.playable:
            b.clause("13B1", "board.13B1", facts | {"playable": True}, params)
            b.adjust.append("13B1")
        else:
            b.clause("13B2", "board.13B2", facts | {"playable": False}, params)
            adjusted = True
    else:
        b.clause("13D", "board.13D", facts, params)
        b.notes.append(Msg("board.13D.86B"))
        adjusted = True
    if case.found is not CardsFound.AFTER_PLAY:
        b.unauthorized.append(Msg("board.13.ui", {"partner": seat_name(case.too_many.partner),
                                                 "other": seat_name(case.too_few.partner)}))
    outcome = _adjusted(b, case) if adjusted else None
    if outcome is not None:
        facts["outcome"] = entry_of(outcome)
    return b.build(None, facts=facts, outcome=outcome)


def _adjusted(b: RulingBuilder, case: WrongCardsCase) -> Outcome:
    """The adjusted score: assigned when the Director can (12C1(a)), else artificial by
    the faults (12C1(d), 12C2(a)); an offender may be penalized."""
    b.notes.append(Msg("board.13.penalty"))
    if case.score is not Score.ASSIGNED:
        b.clause("12C1(d)", "board.12C1d", {}, {})
    return adjusted_score(b, case.score, case.assigned, case.ns_fault, case.ew_fault,
                          case.variable)


rule = rule_wrong_cards


# -- the case's facts --------------------------------------------------------------------------

def _hands(c: Mapping[str, Any]) -> bool:
    return c.get("found") in (CardsFound.NO_CALL, CardsFound.AUCTION_OR_PLAY,
                              CardsFound.AFTER_PLAY)


def _needs_score(c: Mapping[str, Any]) -> bool:
    found = c.get("found")
    return (found == CardsFound.AFTER_PLAY
            or (found == CardsFound.AUCTION_OR_PLAY and c.get("playable") is False)
            or (found == CardsFound.NO_CALL and c.get("seen") is True
                and c.get("affected") is True))


def _assigned(c: Mapping[str, Any]) -> bool:
    return _needs_score(c) and c.get("score") == Score.ASSIGNED


def _artificial(c: Mapping[str, Any]) -> bool:
    return _needs_score(c) and c.get("score") == Score.ARTIFICIAL


def _others(c: Mapping[str, Any]) -> tuple[Choice, ...]:
    return tuple(Choice(s.value, seat_name(s)) for s in Seat if s.value != c.get("too_many"))


_HANDS_ONLY = "for hands with an incorrect number of cards (not a surplus card)"
_SCORE_ONLY = "where Law 13 gives an adjusted score"

FIELDS: tuple[FactField, ...] = (
    FactField("found", "choice", "board.q.cards_found", "13",
              choices=(Choice(str(CardsFound.NO_CALL), Msg("board.cards.no_call"),
                              ("13A", Msg("board.leads.13A"))),
                       Choice(str(CardsFound.AUCTION_OR_PLAY), Msg("board.cards.auction_or_play"),
                              ("13B", Msg("board.leads.13B"))),
                       Choice(str(CardsFound.AFTER_PLAY), Msg("board.cards.after_play"),
                              ("13D", Msg("board.leads.13D"))),
                       Choice(str(CardsFound.SURPLUS), Msg("board.cards.surplus"),
                              ("13C", Msg("board.leads.13C"))))),
    FactField("too_many", "seat", "board.q.too_many", "13", when=_hands, only=_HANDS_ONLY),
    FactField("too_few", "seat", "board.q.too_few", "13", when=_hands, only=_HANDS_ONLY,
              choices=_others),
    FactField("seen", "bool", "board.q.seen", "13A",
              when=lambda c: c.get("found") == CardsFound.NO_CALL,
              only="when no call was made (found: no_call)",
              choices=yes_no(("13A2", Msg("board.leads.13A2")), ("13A1", Msg("board.leads.13A1")))),
    FactField("affected", "bool", "board.q.affected", "13A2", required=False, ask=False,
              when=lambda c: c.get("found") == CardsFound.NO_CALL and c.get("seen") is True,
              only="when a player saw another's cards (Law 13A2)"),
    FactField("playable", "bool", "board.q.playable", "13B",
              when=lambda c: c.get("found") == CardsFound.AUCTION_OR_PLAY,
              only="when found during the auction or play (found: auction_or_play)",
              choices=yes_no(("13B1", Msg("board.leads.13B1")), ("13B2", Msg("board.leads.13B2")))),
    FactField("played_to_quitted", "bool", "board.q.played_to_quitted", "13C",
              when=lambda c: c.get("found") == CardsFound.SURPLUS,
              only="for a surplus card (found: surplus)",
              choices=yes_no(("13C", Msg("board.leads.13C.played")),
                             ("13C", Msg("board.leads.13C")))),
    score_field("12C1", _needs_score, _SCORE_ONLY),
    *assigned_fields(_assigned, "with an assigned score (score: assigned)"),
    *fault_fields("12C2(a)", _artificial, "with an artificial score (score: artificial)"),
    variable_field(),
)
#: What a session file can give before the first question.
START: tuple[str, ...] = ()
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> WrongCardsCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    if values.get("too_many") is not None and values.get("too_many") is values.get("too_few"):
        raise FactError("too_few", "the hand with too few cards is another hand")
    faults = {k: Fault(values[k]) for k in ("ns_fault", "ew_fault") if values.get(k)}
    score = Score(values["score"]) if values.get("score") else None
    return WrongCardsCase(CardsFound(values["found"]), too_many=values.get("too_many"),
                          too_few=values.get("too_few"), seen=values.get("seen"),
                          affected=values.get("affected"), playable=values.get("playable"),
                          played_to_quitted=values.get("played_to_quitted"), score=score,
                          assigned=assigned_of(values) if score is Score.ASSIGNED else None,
                          variable=values.get("variable"), **faults, **case_notes(values))
