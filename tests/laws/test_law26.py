"""Law 26: no lead restriction after a comparable call (26A); otherwise declarer may
prohibit one suit the offender has not specified in the legal auction (26B, as amended
in June 2017: prohibit only, never require)."""

from __future__ import annotations

from typing import Any

import pytest

from td_plugin.errors import CaseFileError
from td_plugin.laws.auction.lead_restrictions import (
    lead_restriction_26b,
    specified_denominations,
    specified_suits,
)
from td_plugin.model.auction import Call
from td_plugin.model.cards import Seat, Strain, Suit
from tests.case_files import rule_auction_case

C = Call.from_pbn


def rule(lang: str = "en", **case: Any) -> dict:
    return rule_auction_case(case, lang).to_json()


# East opens 1H; South bids 1C (insufficient), not accepted, and corrects to 1S, which is
# neither the lowest club bid nor comparable: 27B2, North passes throughout, 26B.
IB_1S = {"dealer": "E", "accept": False, "comparable": False, "calls": ["E 1H", "S 1C", "S 1S"]}


def test_26b_natural_suit_bid_specifies_its_suit() -> None:
    assert specified_suits(C("1S")) == {Suit.S}
    assert specified_denominations(C("1NT")) == {Strain.NT}


def test_26b_notrump_pass_double_redouble_specify_no_suit() -> None:
    for call in ("1NT", "Pass", "X", "XX"):
        assert specified_suits(C(call)) == frozenset()


def test_26b_artificial_call_specifies_what_it_shows() -> None:
    # a 2D transfer specifies hearts, not diamonds; Stayman shown as specifying nothing
    assert specified_suits(C("2D"), [Suit.H]) == {Suit.H}
    assert specified_suits(C("2C"), []) == frozenset()


def test_26b_prohibit_suits_not_specified_by_the_offender() -> None:
    # seed 001: the offender showed only spades; declarer may prohibit any other suit
    r = rule(**IB_1S, final_auction="1H 1S 2H Pass 4H AP")
    assert r["lead_restriction"] == {"offender": "S", "partner": "N",
                                     "prohibit_one_of": ["H", "D", "C"]}
    assert "hearts, diamonds or clubs" in r["text"]


def test_26b_what_the_withdrawn_call_showed_does_not_count() -> None:
    # the withdrawn 1C does not make clubs exempt
    r = rule(**IB_1S, final_auction="1H 1S 2H Pass 4H AP")
    assert "C" in r["lead_restriction"]["prohibit_one_of"]


def test_26b_suits_specified_after_the_withdrawn_call_count() -> None:
    r = rule(**IB_1S, final_auction="1H 1S 2H Pass 3H 4D Pass Pass 4H AP")
    assert r["lead_restriction"]["prohibit_one_of"] == ["H", "C"]


def test_26b_artificial_calls_in_the_final_auction() -> None:
    final = ["1H", "1S", "2H", "Pass", "3H", {"call": "4C", "shows": ["S"]}, "Pass", "Pass",
             "4H", "Pass", "Pass", "Pass"]
    r = rule(**IB_1S, final_auction=final)
    assert r["lead_restriction"]["prohibit_one_of"] == ["H", "D", "C"]


def test_26b_no_restriction_when_the_offenders_side_declares() -> None:
    r = rule(**IB_1S, final_auction="1H 1S 2H 2S AP")
    assert r["lead_restriction"] is None
    assert any(c["key"] == "law26.offender_declares" for c in r["clauses"])


def test_26b_no_restriction_when_passed_out() -> None:
    verdict = lead_restriction_26b(Seat.S, [], None, passed_out=True)
    assert verdict.restriction is None and verdict.key == "law26.passed_out"


def test_26b_nothing_to_prohibit_when_all_suits_specified() -> None:
    calls = [(C("1S"), None), (C("2H"), None), (C("3D"), None), (C("4C"), None)]
    verdict = lead_restriction_26b(Seat.S, calls, Seat.E)
    assert verdict.restriction is None and verdict.key == "law26.all_specified"


def test_26b_suits_unknown_until_the_auction_is_over() -> None:
    r = rule(**IB_1S)
    assert r["lead_restriction"] == {"offender": "S", "partner": "N", "prohibit_one_of": None}


def test_26b_declarer_known_without_the_final_auction() -> None:
    assert rule(**IB_1S, declarer="N")["lead_restriction"] is None
    r = rule(**IB_1S, declarer="E")
    assert r["lead_restriction"]["prohibit_one_of"] is None
    assert "East is declarer" in r["text"]


def test_26b_declarer_must_agree_with_the_final_auction() -> None:
    with pytest.raises(CaseFileError, match="declarer: the case says North, but the final "
                                            "auction makes East declarer"):
        rule(**IB_1S, declarer="N", final_auction="1H 1S 2H Pass 4H AP")


def test_26b_prohibit_only_never_require() -> None:
    r = rule(**IB_1S, final_auction="1H 1S 2H Pass 4H AP")
    assert set(r["lead_restriction"]) == {"offender", "partner", "prohibit_one_of"}
    assert "no lead may be required" in r["text"]
    assert "spilfører kan aldrig kræve" in rule("da", **IB_1S)["text"].lower()


def test_26b_final_auction_must_continue_the_ruled_auction() -> None:
    with pytest.raises(CaseFileError, match=r"final_auction: call 2 \(South\) is 1C, but after "
                                            r"rectification the auction has 1S there"):
        rule(**IB_1S, final_auction="1H 1C Pass Pass Pass")


