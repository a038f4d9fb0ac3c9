"""Calls and auctions: notation, whose turn, legality (Laws 19, 27, 36, 39), the final
contract and the declarer."""

from __future__ import annotations

import pytest

from td_plugin.errors import InvalidTokenError
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.cards import Seat, Strain
from td_plugin.model.contract import Contract


@pytest.mark.parametrize("text,pbn", [("pass", "Pass"), ("P", "Pass"), ("x", "X"), ("XX", "XX"),
                                      ("1n", "1NT"), ("7nt", "7NT"), ("3d", "3D"), ("Dbl", "X")])
def test_call_notation(text: str, pbn: str) -> None:
    assert Call.from_pbn(text).pbn() == pbn
    assert eval(repr(Call.from_pbn(text))) is Call.from_pbn(text)


@pytest.mark.parametrize("bad", ["8C", "0NT", "1Z", "", "AP"])
def test_bad_calls(bad: str) -> None:
    with pytest.raises(InvalidTokenError):
        Call.from_pbn(bad)


def test_next_seat_and_completion() -> None:
    a = Auction.from_calls(Seat.E, "1H Pass")
    assert a.next_seat is Seat.W and not a.is_complete
    a = Auction.from_calls(Seat.E, "1H Pass Pass Pass")
    assert a.is_complete and a.contract() == Contract(1, Strain.H, 0, Seat.E)


def test_passed_out() -> None:
    a = Auction.from_calls(Seat.S, "Pass Pass Pass Pass")
    assert a.is_passed_out and a.contract() is Contract.PASSED_OUT
    assert not Auction.from_calls(Seat.S, "Pass Pass Pass").is_complete


def test_declarer_is_first_of_side_to_name_the_strain() -> None:
    a = Auction.from_calls(Seat.N, "1H Pass 2C Pass 2H Pass 4H AP")
    assert a.contract() == Contract(4, Strain.H, 0, Seat.N)
    a = Auction.from_calls(Seat.N, "1C Pass 1H Pass 2H Pass 4H AP")
    assert a.contract().declarer is Seat.S


def test_doubled_and_redoubled_contracts() -> None:
    assert Auction.from_calls(Seat.N, "1S X XX AP").contract().pbn() == "1SXX"
    assert Auction.from_calls(Seat.N, "1S X 2S AP").contract().pbn() == "2S"
    assert Auction.from_calls(Seat.N, "4S Pass Pass X AP").contract().pbn() == "4SX"


@pytest.mark.parametrize("calls,index,law,code", [
    ("1D 1C", 1, "27", "insufficient"),
    ("1NT 1NT", 1, "27", "insufficient"),
    ("X", 0, "36", "no_bid"),
    ("1H Pass X", 2, "36", "double_partner"),
    ("1H X X", 2, "36", "double_doubled"),
    ("1H XX", 1, "36", "redouble_undoubled"),
    ("1H X XX Pass Pass XX", 5, "36", "second_redouble"),
    ("1H Pass Pass X Pass XX", 5, "36", "redouble_partner_double"),
    ("1H X XX X", 3, "36", "double_redoubled"),
    ("1H Pass Pass Pass 2H", 4, "39", "after_final_pass"),
    ("Pass Pass Pass Pass 1C", 4, "39", "after_final_pass"),
])
def test_illegal_calls_name_their_law(calls: str, index: int, law: str, code: str) -> None:
    problems = Auction.from_calls(Seat.N, calls).problems()
    assert [(p.index, p.law, p.code) for p in problems] == [(index, law, code)]


def test_legal_doubles_and_redoubles() -> None:
    a = Auction.from_calls(Seat.N, "1H X XX Pass Pass X")  # East doubles again after XX
    assert [p.code for p in a.problems()] == ["double_redoubled"]
    assert Auction.from_calls(Seat.N, "1H Pass Pass X XX Pass Pass Pass").problems() == []
    assert Auction.from_calls(Seat.N, "1H X Pass Pass XX").problems() == []


