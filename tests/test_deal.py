"""Hands and deals: notation, validation (52 distinct cards, 13 a hand), partial deals."""

from __future__ import annotations

import pytest

from td_plugin.errors import InvalidDealError, InvalidTokenError
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.deal import Deal, Hand

SPEC_DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def test_deal_round_trip_from_any_first_seat() -> None:
    d = Deal.from_pbn(SPEC_DEAL)
    assert d.is_complete
    assert Deal.from_pbn(d.pbn(Seat.W)) == d
    assert d.pbn() == SPEC_DEAL
    assert eval(repr(d)) == d
    assert d.holder(Card.from_pbn("SA")) is Seat.E
    assert d[Seat.N].count(Suit.S) == 0 and d[Seat.N].hcp() == 13


def test_hand_ranks_any_order_and_case() -> None:
    assert Hand.from_pbn("kaq.t.2.").pbn() == "AKQ.T.2."
    assert Hand.from_pbn("A10..K.").pbn() == "AT..K."


def test_card_in_two_hands_is_invalid() -> None:
    with pytest.raises(InvalidDealError, match="SA dealt to more than one hand"):
        Deal.from_pbn("N:A... A... - -")


def test_hand_lists_card_twice() -> None:
    with pytest.raises(InvalidDealError, match="twice"):
        Hand.from_pbn("AA...")


def test_fourteen_cards_is_invalid() -> None:
    with pytest.raises(InvalidDealError, match="14 cards"):
        Deal.from_pbn("N:AKQJT98765432.A.. - - -")


def test_partial_deal_end_position_allowed() -> None:
    d = Deal.from_pbn("N:A.K.. K.A.. Q.Q.. J.J..")
    assert not d.is_complete


def test_hands_of_different_sizes_rejected_unless_unvalidated() -> None:
    with pytest.raises(InvalidDealError, match="different sizes"):
        Deal.from_pbn("N:AK... Q... - -")
    d = Deal.from_pbn("N:AK... Q... - -", validate=False)
    with pytest.raises(InvalidDealError):
        d.validate()


def test_unknown_hand_and_completion() -> None:
    d = Deal.from_pbn("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 -")
    assert d[Seat.W] is None
    assert d.completed() == Deal.from_pbn(SPEC_DEAL)


@pytest.mark.parametrize("bad", ["N .63", "N:a b c", "Q:- - - -"])
def test_malformed_deal_names_the_text(bad: str) -> None:
    with pytest.raises(InvalidTokenError):
        Deal.from_pbn(bad)


def test_holders_name_who_was_dealt_each_card() -> None:
    d = Deal.from_pbn(SPEC_DEAL)
    for card in Card.all():
        (seat,) = [s for s in Seat if card in d[s]]
        assert d.holders[card.index] is seat and d.holder(card) is seat


def test_holders_of_a_partial_or_broken_deal() -> None:
    """No known hand: None. A card in two hands (a broken deal kept for the audit to
    report): the first seat from North that holds it, as the walk of the play names it."""
    partial = Deal.from_pbn("N:AKQJ... - - -", validate=False)
    assert partial.holder(Card.from_pbn("SA")) is Seat.N
    assert partial.holder(Card.from_pbn("S2")) is None
    broken = Deal.from_pbn("N:A... - A... A...", validate=False)
    assert broken.holder(Card.from_pbn("SA")) is Seat.N
    assert Deal.from_pbn("N:- - A... A...", validate=False).holder(Card.from_pbn("SA")) is Seat.S
