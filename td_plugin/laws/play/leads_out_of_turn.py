"""Leads out of turn after the opening lead: Laws 53, 55 and 56 of the Laws of Duplicate
Bridge 2017.

- 53A: before the thirteenth trick a lead faced out of turn may be treated as a correct
  lead: it is, once declarer or a defender (as the case may be) accepts it, or when the
  hand next in rotation plays to it; otherwise the lead is made from the right hand;
- 53B: when it was an opponent's turn to lead and he then makes his proper lead, that lead
  stands and the cards played in error to the trick may be withdrawn (16C applies);
- 53C: when declarer leads out of turn and the defender on the right of the lead plays to
  it, the lead stands and Law 57 applies to that defender's card (``rho_card``): he
  played before his partner, so it is a major penalty card with declarer's options of
  57A (``rho_option``);
- 55A: declarer's lead out of turn (from his hand or dummy's) may be accepted by either
  defender or its retraction required; when they differ, the one next in turn to the
  irregular lead decides; 55B1: a lead when a defender was to lead goes back to its
  hand, no further rectification; 55B2: a lead from the wrong hand of declarer's side is
  withdrawn and declarer leads from the right hand; 55C: the Director may adjust when
  declarer's line of play could have been based on information from the infraction;
- 60B: a defender who plays a card after declarer was required to retract his lead out of
  turn from either hand, before declarer led from the right hand (``early_defender``,
  ``early_card``): the card becomes a major penalty card (Law 50); read in the 2017
  English (pzbs.pl);
- 56: for a defender's lead out of turn, see Law 54D: the card declarer does not accept
  becomes a major penalty card and Law 50D applies (54D): when the defender's partner is
  the one to lead, declarer may require or prohibit the suit of it at once (50D2).

53 was read in the 2017 English (thesmolens) and 55A in the 2017 English quoted by the
Welsh Bridge Union; 55B, 55C and 56 follow the 2007 English, unchanged in substance as
far as the translations show. At trick 13 no lead can be accepted (53A "prior to the
thirteenth trick"), so the lead is made from the right hand; for 53B the card the
offender withdraws is a penalty card when he is a defender (56) — this module's reading.

The case (kind ``lead_out_of_turn``) is `LeadOutOfTurnCase`, ruled by `rule_lead_out_of_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import (
    Choice,
    FactField,
    defender_choices,
    question_flow,
    seat_choices,
    seat_of,
    yes_no,
)
from td_plugin.laws.play.penalty_cards import (
    LeadOption,
    earlier_fields,
    option_label,
    option_values,
    penalty_cards_clauses,
    read_earlier,
    read_lead_option,
    settle_lead_option,
    stand_penalty_cards,
    with_earlier,
)
from td_plugin.laws.play.premature_plays import PlayOption, read_play_option, rectify_57a
from td_plugin.laws.play.premature_plays import option_label as option_label_57
from td_plugin.laws.play.premature_plays import options as options_57
from td_plugin.laws.play.ruling import (
    CaseNotes,
    DecisionChoice,
    PlayRuling,
    RulingBuilder,
    card_msg,
    case_notes,
)
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Seat

__all__ = ["LeadOutOfTurnCase", "rule_lead_out_of_turn", "FIELDS", "START", "flow", "answer",
           "question_by_id", "rule"]

CASE_KIND = "lead_out_of_turn"


@dataclass(frozen=True)
class LeadOutOfTurnCase(CaseNotes):
    """A lead out of turn after the opening lead: ``offender`` led ``card`` to ``trick``
    when ``correct`` was to lead."""

    #: declarer's seat
    declarer: Seat
    #: the trick led to
    trick: int
    #: who led; dummy's seat: a lead from dummy's hand
    offender: Seat
    #: the card led
    card: Card
    #: the player who was to lead
    correct: Seat
    #: the hand next in rotation played to the lead (53A)
    next_played: bool = False
    #: after declarer's lead, the defender on the right of it played to it (53C)
    rho_played: bool = False
    #: ``correct``, an opponent of the offender, then made his own lead (53B)
    proper_lead: bool = False
    #: the decision of 53A: declarer's, or for declarer's lead the defenders' (55A)
    accept: bool | None = None
    #: declarer's choice under 50D2 after a defender's lead was not accepted and his
    #: partner is to lead
    lead_option: LeadOption | None = None
    #: the card the defender on the right of declarer's lead played to it (53C, then 57A)
    rho_card: Card | None = None
    #: declarer's choice under 57A for ``rho_card``
    rho_option: PlayOption | None = None
    #: after declarer's lead was retracted, a defender played before declarer led from the
    #: right hand (60B): who, and his card
    early_defender: Seat | None = None
    early_card: Card | None = None
    #: a defender offender's penalty cards already on the table (50B)
    earlier: tuple[Card, ...] = ()

    @property
    def by_declarer(self) -> bool:
        return self.offender.side is self.declarer.side


def rule_lead_out_of_turn(case: LeadOutOfTurnCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    declarer, offender, correct, trick = case.declarer, case.offender, case.correct, case.trick
    hand = "dummy" if offender is declarer.partner else "hand"
    params = {"offender": seat_name(offender), "correct": seat_name(correct),
              "declarer": seat_name(declarer), "card": card_msg(case.card), "trick": trick,
              "next": seat_name(offender.lho), "rho": seat_name(offender.rho)}
    facts = {"offender": offender.value, "correct": correct.value, "card": case.card.pbn(),
             "trick": trick}
    intro = f"loot.intro.{'declarer' if case.by_declarer else 'defender'}"
    b.clause("53" if not case.by_declarer else "55", intro,
             facts | {"from": hand} if case.by_declarer else facts, params)
    lead_next = Msg("play.next.lead", {"seat": seat_name(correct), "trick": trick})
    out = {**facts, "by_declarer": case.by_declarer}
    if case.proper_lead:
        b.clause("53B", "loot.53B", facts, params)
        b.clause("16C", "loot.16C", facts, params)
        if case.by_declarer:
            b.clause("55B1", "loot.55B1", facts, params)
        else:
            _penalty(b, case)
        b.next = Msg("loot.next.53B", params)
        return b.build(declarer, facts=out | {"accepted": False})
    if case.by_declarer and case.rho_played:
        b.clause("53C", "loot.53C", facts, params)
        if case.rho_card is None:
            b.notes.append(Msg("loot.53C.note", params))
        else:  # 57A: the defender on the right played before his partner
            rho = offender.rho
            b.clause("57A", "loot.57A", facts | {"rho_card": case.rho_card.pbn()},
                     params | {"rho_card": card_msg(case.rho_card),
                               "partner": seat_name(rho.partner)})
            rectify_57a(b, declarer, rho, case.rho_card, trick, case.card.suit,
                        case.rho_option, "rho_option", facts)
        b.adjust.append("55C")
        return b.build(declarer, facts=out | {"accepted": True})
    accept = True if case.next_played else case.accept
    if accept is not False:
        _before_the_lead(b, case, accept)
    if trick == 13:
        b.clause("53A", "loot.53A.13", facts, params)
        accept = False
    elif case.next_played:
        b.clause("53A", "loot.53A.played", facts, params)
    if accept is None:
        if case.by_declarer:
            b.decide(offender.lho, "accept", "55A", Msg("loot.question.declarer", params),
                     (DecisionChoice(True, Msg("loot.accept"), "53A"),
                      DecisionChoice(False, Msg("loot.retract"),
                                     "55B1" if correct.side is not declarer.side else "55B2")))
            b.adjust.append("55C")
        else:
            b.decide(declarer, "accept", "53A", Msg("loot.question.defender", params),
                     (DecisionChoice(True, Msg("loot.accept"), "53A"),
                      DecisionChoice(False, Msg("loot.refuse"), "56")))
        return b.build(declarer, facts=out | {"accepted": None})
    if accept:
        if not case.next_played:
            b.clause("53A", "loot.53A", facts, params)
        if case.by_declarer:
            b.clause("55A", "loot.55A", facts, params)
            b.adjust.append("55C")
        b.next = Msg("loot.next.accepted", params)
        return b.build(declarer, facts=out | {"accepted": True})
    if case.by_declarer:
        if correct.side is not declarer.side:
            b.clause("55B1", "loot.55B1", facts, params)
        else:
            b.clause("55B2", "loot.55B2", facts, params)
        b.clause("55C", "loot.55C", facts, params)
        b.adjust.append("55C")
    else:
        _penalty(b, case)
    _before_the_lead(b, case, False)
    if b.next is None:
        b.next = lead_next
    return b.build(declarer, facts=out | {"accepted": False})


def _before_the_lead(b: RulingBuilder, case: LeadOutOfTurnCase, accept: bool | None) -> None:
    """60B: a defender's card played after declarer's lead was retracted and before he led
    from the right hand: a major penalty card (while ``accept`` is open, the ruling says
    so; an accepted lead leaves 60B aside)."""
    defender, card = case.early_defender, case.early_card
    if defender is None or card is None:
        return
    if accept is not False:
        b.notes.append(Msg("loot.60B.if" if accept is None else "loot.60B.accepted",
                           {"offender": seat_name(defender), "card": card_msg(card)}))
        return
    b.clause("60B", "loot.60B", {"offender": defender.value, "card": card.pbn()},
             {"offender": seat_name(defender), "card": card_msg(card),
              "declarer": seat_name(case.declarer)})
    major = penalty_cards_clauses(b, defender, (card,), case.trick, deliberate=True)
    stand_penalty_cards(b, defender, (card,), case.trick, major)


def _penalty(b: RulingBuilder, case: LeadOutOfTurnCase) -> None:
    """56, 54D: the defender's card is a major penalty card, 50D applies; declarer's options
    of 50D2 at once when the offender's partner is the one to lead."""
    offender, trick = case.offender, case.trick
    facts = {"offender": offender.value, "card": case.card.pbn()}
    params = {"offender": seat_name(offender), "card": card_msg(case.card)}
    b.clause("56", "loot.56", facts, params)
    b.clause("54D", "loot.54D", facts, params)
    cards: tuple[Card, ...] = (case.card,)
    major = penalty_cards_clauses(b, offender, cards, trick, deliberate=True,
                                  earlier=case.earlier)
    staying = cards + case.earlier
    if case.correct is offender.partner and not case.proper_lead and trick < 13:
        staying = settle_lead_option(b, case.declarer, offender, staying, trick,
                                     case.lead_option)
    stand_penalty_cards(b, offender, staying, trick, major)


