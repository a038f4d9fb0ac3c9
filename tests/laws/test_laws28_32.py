"""Laws 28-32: calls out of rotation (28A, 28B, 29A, 29B, 29C, 30A, 30B1(a), 30B1(b)(i),
30B1(b)(ii), 30B2, 30C, 31A1, 31A2(a), 31A2(b), 31B, 31C, 32A1, 32A2(a), 32A2(b), 32B)."""

from __future__ import annotations

from typing import Any

import pytest

from td_plugin.errors import CaseFileError
from td_plugin.laws.auction.calls_out_of_rotation import Turn, family_of, rectification, turn_of
from td_plugin.model.auction import Call
from td_plugin.model.cards import Seat
from tests.case_files import rule_auction_case, sc

C = Call.from_pbn


def rule(lang: str = "en", **case: Any) -> dict:
    return rule_auction_case(case, lang).to_json()


def test_turn_of_the_offender() -> None:
    assert turn_of(Seat.E, Seat.N) is Turn.RHO  # East called at North's turn
    assert turn_of(Seat.S, Seat.N) is Turn.PARTNER
    assert turn_of(Seat.W, Seat.N) is Turn.LHO


def test_family_of_the_call() -> None:
    assert family_of(C("Pass"), False, False) == "30"
    assert family_of(C("Pass"), True, False) == "31"
    assert family_of(C("1H"), False, False) == "31"
    assert family_of(C("XX"), False, False) == "32"
    assert rectification(C("X"), Turn.LHO).law == "32B"


def test_28a_call_at_rho_turn_is_in_rotation_when_rho_must_pass() -> None:
    # East must pass at his next turn (30A); South bids at East's turn
    r = rule(dealer="N", accept=False, calls=["E Pass", "N 1H", "S 2H"])
    assert r["laws"] == ["29B", "30A", "28A"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "2H")]
    assert r["next"] == "W"


def test_28b_call_by_the_player_whose_turn_it_was_before_rectification() -> None:
    # East bids at North's turn; North, whose turn it was, bids before the Director comes
    r = rule(dealer="N", calls=["E 1S", "N 1H"])
    assert r["laws"] == ["28B", "16C"]
    assert r["auction"] == [sc("N", "1H")]
    assert r["cancelled"] == [sc("E", "1S")]
    assert r["unauthorized"] == [{"side": "EW", "from": sc("E", "1S")}]
    assert r["lead_restriction"] is None and r["next"] == "E"


def test_29a_lho_accepts_by_calling_and_skipped_players_lose_their_turn() -> None:
    r = rule(dealer="N", calls=["E 1S", "S Pass"])
    assert r["laws"] == ["29A"]
    assert r["auction"] == [sc("E", "1S"), sc("S", "Pass")]
    assert r["next"] == "W"
    assert "North lost the turn" in r["text"]


def test_29a_lho_may_accept_while_undecided() -> None:
    r = rule(dealer="N", calls=["E 1S"])
    assert r["status"] == "needs_decision"
    assert r["decisions"] == [{"seat": "S", "decide": "accept", "law": "29A",
                               "call": sc("E", "1S", 0)}]
    assert r["laws"] == ["29A", "29B", "31A"]


def test_29a_accept_true_but_another_player_calls_is_a_case_error() -> None:
    with pytest.raises(CaseFileError, match=r"calls\[1\]: accept: true, but this is North's"):
        rule(dealer="N", accept=True, calls=["E 1S", "N Pass"])


def test_29b_not_accepted_cancelled_and_back_to_the_player_whose_turn_it_was() -> None:
    r = rule(dealer="N", accept=False, calls=["E 1S"])
    assert r["laws"] == ["29B", "31A"]
    assert r["cancelled"] == [sc("E", "1S")] and r["auction"] == [] and r["next"] == "N"


def test_29c_artificial_call_out_of_rotation() -> None:
    r = rule(dealer="N", accept=False, calls=[{"seat": "E", "call": "2C", "shows": ["H", "S"]}])
    assert r["laws"] == ["29B", "29C", "31A"]


