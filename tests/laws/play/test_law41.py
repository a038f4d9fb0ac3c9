"""Questions and the review of the auction after the auction, Law 41B and 41C (kind
``question_in_play``): South declares, North is dummy, West leads, East is his partner."""

from __future__ import annotations

import pytest

from tests.laws.play.helpers import error, rule, text


def case(**kw):
    return {"kind": "question_in_play", "declarer": "S", **kw}


@pytest.mark.parametrize("asker", ["E", "S"])
def test_41b_before_the_lead_is_faced_leaders_partner_and_presumed_declarer_may_ask(
        asker: str) -> None:
    for request in ("review", "explanation"):
        r = rule(case(asker=asker, request=request, when="before_lead"))
        assert r.laws == ["41B"] and r.facts["allowed"] is True


def test_41b_the_presumed_dummy_may_not_ask_before_the_lead_is_faced() -> None:
    r = rule(case(asker="N", request="review", when="before_lead"))
    assert r.laws == ["41B"] and r.facts["allowed"] is False
    assert "the presumed dummy, may not (Law 41B)" in text(case(
        asker="N", request="review", when="before_lead"))


def test_41b_the_opening_leader_asks_at_his_first_turn_not_before_the_lead_is_faced() -> None:
    r = rule(case(asker="W", request="explanation", when="before_lead"))
    assert r.facts["allowed"] is False and r.laws == ["41B", "16"]


@pytest.mark.parametrize("asker", ["W", "E", "S"])
def test_41b_review_at_the_first_turn_to_play(asker: str) -> None:
    r = rule(case(asker=asker, request="review", when="first_turn"))
    assert r.laws == ["41B"] and r.facts["allowed"] is True
    assert "the right expires when he plays a card (Law 41B)" in text(
        case(asker=asker, request="review", when="first_turn"))


def test_41b_review_right_expires_when_he_plays_a_card_41c_contract_still_told() -> None:
    r = rule(case(asker="E", request="review", when="later_turn"))
    assert r.laws == ["41B", "41C", "16"] and r.facts["allowed"] is False
    assert r.to_json()["unauthorized"]  # his partner may not use what the question suggests


def test_41b_declarers_review_after_his_first_card_is_refused_without_16() -> None:
    r = rule(case(asker="S", request="review", when="later_turn"))
    assert r.laws == ["41B", "41C"] and r.facts["allowed"] is False


def test_41b_explanations_throughout_the_play_at_his_own_turn() -> None:
    for asker in ("W", "S"):
        r = rule(case(asker=asker, request="explanation", when="later_turn"))
        assert r.laws == ["41B"] and r.facts["allowed"] is True
    assert "a defender subject to Law 16" in text(case(asker="W", request="explanation",
                                                      when="later_turn"))


def test_41c_contract_and_double_at_his_own_turn_not_by_whom() -> None:
    r = rule(case(asker="W", request="contract", when="later_turn"))
    assert r.laws == ["41C"] and r.facts["allowed"] is True
    assert "whether, but not by whom, it was doubled or redoubled (Law 41C)" in text(
        case(asker="W", request="contract", when="later_turn"))
    assert "(§ 41C)" in text(case(asker="W", request="contract", when="later_turn"), "da")


def test_41b_41c_only_at_his_own_turn_to_play() -> None:
    r = rule(case(asker="E", request="contract", when="not_his_turn"))
    assert r.laws == ["41C", "16"] and r.facts["allowed"] is False
    r = rule(case(asker="E", request="explanation", when="not_his_turn"))
    assert r.laws == ["41B", "16"] and r.facts["allowed"] is False


def test_41b_dummy_has_no_right_to_ask_in_the_play() -> None:
    for when in ("first_turn", "later_turn", "not_his_turn"):
        r = rule(case(asker="N", request="explanation", when=when))
        assert r.laws == ["41B"] and r.facts["allowed"] is False


def test_41b_no_fact_is_assumed() -> None:
    assert error(case(asker="E", request="review")) == "missing 'when'"
    assert error(case(asker="E", when="first_turn")) == "missing 'request'"
