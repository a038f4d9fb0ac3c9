"""Laws 35-39, the part modelled: inadmissible doubles (36A, 36B, 36B4), calls by a
player required to pass (37A, 37B), calls after the final pass (39A, 39B, 39C)."""

from __future__ import annotations

from typing import Any

import pytest

from td_plugin.errors import CaseFileError
from td_plugin.laws.auction.inadmissible_calls import (
    after_final_pass,
    inadmissible_double,
    obligation_violated,
)
from td_plugin.model.auction import Call
from tests.case_files import rule_auction_case


def rule(**case: Any) -> dict:
    return rule_auction_case(case).to_json()


def sc(seat: str, call: str) -> dict:
    return {"seat": seat, "call": call}


def test_clause_functions() -> None:
    assert inadmissible_double(True, False) == "36A"
    assert inadmissible_double(False, False) == "36B"
    assert inadmissible_double(False, True) == "36B4"
    assert obligation_violated(True) == "37A" and obligation_violated(False) == "37B"
    assert after_final_pass(Call.from_pbn("2S"), False, False, False) == "39C"
    assert after_final_pass(Call.from_pbn("Pass"), False, False, False) == "39B"


def test_36a_lho_called_over_the_inadmissible_double() -> None:
    # seed 001: the restriction lapses when the opponents call on without the Director
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S X", "W Pass"])
    assert r["laws"] == ["36A", "16C"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass")]
    assert r["cancelled"] == [sc("S", "X"), sc("W", "Pass")]
    assert r["next"] == "S"
    assert r["lead_restriction"] is None and r["pass_obligations"] == []


def test_36b_inadmissible_double_cancelled_partner_passes_throughout() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S X", "S 2H"])
    assert r["laws"] == ["36B", "16C", "26B"]
    assert r["auction"][-1] == sc("S", "2H")
    assert r["pass_obligations"] == [{"seat": "N", "until": "end_of_auction", "law": "36B",
                 "laws": ["36B"], "state": "in_force"}]
    assert r["adjustment_possible"] == ["72C"]


def test_36_inadmissible_double_can_never_be_accepted() -> None:
    with pytest.raises(CaseFileError, match=r"calls\[2\]: an inadmissible double"):
        rule(dealer="N", calls=["N 1H", "E Pass", {"seat": "S", "call": "X", "accept": True}])


def test_37a_lho_called_before_rectification_calls_stand() -> None:
    # North must pass for the rest of the auction (27B2) but bids; East calls over it
    r = rule(dealer="E", accept=False, comparable=False,
             calls=["E 1H", "S 1C", "S 1S", "W 2H", "N 2S", "E Pass"])
    assert r["laws"][-1] == "37A"
    assert r["auction"][-2:] == [sc("N", "2S"), sc("E", "Pass")]
    assert "must still pass" in r["text"]


def test_37b_call_cancelled_both_offenders_pass_throughout() -> None:
    r = rule(dealer="E", accept=False, comparable=False,
             calls=["E 1H", "S 1C", "S 1S", "W 2H", "N 2S"])
    assert r["laws"][-1] == "37B"
    assert [c["law"] for c in r["clauses"]][-3:] == ["37B", "16C", "26B"]
    assert r["pass_obligations"] == [
        {"seat": "N", "until": "end_of_auction", "law": "27B2", "laws": ["27B2", "37B"],
         "state": "in_force"},
        {"seat": "S", "until": "end_of_auction", "law": "37B", "laws": ["37B"],
         "state": "in_force"}]
    assert r["cancelled"][-1] == sc("N", "2S")


def test_37b_the_pass_is_substituted_and_his_lho_calls_next() -> None:
    """37B: North's 2S, made when he was required to pass (27B2), is cancelled and a pass
    substituted; East, his LHO, calls next; one obligation for North with both clauses."""
    r = rule(dealer="E", accept=False, comparable=False,
             calls=["E 1H", "S 1C", "S 1S", "W 2H", "N 2S"])
    assert r["auction"][-2:] == [sc("W", "2H"), sc("N", "Pass")] and r["next"] == "E"
    assert "a pass is substituted; the auction continues with East" in r["text"]
    assert "North must pass for the rest of the auction (Laws 27B2, 37B)." in r["text"]
    assert r["text"].count("North must pass for the rest of the auction (") == 1
    # the Director rectified before East called: East's call comes after the pass
    later = rule(dealer="E", accept=False, comparable=False,
                 calls=["E 1H", "S 1C", "S 1S", "W 2H", {"seat": "N", "call": "2S",
                                                          "accept": False}, "E 3H"])
    assert later["laws"][-1] != "37A" and "37B" in later["laws"]
    assert later["auction"][-3:] == [sc("W", "2H"), sc("N", "Pass"), sc("E", "3H")]
    assert later["next"] == "S"


def test_37b_obligations_once_the_auction_is_over_are_fulfilled() -> None:
    r = rule(dealer="E", accept=False, comparable=False,
             calls=["E 1H", "S 1C", "S 1S", "W 2H", {"seat": "N", "call": "2S", "accept": False},
                    "E Pass", "S Pass"])
    assert r["next"] is None and r["auction"][-3:] == [sc("N", "Pass"), sc("E", "Pass"),
                                                        sc("S", "Pass")]
    assert [p["state"] for p in r["pass_obligations"]] == ["fulfilled", "fulfilled"]


def test_39a_call_after_the_final_pass_is_cancelled() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S Pass", "W Pass", "E 2S"])
    assert r["laws"][:2] == ["39A", "39C"]
    assert r["cancelled"] == [sc("E", "2S")]
    assert r["next"] is None


def test_39b_pass_by_a_defender_or_any_call_by_the_declaring_side() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S Pass", "W Pass", "E Pass"])
    assert r["laws"] == ["39A", "39B"] and r["lead_restriction"] is None
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S Pass", "W Pass", "S 2H"])
    assert r["laws"] == ["39A", "39B"]


def test_39b_lho_called_after_it() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S Pass", "W Pass", "E 2S", "S Pass"])
    assert r["laws"][:2] == ["39A", "39B"]


def test_39c_defenders_bid_after_the_final_pass_lead_restriction() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S Pass", "W Pass", "E 2S"])
    assert r["lead_restriction"] == {"offender": "E", "partner": "W",
                                     "prohibit_one_of": ["S", "H", "D", "C"]}
    assert r["unauthorized"] == [{"side": "EW", "from": sc("E", "2S")}]


def test_37a_the_call_is_also_insufficient_and_lho_accepts_it() -> None:
    # North must pass for the rest of the auction but bids 2D over 2H; East calls over it
    r = rule(dealer="E", accept=False, comparable=False,
             calls=["E 1H", "S 1C", "S 1S", "W 2H", "N 2D", "E Pass"])
    assert r["laws"][-2:] == ["37A", "27A1"]
    assert r["auction"][-2:] == [sc("N", "2D"), sc("E", "Pass")]


def test_37b_an_insufficient_bid_by_a_player_required_to_pass_is_cancelled() -> None:
    r = rule(dealer="E", accept=False, comparable=False,
             calls=["E 1H", "S 1C", "S 1S", "W 2H", "N 2D"])
    assert r["laws"][-1] == "37B" and r["cancelled"][-1] == sc("N", "2D")


def test_37a_the_next_turn_obligation_is_spent_by_the_call_that_stands() -> None:
    """East must pass at his next turn (30A) but bids 2C there; South calls over it before
    rectification: the calls stand (37A), and the obligation for that turn is spent, not
    carried to a second turn."""
    r = rule(dealer="N", accept=False,
             calls=["E Pass", "N 1H", "E 2C", "S 2H", "W Pass", "N Pass"])
    assert r["laws"] == ["29B", "30A", "37A"] and r["next"] == "E"
    assert r["pass_obligations"] == [{"seat": "E", "until": "next_turn", "law": "30A",
                                      "laws": ["30A"], "state": "spent"}]
    assert "East must pass" not in r["text"]
    assert "East's obligation to pass at his next turn (Law 30A) is spent" in r["text"]
    da = rule_auction_case({"dealer": "N", "accept": False, "calls": [
        "E Pass", "N 1H", "E 2C", "S 2H"]}, lang="da").to_json()
    assert "er brugt" in da["text"]


def test_37a_an_obligation_for_the_rest_of_the_auction_remains() -> None:
    r = rule(dealer="E", accept=False, comparable=False,
             calls=["E 1H", "S 1C", "S 1S", "W 2H", "N 2S", "E Pass"])
    assert [p["state"] for p in r["pass_obligations"]] == ["in_force"]


def test_36c_found_after_the_opening_lead_scored_as_if_not_made() -> None:
    """South doubles his partner's 1S; nobody notices until the opening lead is faced: the
    auction is not reopened (no 36A, 29A or 17D3), and 1S is scored undoubled."""
    r = rule(dealer="N", opening_lead_faced=True,
             calls=["N 1S", "E Pass", "S X", "W Pass", "N Pass", "E Pass"])
    assert r["laws"] == ["36C"] and r["next"] is None and r["cancelled"] == []
    assert r["auction"][2] == sc("S", "X")
    assert "The contract is scored as 1♠ by North (Law 36C)." in r["text"]
    assert r["pass_obligations"] == [] and r["lead_restriction"] is None


def test_36c_a_later_double_is_judged_without_the_inadmissible_one() -> None:
    """West's double of 1S after South's inadmissible one is a legal double once South's
    counts for nothing: 1S doubled."""
    r = rule(dealer="N", opening_lead_faced=True,
             calls=["N 1S", "E Pass", "S X", "W X", "N Pass", "E Pass", "S Pass"])
    assert r["laws"] == ["36C"]
    assert "The contract is scored as 1♠X by North (Law 36C)." in r["text"]
    assert "(§ 36C)" in rule_auction_case(
        {"dealer": "N", "opening_lead_faced": True,
         "calls": ["N 1S", "E Pass", "S X", "W Pass", "N Pass", "E Pass"]},
        lang="da").to_json()["text"]


def test_36b_before_the_opening_lead_is_still_rectified() -> None:
    r = rule(dealer="N", calls=["N 1S", "E Pass", "S X"])
    assert "36C" not in r["laws"] and "36B" in r["laws"]


def test_38a_38b_38c_a_bid_of_more_than_seven_is_cancelled_and_a_pass_substituted() -> None:
    r = rule(dealer="N", calls=["N 1S", "E Pass", "S 8S"])
    assert r["laws"] == ["38A", "16C", "38B", "38C", "26B"]
    assert r["cancelled"] == [sc("S", "8S")]
    assert r["auction"] == [sc("N", "1S"), sc("E", "Pass"), sc("S", "Pass")]
    assert r["next"] == "W"
    assert [(p["seat"], p["until"], p["law"]) for p in r["pass_obligations"]] == [
        ("S", "end_of_auction", "38C"), ("N", "end_of_auction", "38C")]
    assert r["adjustment_possible"] == ["72C"]
    assert "South's 8♠ is a bid of more than seven" in r["text"]


def test_38b_38d_lhos_call_over_it_is_cancelled_and_no_26b_or_72c() -> None:
    """West called over South's 8NT before rectification: West's pass goes with it (38B),
    West calls again, and there is no recourse to 26B or 72C (38D)."""
    r = rule(dealer="N", calls=["N 1S", "E Pass", "S 8NT", "W Pass", "W 2H"])
    assert r["laws"] == ["38A", "16C", "38B", "38C", "38D"]
    assert r["cancelled"] == [sc("S", "8NT"), sc("W", "Pass")]
    assert r["auction"][-2:] == [sc("S", "Pass"), sc("W", "2H")]
    assert r["adjustment_possible"] == [] and r["lead_restriction"] is None
    assert "there is no recourse to Laws 26B and 72C (Law 38D)" in r["text"]


def test_38a_never_accepted_and_out_of_rotation_refused() -> None:
    with pytest.raises(CaseFileError, match=r"calls\[2\]: a bid of more than seven can never "
                                            r"be accepted"):
        rule(dealer="N", calls=["N 1S", "E Pass", {"seat": "S", "call": "8S", "accept": True}])
    with pytest.raises(CaseFileError, match=r"calls\[2\]: a bid of more than seven out of "
                                            r"rotation"):
        rule(dealer="N", calls=["N 1S", "E Pass", "W 8S"])
    with pytest.raises(CaseFileError, match="impossible call '14S'"):
        rule(dealer="N", calls=["N 1S", "E Pass", "S 14S"])
