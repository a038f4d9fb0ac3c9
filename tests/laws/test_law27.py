"""Law 27: insufficient bids (27A1, 27A2, 27B1(a), 27B1(b), 27B2, 27B3, 27B4, 27C, 27D)."""

from __future__ import annotations

from typing import Any

import pytest

from td_plugin.errors import CaseFileError
from td_plugin.laws.auction.insufficient_bids import (
    correction_for,
    corrects_27b1a,
    lowest_same_denomination,
    lowest_sufficient_bid,
)
from td_plugin.model.auction import Call
from td_plugin.model.cards import Strain, Suit
from tests.case_files import rule_auction_case, sc


def rule(lang: str = "en", **case: Any) -> dict:
    return rule_auction_case(case, lang).to_json()


C = Call.from_pbn

# East opens 1H, South bids 1C (insufficient); the replacement follows.
IB = ["E 1H", "S 1C"]


def test_lowest_sufficient_bid_in_a_denomination() -> None:
    assert lowest_sufficient_bid(Strain.C, C("1H")) is C("2C")
    assert lowest_sufficient_bid(Strain.S, C("1H")) is C("1S")
    assert lowest_sufficient_bid(Strain.NT, None) is C("1NT")
    assert lowest_sufficient_bid(Strain.C, C("7NT")) is None


def test_lowest_same_denomination_needs_one_specified_denomination() -> None:
    assert lowest_same_denomination(C("2D"), [Suit.H], C("2S")) is C("3H")
    assert lowest_same_denomination(C("2NT"), [Suit.C, Suit.D], C("3C")) is None
    assert lowest_same_denomination(C("2C"), [], C("2D")) is None


def test_27a1_lho_accepts_by_calling_over_the_insufficient_bid() -> None:
    r = rule(dealer="E", calls=IB + ["W 2C"])
    assert r["laws"] == ["27A1"]
    assert r["auction"] == [sc("E", "1H"), sc("S", "1C"), sc("W", "2C")]
    assert r["lead_restriction"] is None and r["pass_obligations"] == []


def test_27a1_accepted_by_the_case() -> None:
    r = rule(dealer="E", accept=True, calls=IB)
    assert r["laws"] == ["27A1"] and r["next"] == "W"


def test_27a1_lho_may_accept_while_undecided() -> None:
    # seed 000, situation 3: 1C - 1S - 1D, South had overlooked the overcall
    r = rule(dealer="N", calls=["N 1C", "E 1S", "S 1D"])
    assert r["status"] == "needs_decision"
    assert r["laws"] == ["27A1", "27B"]
    assert r["decisions"] == [
        {"seat": "W", "decide": "accept", "law": "27A1", "call": sc("S", "1D", 2)},
        {"seat": "S", "decide": "replacement", "law": "27B", "call": sc("S", "1D", 2),
         "lowest_same_denomination": "2D"}]
    assert r["next"] == "S"


def test_27a1_lho_calling_contradicts_accept_false() -> None:
    with pytest.raises(CaseFileError, match=r"calls\[2\]: West called over the insufficient 1C"):
        rule(dealer="E", accept=False, calls=IB + ["W Pass"])


def test_27a2_insufficient_bid_out_of_rotation_goes_to_law_31() -> None:
    r = rule(dealer="N", accept=False, calls=["N 1H", "S 1D"])
    assert r["laws"] == ["29B", "31A"]
    assert r["cancelled"] == [sc("S", "1D")] and r["next"] == "E"


def test_27b1a_lowest_sufficient_bid_in_the_same_denomination() -> None:
    r = rule(dealer="E", accept=False, calls=IB + ["S 2C"])
    assert r["laws"] == ["27B1(a)"]
    assert r["auction"] == [sc("E", "1H"), sc("S", "2C")]
    assert r["unauthorized"] == [] and r["lead_restriction"] is None
    assert r["pass_obligations"] == []
    assert r["adjustment_possible"] == ["27D"]


def test_27b1a_artificial_bid_specifying_the_same_denomination() -> None:
    # 1NT - (2S) - 2D transfer (hearts, insufficient) corrected by a 3D transfer
    assert corrects_27b1a(C("2D"), [Suit.H], C("3D"), [Suit.H], C("2S"))
    assert corrects_27b1a(C("2D"), [Suit.H], C("3H"), None, C("2S"))
    assert not corrects_27b1a(C("2D"), [Suit.H], C("3D"), None, C("2S"))
    r = rule(dealer="N", accept=False, calls=["N 1NT", "E 2S", {"seat": "S", "call": "2D",
                                                                  "shows": ["H"]},
                                              {"seat": "S", "call": "3D", "shows": ["H"]}])
    assert r["laws"] == ["27B1(a)"]