def test_accepted_insufficient_bid_is_a_recorded_irregularity() -> None:
    a = Auction(Seat.W, (AuctionEntry(Call.from_pbn("1D")),
                         AuctionEntry(Call.from_pbn("1C"), insufficient=True),
                         AuctionEntry(Call.PASS), AuctionEntry(Call.PASS), AuctionEntry(Call.PASS)))
    assert a.problems() == []
    assert a.contract() == Contract(1, Strain.C, 0, Seat.N)


def test_skipped_call_takes_a_slot() -> None:
    a = Auction(Seat.W, (AuctionEntry(None, skipped=True), AuctionEntry(Call.from_pbn("1D")),
                         AuctionEntry(Call.PASS), AuctionEntry(Call.PASS), AuctionEntry(Call.PASS)))
    assert a.is_complete and a.contract() == Contract(1, Strain.D, 0, Seat.N)
    assert a.pbn() == "^S 1D Pass Pass Pass"


def test_check_next() -> None:
    a = Auction.from_calls(Seat.N, "1S")
    assert a.check_next(Call.from_pbn("1H")).law == "27"
    assert a.check_next(Call.from_pbn("X")) is None
    assert a.check_next(Call.from_pbn("2C")) is None


def test_19_27_36_39_the_quick_look_agrees_with_the_full_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`Auction.problems` passes over the usual auction at a glance; on 3,000 random
    auctions (passes, doubles, redoubles, bids in and out of order, skipped slots and
    ``^I`` bids, calls after the final pass) the glance says "legal" exactly when the
    full check finds no problem."""
    import random

    rng = random.Random(2017)
    calls = [Call.from_pbn(t) for t in ("P", "P", "P", "X", "XX", "1C", "1NT", "2H", "3S",
                                        "4H", "7NT")]
    cases = []
    for _ in range(3000):
        entries = []
        for _ in range(rng.randint(0, 12)):
            roll = rng.random()
            if roll < 0.04:
                entries.append(AuctionEntry(None, skipped=True))
            else:
                entries.append(AuctionEntry(rng.choice(calls), insufficient=roll > 0.97))
        cases.append(Auction(rng.choice(list(Seat)), tuple(entries)))
    glance = [a._plainly_legal() for a in cases]
    monkeypatch.setattr(Auction, "_plainly_legal", lambda self: False)
    full = [a.problems() == [] and not any(e.call is None or e.insufficient for e in a.entries)
            for a in cases]
    assert glance == full
    assert 300 < sum(glance) < 2700  # both answers are common


def test_36c_a_void_double_keeps_its_turn_and_counts_for_nothing_else() -> None:
    calls = ["1S", "Pass", "X", "X", "Pass", "Pass", "Pass"]
    entries = [AuctionEntry(Call.from_pbn(c), void=(i == 2)) for i, c in enumerate(calls)]
    auction = Auction(Seat.N, entries)
    assert auction.is_complete and auction.problems() == []
    contract = auction.contract()
    assert contract is not None and contract.risk == 1 and contract.declarer is Seat.N


def test_38_a_bid_of_more_than_seven_is_said_not_recorded() -> None:
    eight = Call.said("8nt")
    assert eight.above_seven and eight.pbn() == "8NT" and Call.said("8N") is eight
    assert Call.said("1N") is Call.from_pbn("1NT") and not Call.said("7NT").above_seven
    with pytest.raises(InvalidTokenError):
        Call.from_pbn("8NT")  # the readers never take one from a record
    with pytest.raises(InvalidTokenError):
        Call.said("14C")
    auction = Auction(Seat.N, [AuctionEntry(Call.from_pbn("1S")), AuctionEntry(eight)])
    [problem] = auction.problems()
    assert (problem.law, problem.code, problem.index) == ("38", "above_seven", 1)
