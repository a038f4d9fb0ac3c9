"""A revoke noticed before it was established, corrected at the table: Law 62 of the Laws
of Duplicate Bridge 2017, as the Director rules on it while the play goes on.

The law is the revoke engine's: this case is assessed (`assessment.assess`) and ruled
(`ruling.revoke_ruling`) exactly as an unestablished revoke of a revoke case or of a
play record — 62A (it must be corrected), 62B (the card withdrawn: a major penalty card
from a defender's unfaced hand, 62B1; none for declarer, dummy or a card already faced,
62B2), 62C1 and 62C2 (cards played after it may be withdrawn, 16C), 62D (trick 12) —
with the same texts. What this case adds is what happens at the table after the ruling:

- the penalty card the correction creates is an obligation that outlives the ruling
  (`ruling.correction_penalty_cards`), for the table app and for the review of a record;
  the ruling gives what follows from it: major as a card exposed in correcting a revoke
  (50B), played at the first legal opportunity (50D1), declarer's lead options whenever
  the offender's partner has the lead (50D2), and the information (50E);
- the choices of 62C: whether the non-offending side withdraws cards it played after the
  revoke (62C1), and then whether the offending side's player next in rotation withdraws
  his (62C2; a defender's card so withdrawn is a penalty card) — decisions of the ruling.

An offender who asks to correct a revoke already established (``established``, and how:
``established_by``, 63A1-63A4) is refused: it may no longer be corrected and the revoke trick stands as played
(63B); the trick adjustment of Law 64 is ruled after the play, on a revoke case (kind
``revoke``, `td_plugin.laws.revokes.case`), which also takes both sides revoking on one
trick (62C3). On trick 12 an established revoke is corrected all the same (62D1), so
``established`` is asked only before trick 12. 63A
and 63B were read in the 2017 English (pzbs.pl). The case here is kind
``revoke_correction``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow, seat_of, yes_no
from td_plugin.laws.play.penalty_cards import earlier_fields, read_earlier
from td_plugin.laws.play.ruling import (
    ContractCase,
    DecisionChoice,
    PlayRuling,
    RulingBuilder,
    card_msg,
    cards_msg,
    case_notes,
    suit_msg,
)
from td_plugin.laws.revokes.assessment import assess
from td_plugin.laws.revokes.detection import Revoke, RevokeKind
from td_plugin.laws.revokes.facts import BoardFacts, Establishment, RevokeFacts
from td_plugin.laws.revokes.ruling import correction_penalty_cards, revoke_ruling
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.obligations import PenaltyCard
from td_plugin.model.rulings import Attention

__all__ = ["RevokeCorrectionCase", "rule_revoke_correction", "FIELDS", "START", "flow",
           "answer", "question_by_id", "rule"]

CASE_KIND = "revoke_correction"


@dataclass(frozen=True)
class RevokeCorrectionCase(ContractCase):
    """A revoke corrected before it was established (62): ``offender`` revoked on
    ``trick`` by playing ``card``."""

    #: who revoked
    offender: Seat
    #: the trick
    trick: int
    #: the suit led to it
    suit_led: Suit
    #: the card he played to it
    card: Card
    #: his place in the trick (1-4), when known
    position: int | None = None
    #: the cards of the suit led he held, when known
    held: tuple[Card, ...] = ()
    #: it was a defender's card already faced (62B2)
    card_faced: bool = False
    #: cards were played after it before attention was drawn (62C)
    later_cards: bool = False
    #: the non-offending side's choice to withdraw the cards it played after it (62C1)
    nos_withdraw: bool | None = None
    #: then the offending side's choice to withdraw its card played after it (62C2)
    os_withdraw: bool | None = None
    #: the card the offending side's player withdraws: his partner's (the offending side
    #: has not played to the next trick, or the revoke would be established)
    os_card: Card | None = None
    #: a defender offender's penalty cards already on the table (50B: with the revoke card
    #: withdrawn he has two or more, all major)
    earlier: tuple[Card, ...] = ()
    #: how the revoke was already established when the offender asked to correct it (the
    #: clause of 63A), or None: not established
    established: str | None = None


def rule_revoke_correction(case: RevokeCorrectionCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``: the revoke engine's ruling on the unestablished revoke,
    with its penalty card and the choices of 62C; an established one is not corrected
    (63B) but on trick 12 (62D1)."""
    declarer = case.declarer
    if case.established is not None:
        return _established(case, lang)
    revoke = Revoke(case.offender, case.trick, None if case.position is None
                    else case.position - 1, case.suit_led, case.card, case.held,
                    RevokeKind.FOLLOW_SUIT, by_dummy=case.offender is declarer.partner)
    facts = RevokeFacts(revoke, Establishment.NOT, card_faced=case.card_faced,
                        later_cards=case.later_cards, nos_withdraw=case.nos_withdraw)
    board = assess(BoardFacts(case.contract, None, None, Attention.DURING_ROUND, (facts,)))
    assessment = board.revokes[0]
    ruling = revoke_ruling(assessment, board)
    b = RulingBuilder(CASE_KIND, case.board, lang)
    b.clauses.extend(ruling.clauses)
    made = correction_penalty_cards(assessment, board)
    if made and case.earlier:
        b.clause("50B", "penalty.50B.earlier",
                 {"offender": case.offender.value, "cards": [case.card.pbn()],
                  "earlier": [c.pbn() for c in case.earlier]},
                 {"offender": seat_name(case.offender), "cards": card_msg(case.card),
                  "earlier": cards_msg(case.earlier)})
        made += tuple(("50D1", PenaltyCard(case.offender, c, case.trick))
                      for c in case.earlier)
    for law, pc in made:
        b.stand(law, pc)
        b.unauthorized.append(Msg("penalty.ui", {"partner": seat_name(pc.seat.partner),
                                                 "offender": seat_name(pc.seat)}))
        b.adjust.append("50E3")
    os_side = case.offender.side
    params = {"offender": seat_name(case.offender), "nos": Msg(f"side.{os_side.other.value}"),
              "os": Msg(f"side.{os_side.value}"), "card": card_msg(case.card)}
    if case.later_cards:
        _later(b, case, params)
    b.unauthorized.append(Msg("revoke.correction.16C", {"nos": params["nos"],
                                                         "os": params["os"]}))
    b.adjust.append("16C")
    b.next = Msg("revoke.correction.case.next", params | {"trick": case.trick})
    return b.build(declarer, facts={"offender": case.offender.value, "trick": case.trick,
                                    "suit_led": case.suit_led.value, "card": case.card.pbn(),
                                    "established": False, "law": assessment.law},
                   key=ruling.key, params=ruling.params, summarized=len(ruling.clauses))