def test_27b1a_notrump_specifies_notrump() -> None:
    assert corrects_27b1a(C("1NT"), None, C("2NT"), None, C("2C"))
    assert not corrects_27b1a(C("1NT"), None, C("3NT"), None, C("2C"))
    assert not corrects_27b1a(C("1NT"), None, C("2C"), [], C("2C"))


def test_27b1a_a_jump_is_not_the_lowest_bid() -> None:
    r = rule(dealer="E", accept=False, comparable=False, calls=IB + ["S 3C"])
    assert r["laws"] == ["23A", "27B2", "16C", "26B"]


def test_27b1b_comparable_call() -> None:
    # WBF commentary example 24: 1C - 1S - 1H (4+ hearts, 6+), corrected by a negative
    # double showing hearts and diamonds: a subset of the meanings of 1H
    ib = {"seat": "S", "call": "1H", "meaning": {"hcp": [6, 40], "suits": {"H": [4, 13]}}}
    x = {"seat": "S", "call": "X", "meaning": {"hcp": [6, 40],
                                               "suits": {"H": [4, 13], "D": [4, 13]}}}
    r = rule(dealer="N", accept=False, calls=["N 1C", "E 1S", ib, x])
    assert r["laws"] == ["23A2", "27B1(b)", "26A"]
    assert r["auction"][-1] == sc("S", "X")
    assert r["unauthorized"] == [] and r["lead_restriction"] is None
    assert r["adjustment_possible"] == ["27D"]
    assert "(Law 23A2)" in r["text"]


def test_27b2_other_bid_partner_passes_for_the_rest_of_the_auction() -> None:
    r = rule(dealer="E", accept=False, comparable=False, calls=IB + ["S 1S"])
    assert r["laws"] == ["23A", "27B2", "16C", "26B"]
    assert r["pass_obligations"] == [{"seat": "N", "until": "end_of_auction", "law": "27B2",
                 "laws": ["27B2"], "state": "in_force"}]
    assert r["unauthorized"] == [{"side": "NS", "from": sc("S", "1C")}]
    assert r["lead_restriction"] == {"offender": "S", "partner": "N", "prohibit_one_of": None}
    assert r["adjustment_possible"] == ["72C"]


def test_27b2_pass_as_correction() -> None:
    r = rule(dealer="E", accept=False, comparable=False, calls=IB + ["S Pass"])
    assert "27B2" in r["laws"] and r["pass_obligations"][0]["seat"] == "N"


def test_27b2_partner_must_pass_and_a_bid_by_him_is_law_37() -> None:
    r = rule(dealer="E", accept=False, comparable=False, calls=IB + ["S 1S", "W Pass", "N 2S"])
    assert r["laws"][-1] == "37B"
    assert {"seat": "S", "until": "end_of_auction", "law": "37B",
                 "laws": ["37B"], "state": "in_force"} in r["pass_obligations"]


def test_27b3_double_not_comparable_is_cancelled() -> None:
    r = rule(dealer="E", accept=False, comparable=False, calls=IB + ["S X"])
    assert r["laws"] == ["23A", "27B3", "16C", "26B"]
    assert r["cancelled"] == [sc("S", "1C"), sc("S", "X")]
    assert r["next"] == "S"
    assert r["pass_obligations"] == [{"seat": "N", "until": "end_of_auction", "law": "27B3",
                 "laws": ["27B3"], "state": "in_force"}]


def test_27b3_then_any_legal_call_with_partner_still_passing() -> None:
    r = rule(dealer="E", accept=False, comparable=False, calls=IB + ["S X", "S 2C"])
    assert r["auction"][-1] == sc("S", "2C")
    assert r["pass_obligations"] == [{"seat": "N", "until": "end_of_auction", "law": "27B3",
                 "laws": ["27B3"], "state": "in_force"}]


def test_27b4_second_insufficient_bid_not_accepted() -> None:
    r = rule(dealer="E", accept=False, calls=IB + [{"seat": "S", "call": "1D", "accept": False}])
    assert r["laws"] == ["27B4", "16C", "26B"]
    assert r["pass_obligations"][0]["until"] == "end_of_auction"
    assert r["next"] == "S"


