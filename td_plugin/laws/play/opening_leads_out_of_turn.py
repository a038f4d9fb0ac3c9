"""The opening lead out of turn: Laws 41A and 54 of the Laws of Duplicate Bridge 2017.

The defender on presumed declarer's left makes the opening lead face down (41A); a
face-down lead may be withdrawn only on the Director's instruction, and goes back into
the hand. Once the wrong defender has faced an opening lead (54):

- when the right leader had already led face down, that lead is retracted (54) and goes
  back into his hand, as a face-down lead does (41A);
- 54A: declarer may spread his hand: he becomes dummy and dummy declarer; if declarer
  begins to spread it, exposing a card, he must spread it all;
- 54B: declarer may accept the lead; dummy is spread (41), the second card to the trick
  comes from declarer's hand (54B1), and a card of dummy's played second may not be
  withdrawn except to correct a revoke (54B2; ``dummy_card``: declarer did, which
  accepts the lead);
- 54C: if declarer could have seen any of dummy's cards (other than cards exposed during
  the auction under Law 24), he must accept the lead and stays declarer;
- 54D: declarer may refuse the lead: the card goes back as a major penalty card and Law
  50D applies: the right leader now has the lead, so declarer may require or prohibit
  the suit of the penalty card (then it is picked up) or leave it on the table (50D2);
- 54E: an opening lead attempted by the declaring side is a card exposed during the
  auction period: Law 24 applies, the card goes back into the hand (24D).

The 2017 texts of 54A-54E and the introduction were read as quoted on the BBO forum;
41A's wording for the face-down lead follows the 2007 text and was not seen in the 2017
English. Treating a face-down lead out of turn as no penalty card (the card was never
faced) is this module's reading.

The case (kind ``opening_lead``) is `OpeningLeadCase`, ruled by `rule_opening_lead`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow, seat_choices, seat_of, yes_no
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
from td_plugin.model.rulings import TextEnum

__all__ = ["OpeningLeadCase", "rule_opening_lead", "OpeningLeadOption", "OPTIONS", "FIELDS", "START", "flow",
           "answer", "question_by_id", "rule"]

CASE_KIND = "opening_lead"


class OpeningLeadOption(TextEnum):
    """Declarer's choice after a faced opening lead out of turn (54): spread his hand and
    become dummy (54A), accept the lead (54B), or refuse it (54D)."""

    SPREAD = "spread"
    ACCEPT = "accept"
    REFUSE = "refuse"


#: Declarer's options after a faced opening lead out of turn, by clause.
OPTIONS = {OpeningLeadOption.SPREAD: "54A", OpeningLeadOption.ACCEPT: "54B",
           OpeningLeadOption.REFUSE: "54D"}


@dataclass(frozen=True)
class OpeningLeadCase(CaseNotes):
    """An opening lead out of turn: ``offender`` led ``card`` to trick 1 though
    ``declarer``'s left-hand opponent was to lead."""

    #: declarer's seat
    declarer: Seat
    #: who led
    offender: Seat
    #: the card led
    card: Card
    #: the card was faced (else it was led face down, 41A)
    faced: bool = True
    #: the right leader had already led face down (54)
    partner_led_face_down: bool = False
    #: declarer began to spread his hand, exposing a card (54A)
    declarer_spread: bool = False
    #: declarer could have seen a card of dummy's (54C)
    dummy_exposed: bool = False
    #: declarer's choice (`OPTIONS`)
    option: OpeningLeadOption | None = None
    #: declarer's choice under 50D2 after refusing the lead
    lead_option: LeadOption | None = None
    #: the card of dummy's declarer played second, treating the lead as accepted (54B2)
    dummy_card: Card | None = None
    #: the offender's penalty cards already on the table (a defender's cards exposed in
    #: the auction, 24E; 50B)
    earlier: tuple[Card, ...] = ()

    @property
    def leader(self) -> Seat:
        return self.declarer.lho