def _established(case: RevokeCorrectionCase, lang: str) -> PlayRuling:
    """63B: the offender asks to correct a revoke already established (63A1-63A4)."""
    assert case.established is not None
    b = RulingBuilder(CASE_KIND, case.board, lang)
    params = {"offender": seat_name(case.offender), "card": card_msg(case.card),
              "trick": case.trick, "suit": suit_msg(case.suit_led),
              "os": Msg(f"side.{case.offender.side.value}")}
    facts = {"offender": case.offender.value, "trick": case.trick, "card": case.card.pbn()}
    b.clause("61A", "revoke.correction.case.61A", facts, params)
    b.clause(case.established, f"revoke.correction.case.{case.established}", facts, params)
    b.clause("63B", "revoke.correction.case.63B", facts, params)
    b.notes.append(Msg("revoke.correction.case.64", params))
    b.next = Msg("revoke.correction.case.next.63B", params)
    return b.build(case.declarer, facts=facts | {"suit_led": case.suit_led.value,
                                                 "established": True, "law": "63B"})


def _later(b: RulingBuilder, case: RevokeCorrectionCase, params: dict[str, Any]) -> None:
    """62C1, 62C2: the choices about the cards played after the revoke."""
    if case.nos_withdraw is None:
        b.decide(None, "nos_withdraw", "62C1", Msg("revoke.correction.case.question.nos", params),
                 (DecisionChoice(True, Msg("revoke.correction.case.withdraw"), "62C1"),
                  DecisionChoice(False, Msg("revoke.correction.case.keep"), "62C1")))
        return
    if not case.nos_withdraw:
        b.clause("62C1", "revoke.correction.case.62C1.kept", {"withdrawn": False}, params)
        return
    b.clause("62C1", "revoke.correction.case.62C1.withdrawn", {"withdrawn": True}, params)
    if case.os_withdraw is None:
        b.decide(None, "os_withdraw", "62C2", Msg("revoke.correction.case.question.os", params),
                 (DecisionChoice(True, Msg("revoke.correction.case.withdraw"), "62C2"),
                  DecisionChoice(False, Msg("revoke.correction.case.keep"), "62C2")))
        return
    defender = case.offender.side is not case.declarer.side
    if not case.os_withdraw:
        b.clause("62C2", "revoke.correction.case.62C2.kept", {"withdrawn": False}, params)
        return
    b.clause("62C2", "revoke.correction.case.62C2.withdrawn.defender" if defender
             else "revoke.correction.case.62C2.withdrawn", {"withdrawn": True}, params)
    if defender and case.os_card is not None:
        # the offending side has not played to the next trick (the revoke would be
        # established): its card after the revoke is the partner's, to the revoke trick
        b.stand("50D1", PenaltyCard(case.offender.partner, case.os_card, case.trick))


rule = rule_revoke_correction


# -- the case's facts --------------------------------------------------------------------------

