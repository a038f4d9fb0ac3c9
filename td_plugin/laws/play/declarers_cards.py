"""Declarer's own card exposed or dropped, and declarer facing his cards: Law 48 of the Laws
of Duplicate Bridge 2017.

- 48A: declarer is not subject to rectification for exposing a card (but see 45C2: a card
  held face up, touching or nearly touching the table, or maintained as if played, is
  played), and no card of declarer's or dummy's hand ever becomes a penalty card.
  Declarer is not required to play any card dropped accidentally.
- 48B1: when declarer faces his cards after an opening lead out of turn, Law 54 applies
  (the kind ``opening_lead``).
- 48B2: when declarer faces his cards at any other time, he may be deemed to have made a
  claim or concession of tricks (unless he demonstrably did not intend to claim or
  concede), and Law 68 then applies.

The 2017 English of 48 (unchanged from 2007) was read in the text quoted on the Bridge
Base forums and its 2017 French translation (bridgecode2017); the list of laws unchanged
in 2017 (bridgewebs) names Law 48.

The case (kind ``declarer_card``) is `DeclarerCardCase`, ruled by `rule_declarer_card`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow, yes_no
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, card_msg, case_notes
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Seat
from td_plugin.model.rulings import TextEnum

__all__ = ["Exposure", "DeclarerCardCase", "rule_declarer_card", "FIELDS", "START", "flow",
           "answer", "question_by_id", "rule"]

CASE_KIND = "declarer_card"


class Exposure(TextEnum):
    """What declarer did: exposed one of his cards, dropped one, or faced his cards."""

    EXPOSED = "exposed"
    DROPPED = "dropped"
    FACED = "faced"


@dataclass(frozen=True)
class DeclarerCardCase(CaseNotes):
    """Declarer's card exposed or dropped, or his hand faced (48)."""

    #: declarer's seat
    declarer: Seat
    #: what he did
    what: Exposure
    #: the card exposed or dropped
    card: Card | None = None
    #: 45C2: the exposed card was held face up touching or nearly touching the table, or
    #: maintained as if played
    held_as_played: bool | None = None
    #: 48B1: he faced his cards after an opening lead out of turn
    after_lead_out_of_turn: bool | None = None
    #: 48B2: he demonstrably did not intend to claim or concede
    not_a_claim: bool | None = None


def rule_declarer_card(case: DeclarerCardCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    params: dict[str, Any] = {"declarer": seat_name(case.declarer)}
    facts: dict[str, Any] = {"declarer": case.declarer.value, "what": str(case.what)}
    if case.what is Exposure.FACED:
        if case.after_lead_out_of_turn:
            b.clause("48B1", "play.declarer.48B1", facts, params)
            return b.build(case.declarer, facts=facts | {"claim": False})
        claim = not case.not_a_claim
        b.clause("48B2", "play.declarer.48B2.claim" if claim else "play.declarer.48B2.no_claim",
                 facts, params)
        if not claim:
            b.clause("48A", "play.declarer.48A", facts, params)
        return b.build(case.declarer, facts=facts | {"claim": claim})
    assert case.card is not None
    params["card"] = card_msg(case.card)
    facts["card"] = case.card.pbn()
    b.clause("48A", "play.declarer.48A", facts, params)
    played = case.what is Exposure.EXPOSED and bool(case.held_as_played)
    if case.what is Exposure.DROPPED:
        b.clause("48A", "play.declarer.48A.dropped", facts, params)
    elif played:
        b.clause("45C2", "play.declarer.45C2", facts, params)
    else:
        b.clause("48A", "play.declarer.48A.back", facts, params)
    return b.build(case.declarer, facts=facts | {"played": played})


rule = rule_declarer_card


def _card_shown(case: Mapping[str, Any]) -> bool:
    return case.get("what") in (Exposure.EXPOSED, Exposure.DROPPED)


def _faced(case: Mapping[str, Any]) -> bool:
    return case.get("what") == Exposure.FACED


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "play.declarer.q.declarer", "48"),
    FactField("what", "choice", "play.declarer.q.what", "48",
              choices=tuple(Choice(str(e), Msg(f"play.declarer.what.{e}"), (
                  "48B" if e is Exposure.FACED else "48A", Msg("play.declarer.leads")))
                  for e in Exposure)),
    FactField("card", "card", "play.declarer.q.card", "48A", when=_card_shown,
              only="for a card exposed or dropped (Law 48A)",
              params=lambda c: {"declarer": seat_name(Seat(c["declarer"]))}),
    FactField("held_as_played", "bool", "play.declarer.q.held_as_played", "45C2",
              when=lambda c: c.get("what") == Exposure.EXPOSED,
              only="for a card declarer exposed (Laws 45C2, 48A)",
              choices=yes_no(("45C2", Msg("played.leads.played")),
                             ("48A", Msg("played.leads.to_hand")))),
    FactField("after_lead_out_of_turn", "bool", "play.declarer.q.after_lead_out_of_turn",
              "48B1", when=_faced, only="when declarer faced his cards (Law 48B)"),
    FactField("not_a_claim", "bool", "play.declarer.q.not_a_claim", "48B2",
              when=lambda c: _faced(c) and c.get("after_lead_out_of_turn") is False,
              only="when declarer faced his cards other than after an opening lead out of "
                   "turn (Law 48B2)"),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> DeclarerCardCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    case = DeclarerCardCase(values["declarer"], Exposure(values["what"]),
                            card=values.get("card"),
                            held_as_played=values.get("held_as_played"),
                            after_lead_out_of_turn=values.get("after_lead_out_of_turn"),
                            not_a_claim=values.get("not_a_claim"), **case_notes(values))
    if case.what is not Exposure.FACED and case.card is None:
        raise FactError("card", "missing: the card declarer exposed or dropped (Law 48A)")
    return case
