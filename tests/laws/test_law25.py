"""Law 25: unintended calls (25A1-A6) and changes of an intended call (25B1-B3)."""

from __future__ import annotations

from typing import Any

import pytest

from td_plugin.errors import CaseFileError
from tests.case_files import rule_auction_case, sc


def rule(lang: str = "en", **case: Any) -> dict:
    return rule_auction_case(case, lang).to_json()


def unintended(seat: str, call: str, **more: Any) -> dict:
    return {"seat": seat, "call": call, "unintended": True, **more}


def test_25a1_unintended_call_replaced_by_the_intended_call() -> None:
    r = rule(dealer="N", calls=["N 1NT", "E Pass", unintended("S", "Pass"), "S 3NT"])
    assert r["laws"] == ["25A1"]
    assert r["auction"] == [sc("N", "1NT"), sc("E", "Pass"), sc("S", "3NT")]
    assert r["cancelled"] == [sc("S", "Pass")]
    assert r["next"] == "W"
    assert r["unauthorized"] == [] and r["lead_restriction"] is None
    assert r["pass_obligations"] == [] and r["status"] == "ruled"


def test_25a1_unintended_insufficient_bid_cannot_be_accepted() -> None:
    # seed 000, situation 4: 1NT - pass - 1C "I thought I had bid 2C"
    r = rule(dealer="N", calls=["N 1NT", "E Pass", unintended("S", "1C"), "S 2C"])
    assert r["laws"] == ["25A1"]
    assert r["auction"][-1] == sc("S", "2C")
    assert any(c["key"] == "law25.not_acceptable" for c in r["clauses"])
    assert r["decisions"] == []


def test_25a1_intended_call_is_subject_to_its_own_law() -> None:
    # the intended call is itself insufficient: Law 27 applies to it
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "2H"), "S 1D"])
    assert r["laws"][:2] == ["25A1", "27A1"]
    assert r["decisions"][0] == {"seat": "W", "decide": "accept", "law": "27A1",
                                 "call": sc("S", "1D", 3)}


def test_25a1_unintended_call_without_the_intended_call_is_a_case_error() -> None:
    with pytest.raises(CaseFileError, match=r"calls\[2\]: unintended: true, but South's intended"):
        rule(dealer="N", calls=["N 1NT", "E Pass", unintended("S", "1C")])


def test_25a1_unintended_call_cannot_carry_accept() -> None:
    with pytest.raises(CaseFileError, match=r"calls\[0\]: an unintended call is corrected"):
        rule(dealer="N", calls=[unintended("N", "1C", accept=True), "N 1D"])


def test_25a2_intended_call_changed_is_not_an_unintended_call() -> None:
    # seed 000, situation 2: 2NT - pass - pass, then 3NT: a thinking error, Law 25B
    r = rule(dealer="N", calls=["N 2NT", "E Pass", "S Pass", "S 3NT"])
    assert r["laws"][0] == "25B2"
    assert r["auction"] == [sc("N", "2NT"), sc("E", "Pass"), sc("S", "Pass")]
    assert "not an unintended call (Law 25A2)" in r["text"]


def test_25a3_how_the_player_became_aware_does_not_matter() -> None:
    r = rule(dealer="N", calls=["N 1NT", "E Pass",
                                unintended("S", "2D", aware_from="partner"), "S 2C"])
    assert r["laws"] == ["25A1", "25A3"]
    assert r["auction"][-1] == sc("S", "2C")


def test_25a4_too_late_once_partner_has_called() -> None:
    # the attempted correction after partner's call is a call out of rotation (seed 000)
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "1S"), "W Pass", "N 2H",
                                "S 2S"])
    assert r["laws"][:3] == ["25A4", "29A", "29B"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "1S"), sc("W", "Pass"),
                            sc("N", "2H")]
    assert r["cancelled"] == [sc("S", "2S")]
    assert r["next"] == "E"


def test_25a5_correction_allowed_after_the_auction_ended_before_the_lead() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "Pass"), "W Pass", "S 2H"])
    assert r["laws"] == ["25A5", "25A1", "25A6"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "2H"), sc("W", "Pass")]
    assert r["lho_may_withdraw"] == [sc("W", "Pass")]
    assert r["next"] == "N"


