"""Seats, suits, strains, ranks and cards: notation round trips and seat arithmetic."""

from __future__ import annotations

import pickle

import pytest

from td_plugin.errors import InvalidTokenError
from td_plugin.model.cards import SEATS, Card, Rank, Seat, Side, Strain, Suit


def test_card_pbn_round_trip_all_52() -> None:
    cards = Card.all()
    assert len(cards) == 52 and len({c.pbn() for c in cards}) == 52
    for c in cards:
        assert Card.from_pbn(c.pbn()) is c
        assert eval(repr(c)) is c
        assert pickle.loads(pickle.dumps(c)) is c


@pytest.mark.parametrize("text,expected", [("sa", "SA"), ("H10", "HT"), (" dt ", "DT"), ("C2", "C2")])
def test_card_import_forms(text: str, expected: str) -> None:
    assert Card.from_pbn(text).pbn() == expected


@pytest.mark.parametrize("bad", ["", "S1", "XA", "SAK", "A"])
def test_bad_card_echoes_token(bad: str) -> None:
    with pytest.raises(InvalidTokenError, match="not a card"):
        Card.from_pbn(bad)


def test_cards_are_immutable() -> None:
    with pytest.raises(AttributeError):
        Card.from_pbn("SA").rank = Rank.KING  # type: ignore[misc]


def test_seat_arithmetic() -> None:
    assert Seat.N.next is Seat.E and Seat.W.next is Seat.N
    assert Seat.N.lho is Seat.E and Seat.N.rho is Seat.W and Seat.N.partner is Seat.S
    assert [s.value for s in Seat.E.clockwise()] == ["E", "S", "W", "N"]
    assert Seat.S.side is Side.NS and Seat.W.side is Side.EW and Side.NS.other is Side.EW
    assert SEATS == (Seat.N, Seat.E, Seat.S, Seat.W)
    assert Seat.from_pbn("west") is Seat.W


def test_strain_order_and_suits() -> None:
    assert [s.value for s in sorted(Strain, key=lambda s: s.order)] == ["C", "D", "H", "S", "NT"]
    assert Strain.NT.suit is None and Strain.H.suit is Suit.H
    assert Strain.from_pbn("n") is Strain.NT
    assert Suit.S.order > Suit.H.order > Suit.D.order > Suit.C.order


def test_rank_notation() -> None:
    assert Rank.from_pbn("T") is Rank.TEN and Rank.from_pbn("10") is Rank.TEN
    assert Rank.ACE.pbn() == "A" and Rank.TWO.pbn() == "2"
