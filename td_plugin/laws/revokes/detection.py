"""Law 61A: finding revokes in a play record.

A revoke is a card played while its player held a card he had to play: a card of the
suit led (Law 44), a major penalty card (Law 50D1), a lead an opponent required or
prohibited in rectification of an irregularity, or the card or suit declarer specified
for one trick after a defender's premature lead or play, Law 57A (`PenaltyCard`,
`td_plugin.laws.auction.lead_restrictions.LeadRestriction` at a known trick with a chosen suit,
and `PlayRestriction`: a record does not carry them, the caller gives them). A player who
cannot comply with a play restriction plays any legal card (57B, Law 59), following suit
first: the restriction then finds no revoke. `detect_revokes` walks the play
against the deal; a card its player does not hold is a data problem, never a revoke, and
is skipped here (`td_plugin.model.play.replay` reports it).

`Revoke` is also what the Director states when he rules from the facts without a play
record: then the cards the offender held and his place in the trick may be unknown.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from td_plugin.model.cards import SEATS, Card, Rank, Seat, Side, Suit
from td_plugin.model.deal import SUIT_MASKS, Deal, Hand
from td_plugin.model.obligations import (
    LeadRestriction,
    Obligation,
    PenaltyCard,
    PlayRestriction,
    PlayRestrictionKind,
)
from td_plugin.model.play import Play

__all__ = ["RevokeKind", "Revoke", "detect_revokes"]


class RevokeKind(enum.Enum):
    """What the offender failed to play (61A)."""

    FOLLOW_SUIT = "follow_suit"  # a card of the suit led (Law 44)
    PENALTY_CARD = "penalty_card"  # a major penalty card (Law 50D1)
    LEAD_RESTRICTION = "lead_restriction"  # a lead required or prohibited by an opponent
    PLAY_RESTRICTION = "play_restriction"  # the card or suit declarer specified (Law 57A)




@dataclass(frozen=True)
class Revoke:
    """A revoke: ``offender`` played ``card`` at ``position`` (0-based; None when not
    known) of trick ``trick`` (1-based) while holding ``held``, the cards he was obliged
    to choose from (empty when not known). ``by_dummy``: the card came from dummy
    (declarer plays dummy's cards). ``marked``: the record marks the card as a revoke
    (PBN ``^R``)."""

    offender: Seat
    trick: int
    position: int | None
    suit_led: Suit
    card: Card
    held: tuple[Card, ...]
    kind: RevokeKind = RevokeKind.FOLLOW_SUIT
    by_dummy: bool = False
    marked: bool = False

    @property
    def side(self) -> Side:
        return self.offender.side

    @property
    def partner_plays_later(self) -> bool | None:
        """Whether the offender's partner had still to play to the revoke trick (he
        plays two places later): None when the offender's place is not known."""
        return None if self.position is None else self.position < 2


_HONOUR = Rank.TEN  # the lowest honour (Law 50B, 50C)


def _legal(card: Card, mask: int, led: Suit | None) -> bool:
    """Whether ``card`` may be played by a hand ``mask`` to a trick led in ``led``
    (None: he is leading)."""
    return led is None or card.suit is led or not mask & SUIT_MASKS[led]


def detect_revokes(deal: Deal, play: Play, declarer: Seat | None = None,
                   obligations: Iterable[Obligation] = ()) -> list[Revoke]:
    """Every revoke in ``play`` in played order. Hands the deal does not know are not
    checked; cards their player does not hold are skipped (see `replay`)."""
    dummy = declarer.partner if declarer is not None else None
    masks = [None if hand is None else hand.mask for hand in (deal.hands[s] for s in SEATS)]
    penalties: list[list[PenaltyCard]] = [[], [], [], []]
    restrictions: dict[tuple[int, int], LeadRestriction] = {}
    plays: dict[tuple[int, int], PlayRestriction] = {}
    for ob in obligations:
        if isinstance(ob, PenaltyCard):
            penalties[ob.seat.index].append(ob)
        elif isinstance(ob, PlayRestriction):
            plays[(ob.trick, ob.seat.index)] = ob
        elif isinstance(ob, LeadRestriction) and ob.trick is not None and ob.suit is not None:
            # a choice made, at a known trick (a pass obligation binds the auction only)
            restrictions[(ob.trick, ob.seat.index)] = ob
    obliged = bool(restrictions) or bool(plays) or any(penalties)
    out: list[Revoke] = []
    lasting: LeadRestriction | None = None  # a restriction for as long as its seat leads
    for n, trick in enumerate(play.tricks, 1):
        cards = trick.cards
        if not cards:
            continue
        led = cards[0].card.suit
        led_mask = SUIT_MASKS[led]
        leader = cards[0].seat
        rule = restrictions.get((n, leader.index))
        if rule is None and lasting is not None and lasting.seat is leader:
            rule = lasting
        lasting = rule if rule is not None and rule.lasting else None
        for i, pc in enumerate(cards):
            k = pc.seat.index
            mask = masks[k]
            bit = 1 << pc.card.index
            if mask is None or not mask & bit:
                continue
            masks[k] = mask ^ bit
            found: tuple[Card, ...] | None = None
            if obliged:
                restriction = rule if i == 0 else plays.get((n, k))
                found, kind = _obligation_revoke(penalties[k], restriction, n, i, pc.card, mask,
                                                 led)
            if found is None and i and mask & led_mask and pc.card.suit is not led:
                found, kind = tuple(Hand(mask=mask & led_mask)), RevokeKind.FOLLOW_SUIT
            if found is not None:
                out.append(Revoke(pc.seat, n, i, led, pc.card, found, kind,
                                  by_dummy=pc.seat is dummy, marked=pc.marker == "R"))
    return out