rule = rule_lead_out_of_turn


# -- the case's facts --------------------------------------------------------------------------

def _by_declarer(case: Mapping[str, Any]) -> bool:
    declarer, offender = seat_of(case, "declarer"), seat_of(case, "offender")
    return declarer is not None and offender is not None and offender.side is declarer.side


def _opponent_to_lead(case: Mapping[str, Any]) -> bool:
    offender, correct = seat_of(case, "offender"), seat_of(case, "correct")
    return offender is not None and correct is not None and correct.side is not offender.side


def _corrects(case: Mapping[str, Any]) -> tuple[Choice, ...]:
    offender = seat_of(case, "offender")
    return seat_choices(tuple(s.value for s in Seat if s is not offender))


def _open(case: Mapping[str, Any]) -> bool:
    """Whether the lead was neither made good by the proper lead (53B) nor by a play."""
    return (case.get("proper_lead") is not True and case.get("rho_played") is not True
            and case.get("next_played") is not True and case.get("trick") != 13)


def _retracted_to_declarer(case: Mapping[str, Any]) -> bool:
    """Declarer's lead out of turn, his own side to lead: if it is retracted (55B2), a
    defender's card before the right lead is 60B's (the decision ``accept`` may still be
    open)."""
    declarer, correct = seat_of(case, "declarer"), seat_of(case, "correct")
    return _open(case) and _by_declarer(case) and declarer is not None \
        and correct is not None and correct.side is declarer.side


