"""A card exposed or led during the auction: Law 24 of the Laws of Duplicate Bridge 2017.

When a player's card has been exposed through his own error during the auction period,
so that his partner could see its face, it stays face up on the table until the auction
ends; the information from it is authorized for the non-offending side and unauthorized
for the offending side (24, 16C). Then:

- 24A: a single card below an honour, not prematurely led: no further rectification
  (but see E);
- 24B: a single honour, or any card prematurely led: the offender's partner must pass
  at his next turn to call (Law 72C if the forced pass damages the non-offending side);
- 24C: two or more cards: the same;
- 24D: if the offender becomes declarer or dummy, he picks the cards up;
- 24E: if he becomes a defender, each card becomes a penalty card (Laws 50, 51): a single
  low card dropped is a minor one, an honour, a card led, and two or more cards are
  major (50B). When his partner is then the opening leader, declarer has the options of
  50D2 (or 51B) at once (`td_plugin.laws.play.penalty_cards.lead_options`).

The 2017 structure (A-E) was checked against the Polish translation and the 2017 text
quoted on the EBU's Directors' forum (24 intro, A, E); the wording of B-D follows the
Polish and Norwegian translations.

The case (kind ``card_in_auction``) is `ExposedCardCase`, ruled by `rule_exposed_card`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow, yes_no
from td_plugin.laws.play.penalty_cards import (
    HONOUR,
    LeadOption,
    classify,
    option_label,
    option_values,
    penalty_cards_clauses,
    read_lead_option,
    settle_lead_option,
    stand_penalty_cards,
)
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, cards_msg, case_notes
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Seat
from td_plugin.model.obligations import PassObligation, PassUntil
from td_plugin.model.rulings import TextEnum

__all__ = ["ExposedCardCase", "rule_exposed_card", "Becomes", "BECOMES", "FIELDS", "START",
           "flow", "answer", "question_by_id", "rule"]

CASE_KIND = "card_in_auction"


class Becomes(TextEnum):
    """What the offender became when the auction ended (24D, 24E), or not yet known."""

    UNKNOWN = "unknown"
    DECLARER = "declarer"
    DUMMY = "dummy"
    LEADER = "leader"
    LEADER_PARTNER = "leader_partner"


#: What the offender became when the auction ended (``unknown``: it has not ended).
BECOMES = tuple(Becomes)
_DECLARING = (Becomes.DECLARER, Becomes.DUMMY)
_DEFENDING = (Becomes.LEADER, Becomes.LEADER_PARTNER)


@dataclass(frozen=True)
class ExposedCardCase(CaseNotes):
    """Cards a player exposed during the auction (Law 24)."""

    #: who exposed them
    offender: Seat
    #: the cards exposed
    cards: tuple[Card, ...]
    #: a single card faced as a lead (24B)
    led: bool = False
    #: what he became when the auction ended (`BECOMES`)
    becomes: Becomes = Becomes.UNKNOWN
    #: declarer's choice at the opening lead when the offender's partner leads (50D2, 51B)
    lead_option: LeadOption | None = None

    @property
    def declarer(self) -> Seat | None:
        """Declarer, as what the offender became tells (the opening leader is declarer's
        left-hand opponent)."""
        return {Becomes.DECLARER: self.offender, Becomes.DUMMY: self.offender.partner,
                Becomes.LEADER: self.offender.rho, Becomes.LEADER_PARTNER: self.offender.lho
                }.get(self.becomes)


def rule_exposed_card(case: ExposedCardCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    offender, cards, partner = case.offender, case.cards, case.offender.partner
    params = {"offender": seat_name(offender), "partner": seat_name(partner),
              "cards": cards_msg(cards)}
    facts = {"offender": offender.value, "cards": [c.pbn() for c in cards]}
    b.clause("24", "play.exposed.24.one" if len(cards) == 1 else "play.exposed.24.several", facts, params)
    b.clause("16C", "play.exposed.16C", facts, params)
    side = Msg(f"side.{offender.side.value}")
    b.unauthorized.append(Msg("play.exposed.ui", params | {"side": side}))
    if len(cards) > 1:
        law = "24C"
    elif case.led or cards[0].rank >= HONOUR:
        law = "24B"
    else:
        law = "24A"
    key = {"24A": "play.exposed.24A", "24C": "play.exposed.24C"}.get(
        law, "play.exposed.24B.led" if case.led else "play.exposed.24B.honour")
    b.clause(law, key, facts | {"led": case.led}, params)
    if law != "24A":
        b.stand(law, PassObligation(partner, PassUntil.NEXT_TURN, law))
        b.adjust.append("72C")
    if case.becomes is Becomes.UNKNOWN:
        b.clause("24D", "play.exposed.24D.if", facts, params)
        b.clause("24E", "play.exposed.24E.if", facts, params)
        b.next = Msg("play.exposed.next.auction", params)
    elif case.becomes in _DECLARING:
        b.clause("24D", "play.exposed.24D", facts, params)
    else:
        b.clause("24E", "play.exposed.24E", facts, params)
        major = penalty_cards_clauses(b, offender, cards, 1, case.led)
        staying = cards
        declarer = case.declarer
        assert declarer is not None
        if case.becomes is Becomes.LEADER_PARTNER and major:
            staying = settle_lead_option(b, declarer, offender, cards, 1, case.lead_option)
        leader = partner if case.becomes is Becomes.LEADER_PARTNER else offender
        b.next = Msg("play.next.lead", {"seat": seat_name(leader), "trick": 1})
        stand_penalty_cards(b, offender, staying, 1, major)
    return b.build(case.declarer, facts=facts | {"becomes": str(case.becomes),
                                                 "penalty_cards": case.becomes in _DEFENDING})


rule = rule_exposed_card


# -- the case's facts --------------------------------------------------------------------------

def _cards(case: Mapping[str, Any]) -> tuple[Card, ...]:
    return tuple(Card.from_pbn(x) for x in case.get("cards") or [] if x)


def _major(case: Mapping[str, Any]) -> bool:
    cards = _cards(case)
    return bool(cards) and classify(cards, bool(case.get("led")))[1]


FIELDS: tuple[FactField, ...] = (
    FactField("offender", "seat", "play.exposed.q.offender", "24"),
    FactField("cards", "cards", "play.exposed.q.cards", "24", more="play.exposed.q.more"),
    FactField("led", "bool", "play.exposed.q.led", "24B", required=False,
              when=lambda c: len(_cards(c)) == 1,
              only="for a single card (Law 24B)",
              choices=yes_no(("24B", Msg("play.exposed.leads.24B")), None)),
    FactField("becomes", "choice", "play.exposed.q.becomes", "24D", required=False,
              choices=tuple(Choice(str(v), Msg(f"play.exposed.becomes.{v}"),
                                   ("24D", Msg("play.exposed.leads.24D")) if v in _DECLARING
                                   else ("24E", Msg("play.exposed.leads.24E")) if v in _DEFENDING
                                   else None)
                            for v in Becomes)),
    FactField("lead_option", "choice", "penalty.option.question", "50D2", decision=True,
              required=False,
              when=lambda c: c.get("becomes") == Becomes.LEADER_PARTNER and _major(c),
              only="when the offender's partner makes the opening lead and the cards are "
                   "major penalty cards (Law 50D2)",
              choices=lambda c: tuple(Choice(str(v), option_label(v))
                                      for v in option_values(_cards(c)))),
)
#: What a session file can give before the first question: nothing (the auction is on).
START: tuple[str, ...] = ()
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> ExposedCardCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    cards = tuple(values["cards"])
    if values.get("led") and len(cards) > 1:
        raise FactError("led", "a premature lead is a single card")
    return ExposedCardCase(values["offender"], cards, led=bool(values.get("led")),
                           becomes=Becomes(values.get("becomes") or Becomes.UNKNOWN),
                           lead_option=read_lead_option(values.get("lead_option")),
                           **case_notes(values))