def test_26b_final_auction_must_be_complete() -> None:
    with pytest.raises(CaseFileError, match="final_auction: the auction is not complete"):
        rule(**IB_1S, final_auction="1H 1S 2H")


def test_26b_complete_auction_in_the_calls_is_the_final_auction() -> None:
    r = rule(**dict(IB_1S, calls=IB_1S["calls"] + ["W 2H", "N Pass", "E 4H", "S Pass",
                                                    "W Pass", "N Pass"]))
    assert r["next"] is None
    assert r["lead_restriction"]["prohibit_one_of"] == ["H", "D", "C"]


def test_26a_comparable_replacement_means_no_lead_restriction() -> None:
    r = rule(dealer="E", accept=False, comparable=True, calls=["E 1H", "S 1C", "S 3C"],
             final_auction="1H 3C Pass 4H AP")
    assert r["laws"] == ["23A", "27B1(b)", "26A"]
    assert r["lead_restriction"] is None


def test_26_restriction_in_danish() -> None:
    r = rule("da", **IB_1S, final_auction="1H 1S 2H Pass 4H AP")
    assert "hjerter, ruder eller klør" in r["text"] and "§ 26B" in r["text"]


TWO_OFFENDERS = {"dealer": "E", "accept": False, "comparable": False,
                 "calls": ["E 1H", "S 1C", "S 1S", "W 2H",
                           {"seat": "W", "call": "3H", "accept": False}]}


def test_26b_several_offenders_each_get_their_restriction() -> None:
    # South's insufficient 1C replaced by 1S (27B2), West's change of 2H to 3H (25B2)
    r = rule(**TWO_OFFENDERS)
    assert r["lead_restrictions"] == [
        {"offender": "S", "partner": "N", "prohibit_one_of": None, "law": "27B2"},
        {"offender": "W", "partner": "E", "prohibit_one_of": None, "law": "25B2"}]
    assert r["lead_restriction"] == {"offender": "S", "partner": "N", "prohibit_one_of": None}
    assert [c["key"] for c in r["clauses"]].count("law26.may_apply") == 2


def test_26b_several_offenders_only_the_defenders_restriction_stays() -> None:
    r = rule(**TWO_OFFENDERS, final_auction="1H 1S 2H Pass Pass Pass")
    assert r["lead_restrictions"] == [{"offender": "S", "partner": "N",
                                       "prohibit_one_of": ["H", "D", "C"], "law": "27B2"}]
    keys = [c["key"] for c in r["clauses"]]
    assert "law26.prohibit" in keys and "law26.offender_declares" in keys


def test_26b_the_defenders_restriction_comes_first() -> None:
    case = dict(TWO_OFFENDERS, final_auction="1H 1S 2H 2S Pass Pass Pass")
    r = rule(**case)  # 2S by South: West is the defender now
    assert [x["offender"] for x in r["lead_restrictions"]] == ["W"]
    assert r["lead_restriction"]["offender"] == "W"


def test_26b_pass_obligations_are_never_listed_twice() -> None:
    # South doubles his partner's 1H twice: 36B each time, North passes once listed
    r = rule(dealer="N", calls=["N 1H", "E Pass", "S X", "S X"])
    assert r["pass_obligations"] == [{"seat": "N", "until": "end_of_auction", "law": "36B",
                 "laws": ["36B"], "state": "in_force"}]


# North 1H, East 1C insufficient, not accepted, replaced by a pass not comparable: 27B2,
# and Law 26B may apply to East.
NOT_COMPARABLE = [{"seat": "N", "call": "1H"}, {"seat": "E", "call": "1C", "accept": False},
                  {"seat": "E", "call": "Pass", "comparable": False}]


def test_26b_during_the_auction_the_contract_is_not_known_whatever_the_session_says() -> None:
    """Ruled during the auction: the session's declarer (recorded_declarer) is no fact of
    the ruling; Law 26B is read as what may follow, "if East becomes a defender"."""
    r = rule(dealer="N", recorded_declarer="N", calls=NOT_COMPARABLE)
    assert "If East becomes a defender, declarer may prohibit West" in r["text"]
    assert "is declarer" not in r["text"] and r["lead_restriction"]["prohibit_one_of"] is None


def test_26b_the_auction_entered_overrides_the_sessions_declarer() -> None:
    """The auction entered makes South declarer though the session records North: the
    ruling follows the auction and says so in a note, never refuses."""
    calls = NOT_COMPARABLE + ["S 1S", "W Pass", "N 2S", "E Pass", "S 4S", "W Pass",
                              "N Pass", "E Pass"]
    r = rule(dealer="N", recorded_declarer="N", calls=calls)
    assert r["status"] == "ruled" and "South is declarer and East a defender" in r["text"]
    assert any("The session's result has North as declarer, but the auction entered makes "
               "South declarer" in n for n in r["notes"])
    agreeing = rule(dealer="N", recorded_declarer="S", calls=calls)
    assert agreeing["notes"] == []


def test_26b_the_directors_own_declarer_must_agree_with_the_auction() -> None:
    """The Director's own ``declarer`` is a fact of the case: one the auction entered
    contradicts is refused (the session's is a default, the Director's is not)."""
    calls = NOT_COMPARABLE + ["S 1S", "W Pass", "N 2S", "E Pass", "S 4S", "W Pass",
                              "N Pass", "E Pass"]
    with pytest.raises(CaseFileError, match="the case says North"):
        rule(dealer="N", declarer="N", calls=calls)
