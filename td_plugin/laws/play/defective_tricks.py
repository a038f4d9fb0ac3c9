"""A defective trick: Law 67 of the Laws of Duplicate Bridge 2017.

A trick is defective when a player did not play to it, or played more than one card.

- 67A (attention drawn before a player of each side has played to the next trick): the
  offender supplies a card he can legally play (67A1); too many cards are rectified by
  Law 45E (a fifth card) or 58B (cards played at once) (67A2): the case says which
  (``extra``); a fifth card is ruled here (a defender's a penalty card, 45E1; declarer's
  back to its hand, 45E2; either, deemed led, a lead out of turn), cards played at once
  are the kind ``simultaneous_play``;
- 67B1 (after both sides played to the next trick), offender failed to play: he faces a
  card and puts it among his played cards (it does not change who won the trick): a card
  of the suit led when he has one (a), any card when he has none (b); either way he is
  deemed to have revoked on the defective trick and loses one trick, transferred under
  Law 64A2 (one trick when the offending side won that trick or a later one);
- 67B2, offender played too many: the Director restores the extra cards to his hand,
  leaving the one faced in playing to the trick (or, when that cannot be told, the
  highest he could legally have played); a restored card is deemed to have been in his
  hand throughout, so not playing it to an earlier trick may be a revoke: given that
  trick (``revoke_trick``, the ``restored`` card, his ``revoke_card`` there, who won it
  and the result), the ruling is the revoke engine's (61A, 63A1, 64), in the same case.

The 2017 English of 67A, 67B1 and the start of 67B2 was read (pzbs.pl); the rest of 67B2
follows the 2007 text. The Laws Committee's commentary (English, hellasbridge) says the
same for 67B1: an established revoke costing one trick, whether or not the player could
have followed. The transfer is computed when the case gives the result and the offending
side's tricks from the defective trick on; otherwise the ruling says what will move at
the end of play.

The case (kind ``defective_trick``) is `DefectiveTrickCase`, ruled by `rule_defective_trick`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError, InvalidTokenError
from td_plugin.laws.facts import Choice, FactField, question_flow, yes_no
from td_plugin.laws.play.misplayed_cards import FifthCard, fifth_card_clauses
from td_plugin.laws.play.ruling import ContractCase, PlayRuling, RulingBuilder, case_notes, suit_msg
from td_plugin.laws.revokes.assessment import assess
from td_plugin.laws.revokes.detection import Revoke, RevokeKind
from td_plugin.laws.revokes.facts import BoardFacts, Establishment, RevokeFacts
from td_plugin.laws.revokes.ruling import card_msg, revoke_ruling
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import AssignedResult
from td_plugin.model.rulings import Attention, TextEnum
from td_plugin.model.scoring import score_ns

__all__ = ["Extra", "TrickFault", "DefectiveTrickCase", "RestoredRevoke", "rule_restored_revoke",
           "rule_restored_revoke_in_case", "check_revoke_tricks",
           "read_vulnerability",
           "rule_defective_trick", "FIELDS", "START", "flow", "answer", "question_by_id", "rule"]

CASE_KIND = "defective_trick"


class Extra(TextEnum):
    """67A2: the extra cards found in time: a fifth card played to the trick (45E), or
    cards played at once (58B)."""

    FIFTH_CARD = "fifth_card"
    AT_ONCE = "at_once"


class TrickFault(TextEnum):
    """What makes a trick defective (67): a player did not play to it, or played more
    than one card to it."""

    NO_CARD = "no_card"
    TOO_MANY = "too_many"


@dataclass(frozen=True)
class DefectiveTrickCase(ContractCase):
    """A defective trick (67): ``offender`` did not play to ``trick``, or played more than
    one card to it."""

    #: the defective trick
    trick: int
    #: the player who did not play to it, or played more than one card to it
    offender: Seat
    #: which of the two: ``no_card`` or ``too_many``
    fault: TrickFault
    #: both sides had played to the next trick when it was found (67B; else 67A)
    after_next: bool = False
    #: the suit led to the defective trick (67B1)
    suit_led: Suit | None = None
    #: whether the offender holds a card of the suit led (67B1)
    holds_suit: bool | None = None
    #: the result, declarer's tricks, when the play is over
    declarer_tricks: int | None = None
    #: the tricks the offending side won from the defective trick on, when the play is over
    offending_side_tricks: int | None = None
    #: the board's vulnerability, for the score
    vulnerable: Vulnerability | None = None
    #: who won the defective trick (the offending side: the 64A2 transfer is certain)
    won_by: Seat | None = None
    #: after too many cards (67B2), the trick led in the restored card's suit to which the
    #: offender played ``revoke_card``: a revoke (64)
    revoke_trick: int | None = None
    #: the card restored to the offender's hand (67B2)
    restored: Card | None = None
    #: the card the offender played to ``revoke_trick``
    revoke_card: Card | None = None
    #: who won ``revoke_trick``
    revoke_trick_won_by: Seat | None = None
    #: the tricks the offending side won from ``revoke_trick`` on, when the play is over
    offending_side_tricks_from_revoke: int | None = None
    #: 67A2: what the extra card is: a fifth card (45E) or cards played at once (58B)
    extra: Extra | None = None
    #: 67A2 with 45E: the fifth card
    card: Card | None = None
    #: 67A2 with 45E: the Director deems the fifth card was led
    deemed_led: bool | None = None
    #: 67A2 with 45E1, 50B: a defender's fifth card below an honour exposed inadvertently
    inadvertent: bool | None = None


def rule_defective_trick(case: DefectiveTrickCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    offender = case.offender
    params = {"offender": seat_name(offender), "trick": case.trick,
              "nos": Msg(f"side.{offender.side.other.value}")}
    facts = {"offender": offender.value, "trick": case.trick, "fault": str(case.fault)}
    out = {**facts, "after_next": case.after_next}
    b.clause("67", f"play.defective.67.{case.fault}", facts, params)
    if not case.after_next:
        if case.fault is TrickFault.NO_CARD:
            b.clause("67A1", "play.defective.67A1", facts, params)
        else:
            _extra_cards(b, case, facts, params)
        return b.build(case.declarer, facts=out)
    if case.fault is TrickFault.TOO_MANY:
        b.clause("67B2", "play.defective.67B2", facts, params)
        if case.revoke_trick is None:
            b.notes.append(Msg("play.defective.67B2.note", params))
            return b.build(case.declarer, facts=out)
        return _restored_revoke(b, case, out)
    assert case.suit_led is not None
    params["suit"] = suit_msg(case.suit_led)
    law = "67B1(a)" if case.holds_suit else "67B1(b)"
    b.clause(law, "play.defective.67B1a" if case.holds_suit else "play.defective.67B1b",
             facts | {"holds_suit": case.holds_suit}, params)
    won_by = case.won_by
    if won_by is not None and won_by.side is offender.side:
        # the offending side won the defective trick: the transfer is certain
        b.clause("64A2", "play.defective.64A2.won", facts | {"won_by": won_by.value},
                 params | {"won_by": seat_name(won_by)})
    else:
        b.clause("64A2", "play.defective.64A2", facts if won_by is None
                 else facts | {"won_by": won_by.value}, params)
    transfer = None
    outcome = None
    if case.offending_side_tricks is not None and case.declarer_tricks is not None:
        transfer = 1 if case.offending_side_tricks > 0 else 0
        gain = transfer if offender.side is not case.declarer.side else -transfer
        tricks = max(0, min(13, case.declarer_tricks + gain))
        key = "play.defective.transfer.1" if transfer else "play.defective.transfer.0"
        b.clause("64A2", key, facts | {"transfer": transfer}, params | {"tricks": tricks})
        if case.vulnerable is not None and transfer:
            vul = case.vulnerable.is_vulnerable(case.declarer)
            outcome = AssignedResult(case.contract, tricks, score_ns(case.contract, tricks, vul))
        out |= {"declarer_tricks": case.declarer_tricks, "adjusted_declarer_tricks": tricks}
    return b.build(case.declarer, facts=out, transfer=transfer, outcome=outcome)


def _extra_cards(b: RulingBuilder, case: DefectiveTrickCase, facts: dict[str, Any],
                 params: dict[str, Any]) -> None:
    """67A2: cards played at once go to Law 58B; a fifth card is ruled here (45E)."""
    if case.extra is not Extra.FIFTH_CARD:
        b.clause("67A2", "play.defective.67A2.at_once", facts, params)
        return
    assert case.card is not None and case.deemed_led is not None
    b.clause("67A2", "play.defective.67A2.fifth_card", facts, params)
    fifth_card_clauses(b, FifthCard(case.declarer, case.offender, case.card, case.deemed_led,
                                    case.trick, case.inadvertent),
                       facts | {"card": case.card.pbn()}, params)


def _restored_revoke(b: RulingBuilder, case: DefectiveTrickCase,
                     out: dict[str, Any]) -> PlayRuling:
    """67B2: the card restored to the offender's hand was in it throughout; he did not
    play it to trick ``revoke_trick``, led in its suit: a revoke, ruled by the revoke
    engine (61A, 63A1, 64) with the facts of that trick."""
    assert case.restored is not None and case.revoke_card is not None \
        and case.revoke_trick is not None
    found = RestoredRevoke(case.contract, case.offender, case.restored, case.revoke_card,
                           case.revoke_trick, case.revoke_trick_won_by,
                           case.offending_side_tricks_from_revoke, case.declarer_tricks,
                           case.vulnerable)
    return rule_restored_revoke_in_case(b, case.declarer, found, out)


def rule_restored_revoke_in_case(b: RulingBuilder, declarer: Seat, found: RestoredRevoke,
                                 out: dict[str, Any]) -> PlayRuling:
    """The ruling of a case whose card put back into the hand (67B2) was not played to
    a trick led in its suit: the 67B2 clause, the revoke's (`rule_restored_revoke`), and
    the transfer and result in the ruling's facts (``out``, the case's own)."""
    b.clause("67B2", "play.defective.67B2.revoke", {"restored": found.restored.pbn(),
                                                    "trick": found.revoke_trick},
             {"offender": seat_name(found.offender), "restored": card_msg(found.restored),
              "trick": found.revoke_trick})
    transfer, outcome, revoke_law = rule_restored_revoke(b, found)
    if found.declarer_tricks is not None:
        out |= {"declarer_tricks": found.declarer_tricks,
                "adjusted_declarer_tricks": found.adjusted}
    return b.build(declarer, facts=out | {"revoke_trick": found.revoke_trick,
                                          "revoke_law": revoke_law},
                   transfer=transfer, outcome=outcome)


@dataclass
class RestoredRevoke:
    """A card restored to a hand that is deemed to have been in it throughout (67B2,
    14B4), which its holder did not play to trick ``revoke_trick``, led in its suit: the
    facts of that revoke. ``adjusted`` is filled in by `rule_restored_revoke`."""

    contract: Contract
    offender: Seat
    restored: Card
    revoke_card: Card
    revoke_trick: int
    won_by: Seat | None = None
    offending_side_tricks: int | None = None
    declarer_tricks: int | None = None
    vulnerable: Vulnerability | None = None
    adjusted: int | None = None


def rule_restored_revoke(b: RulingBuilder, found: RestoredRevoke
                         ) -> tuple[int | None, AssignedResult | None, str]:
    """The revoke of a restored card, ruled by the revoke engine (61A, 63A1, 64), its
    clauses added to ``b``: the tricks transferred (None: the result is not known), the
    result after them, and the revoke's law."""
    contract = found.contract
    assert contract.declarer is not None
    revoke = Revoke(found.offender, found.revoke_trick, None, found.restored.suit,
                    found.revoke_card, (found.restored,), RevokeKind.FOLLOW_SUIT,
                    by_dummy=found.offender is contract.declarer.partner)
    facts = RevokeFacts(revoke, Establishment.NEXT_TRICK, trick_won_by=found.won_by,
                        offending_side_tricks=found.offending_side_tricks)
    vulnerable = None if found.vulnerable is None \
        else found.vulnerable.is_vulnerable(contract.declarer)
    board = assess(BoardFacts(contract, found.declarer_tricks, vulnerable,
                              Attention.DURING_ROUND, (facts,)))
    ruling = revoke_ruling(board.revokes[0], board)
    b.clauses.extend(ruling.clauses)
    transfer = board.transfer if found.declarer_tricks is not None else None
    found.adjusted = board.adjusted_declarer_tricks
    outcome = None
    if transfer and found.adjusted is not None and board.adjusted_score_ns is not None:
        outcome = AssignedResult(contract, found.adjusted, board.adjusted_score_ns)
    result = ruling.params.get("result")
    if isinstance(result, Msg):  # the result after the transfer, when the case gives it
        b.notes.append(result)
    return transfer, outcome, board.revokes[0].law


