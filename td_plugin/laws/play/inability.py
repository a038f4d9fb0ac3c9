"""Inability to lead or play as required: Law 59 of the Laws of Duplicate Bridge 2017.

- 59: a player may play any otherwise legal card if he is unable to lead or play as
  required to comply with a rectification, whether because he holds no card of the
  required suit, or because he has only cards of a suit he is prohibited from leading,
  or because he is obliged to follow suit;
- 61A: failing to lead or play, when able, a card or suit required by law or specified
  by an opponent in rectification of an irregularity is a revoke (Laws 62-64 then).

The requirement is one of the play period's rectifications: a lead of a suit required
or prohibited (50D2, 51B, 26B), or, for one trick, the highest or lowest card of the
suit led (57A1, 57A2) or a card of another suit required or forbidden (57A3, 57A4). What
the player can do is read from his holding (``cards``, all his cards at that turn): the
cards that comply, and otherwise the ones that are legal. Following suit comes first
(57A3, 57A4 bind only a player void in the suit led). With the card he led or played
(``played``) the ruling says whether he complied, could not, or failed when able.

The opening of 59 was read in the 2017 English as the EBU's Directors' forum quotes it
("A player may play any otherwise legal card if he is unable to lead or play as required
to comply with a rectification, whether because he holds no card of the required
suit..."); the other two reasons follow the earlier codes' text (the Swedish 1997
translation: void in the suit, only cards of the prohibited suit, obliged to follow
suit), which the 2017 opening continues. 57A, 57B were read in the 2017 English (pzbs.pl).

The case (kind ``cannot_comply``) is `InabilityCase`, ruled by `rule_inability`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, question_flow
from td_plugin.laws.play.ruling import (
    CaseNotes,
    PlayRuling,
    RulingBuilder,
    card_msg,
    cards_msg,
    case_notes,
    suit_msg,
)
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.rulings import TextEnum

__all__ = ["Requirement", "InabilityCase", "rule_inability", "complying", "FIELDS", "START",
           "flow", "answer", "question_by_id", "rule"]

CASE_KIND = "cannot_comply"


class Requirement(TextEnum):
    """What the player was required to do: lead a suit (or not), or, on one trick, play
    the highest or lowest card of the suit led, or a card of a suit (or not)."""

    LEAD_SUIT = "lead_suit"
    NOT_LEAD_SUIT = "not_lead_suit"
    HIGHEST = "highest"
    LOWEST = "lowest"
    PLAY_SUIT = "play_suit"
    NOT_PLAY_SUIT = "not_play_suit"

    @property
    def lead(self) -> bool:
        return self in (Requirement.LEAD_SUIT, Requirement.NOT_LEAD_SUIT)

    @property
    def suited(self) -> bool:
        return self not in (Requirement.HIGHEST, Requirement.LOWEST)


@dataclass(frozen=True)
class InabilityCase(CaseNotes):
    """``player`` must lead or play to ``trick`` as ``requirement`` says, holding
    ``holding``."""

    #: declarer's seat
    declarer: Seat
    #: who must lead or play
    player: Seat
    #: the trick
    trick: int
    #: what he is required to do
    requirement: Requirement
    #: his cards at that turn
    holding: tuple[Card, ...]
    #: the suit required or prohibited (not for highest, lowest)
    suit: Suit | None = None
    #: the suit led to the trick (a play, not a lead)
    suit_led: Suit | None = None
    #: the card he led or played, when he has
    played: Card | None = None


def legal_cards(case: InabilityCase) -> tuple[Card, ...]:
    """The cards he may legally lead or play, rectification aside: on lead any; else the
    suit led when he holds it."""
    if case.requirement.lead or case.suit_led is None:
        return case.holding
    follow = tuple(c for c in case.holding if c.suit is case.suit_led)
    return follow or case.holding


def complying(case: InabilityCase) -> tuple[Card, ...]:
    """The cards of his holding that comply with the requirement and are legal."""
    legal, req, suit = legal_cards(case), case.requirement, case.suit
    if req in (Requirement.HIGHEST, Requirement.LOWEST):
        led = [c for c in case.holding if c.suit is case.suit_led]
        if not led:
            return ()
        pick = max if req is Requirement.HIGHEST else min
        return (pick(led, key=lambda c: c.rank),)
    if req in (Requirement.LEAD_SUIT, Requirement.PLAY_SUIT):
        return tuple(c for c in legal if c.suit is suit)
    return tuple(c for c in legal if c.suit is not suit)


def _reason(case: InabilityCase) -> str:
    """Why he cannot comply (59): no card of the required suit, only cards of the
    prohibited one, or obliged to follow suit."""
    req = case.requirement
    follows = case.suit_led is not None and any(c.suit is case.suit_led for c in case.holding)
    if req is Requirement.PLAY_SUIT and follows:
        return "follow"
    if req in (Requirement.NOT_LEAD_SUIT, Requirement.NOT_PLAY_SUIT):
        return "only"
    return "none"


def rule_inability(case: InabilityCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    req = case.requirement
    params: dict[str, Any] = {"player": seat_name(case.player), "trick": case.trick,
                              "source": Msg(f"inability.source.{req}"),
                              "holding": cards_msg(case.holding)}
    if case.suit is not None:
        params["suit"] = suit_msg(case.suit)
    if case.suit_led is not None:
        params["led"] = suit_msg(case.suit_led)
    facts: dict[str, Any] = {"player": case.player.value, "requirement": str(req),
                             "holding": [c.pbn() for c in case.holding]}
    b.clause("59", f"inability.required.{req}", facts, params)
    can = complying(case)
    legal = legal_cards(case)
    out = facts | {"complying": [c.pbn() for c in can], "able": bool(can)}
    if can:
        b.clause("59", "inability.able", facts, params | {"cards": cards_msg(can)})
    else:
        b.clause("59", f"inability.unable.{_reason(case)}", facts,
                 params | {"cards": cards_msg(legal)})
    if case.played is not None:
        played = params | {"card": card_msg(case.played)}
        if case.played in can or (not can and case.played in legal):
            b.clause("59", "inability.played.legal", facts, played)
        elif can:
            b.clause("61A", "inability.played.revoke", facts, played | {"cards": cards_msg(can)})
            b.notes.append(Msg("inability.revoke.note", played))
        else:
            b.clause("61A", "inability.played.not_following", facts, played)
            b.notes.append(Msg("inability.revoke.note", played))
    return b.build(case.declarer, facts=out)


rule = rule_inability


# -- the case's facts --------------------------------------------------------------------------

def _suited(case: Mapping[str, Any]) -> bool:
    return Requirement(case["requirement"]).suited


def _play(case: Mapping[str, Any]) -> bool:
    return not Requirement(case["requirement"]).lead


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "inability.q.declarer", "59"),
    FactField("player", "seat", "inability.q.player", "59"),
    FactField("trick", "count", "inability.q.trick", "59"),
    FactField("requirement", "choice", "inability.q.requirement", "59",
              params=lambda c: {"player": seat_name(Seat(c["player"]))},
              choices=tuple(Choice(str(r), Msg(f"inability.requirement.{r}"))
                            for r in Requirement)),
    FactField("suit", "suit", "inability.q.suit", "59", when=_suited,
              only="for a suit required or prohibited"),
    FactField("suit_led", "suit", "inability.q.suit_led", "59", when=_play,
              only="for a play to a trick (not a lead)"),
    FactField("cards", "cards", "inability.q.holding", "59", more="inability.q.more",
              params=lambda c: {"player": seat_name(Seat(c["player"]))}),
    FactField("played", "card", "inability.q.played", "61A", required=False, ask=False),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> InabilityCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    holding = tuple(values["cards"])
    if len(holding) > 14 - values["trick"]:
        raise FactError("cards", f"{len(holding)} cards, but a player holds "
                                   f"{14 - values['trick']} at trick {values['trick']}")
    suit, led = values.get("suit"), values.get("suit_led")
    if suit is not None and suit is led:
        raise FactError("suit", "57A3 and 57A4 name a suit other than the one led")
    played = values.get("played")
    if played is not None and played not in holding:
        raise FactError("played", f"{played.pbn()} is not among the cards he held")
    return InabilityCase(values["declarer"], values["player"], values["trick"],
                         Requirement(values["requirement"]), holding,
                         suit=values.get("suit"), suit_led=values.get("suit_led"),
                         played=played, **case_notes(values))