def _obligation_revoke(penalties: list[PenaltyCard],
                       restriction: LeadRestriction | PlayRestriction | None,
                       trick: int, position: int, card: Card, mask: int, led: Suit
                       ) -> tuple[tuple[Card, ...] | None, RevokeKind]:
    """A revoke against a penalty card, else against a lead restriction (leading) or a
    play restriction (not leading): the cards the player had to choose from and the
    kind, or None."""
    if penalties:
        found = _penalty_revoke(penalties, trick, card, mask, None if position == 0 else led)
        if found is not None:
            return found, RevokeKind.PENALTY_CARD
    if isinstance(restriction, PlayRestriction):
        found = _play_revoke(restriction, card, mask, led)
        if found is not None:
            return found, RevokeKind.PLAY_RESTRICTION
    elif restriction is not None:
        found = _restriction_revoke(restriction, card, mask)
        if found is not None:
            return found, RevokeKind.LEAD_RESTRICTION
    return None, RevokeKind.FOLLOW_SUIT


def _penalty_revoke(pending: Iterable[PenaltyCard], trick: int, card: Card, mask: int,
                    led: Suit | None) -> tuple[Card, ...] | None:
    on_table = [p for p in pending if p.trick <= trick and mask >> p.card.index & 1]
    if not on_table or any(p.card is card for p in on_table):
        return None
    due = tuple(p.card for p in on_table if _legal(p.card, mask, led) and (
        p.major or (card.suit is p.card.suit and card.rank < _HONOUR)))  # 50C: minor
    return due or None


def _restriction_revoke(rule: LeadRestriction, card: Card, mask: int) -> tuple[Card, ...] | None:
    assert rule.suit is not None  # only chosen leads are checked (detect_revokes)
    suit_mask = SUIT_MASKS[rule.suit]
    if rule.prohibited:
        others = mask & ~suit_mask
        return tuple(Hand(mask=others)) if card.suit is rule.suit and others else None
    return tuple(Hand(mask=mask & suit_mask)) if card.suit is not rule.suit and mask & suit_mask \
        else None


def _play_revoke(rule: PlayRestriction, card: Card, mask: int, led: Suit
                 ) -> tuple[Card, ...] | None:
    """A card played against declarer's choice of 57A by a hand ``mask`` (before the
    card), or None: he could not comply (57B), or did."""
    led_mask = mask & SUIT_MASKS[led]
    if rule.how in (PlayRestrictionKind.HIGHEST, PlayRestrictionKind.LOWEST):
        # 57A1, 57A2: only with a card of the suit led
        if not led_mask:
            return None
        # the ace has the lowest index of its suit: the highest card is the lowest bit
        bit = led_mask & -led_mask if rule.how is PlayRestrictionKind.HIGHEST \
            else 1 << (led_mask.bit_length() - 1)
        return None if 1 << card.index == bit else tuple(Hand(mask=bit))
    if led_mask or rule.suit is None:  # following suit comes first (Law 59)
        return None
    suit_mask = mask & SUIT_MASKS[rule.suit]
    if rule.how is PlayRestrictionKind.SUIT:  # 57A3
        return tuple(Hand(mask=suit_mask)) if suit_mask and card.suit is not rule.suit else None
    others = mask & ~SUIT_MASKS[rule.suit]  # 57A4
    return tuple(Hand(mask=others)) if card.suit is rule.suit and others else None