rule = rule_defective_trick


# -- the case's facts --------------------------------------------------------------------------

def _no_card_late(case: Mapping[str, Any]) -> bool:
    return case.get("fault") == TrickFault.NO_CARD and case.get("after_next") is True


def _too_many_late(case: Mapping[str, Any]) -> bool:
    return case.get("fault") == TrickFault.TOO_MANY and case.get("after_next") is True


def _too_many_in_time(case: Mapping[str, Any]) -> bool:
    return case.get("fault") == TrickFault.TOO_MANY and case.get("after_next") is not True


def _fifth_in_time(case: Mapping[str, Any]) -> bool:
    return _too_many_in_time(case) and case.get("extra") == Extra.FIFTH_CARD


def _low_defenders_fifth(case: Mapping[str, Any]) -> bool:
    """45E1 with 50B: a defender's fifth card below an honour, not deemed led."""
    declarer, offender, card = (str(case.get(k) or "") for k in ("declarer", "offender", "card"))
    defender = declarer in "NESW" and offender in "NESW" and declarer and offender and \
        Seat(offender).side is not Seat(declarer).side
    return bool(_fifth_in_time(case) and case.get("deemed_led") is False and defender
                and len(card) == 2 and card[1].upper() in "98765432")


def _restored_revoke_given(case: Mapping[str, Any]) -> bool:
    return _too_many_late(case) and case.get("revoke_trick") is not None


