"""Law 23: comparable calls (23A1 same meaning, 23A2 subset, 23A3 same purpose, 23C)."""

from __future__ import annotations

from typing import Any

from td_plugin.laws.auction.comparable_calls import ComparableTest, Meaning, is_subset, judge_comparable
from td_plugin.model.cards import Suit
from tests.case_files import rule_auction_case

OPENING_1S = Meaning.of((12, 21), {Suit.S: (5, 13)})
OVERCALL_1S = Meaning.of((8, 16), {Suit.S: (5, 13)})
JUMP_OVERCALL_2S = Meaning.of((12, 16), {Suit.S: (6, 13)})
STAYMAN = Meaning.of((8, 40), purpose="Stayman")


def rule(**case: Any) -> dict:
    return rule_auction_case(case).to_json()


def test_23a1_same_meaning() -> None:
    j = judge_comparable(OPENING_1S, Meaning.of((12, 21), {Suit.S: (5, 13)}))
    assert (j.comparable, j.test, j.key) == (True, "23A1", "law23.same_meaning")
    assert j.test is ComparableTest.SAME_MEANING and str(j.test) == "23A1"


def test_23a2_subset_of_the_meanings() -> None:
    # EBU example: 1S opened out of turn; after RHO's 1D a 2S jump overcall (opening
    # values, 6+ spades) is a subset; a 1S overcall (8+) is not
    assert judge_comparable(OPENING_1S, JUMP_OVERCALL_2S).test == "23A2"
    j = judge_comparable(OPENING_1S, OVERCALL_1S)
    assert (j.comparable, j.test, j.key) == (False, "none", "law23.none")


def test_23a2_unconstrained_suits_and_strength() -> None:
    assert is_subset(Meaning.of((6, 10), {Suit.H: (4, 5)}), Meaning.of(suits={Suit.H: (4, 13)}))
    assert not is_subset(Meaning.of(), Meaning.of((6, 40)))


def test_23a3_same_purpose() -> None:
    j = judge_comparable(STAYMAN, Meaning.of((5, 40), purpose="Stayman"))
    assert (j.comparable, j.test) == (True, "23A3")


def test_23a_different_purposes_are_no_subset() -> None:
    assert not is_subset(Meaning.of((8, 40), purpose="transfer"), STAYMAN)


def test_23a_the_tests_are_alternatives() -> None:
    # not a subset (wider strength) but the same purpose: comparable
    wider = Meaning.of((0, 40), purpose="Stayman")
    assert not is_subset(wider, STAYMAN)
    assert judge_comparable(STAYMAN, wider).comparable is True


def test_23a_the_directors_judgement_decides() -> None:
    assert judge_comparable(OPENING_1S, OVERCALL_1S, director=True).test == "director"
    assert judge_comparable(None, None, director=False).comparable is False


def test_23a_undecided_without_judgement_or_meanings() -> None:
    j = judge_comparable(OPENING_1S, None)
    assert (j.comparable, j.key) == (None, "law23.undecided")


def test_23a2_engine_cites_the_test_that_decided() -> None:
    # West opens 1S at North's turn, not accepted; North opens 1D, East passes,
    # West jumps to 2S: comparable by 23A2, and 23A2 is the clause cited
    r = rule(dealer="N", accept=False, calls=[
        {"seat": "W", "call": "1S", "meaning": {"hcp": [12, 21], "suits": {"S": [5, 13]}}},
        "N 1D", "E Pass", "S Pass",
        {"seat": "W", "call": "2S", "meaning": {"hcp": [12, 16], "suits": {"S": [6, 13]}}}])
    assert r["laws"] == ["29B", "31B", "16C", "23A2", "31A2(a)", "26A"]
    assert [c["law"] for c in r["clauses"] if c["key"] == "law23.subset"] == ["23A2"]
    assert "(Law 23A2)" in r["text"]


def test_23a1_and_23a3_cited_as_applied() -> None:
    def cited(replacement: dict[str, Any]) -> list[str]:
        r = rule(dealer="N", accept=False, calls=[
            {"seat": "W", "call": "1S", "meaning": {"hcp": [12, 21], "suits": {"S": [5, 13]},
                                                    "purpose": "opening"}},
            "N 1D", "E Pass", "S Pass", {"seat": "W", "call": "2S", "meaning": replacement}])
        return [c["law"] for c in r["clauses"] if c["key"].startswith("law23.")]
    assert cited({"hcp": [12, 21], "suits": {"S": [5, 13]}, "purpose": "opening"}) == ["23A1"]
    assert cited({"hcp": [10, 21], "suits": {"S": [4, 13]}, "purpose": "opening"}) == ["23A3"]


def test_23a_directors_judgement_cites_23a() -> None:
    r = rule(dealer="N", accept=False, comparable=True, calls=["W 1S", "N 1D", "E Pass",
                                                               "S Pass", "W 2S"])
    assert [c["law"] for c in r["clauses"] if c["key"].startswith("law23.")] == ["23A"]


def test_23b_no_unauthorized_information_after_a_comparable_call() -> None:
    r = rule(dealer="N", accept=False, comparable=True, calls=["W 1S", "N 1D", "E Pass",
                                                               "S Pass", "W 2S"])
    assert r["unauthorized"] == []
    assert r["lead_restriction"] is None and r["pass_obligations"] == []


def test_23c_adjustment_possible_after_a_comparable_call() -> None:
    r = rule(dealer="N", accept=False, comparable=True, calls=["W 1S", "N 1D", "E Pass",
                                                               "S Pass", "W 2S"])
    assert r["adjustment_possible"] == ["23C"]


def test_23a_not_comparable_overcall() -> None:
    r = rule(dealer="N", accept=False, calls=[
        {"seat": "W", "call": "1S", "meaning": {"hcp": [12, 21], "suits": {"S": [5, 13]}}},
        "N 1D", "E Pass", "S Pass",
        {"seat": "W", "call": "1S", "meaning": {"hcp": [8, 16], "suits": {"S": [5, 13]}}}])
    assert "31A2(b)" in r["laws"]
    assert r["pass_obligations"] == [{"seat": "E", "until": "next_turn", "law": "31A2(b)",
                 "laws": ["31A2(b)"], "state": "in_force"}]
