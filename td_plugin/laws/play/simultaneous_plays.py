"""Simultaneous leads or plays: Law 58 of the Laws of Duplicate Bridge 2017.

- 58A: a lead or play made at the same time as another player's legal lead or play is
  deemed to come after it: if its player is the next in rotation it is simply his play;
  a defender who so played before his partner made a premature play (57A); one whose
  partner made the legal lead or play played at his right-hand opponent's turn (57D: a
  card that can legally be played to the trick is played at his proper turn, otherwise
  it becomes a major penalty card; Law 16 may apply); declarer's card is a played card
  (57C3);
- 58B1: a player who leads or plays two or more cards at once, only one face visible:
  that card is played, the others (``hidden``, when the case names them) go back to the
  hand, no further rectification (47F);
- 58B2: more than one face visible: the offender designates the card he plays; a
  defender's other visible cards become penalty cards (Law 50);
- 58B3: an opponent who played to the trick after it may withdraw his card and play
  another, without further rectification (16C applies): his decision
  (``opponent_withdraws``);
- 58B4: discovered only after both sides played to the next trick: Law 67 (a defective
  trick), ruled in the same case: 67B2 leaves among the played cards the one faced in
  playing (``left``; one visible card: that one) and puts the others back into the hand,
  deemed to have been there throughout; when the offender then did not play one of them
  to a trick led in its suit (``restored_revoke``), that is a revoke, ruled by the revoke
  engine as a defective trick's (`td_plugin.laws.play.defective_tricks.rule_restored_revoke_in_case`,
  with the same facts: ``contract``, ``revoke_trick``, ``restored``, ``revoke_card``,
  ``revoke_trick_won_by``, ``offending_side_tricks_from_revoke``; the result
  ``declarer_tricks`` and ``vulnerable`` a case file's details).

The 2017 English text was read (pzbs.pl), and that of Law 57. Ruling 58A's "deemed
subsequent" card of a defender who is not next in rotation as a premature play of Law 57
follows the EBU's Directors' forum; this module states it, rules 57D (with ``legal``,
whether the card can legally be played to the trick) and leaves declarer's options of
57A to a premature-play case (`td_plugin.laws.play.premature_plays`).

The case (kind ``simultaneous_play``) is `SimultaneousCase`, ruled by `rule_simultaneous`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow, seat_choices, seat_of, yes_no
from td_plugin.laws.play.defective_tricks import (
    RestoredRevoke,
    check_revoke_tricks,
    read_vulnerability,
    revoke_card_may_win,
    rule_restored_revoke_in_case,
)
from td_plugin.laws.play.penalty_cards import (
    earlier_fields,
    penalty_cards_clauses,
    read_earlier,
    stand_penalty_cards,
)
from td_plugin.laws.play.ruling import (
    CaseNotes,
    DecisionChoice,
    PlayRuling,
    RulingBuilder,
    card_msg,
    cards_msg,
    case_notes,
)
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.rulings import TextEnum

__all__ = ["SimultaneousCards", "SimultaneousCase", "rule_simultaneous", "FIELDS", "START", "flow", "answer",
           "question_by_id", "rule"]

CASE_KIND = "simultaneous_play"


class SimultaneousCards(TextEnum):
    """What was played at once (58): cards of two players, or several cards of one."""

    TWO_PLAYERS = "two_players"
    ONE_PLAYER = "one_player"


@dataclass(frozen=True)
class SimultaneousCase(CaseNotes):
    """Cards led or played at the same time (58): two players' cards, or one player's."""

    #: declarer's seat
    declarer: Seat
    #: the trick
    trick: int
    #: ``two_players`` (58A) or ``one_player`` (58B)
    what: SimultaneousCards
    #: two players: whose lead or play was legal
    legal_by: Seat | None = None
    #: two players: who played at the same moment
    other: Seat | None = None
    #: two players: the card ``other`` played
    other_card: Card | None = None
    #: one player: who led or played the cards at once
    offender: Seat | None = None
    #: one player: the cards whose faces were visible
    cards: tuple[Card, ...] = ()
    #: one player: the card he designates (58B2)
    played: Card | None = None
    #: one player: an opponent has played to the trick after the cards (58B3)
    opponent_played_after: bool = False
    #: one player: found only after both sides played to the next trick (58B4)
    discovered_late: bool = False
    #: two players: whether ``other_card`` can legally be played to the trick (57D; None:
    #: not known)
    legal: bool | None = None
    #: that opponent's choice to withdraw his card and play another (58B3)
    opponent_withdraws: bool | None = None
    #: one player, one face visible: the cards whose faces were not seen (58B1)
    hidden: tuple[Card, ...] = ()
    #: found late (58B4, 67B2): the card faced in playing, left among the played cards
    left: Card | None = None
    #: found late: whether the offender then failed to play a restored card to a trick led
    #: in its suit (None: not said)
    restored_revoke: bool | None = None
    #: that revoke's facts (67B2): the contract, the trick, the card restored, the card
    #: played to it, who won it, the offending side's tricks from it on, the result
    contract: Contract | None = None
    revoke_trick: int | None = None
    restored: Card | None = None
    revoke_card: Card | None = None
    revoke_trick_won_by: Seat | None = None
    offending_side_tricks_from_revoke: int | None = None
    declarer_tricks: int | None = None
    vulnerable: Vulnerability | None = None
    #: a defender offender's penalty cards already on the table (50B)
    earlier: tuple[Card, ...] = ()


def rule_simultaneous(case: SimultaneousCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    if case.what is SimultaneousCards.TWO_PLAYERS:
        return _two_players(b, case)
    assert case.offender is not None
    offender, cards = case.offender, case.cards
    params = {"offender": seat_name(offender), "cards": cards_msg(cards), "trick": case.trick}
    facts = {"offender": offender.value, "cards": [c.pbn() for c in cards], "trick": case.trick}
    out = {**facts, "what": str(case.what)}
    if case.discovered_late:
        return _found_late(b, case, facts, params, out)
    if len(cards) == 1:
        if case.hidden:
            b.clause("58B1", "simultaneous.58B1.hidden",
                     facts | {"hidden": [c.pbn() for c in case.hidden]},
                     params | {"card": card_msg(cards[0]), "hidden": cards_msg(case.hidden)})
        else:
            b.clause("58B1", "simultaneous.58B1", facts, params | {"card": card_msg(cards[0])})
        b.clause("47F", "simultaneous.47F", facts, params)
        return b.build(case.declarer, facts=out | {"played": cards[0].pbn()})
    b.clause("58B2", "simultaneous.58B2", facts, params)
    if case.played is None:
        b.decide(offender, "played", "58B2", Msg("simultaneous.question", params),
                 tuple(DecisionChoice(c.pbn(), card_msg(c), "58B2") for c in cards))
        return b.build(case.declarer, facts=out | {"played": None})
    others = tuple(c for c in cards if c is not case.played)
    chosen = params | {"card": card_msg(case.played), "others": cards_msg(others)}
    if offender.side is case.declarer.side:
        b.clause("58B2", "simultaneous.58B2.declarer", facts | {"played": case.played.pbn()},
                 chosen)
    else:
        b.clause("58B2", "simultaneous.58B2.defender", facts | {"played": case.played.pbn()},
                 chosen)
        major = penalty_cards_clauses(b, offender, others, case.trick, deliberate=False,
                                      earlier=case.earlier)
        stand_penalty_cards(b, offender, others + case.earlier, case.trick, major)
    if case.opponent_played_after:
        b.clause("58B3", "simultaneous.58B3", facts, chosen)
        opponent = chosen | {"opponent": seat_name(offender.lho)}
        if case.opponent_withdraws is None:
            b.decide(offender.lho, "opponent_withdraws", "58B3",
                     Msg("simultaneous.question.opponent_withdraws", opponent),
                     (DecisionChoice(True, Msg("played.withdraw.yes"), "58B3"),
                      DecisionChoice(False, Msg("played.withdraw.no"), "58B3")))
        else:
            b.clause("58B3", "simultaneous.58B3.withdrawn" if case.opponent_withdraws
                     else "simultaneous.58B3.kept", facts, opponent)
        b.clause("16C", "simultaneous.16C", facts, chosen)
    return b.build(case.declarer, facts=out | {"played": case.played.pbn()})


def _found_late(b: RulingBuilder, case: SimultaneousCase, facts: dict[str, Any],
                params: dict[str, Any], out: dict[str, Any]) -> PlayRuling:
    """58B4: found after both sides played to the next trick: Law 67B2 in this case, and
    the revoke of a card put back, when the case gives it."""
    assert case.offender is not None
    left = case.left if case.left is not None else case.cards[0]
    back = tuple(c for c in case.cards if c != left) + case.hidden
    b.clause("58B4", "simultaneous.58B4", facts, params)
    b.clause("67B2", "play.defective.67B2", facts, params)
    b.clause("67B2", "simultaneous.67B2.left" if back else "simultaneous.67B2.left_only",
             facts | {"left": left.pbn(), "restored": [c.pbn() for c in back]},
             params | {"card": card_msg(left), "restored": cards_msg(back)})
    out = out | {"left": left.pbn()}
    if not case.restored_revoke:
        if case.restored_revoke is None:
            b.notes.append(Msg("play.defective.67B2.note", params))
        else:
            b.clause("67B2", "simultaneous.67B2.no_revoke", facts, params)
        return b.build(case.declarer, facts=out)
    assert case.contract is not None and case.restored is not None \
        and case.revoke_card is not None and case.revoke_trick is not None \
        and case.offender is not None
    found = RestoredRevoke(case.contract, case.offender, case.restored, case.revoke_card,
                           case.revoke_trick, case.revoke_trick_won_by,
                           case.offending_side_tricks_from_revoke, case.declarer_tricks,
                           case.vulnerable)
    return rule_restored_revoke_in_case(b, case.declarer, found, out)


def _two_players(b: RulingBuilder, case: SimultaneousCase) -> PlayRuling:
    """58A: the other card is deemed played after the legal one."""
    assert case.legal_by is not None and case.other is not None and case.other_card is not None
    legal_by, other = case.legal_by, case.other
    params = {"legal": seat_name(legal_by), "other": seat_name(other),
              "card": card_msg(case.other_card), "trick": case.trick}
    facts = {"legal_by": legal_by.value, "other": other.value,
             "other_card": case.other_card.pbn(), "trick": case.trick}
    b.clause("58A", "simultaneous.58A", facts, params)
    out = {**facts, "what": str(case.what)}
    if other is legal_by.lho:
        b.clause("58A", "simultaneous.58A.in_turn", facts, params)
        return b.build(case.declarer, facts=out | {"premature": False})
    if other.side is case.declarer.side:
        b.clause("57C3", "simultaneous.57C3", facts, params)
        return b.build(case.declarer, facts=out | {"premature": False})
    if legal_by is not other.partner:
        b.clause("57A", "simultaneous.57A", facts, params)
        b.notes.append(Msg("simultaneous.57.note", params))
        return b.build(case.declarer, facts=out | {"premature": True})
    # his partner made the legal lead or play: he played at his right-hand opponent's turn
    b.clause("57D", "simultaneous.57D", facts, params)
    b.clause("16", "premature.16", facts, {"partner": seat_name(legal_by)})
    b.adjust.append("16B")
    if case.legal is None:
        b.clause("57D", "simultaneous.57D.if", facts, params)
    elif case.legal:
        b.clause("57D", "premature.57D.legal", facts | {"legal": True}, params)
    else:
        b.clause("57D", "premature.57D.illegal", facts | {"legal": False}, params)
        major = penalty_cards_clauses(b, other, (case.other_card,), case.trick,
                                      deliberate=True)
        stand_penalty_cards(b, other, (case.other_card,), case.trick, major)
    return b.build(case.declarer, facts=out | {"premature": True})


rule = rule_simultaneous


# -- the case's facts --------------------------------------------------------------------------

def _two(case: Mapping[str, Any]) -> bool:
    return case.get("what") == SimultaneousCards.TWO_PLAYERS


def _one(case: Mapping[str, Any]) -> bool:
    return case.get("what") == SimultaneousCards.ONE_PLAYER


def _others(case: Mapping[str, Any]) -> tuple[Choice, ...]:
    legal = case.get("legal_by")
    return seat_choices(tuple(s.value for s in Seat if s.value != legal))


def _after_partner(case: Mapping[str, Any]) -> bool:
    """Two players' cards, the other a defender whose partner made the legal one (57D)."""
    legal, other, declarer = (seat_of(case, k) for k in ("legal_by", "other", "declarer"))
    if not _two(case) or legal is None or other is None or declarer is None:
        return False
    return other is legal.partner and other.side is not declarer.side