_REVOKE_ONLY = "after too many cards found late (Law 67B2), with revoke_trick"
_TRUMP_ONLY = "when the revoke card is a trump, which alone could have won the trick (Law 44)"


def check_revoke_tricks(offender: Seat, revoke_trick: int, won_by: Seat | None,
                        os_tricks: int) -> None:
    """The offending side's tricks from a restored card's revoke trick on (64A) against
    who won that trick and the tricks left to play (67B2, 14B4, 58B4 alike)."""
    if won_by is not None and won_by.side is offender.side and os_tricks == 0:
        raise FactError("offending_side_tricks_from_revoke",
                        f"0, but {won_by.english} of the offending side won the revoke trick")
    if os_tricks > 14 - revoke_trick:
        raise FactError("offending_side_tricks_from_revoke",
                        f"{os_tricks}, but only {14 - revoke_trick} tricks are played from "
                        f"trick {revoke_trick} on")


def revoke_card_may_win(case: Mapping[str, Any]) -> bool:
    """Whether the revoke card, of another suit than the one led, could have won its trick:
    only a trump can (Law 44). Otherwise the revoking player did not win it, which the
    cards say (64A2), and who won it is not asked."""
    try:
        strain = Contract.from_pbn(str(case["contract"])).strain
        card = Card.from_pbn(str(case["revoke_card"]))
    except (KeyError, InvalidTokenError):
        return True
    return strain is not None and strain.value == card.suit.value


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "play.defective.q.declarer", "67"),
    FactField("contract", "contract", "play.defective.q.contract", "67"),
    FactField("trick", "count", "play.defective.q.trick", "67"),
    FactField("offender", "seat", "play.defective.q.offender", "67",
              params=lambda c: {"trick": c["trick"]}),
    FactField("fault", "choice", "play.defective.q.fault", "67",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              choices=(Choice(str(TrickFault.NO_CARD), Msg("play.defective.fault.no_card")),
                       Choice(str(TrickFault.TOO_MANY), Msg("play.defective.fault.too_many")))),
    FactField("after_next", "bool", "play.defective.q.after_next", "67", required=False,
              when=lambda c: c.get("trick") != 13, only="for a trick before the last",
              choices=yes_no(("67B", Msg("play.defective.leads.67B")),
                             ("67A", Msg("play.defective.leads.67A")))),
    FactField("extra", "choice", "play.defective.q.extra", "67A2", when=_too_many_in_time,
              only="for too many cards found before both sides played to the next trick "
                   "(Law 67A2)",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              choices=(Choice(str(Extra.FIFTH_CARD), Msg("play.defective.extra.fifth_card"),
                              ("45E", Msg("play.defective.leads.45E"))),
                       Choice(str(Extra.AT_ONCE), Msg("play.defective.extra.at_once"),
                              ("58B", Msg("play.defective.leads.58B"))))),
    FactField("card", "card", "play.defective.q.card", "45E", when=_fifth_in_time,
              only="for a fifth card (Laws 67A2, 45E)",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))}),
    FactField("deemed_led", "bool", "played.q.deemed_led", "45E", when=_fifth_in_time,
              only="for a fifth card (Laws 67A2, 45E)"),
    FactField("inadvertent", "bool", "played.q.inadvertent", "50B", when=_low_defenders_fifth,
              only="for a defender's fifth card below an honour not deemed led (Laws 45E1, "
                   "50B)"),
    FactField("suit_led", "suit", "play.defective.q.suit_led", "67B1", when=_no_card_late,
              only="when the offender did not play and both sides played to the next trick "
                   "(Law 67B1)", params=lambda c: {"trick": c["trick"]}),
    FactField("holds_suit", "bool", "play.defective.q.holds_suit", "67B1", when=_no_card_late,
              only="when the offender did not play and both sides played to the next trick "
                   "(Law 67B1)",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              choices=yes_no(("67B1(a)", Msg("play.defective.leads.67B1")),
                             ("67B1(b)", Msg("play.defective.leads.67B1")))),
    FactField("revoke_trick", "count", "play.defective.q.revoke_trick", "67B2",
              when=_too_many_late, only="after too many cards found late (Law 67B2)",
              required=False, ask=False, high=12),
    FactField("restored", "card", "play.defective.q.restored", "67B2",
              when=_restored_revoke_given, only=_REVOKE_ONLY),
    FactField("revoke_card", "card", "play.defective.q.revoke_card", "61A",
              when=_restored_revoke_given, only=_REVOKE_ONLY,
              params=lambda c: {"revoke_trick": c["revoke_trick"]}),
    FactField("revoke_trick_won_by", "seat", "play.defective.q.revoke_trick_won_by", "64A",
              when=lambda c: _restored_revoke_given(c) and revoke_card_may_win(c),
              only=_TRUMP_ONLY,
              params=lambda c: {"trick": c["revoke_trick"]}),
    FactField("offending_side_tricks_from_revoke", "count",
              "play.defective.q.os_tricks_from_revoke", "64A", when=_restored_revoke_given,
              only=_REVOKE_ONLY, low=0),
    FactField("won_by", "seat", "play.defective.q.won_by", "64A2", when=_no_card_late,
              only="with Law 67B1", required=False, ask=False,
              params=lambda c: {"trick": c["trick"]}),
    FactField("declarer_tricks", "count", "play.defective.q.declarer_tricks", "64A2",
              when=lambda c: _no_card_late(c) or _restored_revoke_given(c),
              only="with Law 67B1, or 67B2's revoke", required=False, ask=False, low=0),
    FactField("offending_side_tricks", "count", "play.defective.q.offending_side_tricks", "64A2",
              when=_no_card_late, only="with Law 67B1", required=False, ask=False, low=0),
    FactField("vulnerable", "choice", "play.defective.q.vulnerable", "64A2", required=False,
              ask=False, choices=tuple(Choice(v, Msg(f"revoke.q.vul.{v}"))
                                       for v in ("None", "NS", "EW", "All"))),
)
#: What a session file can give before the first question.
START = ("contract", "declarer")
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> DefectiveTrickCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    trick = values["trick"]
    if values.get("after_next") and trick == 13:
        raise FactError("after_next", "no trick follows trick 13")
    if values.get("revoke_trick") is None and \
            (values.get("declarer_tricks") is None) != (values.get("offending_side_tricks") is None):
        raise FactError("offending_side_tricks" if values.get("declarer_tricks") is not None
                        else "declarer_tricks",
                        "give both the result and the offending side's tricks from the "
                        "defective trick on")
    os_tricks = values.get("offending_side_tricks")
    won_by = values.get("won_by")
    if won_by is not None and os_tricks == 0 and won_by.side is values["offender"].side:
        raise FactError("offending_side_tricks", f"0, but {won_by.english} of the offending "
                                                 f"side won trick {trick}")
    if os_tricks is not None and os_tricks > 14 - trick:
        raise FactError("offending_side_tricks", f"{os_tricks}, but only {14 - trick} tricks "
                                                 f"are played from trick {trick} on")
    revoke_trick = values.get("revoke_trick")
    if revoke_trick is not None:
        _check_restored(values, trick, revoke_trick)
    vulnerability = read_vulnerability(values.get("vulnerable"))
    return DefectiveTrickCase(values["contract"], trick, values["offender"],
                              TrickFault(values["fault"]),
                              after_next=bool(values.get("after_next")),
                              suit_led=values.get("suit_led"),
                              holds_suit=values.get("holds_suit"),
                              declarer_tricks=values.get("declarer_tricks"),
                              offending_side_tricks=os_tricks, vulnerable=vulnerability,
                              won_by=won_by, revoke_trick=revoke_trick,
                              restored=values.get("restored"),
                              revoke_card=values.get("revoke_card"),
                              revoke_trick_won_by=values.get("revoke_trick_won_by"),
                              offending_side_tricks_from_revoke=values.get(
                                  "offending_side_tricks_from_revoke"),
                              extra=None if values.get("extra") is None
                              else Extra(values["extra"]), card=values.get("card"),
                              deemed_led=values.get("deemed_led"),
                              inadvertent=values.get("inadvertent"),
                              **case_notes(values))


def read_vulnerability(vul: str | None) -> Vulnerability | None:
    """A case's ``vulnerable`` as read (``None``, ``NS``, ``EW``, ``All``), or None.

    :raises FactError: a vulnerability that is none.
    """
    try:
        return Vulnerability.from_pbn(vul) if vul is not None else None
    except InvalidTokenError:
        raise FactError("vulnerable", f"unknown vulnerability {vul!r}") from None


def _check_restored(values: Mapping[str, Any], trick: int, revoke_trick: int) -> None:
    """The facts of 67B2's revoke: another trick, a card of another suit played to it."""
    if revoke_trick == trick:
        raise FactError("revoke_trick", f"{trick} is the defective trick itself")
    restored, card = values["restored"], values["revoke_card"]
    if card.suit is restored.suit:
        raise FactError("revoke_card", f"{card.pbn()} follows suit to a trick led in "
                                       f"{restored.suit.value}: not a revoke (Law 61A)")
    if card == restored:
        raise FactError("revoke_card", "the restored card itself")
    check_revoke_tricks(values["offender"], revoke_trick, values.get("revoke_trick_won_by"),
                        values["offending_side_tricks_from_revoke"])