def _defender(case: Mapping[str, Any]) -> bool:
    declarer, offender = seat_of(case, "declarer"), seat_of(case, "offender")
    return declarer is not None and offender is not None and offender.side is not declarer.side


#: the ways a revoke becomes established (63A), by clause
_ESTABLISHED = ("63A1", "63A2", "63A3", "63A4")


def _open(case: Mapping[str, Any]) -> bool:
    """The revoke is to be corrected: not established (on trick 12, even established,
    62D1)."""
    return case.get("established") is not True


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "revoke.correction.case.q.declarer", "62"),
    FactField("contract", "contract", "revoke.correction.case.q.contract", "62"),
    FactField("offender", "seat", "revoke.correction.case.q.offender", "61A"),
    FactField("trick", "count", "revoke.correction.case.q.trick", "62A",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))}),
    FactField("suit_led", "suit", "revoke.correction.case.q.suit_led", "61A",
              params=lambda c: {"trick": c["trick"]}),
    FactField("card", "card", "revoke.correction.case.q.card", "61A",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              exclude=lambda c: c.get("suit_led")),
    FactField("position", "count", "revoke.correction.case.q.position", "62D2", low=1, high=4,
              when=lambda c: c.get("trick") == 12, only="for a revoke on trick 12 (Law 62D2)",
              required=False),
    FactField("held", "cards", "revoke.correction.case.q.held", "61A", required=False, ask=False),
    FactField("established", "bool", "revoke.correction.case.q.established", "63A",
              required=False, when=lambda c: c.get("trick") != 12,
              only="before trick 12 (Law 62D1: on trick 12 even an established revoke is "
                   "corrected)",
              choices=yes_no(("63B", Msg("revoke.correction.case.leads.63B")),
                             ("62A", Msg("revoke.correction.case.leads.62A")))),
    FactField("established_by", "choice", "revoke.correction.case.q.established_by", "63A",
              when=lambda c: c.get("established") is True and c.get("trick") != 12,
              only="when the revoke was established (established: true)",
              choices=tuple(Choice(law, Msg(f"revoke.correction.case.established.{law}"),
                                   (law, Msg("revoke.correction.case.leads.63B")))
                            for law in _ESTABLISHED)),
    FactField("card_faced", "bool", "revoke.correction.case.q.card_faced", "62B2",
              when=lambda c: _defender(c) and _open(c),
              only="for a defender's revoke (Law 62B2)", required=False,
              choices=yes_no(("62B2", Msg("revoke.correction.case.leads.62B2")),
                             ("62B1", Msg("revoke.correction.case.leads.62B1")))),
    *earlier_fields("62B1", lambda c: _defender(c) and _open(c)
                    and c.get("card_faced") is not True),
    FactField("later_cards", "bool", "revoke.correction.case.q.later_cards", "62C", required=False,
              when=_open, only="for a revoke to be corrected (not established)",
              choices=yes_no(("62C1", Msg("revoke.correction.case.leads.62C")), None)),
    FactField("nos_withdraw", "bool", "revoke.correction.case.question.nos", "62C1", decision=True,
              required=False, when=lambda c: c.get("later_cards") is True,
              only="when cards were played after the revoke (later_cards: true)"),
    FactField("os_withdraw", "bool", "revoke.correction.case.question.os", "62C2", decision=True,
              required=False, when=lambda c: c.get("nos_withdraw") is True,
              only="after the non-offending side withdrew cards (Law 62C2)"),
    FactField("os_card", "card", "revoke.correction.case.q.os_card", "62C2", required=False, ask=False,
              when=lambda c: c.get("os_withdraw") is True,
              only="when the offending side withdraws a card (Law 62C2)"),
)
#: What a session file can give before the first question.
START = ("contract", "declarer")
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> RevokeCorrectionCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    card, suit_led = values["card"], values["suit_led"]
    if card.suit is suit_led:
        raise FactError("card", f"{card.pbn()} follows suit to a trick led in "
                                f"{suit_led.value}: not a revoke (Law 61A)")
    held = tuple(values.get("held") or ())
    wrong = [c.pbn() for c in held if c.suit is not suit_led]
    if wrong:
        raise FactError("held", f"{', '.join(wrong)}: not of the suit led ({suit_led.value})")
    return RevokeCorrectionCase(values["contract"], values["offender"], values["trick"],
                                suit_led, card, position=values.get("position"), held=held,
                                card_faced=bool(values.get("card_faced")),
                                later_cards=bool(values.get("later_cards")),
                                nos_withdraw=values.get("nos_withdraw"),
                                os_withdraw=values.get("os_withdraw"),
                                os_card=values.get("os_card"),
                                earlier=read_earlier(values, (card,)),
                                established=values.get("established_by")
                                if values.get("established") else None, **case_notes(values))