def test_27b4_second_insufficient_bid_accepted() -> None:
    r = rule(dealer="E", accept=False, calls=IB + ["S 1D", "W Pass"])
    assert r["laws"] == ["27B4"]
    assert r["auction"] == [sc("E", "1H"), sc("S", "1D"), sc("W", "Pass")]
    assert r["pass_obligations"] == []


def test_27c_premature_replacement_stands_unless_the_bid_is_accepted() -> None:
    r = rule(dealer="E", calls=IB + ["S 2C"])
    assert r["laws"] == ["27C", "27B1(a)"]
    assert r["status"] == "needs_decision"
    assert r["decisions"] == [{"seat": "W", "decide": "accept", "law": "27A1",
                               "call": sc("S", "1C", 1)}]
    assert r["auction"][-1] == sc("S", "2C")


def test_27c_premature_replacement_cancelled_when_the_bid_is_accepted() -> None:
    r = rule(dealer="E", accept=True, calls=IB + ["S 2C"])
    assert r["laws"] == ["27C", "16C", "27A1"]
    assert r["auction"] == [sc("E", "1H"), sc("S", "1C")]
    assert r["cancelled"] == [sc("S", "2C")]


def test_27d_adjustment_possible_after_b1() -> None:
    assert rule(dealer="E", accept=False, calls=IB + ["S 2C"])["adjustment_possible"] == ["27D"]


def test_27b_comparability_undecided_waits_for_the_director() -> None:
    r = rule(dealer="E", accept=False, calls=IB + ["S 3C", "W Pass"])
    assert r["status"] == "needs_decision"
    assert r["decisions"] == [{"seat": None, "decide": "comparable", "law": "23A",
                               "withdrawn": sc("S", "1C", 1), "replacement": sc("S", "3C", 2)}]
    assert "1 later call(s) are not ruled on" in r["text"]


def test_27b_partner_calling_before_the_replacement_calls_out_of_rotation() -> None:
    # North passes at South's turn (South still to replace 1C): a pass at partner's turn
    r = rule(dealer="E", accept=False, calls=IB + ["N Pass"])
    assert r["laws"][-4:] == ["29A", "29B", "30B1(a)", "16C"]
    assert r["cancelled"] == [sc("S", "1C"), sc("N", "Pass")] and r["next"] == "S"


def test_correction_for_each_clause() -> None:
    assert correction_for(C("2C"), True, None).law == "27B1(a)"
    assert correction_for(C("X"), False, True).law == "27B1(b)"
    assert correction_for(C("1S"), False, False).law == "27B2"
    assert correction_for(C("X"), False, False).law == "27B3"
    assert correction_for(C("1D"), False, None, second_insufficient=True).law == "27B4"
    assert correction_for(C("3C"), False, None) is None


# North 1H, East 1C (insufficient), not accepted, East replaces it with a pass; the
# auction goes on to 3H and East passes again: two passes by East, the same call.
AGAIN = ["N 1H", {"seat": "E", "call": "1C", "accept": False}, "E Pass", "S 2H", "W Pass",
         "N 3H", "E Pass"]


def test_23a_27b_the_comparable_decision_names_the_replacement_not_a_later_same_call() -> None:
    """The decision on 23A names the very calls it is about by their place in the case's
    calls: East's first pass (entry 2), never his pass over 3H (entry 6)."""
    r = rule(dealer="N", calls=AGAIN)
    assert r["decisions"] == [{"seat": None, "decide": "comparable", "law": "23A",
                               "withdrawn": sc("E", "1C", 1), "replacement": sc("E", "Pass", 2)}]


def test_23a_27b2_the_judgement_on_the_replacement_rules_the_whole_auction() -> None:
    """Judged on entry 2 (not comparable), 27B2 rules and the later calls are ruled on;
    the same judgement on East's later pass would decide nothing."""
    calls = [dict(c) if isinstance(c, dict) else c for c in AGAIN]
    calls[2] = {"seat": "E", "call": "Pass", "comparable": False}
    r = rule(dealer="N", calls=calls)
    assert r["status"] == "ruled" and "27B2" in r["laws"] and r["decisions"] == []
    assert r["next"] == "S" and len(r["auction"]) == 6
    late = [dict(c) if isinstance(c, dict) else c for c in AGAIN]
    late[6] = {"seat": "E", "call": "Pass", "comparable": False}
    assert rule(dealer="N", calls=late)["decisions"][0]["replacement"] == sc("E", "Pass", 2)