def test_25a5_too_late_once_the_opening_lead_is_faced() -> None:
    r = rule(dealer="N", opening_lead_faced=True,
             calls=["N 1H", "E Pass", unintended("S", "Pass"), "W Pass", "S 2H"])
    assert r["laws"] == ["25A5"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "Pass"), sc("W", "Pass")]
    assert r["next"] is None
    assert r["cancelled"] == [sc("S", "2H")]


def test_25a6_lho_may_withdraw_a_call_made_over_the_unintended_call() -> None:
    # seed 000: 1H - pass - 2S (meant 1S) - pass, South corrects
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "2S"), "W Pass", "S 1S"])
    assert r["status"] == "needs_decision"
    assert r["laws"] == ["25A1", "25A6"]
    assert r["auction"][2] == sc("S", "1S")
    assert r["lho_may_withdraw"] == [sc("W", "Pass")]
    assert r["decisions"] == [{"seat": "W", "decide": "withdraw", "law": "25A6",
                               "calls": [sc("W", "Pass", 3)]}]
    assert r["unauthorized"] == []


def test_25a6_withdrawn_call_is_unauthorized_to_the_offenders() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "2S"), "W Pass", "S 1S",
                                "W 2D"])
    assert r["status"] == "ruled"
    assert r["auction"][-1] == sc("W", "2D")
    assert r["cancelled"] == [sc("S", "2S"), sc("W", "Pass")]
    assert r["unauthorized"] == [{"side": "NS", "from": sc("W", "Pass")}]


def test_25a6_lho_keeps_his_call_when_the_auction_goes_on() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "2S"), "W Pass", "S 1S",
                                "N 2S"])
    assert r["status"] == "ruled"
    assert r["auction"][-2:] == [sc("W", "Pass"), sc("N", "2S")]
    assert any(c["key"] == "law25.lho_kept" for c in r["clauses"])


def test_25a6_lho_call_no_longer_legal_must_be_withdrawn() -> None:
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "1S"), "W 1NT", "S 2S"])
    assert any(c["key"] == "law25.lho_must_withdraw" for c in r["clauses"])
    assert r["cancelled"] == [sc("S", "1S"), sc("W", "1NT")]
    assert r["next"] == "W"


def test_25b1_lho_accepts_the_change() -> None:
    r = rule(dealer="S", accept=True, calls=["S 1D", "S 1NT"])
    assert r["laws"] == ["25B1", "16C", "26B"]
    assert r["auction"] == [sc("S", "1NT")]
    assert r["cancelled"] == [sc("S", "1D")]
    assert r["unauthorized"] == [{"side": "NS", "from": sc("S", "1D")}]


def test_25b1_lho_calling_over_the_change_accepts_it() -> None:
    r = rule(dealer="S", calls=["S 1D", "S 1NT", "W 2C"])
    assert r["laws"][0] == "25B1"
    assert r["auction"] == [sc("S", "1NT"), sc("W", "2C")]


def test_25b1_with_screens_acceptance_withdraws_lho_call_made_over_the_first_call() -> None:
    # seed 000: with screens West passed on South's side before the tray passed, so
    # South's 1S is still a change of his 2S
    r = rule(dealer="N", accept=True, screens=True,
             calls=["N 1H", "E Pass", "S 2S", "W Pass", "S 1S"])
    assert r["laws"][0] == "25B1"
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "1S")]
    assert r["cancelled"] == [sc("S", "2S"), sc("W", "Pass")]
    assert {"side": "NS", "from": sc("W", "Pass")} in r["unauthorized"]
    assert r["next"] == "W"


def test_25b_a_call_at_partners_turn_after_lho_called_is_no_change_of_call() -> None:
    # issue example: S 1H, W 1S, S 2H at North's turn: Laws 29-31, never 25B
    r = rule(dealer="S", accept=False, calls=["S 1H", "W 1S", "S 2H"])
    assert r["laws"] == ["29B", "31B", "16C"]
    assert r["auction"] == [sc("S", "1H"), sc("W", "1S")]
    assert r["cancelled"] == [sc("S", "2H")] and r["next"] == "N"


