"""An incorrect number of cards, Law 13 (kind ``wrong_cards``)."""

from __future__ import annotations

from tests.laws.play.helpers import error, rule


def case(**kw):
    return {"kind": "wrong_cards", **kw}


def hands(found: str, **kw):
    return case(found=found, too_many="N", too_few="E", **kw)


def test_13a1_corrected_and_played_normally() -> None:
    r = rule(hands("no_call", seen=False))
    assert r.laws == ["13A1"] and r.outcome is None and not r.adjustment_possible


def test_13a2_cards_seen_played_and_adjusted_if_it_affected_the_result() -> None:
    r = rule(hands("no_call", seen=True))
    assert r.laws == ["13A1", "13A2"] and r.outcome is None
    assert r.adjustment_possible == ("13A2",)


def test_13a2_affected_an_assigned_score() -> None:
    r = rule(hands("no_call", seen=True, affected=True, score="assigned", declarer="S",
                   contract="4S", declarer_tricks=9))
    assert r.laws == ["13A1", "13A2", "12C1(a)"]
    assert r.to_json()["outcome"] == {"assigned": "4S S 9"}


def test_13b1_corrected_and_played_with_no_change_of_call() -> None:
    r = rule(hands("auction_or_play", playable=True))
    assert r.laws == ["13B1"] and r.outcome is None and r.adjustment_possible == ("13B1",)
    assert "For South and West: which cards the Director moved" in r.text


def test_13b2_otherwise_an_adjusted_score() -> None:
    r = rule(hands("auction_or_play", playable=False, score="artificial", ns_fault="direct",
                   ew_fault="partly"))
    assert r.laws == ["13B2", "12C1(d)", "12C2(a)"]
    assert r.to_json()["outcome"] == {"artificial": "40/50"}
    assert "may also penalize an offender (Law 90)" in r.text


def test_13b2_the_adjusted_score_is_a_question_not_a_default() -> None:
    assert error(hands("auction_or_play", playable=False)) == "missing 'score'"
    assert error(hands("auction_or_play", playable=False, score="artificial",
                       ns_fault="none")) == "missing 'ew_fault'"


def test_13c_surplus_card_removed_no_adjusted_score() -> None:
    r = rule(case(found="surplus", played_to_quitted=False))
    assert r.laws == ["13C"] and r.outcome is None and not r.adjustment_possible
    assert "no adjusted score may be awarded" in r.text


def test_13c_surplus_card_played_to_a_quitted_trick() -> None:
    r = rule(case(found="surplus", played_to_quitted=True))
    assert r.laws == ["13C"] and r.adjustment_possible == ("13C",)


def test_13c_a_surplus_card_names_no_hands() -> None:
    assert error(case(found="surplus", played_to_quitted=False, too_many="N")) == \
        "too_many: only for hands with an incorrect number of cards (not a surplus card)"


def test_13d_found_after_play_result_cancelled() -> None:
    r = rule(hands("after_play", score="artificial", ns_fault="none", ew_fault="direct"))
    assert r.laws == ["13D", "12C1(d)", "12C2(a)"]
    assert r.to_json()["outcome"] == {"artificial": "60/40"}
    assert "Law 86B may apply" in r.text and not r.unauthorized


def test_13_too_many_and_too_few_are_two_hands() -> None:
    assert "is not one of" in error(case(found="after_play", too_many="N", too_few="N",
                                         score="artificial", ns_fault="none",
                                         ew_fault="none"))
