"""Law 33: simultaneous calls, entered as such (``simultaneous: true``)."""

from __future__ import annotations

from typing import Any

from tests.case_files import rule_auction_case


def rule(**case: Any) -> dict:
    return rule_auction_case(case).to_json()


def sc(seat: str, call: str) -> dict:
    return {"seat": seat, "call": call}


def simultaneous(seat: str, call: str) -> dict:
    return {"seat": seat, "call": call, "simultaneous": True}


def test_33_call_at_the_same_time_as_the_player_whose_turn_it_was_is_subsequent() -> None:
    # East bids 1S as North, the dealer, opens 1H: East's call is deemed made after
    # North's, so it is in rotation
    r = rule(dealer="N", calls=["E 1S", simultaneous("N", "1H")])
    assert r["laws"] == ["33"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "1S")] and r["next"] == "S"
    assert "East's 1♠ is deemed made after North's 1♥" in r["text"]


def test_33_the_order_entered_does_not_matter() -> None:
    a = rule(dealer="N", calls=["E 1S", simultaneous("N", "1H")])
    b = rule(dealer="N", calls=["N 1H", simultaneous("E", "1S")])
    assert a["auction"] == b["auction"] and a["laws"] == b["laws"]


def test_33_the_deemed_later_call_is_ruled_by_its_own_law() -> None:
    # South bids 1S at the same time as North opens: deemed after it, at East's turn
    r = rule(dealer="N", accept=False, calls=["S 1S", simultaneous("N", "1H")])
    assert r["laws"] == ["33", "29B", "31A"]
    assert r["auction"] == [sc("N", "1H")] and r["cancelled"] == [sc("S", "1S")]