def _visible(case: Mapping[str, Any]) -> list[str]:
    return [c for c in case.get("cards") or [] if c]


def _defending(case: Mapping[str, Any]) -> bool:
    declarer, offender = seat_of(case, "declarer"), seat_of(case, "offender")
    return declarer is not None and offender is not None and offender.side is not declarer.side


def _late(case: Mapping[str, Any]) -> bool:
    return _one(case) and case.get("discovered_late") is True


def _late_revoke(case: Mapping[str, Any]) -> bool:
    return _late(case) and case.get("restored_revoke") is True


def _put_back(case: Mapping[str, Any]) -> tuple[Choice, ...]:
    """The cards 67B2 puts back into the hand: the visible ones not left, the hidden."""
    visible = _visible(case)
    left = case.get("left") if len(visible) > 1 else visible[0] if visible else None
    cards = [c for c in visible if c != left] + [c for c in case.get("hidden") or [] if c]
    return tuple(Choice(x, card_msg(Card.from_pbn(x))) for x in cards)


_LATE_REVOKE = "when a card put back was then not played to a trick led in its suit " \
               "(restored_revoke: true, Law 67B2)"


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "simultaneous.q.declarer", "58"),
    FactField("trick", "count", "simultaneous.q.trick", "58"),
    FactField("what", "choice", "simultaneous.q.what", "58",
              choices=(Choice(str(SimultaneousCards.TWO_PLAYERS), Msg("simultaneous.what.two_players"),
                              ("58A", Msg("simultaneous.leads.58A"))),
                       Choice(str(SimultaneousCards.ONE_PLAYER), Msg("simultaneous.what.one_player"),
                              ("58B", Msg("simultaneous.leads.58B"))))),
    FactField("legal_by", "seat", "simultaneous.q.legal_by", "58A", when=_two,
              only="for two players' cards (what: two_players)"),
    FactField("other", "seat", "simultaneous.q.other", "58A", when=_two, choices=_others,
              only="for two players' cards (what: two_players)"),
    FactField("other_card", "card", "simultaneous.q.other_card", "58A", when=_two,
              only="for two players' cards (what: two_players)",
              params=lambda c: {"other": seat_name(Seat(c["other"]))}),
    FactField("legal", "bool", "simultaneous.q.legal", "57D", when=_after_partner,
              only="when a defender's card came at the same time as his partner's (Law 57D)",
              required=False,
              params=lambda c: {"other": seat_name(Seat(c["other"])),
                                "card": card_msg(Card.from_pbn(c["other_card"]))},
              choices=yes_no(("57D", Msg("premature.leads.57D.legal")),
                             ("57D", Msg("premature.leads.57D.illegal")))),
    FactField("offender", "seat", "simultaneous.q.offender", "58B", when=_one,
              only="for one player's cards (what: one_player)"),
    FactField("cards", "cards", "simultaneous.q.cards", "58B", when=_one,
              only="for one player's cards (what: one_player)", more="simultaneous.q.more"),
    FactField("hidden", "cards", "simultaneous.q.hidden", "58B1", required=False, ask=False,
              when=lambda c: _one(c) and len(_visible(c)) == 1,
              only="with one visible card (Law 58B1)"),
    FactField("discovered_late", "bool", "simultaneous.q.discovered_late", "58B4", when=_one,
              only="for one player's cards", required=False,
              choices=yes_no(("58B4", Msg("simultaneous.leads.58B4")), None)),
    FactField("left", "choice", "simultaneous.q.left", "67B2",
              when=lambda c: _late(c) and len(_visible(c)) > 1,
              only="when more than one card was visible and it was found late (Law 67B2)",
              choices=lambda c: tuple(Choice(x, card_msg(Card.from_pbn(x)))
                                      for x in _visible(c))),
    FactField("restored_revoke", "bool", "simultaneous.q.restored_revoke", "67B2",
              when=lambda c: _late(c) and bool(_put_back(c)),
              only="when it was found late (Law 58B4) and a card is put back", required=False,
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              choices=yes_no(("67B2", Msg("simultaneous.leads.67B2.revoke")),
                             ("67B2", Msg("simultaneous.leads.67B2.no_revoke")))),
    FactField("contract", "contract", "play.defective.q.contract", "64", when=_late_revoke,
              only=_LATE_REVOKE),
    FactField("revoke_trick", "count", "play.defective.q.revoke_trick", "67B2",
              when=_late_revoke, only=_LATE_REVOKE, high=12),
    FactField("restored", "choice", "simultaneous.q.restored", "67B2", when=_late_revoke,
              only=_LATE_REVOKE, choices=_put_back),
    FactField("revoke_card", "card", "play.defective.q.revoke_card", "61A",
              when=_late_revoke, only=_LATE_REVOKE,
              params=lambda c: {"revoke_trick": c["revoke_trick"]},
              exclude=lambda c: str(c["restored"])[0].upper()),
    FactField("revoke_trick_won_by", "seat", "play.defective.q.revoke_trick_won_by", "64A",
              when=lambda c: _late_revoke(c) and revoke_card_may_win(c),
              only="when the revoke card is a trump, which alone could have won the trick "
                   "(Law 44)", params=lambda c: {"trick": c["revoke_trick"]}),
    FactField("offending_side_tricks_from_revoke", "count",
              "play.defective.q.os_tricks_from_revoke", "64A", when=_late_revoke,
              only=_LATE_REVOKE, low=0),
    FactField("declarer_tricks", "count", "play.defective.q.declarer_tricks", "64A",
              when=_late_revoke, only=_LATE_REVOKE, required=False, ask=False, low=0),
    FactField("vulnerable", "choice", "play.defective.q.vulnerable", "64A", required=False,
              when=_late_revoke, only=_LATE_REVOKE, ask=False,
              choices=tuple(Choice(v, Msg(f"revoke.q.vul.{v}"))
                            for v in ("None", "NS", "EW", "All"))),
    *earlier_fields("58B2", lambda c: _one(c) and len(_visible(c)) > 1
                    and c.get("discovered_late") is not True and _defending(c), ask=False),
    FactField("opponent_played_after", "bool", "simultaneous.q.opponent_played_after", "58B3",
              when=lambda c: _one(c) and len(_visible(c)) > 1
              and c.get("discovered_late") is not True,
              only="when more than one card was visible (Law 58B3)", required=False,
              choices=yes_no(("58B3", Msg("simultaneous.leads.58B3")), None)),
    FactField("played", "choice", "simultaneous.question", "58B2", decision=True,
              required=False,
              when=lambda c: _one(c) and len(_visible(c)) > 1
              and c.get("discovered_late") is not True,
              only="when more than one card was visible (Law 58B2)",
              choices=lambda c: tuple(Choice(x, card_msg(Card.from_pbn(x)))
                                      for x in _visible(c))),
    FactField("opponent_withdraws", "bool", "simultaneous.question.opponent_withdraws",
              "58B3", decision=True, required=False,
              when=lambda c: _one(c) and c.get("opponent_played_after") is True
              and c.get("played") is not None,
              only="when an opponent played to the trick after the cards (Law 58B3)"),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> SimultaneousCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    played = values.get("played")
    cards = tuple(values.get("cards") or ())
    hidden = tuple(values.get("hidden") or ())
    if set(hidden) & set(cards):
        raise FactError("hidden", "a card both visible and hidden")
    if values.get("legal_by") is not None and values.get("other") is values.get("legal_by"):
        raise FactError("other", "the two cards come from two players")
    late = _late_facts(values, cards, hidden)
    late["earlier"] = read_earlier(values, cards)
    return SimultaneousCase(values["declarer"], values["trick"], SimultaneousCards(values["what"]),
                            legal_by=values.get("legal_by"), other=values.get("other"),
                            other_card=values.get("other_card"), offender=values.get("offender"),
                            cards=cards, played=Card.from_pbn(played) if played else None,
                            opponent_played_after=bool(values.get("opponent_played_after")),
                            discovered_late=bool(values.get("discovered_late")),
                            legal=values.get("legal"),
                            opponent_withdraws=values.get("opponent_withdraws"),
                            hidden=hidden, **late, **case_notes(values))