def test_30a_pass_at_rho_turn_offender_passes_next_turn() -> None:
    # seed 001: the offender repeats his pass and escapes lead restrictions
    r = rule(dealer="N", accept=False, calls=["E Pass", "N 1H", "E Pass"])
    assert r["laws"] == ["29B", "30A"]
    assert r["pass_obligations"] == [{"seat": "E", "until": "next_turn", "law": "30A",
                                      "laws": ["30A"], "state": "fulfilled"}]
    assert r["lead_restriction"] is None and r["unauthorized"] == []
    assert r["adjustment_possible"] == ["72C"]


def test_30a_offender_bidding_instead_of_passing_is_law_37() -> None:
    r = rule(dealer="N", accept=False, calls=["E Pass", "N 1H", "E 1S"])
    assert r["laws"][-3:] == ["37B", "16C", "26B"]


def test_30b1a_partner_may_make_any_call_but_16c2_applies() -> None:
    # West passes at North's (dealer's) turn: his LHO's turn, West not having called
    r = rule(dealer="N", accept=False, calls=["W Pass", "N Pass", "E 1H"])
    assert r["laws"] == ["29B", "30B1(a)", "16C"]
    assert r["unauthorized"] == [{"side": "EW", "from": sc("W", "Pass")}]
    assert r["pass_obligations"] == []


def test_30b1b_i_comparable_call_no_further_rectification() -> None:
    # WBF commentary example 34: West's pass at North's turn; East opens 1H, South
    # passes; West's 2H is treated as comparable with the cancelled initial pass
    r = rule(dealer="N", accept=False, comparable=True,
             calls=["W Pass", "N Pass", "E 1H", "S Pass", "W 2H"])
    assert r["laws"] == ["29B", "30B1(a)", "16C", "23A", "30B1(b)(i)", "26A"]
    assert r["unauthorized"] == [] and r["lead_restriction"] is None
    assert r["adjustment_possible"] == ["23C"]


def test_30a_an_obligation_met_is_fulfilled_and_worded_so() -> None:
    """West's 30A pass made at his turn: the obligation is listed as fulfilled, not as
    "must pass when next it is his turn"; before it, in force."""
    before = rule(dealer="N", accept=False, calls=["E Pass", "N 1H"])
    assert [p["state"] for p in before["pass_obligations"]] == ["in_force"]
    assert "East must pass when next it is his turn to call (Law 30A)." in before["text"]
    after = rule(dealer="N", accept=False, calls=["E Pass", "N 1H", "E Pass"])
    assert [p["state"] for p in after["pass_obligations"]] == ["fulfilled"]
    assert "East has passed at his next turn, as he had to (Law 30A)." in after["text"]
    assert "must pass when next" not in after["text"].split("(Law 30A).", 1)[1]
    assert "har passet, da det blev hans tur, som han skulle (§ 30A)" in rule(
        "da", dealer="N", accept=False, calls=["E Pass", "N 1H", "E Pass"])["text"]


def test_30b1b_ii_partner_passes_once() -> None:
    r = rule(dealer="N", accept=False, comparable=False,
             calls=["S Pass", "N 1H", "E Pass", "S 2H", "W Pass", "N Pass", "E Pass"])
    assert "30B1(b)(ii)" in r["laws"]
    assert r["pass_obligations"] == [{"seat": "N", "until": "next_turn", "law": "30B1(b)(ii)",
                                      "laws": ["30B1(b)(ii)"], "state": "fulfilled"}]
    assert r["next"] is None  # 1H P 2H P P P: North's one forced pass ended the auction
    assert r["lead_restriction"] is None  # North-South declare
    assert any(c["key"] == "law26.offender_declares" for c in r["clauses"])


def test_30b1b_ii_partner_free_again_after_his_forced_pass() -> None:
    r = rule(dealer="N", accept=False, comparable=False,
             calls=["S Pass", "N 1H", "E 1S", "S 2H", "W 2S", "N Pass", "E Pass", "S 3H",
                    "W Pass"])
    assert r["next"] == "N"  # North may call freely now; no Law 37


def test_30b2_pass_at_lho_turn_after_calling_is_a_change_of_call() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S 2H", "S Pass"])
    assert r["laws"][0] == "25B2"


def test_30c_artificial_pass_out_of_rotation_is_law_31() -> None:
    r = rule(dealer="N", accept=False,
             calls=[{"seat": "W", "call": "Pass", "meaning": {"purpose": "strong (forcing pass)"}}])
    assert r["laws"] == ["29B", "29C", "31B", "16C"]