def test_25b2_change_not_accepted_first_call_stands() -> None:
    r = rule(dealer="S", accept=False, calls=["S 1D", "S 1NT"])
    assert r["laws"] == ["25B2", "16C", "26B"]
    assert r["auction"] == [sc("S", "1D")]
    assert r["cancelled"] == [sc("S", "1NT")]
    assert r["unauthorized"] == [{"side": "NS", "from": sc("S", "1NT")}]
    assert r["lead_restriction"] == {"offender": "S", "partner": "N", "prohibit_one_of": None}


def test_25b2_lho_calling_without_noticing_the_change_is_no_acceptance() -> None:
    # seed 003: West did not see the change; his pass stands over 1D
    r = rule(dealer="S", accept=False, calls=["S 1D", "S 1NT", "W Pass"])
    assert r["laws"][0] == "25B2"
    assert r["auction"] == [sc("S", "1D"), sc("W", "Pass")]
    assert any(c["key"] == "law25.change_not_noticed" for c in r["clauses"])


def test_25b2_lho_answer_no_is_read_as_given_after_the_auction_goes_on() -> None:
    # West answered "no" on the changed call; the calls entered afterwards do not turn
    # his answer into a call made without noticing the change
    r = rule(dealer="S", calls=["S 1D", {"seat": "S", "call": "1NT", "accept": False},
                                "W Pass", "N 2C", "E Pass"])
    assert r["laws"][0] == "25B2"
    assert r["auction"] == [sc("S", "1D"), sc("W", "Pass"), sc("N", "2C"), sc("E", "Pass")]
    keys = [c["key"] for c in r["clauses"]]
    assert "law25.change_not_accepted" in keys and "law25.change_not_noticed" not in keys


def test_25a6_lho_answer_keep_is_read_as_given_when_he_calls_next() -> None:
    # West answered that he keeps his pass; a West call entered next is not read as his
    # withdrawing it (it is his call at North's turn)
    calls = ["N 1H", "E Pass", {"seat": "S", "call": "2S", "unintended": True},
             {"seat": "W", "call": "Pass", "withdraw": False}, "S 1S", "W Pass"]
    r = rule(dealer="N", calls=calls)
    keys = [c["key"] for c in r["clauses"]]
    assert "law25.lho_kept" in keys and "law25.lho_withdrew" not in keys
    assert r["auction"][:4] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "1S"), sc("W", "Pass")]


def test_25b_lho_decides_whether_to_accept() -> None:
    r = rule(dealer="S", calls=["S 1D", "S 1NT"])
    assert r["status"] == "needs_decision"
    assert r["decisions"] == [{"seat": "W", "decide": "accept", "law": "25B1",
                               "call": sc("S", "1NT", 1)}]
    assert r["auction"] == [sc("S", "1D")]


def test_25b_partner_never_has_to_pass() -> None:
    for accept in (True, False):
        assert rule(dealer="S", accept=accept, calls=["S 1D", "S 1NT"])["pass_obligations"] == []


def test_25b3_law_16c_for_the_call_withdrawn_or_cancelled() -> None:
    accepted = rule(dealer="S", accept=True, calls=["S 1D", "S 1NT"])
    rejected = rule(dealer="S", accept=False, calls=["S 1D", "S 1NT"])
    assert accepted["unauthorized"][0]["from"] == sc("S", "1D")
    assert rejected["unauthorized"][0]["from"] == sc("S", "1NT")


def test_25b_comparable_replacement_does_not_escape_the_lead_restriction() -> None:
    # seed 001: after a change of call the offender cannot escape Law 26
    r = rule(dealer="S", accept=True, comparable=True, calls=["S 1D", "S 1NT"])
    assert r["lead_restriction"] is not None
    assert "26A" not in r["laws"]


def test_25_text_in_danish_cites_paragraphs() -> None:
    r = rule("da", dealer="S", accept=False, calls=["S 1D", "S 1NT"])
    assert "§ 25B2" in r["text"] and "Law" not in r["text"]
    assert "1ut annulleres" in r["text"]


