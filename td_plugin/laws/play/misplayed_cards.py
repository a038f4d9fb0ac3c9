"""A card dummy places that declarer did not name, and a fifth card played to a trick:
Law 45D and 45E of the Laws of Duplicate Bridge 2017 (rules of the kind ``played_card``,
`td_plugin.laws.play.played_cards`).

- 45D: if dummy places in the played position a card that declarer did not name, the
  card must be withdrawn if attention is drawn to it before each side has played to the
  next trick; a defender may withdraw and return to his hand a card he played after the
  error and before attention was drawn to it; if declarer's right-hand opponent changes
  his play, declarer may withdraw a card he had since played to that trick (16C: what
  the withdrawn cards show is authorized for the defenders, unauthorized for declarer).
  Drawn later, the card is not withdrawn: the law gives withdrawal only before each side
  has played to the next trick (our reading: the trick stands as played).
- 45E1: a fifth card played to a trick by a defender becomes a penalty card (Law 50),
  unless the Director deems that it was led, when Law 53 or 56 applies (a lead out of
  turn).
- 45E2: a fifth card played by declarer from his own hand or from dummy is returned to
  the hand without further rectification, unless the Director deems that it was led,
  when Law 55 applies (declarer's lead out of turn).

The 2017 English of 45D was read as quoted on the EBU's Directors' forum and bridgevid,
and the law's structure in the 2017 Polish (pzbs.pl, p45). The 2017 English of 45E1 and
45E2 was not seen: the wording above is the law's as 67A2 cites it ("Law 45E (Fifth Card
Played to a Trick)") and as known from the 2007 text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from td_plugin.laws.play.penalty_cards import penalty_cards_clauses, stand_penalty_cards
from td_plugin.laws.play.ruling import RulingBuilder, card_msg
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Seat

if TYPE_CHECKING:
    from td_plugin.laws.play.played_cards import PlayedCardCase

__all__ = ["rule_placed_by_dummy", "rule_fifth_card", "FifthCard", "fifth_card_clauses"]


def rule_placed_by_dummy(b: RulingBuilder, case: PlayedCardCase, facts: dict[str, Any],
                         params: dict[str, Any]) -> bool:
    """45D: whether dummy's card is withdrawn, and the defenders' and declarer's cards
    after it."""
    if not case.in_time:
        b.clause("45D", "played.45D.too_late", facts, params)
        return False
    b.clause("45D", "played.45D.withdrawn", facts, params)
    rho = params | {"rho": seat_name(case.declarer.rho)}
    if case.defender_followed:
        b.clause("45D", "played.45D.defender", facts, rho)
        if case.declarer_followed:
            b.clause("45D", "played.45D.declarer", facts, rho)
        b.clause("16C", "played.45D.16C", facts, params)
        b.unauthorized.append(Msg("played.45D.ui", params))
    return True


def rule_fifth_card(b: RulingBuilder, case: PlayedCardCase, facts: dict[str, Any],
                    params: dict[str, Any]) -> bool:
    """45E1, 45E2 for a ``played_card`` case; True when the card goes back to the hand."""
    assert case.deemed_led is not None
    return fifth_card_clauses(b, FifthCard(case.declarer, case.player, case.card,
                                           case.deemed_led, case.trick, case.inadvertent),
                              facts, params)


@dataclass(frozen=True)
class FifthCard:
    """A fifth card played to a trick (45E): whose, which, whether the Director deems it
    led, and for a defender's not led the trick and whether it was exposed inadvertently
    (a card below an honour, 50B)."""

    declarer: Seat
    player: Seat
    card: Card
    deemed_led: bool
    trick: int | None = None
    inadvertent: bool | None = None


def fifth_card_clauses(b: RulingBuilder, fifth: FifthCard, facts: dict[str, Any],
                       params: dict[str, Any]) -> bool:
    """45E1, 45E2: what becomes of a fifth card (also for 67A2, `defective_tricks`);
    True when it goes back to the hand."""
    defender = fifth.player.side is not fifth.declarer.side
    law = "45E1" if defender else "45E2"
    params = params | {"player": seat_name(fifth.player), "card": card_msg(fifth.card)}
    if fifth.deemed_led:
        b.clause(law, "played.45E1.led" if defender else "played.45E2.led", facts, params)
        return False
    if not defender:
        b.clause(law, "played.45E2.returned", facts, params)
        return True
    b.clause(law, "played.45E1.penalty", facts, params)
    assert fifth.trick is not None  # read with the fact (a defender's card not deemed led)
    major = penalty_cards_clauses(b, fifth.player, (fifth.card,), fifth.trick,
                                  not fifth.inadvertent)
    stand_penalty_cards(b, fifth.player, (fifth.card,), fifth.trick, major)
    return False