def test_31a1_rho_passes_offender_repeats_without_rectification() -> None:
    # seed 001: the offender escapes lead restrictions by repeating his bid
    r = rule(dealer="N", accept=False, calls=["E 1S", "N Pass", "E 1S"])
    assert r["laws"] == ["29B", "31A1"]
    assert r["auction"] == [sc("N", "Pass"), sc("E", "1S")]
    assert r["pass_obligations"] == [] and r["lead_restriction"] is None


def test_31a1_another_call_instead_of_the_repeat_is_cancelled() -> None:
    # the Director rules on what happened: East must still repeat 1S
    r = rule(dealer="N", accept=False, calls=["E 1S", "N Pass", "E 2S"])
    assert r["laws"] == ["29B", "31A1", "16C"]
    assert [c["key"] for c in r["clauses"]][-2:] == ["coor.not_repeated", "law16.unauthorized"]
    assert r["cancelled"] == [sc("E", "1S"), sc("E", "2S")]
    assert r["auction"] == [sc("N", "Pass")] and r["next"] == "E"
    assert r["unauthorized"] == [{"side": "EW", "from": sc("E", "2S")}]
    r = rule(dealer="N", accept=False, calls=["E 1S", "N Pass", "E 2S", "E 1S"])
    assert r["auction"] == [sc("N", "Pass"), sc("E", "1S")] and r["next"] == "S"


def test_31a1_another_call_lho_called_over_stands_and_rectification_is_forfeited() -> None:
    r = rule(dealer="N", accept=False, calls=["E 1S", "N Pass", "E 2S", "S Pass"])
    assert r["laws"] == ["29B", "31A1", "11A"]
    assert r["auction"] == [sc("N", "Pass"), sc("E", "2S"), sc("S", "Pass")]
    assert r["adjustment_possible"] == ["12A1"] and r["next"] == "W"
    assert "forfeited" in r["text"]


def test_31a1_repeated_bid_that_is_insufficient_goes_to_law_27() -> None:
    # issue example: N 1S, S 1H at East's turn, not accepted, E passes, S repeats 1H
    r = rule(dealer="N", accept=False, calls=["N 1S", "S 1H", "E Pass", "S 1H"])
    assert r["laws"] == ["29B", "31A1", "27A1", "27B"]
    keys = [c["key"] for c in r["clauses"]]
    assert "coor.repeat_insufficient" in keys and "law27.offer" in keys
    assert "being legal" not in r["text"]
    assert r["auction"] == [sc("N", "1S"), sc("E", "Pass")]  # never an unaccepted IB
    assert r["cancelled"][-1] == sc("S", "1H") and r["next"] == "S"
    assert {d["decide"] for d in r["decisions"]} == {"accept", "replacement"}


def test_31a1_the_repeat_would_be_insufficient_law_27_applies_to_it() -> None:
    """W bids 1H at South's turn over North's 1S, not accepted, South passes: West must
    repeat 1H, which over 1S is insufficient: the ruling says Law 27 applies to it, not
    that the repeat brings no rectification."""
    r = rule(dealer="N", accept=False, calls=["N 1S", "E Pass", "W 1H", "S Pass"])
    clause = next(c for c in r["clauses"] if c["law"] == "31A1")
    assert clause["key"] == "coor.must_repeat.insufficient"
    assert "South passed: West must repeat 1♥, but over 1♠ it would be an insufficient " \
           "bid: Law 27 applies to the repeated call (Law 31A1)." in r["text"]
    assert "when that call is legal there is no rectification" not in r["text"]
    assert "§ 27 gælder for den gentagne melding (§ 31A1)" in rule(
        "da", dealer="N", accept=False, calls=["N 1S", "E Pass", "W 1H", "S Pass"])["text"]
    legal = rule(dealer="N", accept=False, calls=["N 1S", "E Pass", "W 2H", "S Pass"])
    assert "when that call is legal there is no rectification" in legal["text"]


def test_31a1_repeated_insufficient_bid_accepted_by_lho() -> None:
    r = rule(dealer="N", accept=False, calls=["N 1S", "S 1H", "E Pass", "S 1H", "W Pass"])
    assert r["laws"] == ["29B", "31A1", "27A1"]
    assert r["auction"][-2:] == [sc("S", "1H"), sc("W", "Pass")]


