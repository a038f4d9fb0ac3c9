"""A card played, and when it may be taken back: Laws 45C, 45D, 45E and 47 of the Laws of
Duplicate Bridge 2017.

When a card is played (45C):

- 45C1: a defender's card held so that his partner could possibly see its face;
- 45C2: a card of declarer's held face up, touching or nearly touching the table, or
  maintained as if played;
- 45C3: a card of dummy's deliberately touched by declarer, except to arrange dummy's
  cards or to reach a card above or below it (that touch plays nothing);
- 45C4(a): a card a player names or otherwise designates as the one he plays.

A card once played may not be withdrawn (47F2) except:

- 47A: in the course of a rectification; 47B: to correct an illegal play (a defender's
  card withdrawn may be a penalty card, Law 49/50; a revoke is corrected under Law 62);
- 45C4(b), 47C: declarer may change an unintended designation of a card of dummy's (a
  slip of the tongue, not a loss of concentration or a change of mind) until he next
  plays a card from either hand; an opponent who then played in turn may withdraw his
  card and play another (47D, 16C);
- 47D: after an opponent's change of play, a card played may be withdrawn and another
  played, without rectification (16C, 62C2 may apply);
- 47E1: a lead or play made because an opponent said wrongly that it was his turn is
  withdrawn without rectification, and may not be accepted by his left-hand opponent;
- 47E2: a card played because of an opponent's mistaken explanation, before it was
  corrected, may be withdrawn without rectification while no card has been played to the
  trick after it; an opening lead not once dummy faced a card; later, the Director may
  adjust (47E2(b)).

45C1-45C4(a), 47 and the 2017 wording of 45C4(b) (until declarer next plays a card from
either hand) were read in English (thesmolens, the EBU's Directors' forum); 45C2's
wording follows the 2007 text. Whether a designation was unintended is the Director's
judgement: a decision of the ruling when the case does not give it. Where a player may
take his card back (47E2(a), 47D, and the opponent who played after a slip corrected
from dummy, 47D), the choice is his: a decision with its clause (``withdraw``,
``opponent_withdraws``).

Two more ways a card comes to the table are ruled by `td_plugin.laws.play.misplayed_cards`
with facts of their own instead of 47's: a card dummy placed without declarer naming it
(``how: placed_by_dummy``, 45D: ``in_time``, ``defender_followed``,
``declarer_followed``) and a fifth card played to a trick (``how: fifth_card``, 45E1 for
a defender's, 45E2 for declarer's or dummy's: ``deemed_led``, and for a defender's not
led ``trick`` and ``inadvertent``).

The case (kind ``played_card``) is `PlayedCardCase`, ruled by `rule_played_card`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow, seat_of, yes_no
from td_plugin.laws.play.misplayed_cards import rule_fifth_card, rule_placed_by_dummy
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

__all__ = ["PlayedCardCase", "rule_played_card", "HowPlayed", "Retraction", "HOW", "RETRACT",
           "FIELDS", "START", "flow", "answer", "question_by_id", "rule"]

CASE_KIND = "played_card"


class HowPlayed(TextEnum):
    """How a card came to be played (45C): a defender's held with its face where partner
    could see it, declarer's held face up, dummy's touched by declarer (or arranged, not
    played), or named."""

    HELD_FACE = "held_face"
    HELD_FACE_UP = "held_face_up"
    TOUCHED = "touched"
    ARRANGING = "arranging"
    NAMED = "named"
    #: dummy placed a card declarer did not name (45D)
    PLACED_BY_DUMMY = "placed_by_dummy"
    #: a fifth card played to a trick (45E)
    FIFTH_CARD = "fifth_card"


class Retraction(TextEnum):
    """Why someone wants a played card back (45C4(b), 47), or ``no`` one does."""

    NO = "no"
    UNINTENDED = "unintended"
    ILLEGAL = "illegal"
    MISINFORMED_TURN = "misinformed_turn"
    MISEXPLAINED = "misexplained"
    OPPONENT_CHANGED = "opponent_changed"
    CHANGE_OF_MIND = "change_of_mind"


#: How the card came to be played, by whose card it is, with the clause.
HOW = {"defender": {HowPlayed.HELD_FACE: "45C1", HowPlayed.NAMED: "45C4(a)",
                    HowPlayed.FIFTH_CARD: "45E1"},
       "declarer": {HowPlayed.HELD_FACE_UP: "45C2", HowPlayed.NAMED: "45C4(a)",
                    HowPlayed.FIFTH_CARD: "45E2"},
       "dummy": {HowPlayed.TOUCHED: "45C3", HowPlayed.ARRANGING: "45C3",
                 HowPlayed.NAMED: "45C4(a)", HowPlayed.PLACED_BY_DUMMY: "45D",
                 HowPlayed.FIFTH_CARD: "45E2"}}
#: The ways of 45D and 45E: ruled by `td_plugin.laws.play.misplayed_cards`, with facts of
#: their own instead of 47's.
MISPLAYED = (HowPlayed.PLACED_BY_DUMMY, HowPlayed.FIFTH_CARD)
#: Why it is to be taken back, with the clause that decides.
RETRACT = {Retraction.NO: "47F2", Retraction.UNINTENDED: "45C4(b)", Retraction.ILLEGAL: "47B",
           Retraction.MISINFORMED_TURN: "47E1", Retraction.MISEXPLAINED: "47E2",
           Retraction.OPPONENT_CHANGED: "47D", Retraction.CHANGE_OF_MIND: "47F2"}
_STAYS = (Retraction.NO, Retraction.CHANGE_OF_MIND)


@dataclass(frozen=True)
class PlayedCardCase(CaseNotes):
    """A card that became a played card (45C), and whether it may be taken back (47)."""

    #: declarer's seat
    declarer: Seat
    #: whose card it is; dummy's seat: a card of dummy's, played by declarer
    player: Seat
    #: the card
    card: Card
    #: how it became a played card (`HOW`)
    how: HowPlayed
    #: why someone wants it back (`RETRACT`)
    retract: Retraction = Retraction.NO
    #: declarer has since played a card from either hand (45C4(b))
    next_played: bool = False
    #: a card has been played to the trick after it (47E2(a))
    card_played_since: bool = False
    #: it is the opening lead and dummy has faced a card (47E2(a))
    dummy_faced: bool = False
    #: the Director's judgement that the designation was a slip (45C4(b))
    unintended: bool | None = None
    #: the player's own choice to take his card back when he may (47E2(a), 47D)
    withdraw: bool | None = None
    #: after a slip corrected from dummy, the choice of the opponent who played after it
    #: (47D)
    opponent_withdraws: bool | None = None
    #: 45D: attention was drawn before each side had played to the next trick
    in_time: bool | None = None
    #: 45D: a defender played a card after dummy's before attention was drawn
    defender_followed: bool | None = None
    #: 45D: declarer then played a card from his hand to that trick
    declarer_followed: bool | None = None
    #: 45E: the Director deems the fifth card was led
    deemed_led: bool | None = None
    #: 45E1: the trick the defender's fifth card was played to
    trick: int | None = None
    #: 45E1 with 50B: the defender's card below an honour was exposed inadvertently
    inadvertent: bool | None = None

    @property
    def role(self) -> str:
        if self.player is self.declarer:
            return "declarer"
        if self.player is self.declarer.partner:
            return "dummy"
        return "defender"


def rule_played_card(case: PlayedCardCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    params = {"player": seat_name(case.player), "card": card_msg(case.card),
              "declarer": seat_name(case.declarer)}
    facts = {"player": case.player.value, "card": case.card.pbn(), "how": str(case.how)}
    law = HOW[case.role][case.how]
    key = f"played.how.{case.how}"
    b.clause(law, key, facts, params)
    out = {**facts, "role": case.role, "retract": str(case.retract)}
    if case.how is HowPlayed.ARRANGING:
        return b.build(case.declarer, facts=out | {"played": False, "withdrawn": False})
    if case.how in MISPLAYED:
        ruled = rule_placed_by_dummy if case.how is HowPlayed.PLACED_BY_DUMMY else rule_fifth_card
        back = ruled(b, case, facts, params)
        if case.how is HowPlayed.FIFTH_CARD:  # never a card of the trick
            return b.build(case.declarer, facts=out | {"played": False, "withdrawn": back,
                                                       "deemed_led": case.deemed_led})
        return b.build(case.declarer, facts=out | {"played": not back, "withdrawn": back})
    withdrawn = _retraction(b, case, facts, params)
    return b.build(case.declarer, facts=out | {"played": True, "withdrawn": withdrawn})


def _retraction(b: RulingBuilder, case: PlayedCardCase, facts: dict[str, Any],
                params: dict[str, Any]) -> bool | None:
    """Whether the card may be taken back (None: the Director has still to judge)."""
    r = case.retract
    if r in _STAYS:
        b.clause("47F2", f"played.47F2.{r}", facts, params)
        return False
    if r is Retraction.UNINTENDED:
        if case.next_played:
            b.clause("45C4(b)", "played.45C4b.too_late", facts, params)
            return False
        if case.unintended is None:
            b.decide(None, "unintended", "45C4(b)", Msg("played.question.unintended", params),
                     (DecisionChoice(True, Msg("played.unintended.yes"), "45C4(b)"),
                      DecisionChoice(False, Msg("played.unintended.no"), "45C4(a)")))
            return None
        if not case.unintended:
            b.clause("45C4(b)", "played.45C4b.intended", facts, params)
            return False
        b.clause("45C4(b)", "played.45C4b", facts, params)
        b.clause("47D", "played.47D.after_change", facts, params)
        b.unauthorized.append(Msg("played.ui.opponents", params))
        opponent = params | {"opponent": seat_name(case.player.lho)}
        if case.opponent_withdraws is None:
            b.decide(case.player.lho, "opponent_withdraws", "47D",
                     Msg("played.question.opponent_withdraws", opponent),
                     (DecisionChoice(True, Msg("played.withdraw.yes"), "47D"),
                      DecisionChoice(False, Msg("played.withdraw.no"), "47D")))
        else:
            b.clause("47D", "played.opponent_withdrew" if case.opponent_withdraws
                     else "played.opponent_kept", facts, opponent)
        return True
    if r is Retraction.ILLEGAL:
        key = "played.47B.defender" if case.role == "defender" else "played.47B"
        b.clause("47B", key, facts, params)
        return True
    if r is Retraction.MISINFORMED_TURN:
        b.clause("47E1", "played.47E1", facts, params)
        b.clause("16C", "played.16C", facts, params)
        return True
    if r is Retraction.MISEXPLAINED:
        if case.card_played_since or case.dummy_faced:
            key = "played.47E2.dummy_faced" if case.dummy_faced else "played.47E2.too_late"
            b.clause("47E2(a)", key, facts, params)
            b.clause("47E2(b)", "played.47E2b", facts, params)
            b.adjust.append("47E2(b)")
            return False
        b.clause("47E2(a)", "played.47E2a", facts, params)
        return _own_choice(b, case, "47E2(a)", facts, params)
    b.clause("47D", "played.47D", facts, params)  # after an opponent's change of play
    return _own_choice(b, case, "47D", facts, params)


def _own_choice(b: RulingBuilder, case: PlayedCardCase, law: str, facts: dict[str, Any],
                params: dict[str, Any]) -> bool | None:
    """47E2(a), 47D: the player may take his card back: his decision, then 16C for the
    card withdrawn."""
    if case.withdraw is None:
        b.decide(case.player, "withdraw", law, Msg("played.question.withdraw", params),
                 (DecisionChoice(True, Msg("played.withdraw.yes"), law),
                  DecisionChoice(False, Msg("played.withdraw.no"), law)))
        return None
    slug = law.replace("(", "").replace(")", "")
    if not case.withdraw:
        b.clause(law, f"played.kept.{slug}", facts | {"withdrawn": False}, params)
        return False
    b.clause(law, f"played.withdrawn.{slug}", facts | {"withdrawn": True}, params)
    b.clause("16C", "played.16C", facts, params)
    return True


rule = rule_played_card


# -- the case's facts --------------------------------------------------------------------------

def _role(case: Mapping[str, Any]) -> str | None:
    declarer, player = seat_of(case, "declarer"), seat_of(case, "player")
    if declarer is None or player is None:
        return None
    return "declarer" if player is declarer else "dummy" if player is declarer.partner \
        else "defender"


def _hows(case: Mapping[str, Any]) -> tuple[Choice, ...]:
    role = _role(case) or "defender"
    return tuple(Choice(str(h), Msg(f"played.how.{h}.label"), (law, Msg("played.leads.played")
                 if h not in (HowPlayed.ARRANGING, *MISPLAYED)
                 else Msg("played.leads.not_played" if h is HowPlayed.ARRANGING
                          else "played.leads.misplayed")))
                 for h, law in HOW[role].items())


def _retracts(case: Mapping[str, Any]) -> tuple[Choice, ...]:
    allowed = [r for r in RETRACT if r is not Retraction.UNINTENDED or _role(case) == "dummy"]
    return tuple(Choice(str(r), Msg(f"played.retract.{r}"), (RETRACT[r], Msg(
        "played.leads.stays" if r in _STAYS else "played.leads.back")))
        for r in allowed)


def _played(case: Mapping[str, Any]) -> bool:
    return case.get("how") not in (None, HowPlayed.ARRANGING, *MISPLAYED)


def _placed(case: Mapping[str, Any]) -> bool:
    return case.get("how") == HowPlayed.PLACED_BY_DUMMY


def _fifth(case: Mapping[str, Any]) -> bool:
    return case.get("how") == HowPlayed.FIFTH_CARD


def _fifth_by_defender(case: Mapping[str, Any]) -> bool:
    """45E1: a defender's fifth card not deemed led: a penalty card."""
    return _fifth(case) and _role(case) == "defender" and case.get("deemed_led") is False