def _late_facts(values: Mapping[str, Any], cards: tuple[Card, ...],
                hidden: tuple[Card, ...]) -> dict[str, Any]:
    """58B4's facts (67B2) as read, checked together."""
    if not values.get("discovered_late"):
        return {}
    left = values.get("left")
    left = Card.from_pbn(left) if isinstance(left, str) else left
    out: dict[str, Any] = {"left": left, "restored_revoke": values.get("restored_revoke")}
    if not values.get("restored_revoke"):
        return out
    contract = values["contract"]
    trick, revoke_trick = values["trick"], values["revoke_trick"]
    restored = Card.from_pbn(values["restored"])
    if revoke_trick == trick:
        raise FactError("revoke_trick", f"{trick} is the trick the cards were played to")
    card = values["revoke_card"]
    if card.suit is restored.suit or card in cards + hidden:
        raise FactError("revoke_card", f"{card.pbn()} is not a revoke on a trick led in "
                                       f"{restored.suit.value} (Law 61A)")
    os_tricks = values["offending_side_tricks_from_revoke"]
    won_by = values.get("revoke_trick_won_by")
    check_revoke_tricks(values["offender"], revoke_trick, won_by, os_tricks)
    return out | {"contract": contract, "revoke_trick": revoke_trick, "restored": restored,
                  "revoke_card": card, "revoke_trick_won_by": won_by,
                  "offending_side_tricks_from_revoke": os_tricks,
                  "declarer_tricks": values.get("declarer_tricks"),
                  "vulnerable": read_vulnerability(values.get("vulnerable"))}