def _early(case: Mapping[str, Any]) -> bool:
    return _retracted_to_declarer(case) and case.get("played_before_lead") is True


_EARLY = "when a defender played before declarer led from the right hand " \
         "(played_before_lead: true, Law 60B)"

FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "loot.q.declarer", "53"),
    FactField("trick", "count", "loot.q.trick", "53A", low=2, high=13),
    FactField("offender", "seat", "loot.q.offender", "53",
              choices=lambda c: tuple(
                  Choice(s.value, seat_name(s),
                         ("55", Msg("loot.leads.55")) if seat_of(c, "declarer") is not None
                         and s.side is Seat(c["declarer"]).side else
                         ("56", Msg("loot.leads.56"))) for s in Seat)),
    FactField("card", "card", "loot.q.card", "53",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))}),
    FactField("correct", "seat", "loot.q.correct", "53", choices=_corrects),
    FactField("proper_lead", "bool", "loot.q.proper_lead", "53B", when=_opponent_to_lead,
              only="when it was an opponent's turn to lead (Law 53B)", required=False,
              params=lambda c: {"correct": seat_name(Seat(c["correct"]))},
              choices=yes_no(("53B", Msg("loot.leads.53B")), None)),
    FactField("rho_played", "bool", "loot.q.rho_played", "53C",
              when=lambda c: _by_declarer(c) and c.get("proper_lead") is not True,
              only="after declarer's lead (Law 53C)", required=False,
              choices=yes_no(("53C", Msg("loot.leads.53C")), None)),
    FactField("rho_card", "card", "loot.q.rho_card", "53C", required=False,
              when=lambda c: _by_declarer(c) and c.get("rho_played") is True
              and c.get("proper_lead") is not True,
              only="when the defender on the right of declarer's lead played to it (Law 53C)",
              params=lambda c: {"rho": seat_name(Seat(c["offender"]).rho)}),
    FactField("next_played", "bool", "loot.q.next_played", "53A",
              when=lambda c: c.get("proper_lead") is not True and c.get("rho_played") is not True,
              only="when neither the proper lead (53B) nor the defender on the right (53C) "
                   "played", required=False,
              choices=yes_no(("53A", Msg("loot.leads.53A")), None)),
    FactField("rho_option", "choice", "premature.question", "57A", decision=True,
              required=False,
              when=lambda c: c.get("rho_card") is not None and c.get("rho_played") is True,
              only="when the defender on the right's card is given (rho_card, Law 57A)",
              choices=lambda c: tuple(Choice(str(v), option_label_57(v)) for v, _ in options_57(
                  Card.from_pbn(c["card"]).suit))),
    FactField("accept", "bool", "loot.question.defender", "53A", decision=True,
              required=False, when=_open,
              only="while the lead is neither accepted by a play nor followed by the proper "
                   "lead, before trick 13"),
    FactField("played_before_lead", "bool", "loot.q.played_before_lead", "60B",
              when=_retracted_to_declarer, required=False,
              only="after declarer's lead out of turn, his own side to lead (Laws 55B2, 60B)",
              choices=yes_no(("60B", Msg("loot.leads.60B")), None)),
    FactField("early_defender", "seat", "loot.q.early_defender", "60B", when=_early,
              only=_EARLY, choices=defender_choices),
    FactField("early_card", "card", "loot.q.early_card", "60B", when=_early, only=_EARLY,
              params=lambda c: {"offender": seat_name(Seat(c["early_defender"]))}),
    FactField("lead_option", "choice", "penalty.option.question", "50D2", decision=True,
              required=False,
              when=lambda c: (_open(c) and not _by_declarer(c) and c.get("accept") is False
                              and seat_of(c, "correct") is not None and seat_of(c, "offender")
                              is not None and Seat(c["correct"]) is Seat(c["offender"]).partner),
              only="after a defender's lead was not accepted, when his partner is to lead",
              choices=lambda c: tuple(Choice(str(v), option_label(v)) for v in option_values(
                  with_earlier(c, c["card"])))),
    *earlier_fields("56", lambda c: not _by_declarer(c) and c.get("offender") is not None
                    and c.get("rho_played") is not True),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> LeadOutOfTurnCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    declarer, offender, correct = values["declarer"], values["offender"], values["correct"]
    if correct is offender:
        raise FactError("correct", "the offender was the one to lead: no lead out of turn")
    if values.get("proper_lead") and correct.side is offender.side:
        raise FactError("proper_lead", "only an opponent of the offender makes his proper "
                                       "lead over it (Law 53B)")
    if values.get("rho_card") is not None and values["rho_card"] == values["card"]:
        raise FactError("rho_card", "the lead's own card")
    early = values.get("early_defender")
    if early is not None and early.side is declarer.side:
        raise FactError("early_defender", f"{early.english} is not a defender")
    if values.get("early_card") is not None and values["early_card"] == values["card"]:
        raise FactError("early_card", "the lead's own card, retracted")
    if values.get("rho_played") and offender.side is not declarer.side:
        raise FactError("rho_played", "only after declarer's lead out of turn (Law 53C)")
    return LeadOutOfTurnCase(declarer, values["trick"], offender, values["card"], correct,
                             next_played=bool(values.get("next_played")),
                             rho_played=bool(values.get("rho_played")),
                             proper_lead=bool(values.get("proper_lead")),
                             accept=values.get("accept"),
                             lead_option=read_lead_option(values.get("lead_option")),
                             rho_card=values.get("rho_card"),
                             rho_option=read_play_option(values.get("rho_option")),
                             early_defender=values.get("early_defender"),
                             early_card=values.get("early_card"),
                             earlier=read_earlier(values, (values["card"],)),
                             **case_notes(values))