def test_31a1_repeated_insufficient_bid_corrected_under_27b() -> None:
    r = rule(dealer="N", accept=False, calls=["N 1S", "S 1H", "E Pass",
                                              {"seat": "S", "call": "1H", "accept": False},
                                              "S 2H"])
    assert r["laws"][-1] == "27B1(a)"
    assert r["auction"] == [sc("N", "1S"), sc("E", "Pass"), sc("S", "2H")]


def test_29a_accepting_never_withdraws_the_accepting_players_call() -> None:
    # North 1H, East pass, South 2S, West pass, South 1S at North's turn; West accepts
    r = rule(dealer="N", accept=True, calls=["N 1H", "E Pass", "S 2S", "W Pass", "S 1S"])
    assert r["laws"] == ["29A"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "2S"), sc("W", "Pass"),
                            sc("S", "1S")]
    assert r["cancelled"] == [] and r["next"] == "W"  # North lost his turn


def test_31b_bid_at_partners_turn_after_lho_called_then_offenders_call() -> None:
    # S 1H, W 1S, S 2H at North's turn: not accepted; North passes, East passes, South
    # bids 2H at his turn, not comparable with the cancelled 2H? the Director says no
    r = rule(dealer="S", accept=False, comparable=False,
             calls=["S 1H", "W 1S", "S 2H", "N Pass", "E Pass", "S 3H"])
    assert r["laws"] == ["29B", "31B", "16C", "23A", "31A2(b)", "26B"]
    assert r["pass_obligations"] == [{"seat": "N", "until": "next_turn", "law": "31A2(b)",
                 "laws": ["31A2(b)"], "state": "in_force"}]


def test_31a2a_rho_bids_offender_comparable_call() -> None:
    r = rule(dealer="N", accept=False, comparable=True, calls=["E 1S", "N 1D", "E 1S"])
    assert r["laws"] == ["29B", "23A", "31A2(a)", "26A"]
    assert r["adjustment_possible"] == ["23C"]


def test_31a2b_rho_bids_offender_other_call_partner_passes_once() -> None:
    r = rule(dealer="N", accept=False, comparable=False, calls=["E 1S", "N 1D", "E 1NT"])
    assert r["laws"] == ["29B", "23A", "31A2(b)", "16C", "26B"]
    assert r["pass_obligations"] == [{"seat": "W", "until": "next_turn", "law": "31A2(b)",
                 "laws": ["31A2(b)"], "state": "in_force"}]
    assert r["unauthorized"] == [{"side": "EW", "from": sc("E", "1S")}]


def test_31a2_rho_bid_offender_still_to_call() -> None:
    r = rule(dealer="N", accept=False, calls=["E 1S", "N 1D"])
    assert r["laws"] == ["29B", "31A2"]
    assert r["next"] == "E"


def test_31b_bid_at_partner_turn() -> None:
    r = rule(dealer="N", accept=False, calls=["S 1H"])
    assert r["laws"] == ["29B", "31B", "16C"]
    assert r["next"] == "N"
    assert "Law 16C2 applies" in r["text"]


def test_31c_later_bid_at_lho_turn_is_a_change_of_call() -> None:
    r = rule(dealer="N", accept=True, calls=["N 1H", "N 1S"])
    assert r["laws"][0] == "25B1"


def test_32a1_double_repeated_after_rho_passes() -> None:
    r = rule(dealer="W", accept=False, calls=["W 1H", "N Pass", "S X", "E Pass", "S X"])
    assert r["laws"] == ["29B", "32A1"]
    assert r["auction"][-1] == sc("S", "X")


def test_32a2a_comparable_after_rho_bids() -> None:
    # WBF commentary example 40: the double stays take-out over the higher bid
    r = rule(dealer="W", accept=False, comparable=True,
             calls=["W 1S", "N Pass", "S X", "E 2S", "S X"])
    assert r["laws"] == ["29B", "23A", "32A2(a)", "26A"]


def test_32a2b_not_comparable_lead_restriction_by_default() -> None:
    r = rule(dealer="W", accept=False, comparable=False,
             calls=["W 1S", "N Pass", "S X", "E 2S", "S 3H"])
    assert r["laws"] == ["29B", "23A", "32A2(b)", "16C", "26B"]
    assert r["pass_obligations"] == [{"seat": "N", "until": "next_turn", "law": "32A2(b)",
                 "laws": ["32A2(b)"], "state": "in_force"}]
    assert "Polish and French translations" in r["text"]