def rule_opening_lead(case: OpeningLeadCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    declarer, offender, leader, card = case.declarer, case.offender, case.leader, case.card
    dummy = declarer.partner
    params = {"offender": seat_name(offender), "leader": seat_name(leader),
              "declarer": seat_name(declarer), "dummy": seat_name(dummy),
              "card": card_msg(card)}
    facts = {"offender": offender.value, "leader": leader.value, "card": card.pbn()}
    lead_next = Msg("play.next.lead", {"seat": seat_name(leader), "trick": 1})
    if offender.side is declarer.side:
        b.clause("54E", "opening.54E", facts, params)
        b.clause("24D", "opening.24D", facts, params)
        b.unauthorized.append(Msg("opening.ui.declaring_side",
                                  params | {"side": Msg(f"side.{declarer.side.value}")}))
        b.next = lead_next
        return b.build(declarer, facts=facts | {"outcome": "returned"})
    if not case.faced:
        b.clause("41A", "opening.41A", facts, params)
        b.next = lead_next
        return b.build(declarer, facts=facts | {"outcome": "returned"})
    b.clause("54", "opening.54", facts, params)
    if case.partner_led_face_down:
        b.clause("41A", "opening.54.face_down", facts, params)
    option = case.option
    if case.declarer_spread:
        b.clause("54A", "opening.54A.forced", facts, params)
        option = OpeningLeadOption.SPREAD
    elif case.dummy_exposed:
        b.clause("54C", "opening.54C", facts, params)
        option = OpeningLeadOption.ACCEPT
    elif case.dummy_card is not None:
        option = OpeningLeadOption.ACCEPT  # declarer played from dummy to it: the lead is accepted
    elif option is None:
        b.decide(declarer, "option", "54", Msg("opening.question", params),
                 tuple(DecisionChoice(str(v), Msg(f"opening.option.{v}"), law)
                       for v, law in OPTIONS.items()))
        return b.build(declarer, facts=facts | {"outcome": None})
    if option is OpeningLeadOption.SPREAD:
        if not case.declarer_spread:
            b.clause("54A", "opening.54A", facts, params)
        b.next = Msg("opening.next.54A", params)
        return b.build(dummy, facts=facts | {"outcome": "declarer_becomes_dummy"})
    if option is OpeningLeadOption.ACCEPT:
        b.clause("54B", "opening.54B", facts, params)
        b.clause("54B1", "opening.54B1", facts, params)
        if case.dummy_card is None:
            b.clause("54B2", "opening.54B2", facts, params)
            b.next = Msg("opening.next.54B", params)
            return b.build(declarer, facts=facts | {"outcome": "accepted"})
        played = params | {"dummy_card": card_msg(case.dummy_card)}
        b.clause("54B2", "opening.54B2.played", facts | {"dummy_card": case.dummy_card.pbn()},
                 played)
        b.next = Msg("opening.next.54B2", played)
        return b.build(declarer, facts=facts | {"outcome": "accepted",
                                                "dummy_card": case.dummy_card.pbn()})
    b.clause("54D", "opening.54D", facts, params)
    cards: tuple[Card, ...] = (card,)
    major = penalty_cards_clauses(b, offender, cards, 1, deliberate=True, earlier=case.earlier)
    staying = settle_lead_option(b, declarer, offender, cards + case.earlier, 1,
                                 case.lead_option)
    stand_penalty_cards(b, offender, staying, 1, major)
    b.next = lead_next
    return b.build(declarer, facts=facts | {"outcome": "refused"})


rule = rule_opening_lead


# -- the case's facts --------------------------------------------------------------------------

def _wrong_defender(case: Mapping[str, Any]) -> bool:
    declarer, offender = seat_of(case, "declarer"), seat_of(case, "offender")
    return declarer is not None and offender is not None and offender is declarer.rho


def _faced(case: Mapping[str, Any]) -> bool:
    return _wrong_defender(case) and case.get("faced") is not False


def _offenders(case: Mapping[str, Any]) -> tuple[Choice, ...]:
    declarer = seat_of(case, "declarer")
    if declarer is None:
        return seat_choices()
    leads = {declarer.rho: ("54", Msg("opening.leads.54")),
             declarer: ("54E", Msg("opening.leads.54E")),
             declarer.partner: ("54E", Msg("opening.leads.54E"))}
    return tuple(Choice(s.value, seat_name(s), leads[s])
                 for s in (declarer.rho, declarer, declarer.partner))


def _may_choose(case: Mapping[str, Any]) -> bool:
    return (_faced(case) and case.get("declarer_spread") is not True
            and case.get("dummy_exposed") is not True and case.get("dummy_card") is None)


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "opening.q.declarer", "41A"),
    FactField("offender", "seat", "opening.q.offender", "54", choices=_offenders),
    FactField("card", "card", "opening.q.card", "54",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))}),
    FactField("faced", "bool", "opening.q.faced", "41A", when=_wrong_defender,
              only="for a lead by the wrong defender", required=False,
              choices=yes_no(("54", Msg("opening.leads.54")),
                             ("41A", Msg("opening.leads.41A")))),
    FactField("partner_led_face_down", "bool", "opening.q.partner_led_face_down", "54",
              when=_faced, only="for a faced lead by the wrong defender", required=False),
    FactField("declarer_spread", "bool", "opening.q.declarer_spread", "54A", when=_faced,
              only="for a faced lead by the wrong defender", required=False,
              choices=yes_no(("54A", Msg("opening.leads.54A")), None)),
    FactField("dummy_exposed", "bool", "opening.q.dummy_exposed", "54C",
              when=lambda c: _faced(c) and c.get("declarer_spread") is not True,
              only="when declarer did not spread his hand", required=False,
              choices=yes_no(("54C", Msg("opening.leads.54C")), None)),
    FactField("dummy_card", "card", "opening.q.dummy_card", "54B2", required=False, ask=False,
              when=lambda c: _faced(c) and c.get("declarer_spread") is not True,
              only="for a faced lead by the wrong defender that declarer did not spread for"),
    FactField("option", "choice", "opening.question", "54", decision=True, required=False,
              when=_may_choose, only="when declarer may choose (Law 54)",
              choices=tuple(Choice(str(v), Msg(f"opening.option.{v}")) for v in OPTIONS)),
    FactField("lead_option", "choice", "penalty.option.question", "50D2", decision=True,
              required=False, when=lambda c: _may_choose(c) and c.get("option") == OpeningLeadOption.REFUSE,
              only="when declarer refused the lead (Law 54D)",
              choices=lambda c: tuple(Choice(str(v), option_label(v)) for v in option_values(
                  with_earlier(c, c["card"])))),
    *earlier_fields("54D", lambda c: _may_choose(c)),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def read_opening_option(value: str | None) -> OpeningLeadOption | None:
    return None if value is None else OpeningLeadOption(value)


def build_case(values: Mapping[str, Any]) -> OpeningLeadCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    declarer, offender = values["declarer"], values["offender"]
    if values.get("dummy_card") is not None and values["dummy_card"] == values["card"]:
        raise FactError("dummy_card", "the lead's own card")
    if offender is declarer.lho:
        raise FactError("offender", f"{offender.english} is declarer's left-hand opponent, "
                                    f"the right opening leader (Law 41A)")
    return OpeningLeadCase(declarer, offender, values["card"],
                           faced=values.get("faced", True) is not False,
                           partner_led_face_down=bool(values.get("partner_led_face_down")),
                           declarer_spread=bool(values.get("declarer_spread")),
                           dummy_exposed=bool(values.get("dummy_exposed")),
                           option=read_opening_option(values.get("option")),
                           lead_option=read_lead_option(values.get("lead_option")),
                           dummy_card=values.get("dummy_card"),
                           earlier=read_earlier(values, (values["card"],)),
                           **case_notes(values))
