"""An incomplete or invalid designation of a card from dummy, Law 46 (kind
``dummy_designation``): South declares, North is dummy."""

from __future__ import annotations

import pytest

from tests.laws.play.helpers import error, rule, text


def case(**kw):
    return {"kind": "dummy_designation", "declarer": "S", "incontrovertible": False, **kw}


@pytest.mark.parametrize("words, law", [("high", "46B1(a)"), ("win", "46B1(b)"),
                                        ("low", "46B1(c)"), ("suit", "46B2"),
                                        ("not_in_dummy", "46B4"), ("anything", "46B5")])
def test_46b_each_incomplete_designation_by_its_clause(words: str, law: str) -> None:
    r = rule(case(words=words))
    assert r.laws == ["46A", law] and r.facts["rule"] == law


def test_46a_46b_declarers_incontrovertible_intention_prevails() -> None:
    r = rule(case(words="low", incontrovertible=True))
    assert r.laws == ["46A", "46B"] and r.facts["rule"] == "46B"


def test_46b1_high_is_the_highest_card_of_the_suit_led() -> None:
    assert "dummy's highest card of the suit led (Law 46B1(a))" in text(case(words="high"))


def test_46b3a_a_rank_in_leading_continues_the_suit_dummy_won_with() -> None:
    r = rule(case(words="rank", leading=True, in_suit_won=True))
    assert r.laws == ["46A", "46B3(a)"]


def test_46b3b_a_rank_not_in_that_suit_when_leading_falls_to_b() -> None:
    r = rule(case(words="rank", leading=True, in_suit_won=False, legal="one"))
    assert r.laws == ["46A", "46B3(b)"]


def test_46b3b_two_legal_cards_of_the_rank_declarer_designates_which() -> None:
    out = text(case(words="rank", leading=False, legal="several"))
    assert "declarer must designate which he intends" in out


def test_46b3b_no_legal_card_of_the_rank_is_read_as_46b4() -> None:
    r = rule(case(words="rank", leading=False, legal="none"))
    assert r.laws == ["46A", "46B3(b)", "46B4"] and r.facts["rule"] == "46B4"


def test_46b5_either_defender_designates_the_play() -> None:
    assert "either defender, West or East, may designate the play from dummy (Law 46B5)" in \
        text(case(words="anything"))
    assert "(§ 46B5)" in text(case(words="anything"), "da")


def test_46b_no_fact_assumed() -> None:
    assert error({"kind": "dummy_designation", "declarer": "S", "words": "high"}) == \
        "missing 'incontrovertible'"
    assert error(case(words="rank")) == "missing 'leading'"
    assert error(case(words="rank", leading=False)) == "missing 'legal'"
    assert error(case(words="high", leading=True)) == \
        "leading: only for a rank without a suit (Law 46B3)"