def test_32a2b_without_26b_as_an_option() -> None:
    r = rule(dealer="W", accept=False, comparable=False,
             calls=["W 1S", "N Pass", "S X", "E 2S", "S 3H"],
             options={"lead_restriction_after_32": False})
    assert "26B" not in r["laws"] and r["lead_restriction"] is None
    assert r["pass_obligations"] == [{"seat": "N", "until": "next_turn", "law": "32A2(b)",
                 "laws": ["32A2(b)"], "state": "in_force"}]
    assert "Greek translation" in r["text"]


def test_32b_double_at_partner_turn() -> None:
    # BBO "Law 32A Double out of rotation": 3S, double at partner's turn
    r = rule(dealer="W", accept=False, calls=["W 3S", "S X", "N Pass", "E Pass", "S X"],
             comparable=True)
    assert r["laws"] == ["29B", "32B", "16C", "23A", "32A2(a)", "26A"]
    assert r["unauthorized"] == []


def test_32_inadmissible_double_out_of_rotation_cannot_be_accepted() -> None:
    # South doubles his partner's 1H at East's turn
    with pytest.raises(CaseFileError, match="can never be accepted"):
        rule(dealer="N", accept=True, calls=["N 1H", "S X"])
    r = rule(dealer="N", calls=["N 1H", "S X"])
    assert r["laws"] == ["36B4", "16C", "26B"]
    assert r["pass_obligations"] == [{"seat": "N", "until": "end_of_auction", "law": "36B4",
                 "laws": ["36B4"], "state": "in_force"}]
    assert r["next"] == "E"


def test_31c_bid_at_lho_turn_changes_the_last_call_of_the_auction() -> None:
    # East passes; West's 1H at South's turn is cancelled; East then bids 2C at South's
    # turn: a change of his pass (Law 25), South to decide
    r = rule(dealer="E", calls=["E Pass", "W 1H", "E 2C"])
    assert r["laws"][:2] == ["29B", "25B2"]
    assert r["auction"] == [sc("E", "Pass")]
    assert {"seat": "S", "decide": "accept", "law": "25B1", "call": sc("E", "2C", 2)} in r["decisions"]


def test_31b_offenders_call_at_his_turn_is_insufficient_then_31a2_rules_on_it() -> None:
    """West bid 1S at North's turn (31B), not accepted. At his own turn West bids 1H over
    2C, insufficient and not accepted, and corrects to 2H (27B1(a)). The 2H that stands
    is his call at his turn: the Director still judges it against the cancelled 1S
    (23A) and rules 31A2 on it."""
    calls = ["W 1S", "N 2C", "E Pass", "S Pass", {"seat": "W", "call": "1H", "accept": False}]
    undecided = rule(dealer="N", accept=False, calls=[*calls, "W 2H"])
    assert undecided["laws"][-2:] == ["27B1(a)", "23A"]
    assert [(d["decide"], d["withdrawn"], d["replacement"]) for d in undecided["decisions"]] \
        == [("comparable", sc("W", "1S", 0), sc("W", "2H", 5))]
    not_comparable = rule(dealer="N", accept=False,
                          calls=[*calls, {"seat": "W", "call": "2H", "comparable": False}])
    assert not_comparable["laws"][-3:] == ["23A", "31A2(b)", "26B"]
    assert not_comparable["pass_obligations"] == [
        {"seat": "E", "until": "next_turn", "law": "31A2(b)", "laws": ["31A2(b)"],
         "state": "in_force"}]
    assert not_comparable["adjustment_possible"] == ["27D", "72C"]
    comparable = rule(dealer="N", accept=False,
                      calls=[*calls, {"seat": "W", "call": "2H", "comparable": True}])
    assert comparable["laws"][-3:] == ["23A", "31A2(a)", "26A"]
    assert comparable["pass_obligations"] == [] and "23C" in comparable["adjustment_possible"]


def test_31b_offenders_insufficient_call_accepted_is_his_call_at_his_turn() -> None:
    r = rule(dealer="N", accept=False, calls=["W 1S", "N 2C", "E Pass", "S Pass",
                                              {"seat": "W", "call": "1H", "comparable": False},
                                              "N Pass"])
    assert "27A1" in r["laws"] and r["laws"][-2:] == ["31A2(b)", "26B"]