def _low_card(case: Mapping[str, Any]) -> bool:
    card = str(case.get("card") or "")
    return len(card) == 2 and card[1].upper() in "98765432"


def _may_withdraw(case: Mapping[str, Any]) -> bool:
    """47D after an opponent's change of play; 47E2(a) while no card followed it."""
    r = case.get("retract")
    return r == Retraction.OPPONENT_CHANGED or (
        r == Retraction.MISEXPLAINED and case.get("dummy_faced") is not True
        and case.get("card_played_since") is not True)


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "played.q.declarer", "45"),
    FactField("player", "seat", "played.q.player", "45C"),
    FactField("card", "card", "played.q.card", "45C",
              params=lambda c: {"player": seat_name(Seat(c["player"]))}),
    FactField("how", "choice", "played.q.how", "45C", choices=_hows),
    FactField("retract", "choice", "played.q.retract", "47", when=_played, required=False,
              only="for a card played", choices=_retracts),
    FactField("next_played", "bool", "played.q.next_played", "45C4(b)",
              when=lambda c: c.get("retract") == Retraction.UNINTENDED,
              only="for an unintended designation (Law 45C4(b))", required=False,
              choices=yes_no(("45C4(b)", Msg("played.leads.too_late")), None)),
    FactField("dummy_faced", "bool", "played.q.dummy_faced", "47E2(a)",
              when=lambda c: c.get("retract") == Retraction.MISEXPLAINED,
              only="for a card played after a mistaken explanation (Law 47E2)",
              required=False, choices=yes_no(("47E2(a)", Msg("played.leads.too_late")), None)),
    FactField("card_played_since", "bool", "played.q.card_played_since", "47E2(a)",
              when=lambda c: c.get("retract") == Retraction.MISEXPLAINED
              and c.get("dummy_faced") is not True,
              only="for a card played after a mistaken explanation (Law 47E2)",
              required=False, choices=yes_no(("47E2(a)", Msg("played.leads.too_late")), None)),
    FactField("unintended", "bool", "played.question.unintended", "45C4(b)", decision=True,
              required=False,
              when=lambda c: c.get("retract") == Retraction.UNINTENDED
              and c.get("next_played") is not True,
              only="for an unintended designation not yet followed by declarer's next card"),
    FactField("withdraw", "bool", "played.question.withdraw", "47D", decision=True,
              required=False, when=_may_withdraw,
              only="when the player may take his card back (Laws 47E2(a), 47D)"),
    FactField("opponent_withdraws", "bool", "played.question.opponent_withdraws", "47D",
              decision=True, required=False,
              when=lambda c: c.get("retract") == Retraction.UNINTENDED and c.get("unintended") is True
              and c.get("next_played") is not True,
              only="after an unintended designation from dummy was changed (Law 47D)"),
    FactField("in_time", "bool", "played.q.in_time", "45D", when=_placed,
              only="for a card dummy placed without declarer naming it (Law 45D)",
              choices=yes_no(("45D", Msg("played.leads.to_hand")),
                             ("45D", Msg("played.leads.too_late")))),
    FactField("defender_followed", "bool", "played.q.defender_followed", "45D",
              when=lambda c: _placed(c) and c.get("in_time") is True,
              only="when dummy's card is withdrawn (Law 45D)"),
    FactField("declarer_followed", "bool", "played.q.declarer_followed", "45D",
              when=lambda c: _placed(c) and c.get("in_time") is True
              and c.get("defender_followed") is True,
              only="when a defender played after dummy's card (Law 45D)"),
    FactField("deemed_led", "bool", "played.q.deemed_led", "45E", when=_fifth,
              only="for a fifth card played to a trick (Law 45E)"),
    FactField("trick", "count", "played.q.trick", "45E1", when=_fifth_by_defender,
              only="for a defender's fifth card not deemed led (Law 45E1)"),
    FactField("inadvertent", "bool", "played.q.inadvertent", "50B",
              when=lambda c: _fifth_by_defender(c) and _low_card(c),
              only="for a defender's fifth card below an honour (Laws 45E1, 50B)"),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> PlayedCardCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    case = PlayedCardCase(values["declarer"], values["player"], values["card"],
                          HowPlayed(values["how"]),
                          retract=Retraction(values.get("retract") or Retraction.NO),
                          next_played=bool(values.get("next_played")),
                          card_played_since=bool(values.get("card_played_since")),
                          dummy_faced=bool(values.get("dummy_faced")),
                          unintended=values.get("unintended"),
                          withdraw=values.get("withdraw"),
                          opponent_withdraws=values.get("opponent_withdraws"),
                          in_time=values.get("in_time"),
                          defender_followed=values.get("defender_followed"),
                          declarer_followed=values.get("declarer_followed"),
                          deemed_led=values.get("deemed_led"), trick=values.get("trick"),
                          inadvertent=values.get("inadvertent"),
                          **case_notes(values))
    if case.how not in HOW[case.role]:
        raise FactError("how", f"{str(case.how)!r} is not how a card of {case.role}'s is "
                               f"played ({', '.join(HOW[case.role])})")
    if case.retract is Retraction.UNINTENDED and case.role != "dummy":
        raise FactError("retract", "only declarer's designation of a card of dummy's can be "
                                   "changed as unintended (Law 45C4(b))")
    return case
