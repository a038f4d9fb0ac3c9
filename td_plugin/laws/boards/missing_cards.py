"""A missing card: Law 14 of the Laws of Duplicate Bridge 2017.

- 14A, a hand found to hold fewer than 13 cards (no hand more) before the opening lead is
  faced: the Director searches for the card; 14A1 found, it is restored to the deficient
  hand; 14A2 not found, he reconstructs the deal with another pack; 14A3 the auction and
  play go on normally, no call changed, and the hand is deemed to have held all its cards
  throughout;
- 14B, found after the opening lead is faced (until the end of the Correction Period):
  14B1 a card found among the played cards: Law 67 (a defective trick, the kind
  ``defective_trick``); 14B2 found elsewhere, it is restored to the deficient hand,
  14B3 not found, the deal is reconstructed with another pack, rectification and penalties
  may apply; 14B4 a card so restored is deemed to have belonged to the deficient hand
  throughout: it may become a penalty card (Law 50), and not having played it may be a
  revoke — given the trick (``revoke_trick``) and the card played to it, that revoke is
  ruled by the revoke engine (61A, 63A1, 64), as Law 67B2's restored card is;
- 14C: knowing that a card was restored is unauthorized information for the partner of
  the player whose hand was deficient.

The 2017 text was read in the Norwegian and Italian translations and quoted in English on
club and EBU pages; whether the restored card becomes a penalty card (it was exposed, a
defender's card: Laws 49, 50) is left to the Director and said as a possibility. The case
(kind ``missing_card``) is `MissingCardCase`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow, yes_no
from td_plugin.laws.play.defective_tricks import (
    RestoredRevoke,
    check_revoke_tricks,
    read_vulnerability,
    revoke_card_may_win,
    rule_restored_revoke,
)
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, case_notes
from td_plugin.laws.revokes.ruling import card_msg
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.rulings import TextEnum

__all__ = ["MissingFound", "Where", "MissingCardCase", "rule_missing_card", "FIELDS", "START",
           "flow", "answer", "question_by_id", "rule", "build_case"]

CASE_KIND = "missing_card"


class MissingFound(TextEnum):
    """Before the opening lead was faced (14A), or after (14B)."""

    BEFORE_LEAD = "before_lead"
    AFTER_LEAD = "after_lead"


class Where(TextEnum):
    """Where the missing card was found."""

    RESTORED = "restored"
    NOT_FOUND = "not_found"
    PLAYED_CARDS = "played_cards"


@dataclass(frozen=True)
class MissingCardCase(CaseNotes):
    """A hand with fewer than 13 cards, none with more (14)."""

    found: MissingFound
    #: the deficient hand
    offender: Seat
    where: Where
    #: the card restored (14A1, 14B2), when the case names it
    card: Card | None = None
    #: 14B4: he did not follow suit with the restored card at ``revoke_trick``, playing
    #: ``revoke_card``; the contract, and what the revoke engine needs of the result
    revoke: bool = False
    contract: Contract | None = None
    revoke_trick: int | None = None
    revoke_card: Card | None = None
    revoke_trick_won_by: Seat | None = None
    offending_side_tricks_from_revoke: int | None = None
    declarer_tricks: int | None = None
    vulnerable: Vulnerability | None = None


def rule_missing_card(case: MissingCardCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    params: dict[str, Any] = {"offender": seat_name(case.offender)}
    if case.card is not None:
        params["card"] = card_msg(case.card)
    facts: dict[str, Any] = {"found": str(case.found), "offender": case.offender.value,
                             "where": str(case.where)}
    restored = "board.14.restored.card" if case.card is not None else "board.14.restored"
    if case.found is MissingFound.BEFORE_LEAD:
        if case.where is Where.RESTORED:
            b.clause("14A1", restored, facts, params)
        else:
            b.clause("14A2", "board.14.reconstructed", facts, params)
        b.clause("14A3", "board.14A3", facts, params)
    elif case.where is Where.PLAYED_CARDS:
        b.clause("14B1", "board.14B1", facts, params)
        return b.build(None, facts=facts)
    else:
        if case.where is Where.RESTORED:
            b.clause("14B2", restored, facts, params)
        else:
            b.clause("14B3", "board.14.reconstructed", facts, params)
        b.clause("14B4", "board.14B4", facts, params)
    b.unauthorized.append(Msg("board.14C", {"partner": seat_name(case.offender.partner),
                                            "offender": seat_name(case.offender)}))
    if not case.revoke:
        if case.found is MissingFound.AFTER_LEAD:
            b.notes.append(Msg("board.14B4.note", params))
        return b.build(None, facts=facts)
    return _revoke(b, case, facts)


def _revoke(b: RulingBuilder, case: MissingCardCase, facts: dict[str, Any]) -> PlayRuling:
    """14B4: the restored card was deemed in the hand when he did not follow suit."""
    assert case.contract is not None and case.card is not None \
        and case.revoke_card is not None and case.revoke_trick is not None
    b.clause("14B4", "board.14B4.revoke", {"card": case.card.pbn(), "trick": case.revoke_trick},
             {"offender": seat_name(case.offender), "card": card_msg(case.card),
              "trick": case.revoke_trick})
    found = RestoredRevoke(case.contract, case.offender, case.card, case.revoke_card,
                           case.revoke_trick, case.revoke_trick_won_by,
                           case.offending_side_tricks_from_revoke, case.declarer_tricks,
                           case.vulnerable)
    transfer, outcome, law = rule_restored_revoke(b, found)
    facts |= {"revoke_trick": case.revoke_trick, "revoke_law": law}
    if case.declarer_tricks is not None:
        facts |= {"declarer_tricks": case.declarer_tricks,
                  "adjusted_declarer_tricks": found.adjusted}
    return b.build(case.contract.declarer, facts=facts, transfer=transfer, outcome=outcome)


rule = rule_missing_card


# -- the case's facts --------------------------------------------------------------------------

def _after(c: Mapping[str, Any]) -> bool:
    return c.get("found") == MissingFound.AFTER_LEAD


def _restored(c: Mapping[str, Any]) -> bool:
    return c.get("where") == Where.RESTORED


def _may_revoke(c: Mapping[str, Any]) -> bool:
    return _after(c) and _restored(c) and c.get("card") is not None


def _revoke_given(c: Mapping[str, Any]) -> bool:
    return _may_revoke(c) and c.get("revoke") is True


def _wheres(c: Mapping[str, Any]) -> tuple[Choice, ...]:
    law = "14B" if _after(c) else "14A"
    out = [Choice(str(Where.RESTORED), Msg("board.where.restored"),
                  (law + ("2" if _after(c) else "1"), Msg("board.leads.restored"))),
           Choice(str(Where.NOT_FOUND), Msg("board.where.not_found"),
                  (law + ("3" if _after(c) else "2"), Msg("board.leads.not_found")))]
    if _after(c):
        out.append(Choice(str(Where.PLAYED_CARDS), Msg("board.where.played_cards"),
                          ("14B1", Msg("board.leads.14B1"))))
    return tuple(out)


_REVOKE_ONLY = "when the restored card was not played to a trick led in its suit (revoke: true)"

FIELDS: tuple[FactField, ...] = (
    FactField("found", "choice", "board.q.missing_found", "14",
              choices=(Choice(str(MissingFound.BEFORE_LEAD), Msg("board.missing.before_lead"),
                              ("14A", Msg("board.leads.14A"))),
                       Choice(str(MissingFound.AFTER_LEAD), Msg("board.missing.after_lead"),
                              ("14B", Msg("board.leads.14B"))))),
    FactField("offender", "seat", "board.q.deficient", "14"),
    FactField("where", "choice", "board.q.where", "14", choices=_wheres,
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))}),
    FactField("card", "card", "board.q.restored_card", "14", when=_restored,
              only="for a card found and restored (where: restored)", required=False),
    FactField("revoke", "bool", "board.q.revoke", "14B4", when=_may_revoke,
              only="after the opening lead, for a restored card named (card)", required=False,
              params=lambda c: {"offender": seat_name(Seat(c["offender"])),
                                "card": card_msg(Card.from_pbn(c["card"]))},
              choices=yes_no(("14B4", Msg("board.leads.14B4.revoke")), None)),
    FactField("declarer", "seat", "board.q.declarer_contract", "64", when=_revoke_given,
              only=_REVOKE_ONLY),
    FactField("contract", "contract", "board.q.contract", "64", when=_revoke_given,
              only=_REVOKE_ONLY),
    FactField("revoke_trick", "count", "board.q.revoke_trick", "61A", when=_revoke_given,
              only=_REVOKE_ONLY, high=12, params=lambda c: {"card": card_msg(
                  Card.from_pbn(c["card"]))}),
    FactField("revoke_card", "card", "board.q.revoke_card", "61A", when=_revoke_given,
              only=_REVOKE_ONLY, params=lambda c: {"offender": seat_name(Seat(c["offender"])),
                                                   "trick": c["revoke_trick"]},
              exclude=lambda c: Card.from_pbn(c["card"]).suit.value),
    FactField("revoke_trick_won_by", "seat", "board.q.revoke_won_by", "64A",
              when=lambda c: _revoke_given(c) and revoke_card_may_win(c),
              only="when the revoke card is a trump, which alone could have won the trick "
                   "(Law 44)"),
    FactField("offending_side_tricks_from_revoke", "count", "play.defective.q.os_tricks_from_revoke",
              "64A", when=_revoke_given, only=_REVOKE_ONLY, low=0),
    FactField("declarer_tricks", "count", "play.defective.q.declarer_tricks", "64A",
              when=_revoke_given, only=_REVOKE_ONLY, required=False, ask=False, low=0),
    FactField("vulnerable", "choice", "play.defective.q.vulnerable", "64A", required=False,
              ask=False, when=_revoke_given, only=_REVOKE_ONLY,
              choices=tuple(Choice(v, Msg(f"revoke.q.vul.{v}"))
                            for v in ("None", "NS", "EW", "All"))),
)
#: What a session file can give before the first question.
START: tuple[str, ...] = ()
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> MissingCardCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    card, revoke_card = values.get("card"), values.get("revoke_card")
    if card is not None and revoke_card is not None and card.suit is revoke_card.suit:
        raise FactError("revoke_card", f"{revoke_card.pbn()} follows suit to a trick led in "
                                       f"{card.suit.value}: not a revoke (Law 61A)")
    os_tricks, trick = values.get("offending_side_tricks_from_revoke"), values.get("revoke_trick")
    if os_tricks is not None and trick is not None:  # (both come with the revoke, 14B4)
        check_revoke_tricks(values["offender"], trick, values.get("revoke_trick_won_by"),
                            os_tricks)
    vulnerability = read_vulnerability(values.get("vulnerable"))
    return MissingCardCase(MissingFound(values["found"]), values["offender"],
                           Where(values["where"]), card=card,
                           revoke=bool(values.get("revoke")), contract=values.get("contract"),
                           revoke_trick=trick, revoke_card=revoke_card,
                           revoke_trick_won_by=values.get("revoke_trick_won_by"),
                           offending_side_tricks_from_revoke=os_tricks,
                           declarer_tricks=values.get("declarer_tricks"),
                           vulnerable=vulnerability, **case_notes(values))
