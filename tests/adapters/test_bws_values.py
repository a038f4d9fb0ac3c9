"""Bridgemate values: contracts, results, seats, cards, calls, remarks, times, hand records."""

from __future__ import annotations

import datetime as dt

import pytest

from adapters.bws import values as v
from td_plugin.errors import InvalidTokenError
from td_plugin.model.auction import Call
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import ArtificialScore


@pytest.mark.parametrize("text,declarer,expected", [
    ("4 S x", Seat.S, Contract.from_pbn("4SX", "S")),
    ("3 NT", Seat.W, Contract.from_pbn("3NT", "W")),
    ("6 H xx", Seat.N, Contract.from_pbn("6HXX", "N")),
    ("PASS", None, Contract.PASSED_OUT),
    ("", Seat.N, None),
])
def test_contract(text: str, declarer: Seat | None, expected: Contract | None) -> None:
    assert v.parse_contract(text, declarer) == expected


@pytest.mark.parametrize("contract", ["4SX", "3NT", "6HXX", "1C"])
def test_contract_round_trips_as_the_terminals_write_it(contract: str) -> None:
    c = Contract.from_pbn(contract, "N")
    assert v.parse_contract(v.contract_text(c), Seat.N) == c
    assert v.contract_text(Contract.from_pbn("4SX")) == "4 S x"


@pytest.mark.parametrize("text,delta", [("=", 0), ("+1", 1), ("-2", -2), ("+ 3", 3), ("", None)])
def test_result(text: str, delta: int | None) -> None:
    assert v.parse_result(text) == delta


@pytest.mark.parametrize("text", ["10", "x", "+-1", "=1"])
def test_bad_result_echoes_the_value(text: str) -> None:
    with pytest.raises(InvalidTokenError, match=repr(text).replace("+", r"\+")):
        v.parse_result(text)


def test_result_text() -> None:
    c = Contract.from_pbn("4S", "S")
    assert [v.result_text(c, t) for t in (10, 11, 8)] == ["=", "+1", "-2"]


@pytest.mark.parametrize("text,card", [("S7", "S7"), ("HT", "HT"), ("H10", "HT"), ("dq", "DQ"),
                                       ("", None), ("SKIP", None)])
def test_lead_card(text: str, card: str | None) -> None:
    assert v.parse_card(text) == (Card.from_pbn(card) if card else None)


@pytest.mark.parametrize("text,call", [("1S", "1S"), ("1NT", "1NT"), ("1 NT", "1NT"),
                                       ("PASS", "Pass"), ("x", "X"), ("xx", "XX")])
def test_calls(text: str, call: str) -> None:
    assert v.parse_call(text) is Call.from_pbn(call)


@pytest.mark.parametrize("text,ns,ew,variable", [
    ("60%-40%", 60, 40, False), ("40%-60%", 40, 60, False), ("50%-50%", 50, 50, False),
    ("60/40", 60, 40, False), ("60%\u201340%", 60, 40, False), ("Ave+/Ave-", 60, 40, True),
])
def test_artificial_scores_in_remarks(text: str, ns: int, ew: int, variable: bool) -> None:
    remark = v.parse_remarks(text)
    assert remark.artificial == ArtificialScore(ns, ew, variable)
    assert not remark.not_played


def test_other_remarks() -> None:
    assert v.parse_remarks("Not played").not_played
    assert v.parse_remarks("Not played").artificial is None
    wrong = v.parse_remarks("Wrong direction")
    assert (wrong.text, wrong.artificial, wrong.not_played) == ("Wrong direction", None, False)
    assert v.parse_remarks("") is None
    assert v.remarks_text(ArtificialScore(60, 40)) == "60%-40%"


def test_times_from_access_parser_and_mdb_export() -> None:
    """access-parser gives ``10:51:37.995840`` for Access' float of ``10:51:38``; the
    time is on 1899-12-30, the date in DateLog."""
    expected = dt.datetime(2025, 12, 23, 10, 51, 38)
    assert v.log_time("2025-12-23 00:00:00", "1899-12-30 10:51:37.995840") == expected
    assert v.log_time("12/23/25 00:00:00", "12/30/99 10:51:38") == expected
    assert v.log_time(None, "2025-12-23 10:51:38") == expected
    with pytest.raises(InvalidTokenError, match="'noon'"):
        v.to_datetime("noon")


def test_booleans_and_integers_from_either_reader() -> None:
    assert [v.to_bool(x) for x in (True, "1", "0", 0, "False", None)] == \
        [True, True, False, False, False, False]
    assert [v.to_int(x) for x in (3, "3", " 12 ", "", None)] == [3, 3, 12, None, None]
    assert v.to_text("A  ") == "A"


def test_hand_record_row() -> None:
    row = {"NorthSpades": "AKQ", "NorthHearts": "10987", "NorthDiamonds": "", "NorthClubs": "AKQJ2",
           "EastSpades": "J10", "EastHearts": "", "EastDiamonds": "", "EastClubs": ""}
    deal = v.hand_record_deal(row)
    assert deal[Seat.N].pbn() == "AKQ.T987..AKQJ2"
    assert deal[Seat.S] is None and deal[Seat.W] is None
    assert v.hand_record_deal({"NorthSpades": ""}) is None