def test_25a5_partners_call_cancelled_after_the_final_pass_does_not_end_the_correction() -> None:
    # North 1H, East pass, South pass (meant 2H), West pass: the auction is over; North
    # bids 2H after the final pass (cancelled, 39A) before South corrects
    calls = ["N 1H", "E Pass", unintended("S", "Pass"), "W Pass", "N 2H", "S 2H"]
    r = rule(dealer="N", calls=calls)
    assert r["laws"] == ["25A5", "25A1", "39A", "39B", "25A6"]
    assert [c["key"] for c in r["clauses"]][:2] == ["law25.auction_ended",
                                                   "law25.partner_call_cancelled"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "2H"), sc("W", "Pass")]
    assert r["cancelled"] == [sc("N", "2H"), sc("S", "Pass")]
    assert r["lho_may_withdraw"] == [sc("W", "Pass")] and r["next"] == "N"


def test_25a4_partners_cancelled_call_ends_the_correction_as_an_option() -> None:
    calls = ["N 1H", "E Pass", unintended("S", "Pass"), "W Pass", "N 2H", "S 2H"]
    r = rule(dealer="N", calls=calls, options={"cancelled_call_bars_correction": True})
    assert r["laws"][:3] == ["25A4", "39A", "39B"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "Pass"), sc("W", "Pass")]
    assert r["cancelled"] == [sc("N", "2H"), sc("S", "2H")] and r["next"] is None


def test_25a5_partners_cancelled_call_and_the_lead_faced() -> None:
    calls = ["N 1H", "E Pass", unintended("S", "Pass"), "W Pass", "N 2H", "S 2H"]
    r = rule(dealer="N", calls=calls, opening_lead_faced=True)
    assert r["laws"][:3] == ["25A5", "39A", "39B"]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass"), sc("S", "Pass"), sc("W", "Pass")]


def test_25a4_the_intended_call_is_a_fact_not_a_call() -> None:
    """Too late (partner has called): the intended call given as ``intended`` on the
    unintended call is 25A4 alone, with 16C for what the statement tells; it is never
    ruled as a call out of rotation (29, 31)."""
    r = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "1S", intended="2S"),
                                "W Pass", "N 2H"])
    assert r["laws"] == ["25A4", "16C"] and r["status"] == "ruled"
    assert r["auction"][-3:] == [sc("S", "1S"), sc("W", "Pass"), sc("N", "2H")]
    assert r["next"] == "E" and r["cancelled"] == [] and r["decisions"] == []
    assert "That South meant 2♠ is not a call: it is information, authorized to East-West " \
           "and unauthorized to North-South (Law 16C)." in r["text"]
    assert "At Syd mente 2♠, er ikke en melding" in rule(
        "da", dealer="N", calls=["N 1H", "E Pass", unintended("S", "1S", intended="2S"),
                                 "W Pass", "N 2H"])["text"]


def test_25a1_the_intended_call_given_on_the_unintended_call_replaces_it() -> None:
    r = rule(dealer="N", calls=["N 1NT", "E Pass", unintended("S", "Pass", intended="3NT")])
    assert r["laws"] == ["25A1"]
    assert r["auction"] == [sc("N", "1NT"), sc("E", "Pass"), sc("S", "3NT")]
    assert r["cancelled"] == [sc("S", "Pass")] and r["next"] == "W"
    lho = rule(dealer="N", calls=["N 1H", "E Pass", unintended("S", "1S", intended="2S"),
                                  "W Pass"])
    assert lho["laws"] == ["25A1", "25A6"] and lho["auction"][-2:] == [sc("S", "2S"),
                                                                       sc("W", "Pass")]
    assert [d["decide"] for d in lho["decisions"]] == ["withdraw"]


def test_25a_intended_only_on_an_unintended_call() -> None:
    with pytest.raises(CaseFileError, match=r"intended: only on a call marked unintended"):
        rule(dealer="N", calls=["N 1NT", {"seat": "E", "call": "Pass", "intended": "2C"}])
