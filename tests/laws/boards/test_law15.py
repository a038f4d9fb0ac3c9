"""A wrong board or hand, Law 15 (kind ``wrong_board``)."""

from __future__ import annotations

from tests.laws.play.helpers import error, rule


def board(**kw):
    return {"kind": "wrong_board", "what": "board", **kw}


def hand(**kw):
    return {"kind": "wrong_board", "what": "hand", "offender": "E", **kw}


def test_15a_no_call_with_the_wrong_cards_nothing_cancelled() -> None:
    r = rule(hand(called=False))
    assert r.laws == ["15A"] and r.outcome is None


def test_15a1b_partner_has_not_called_he_calls_again() -> None:
    r = rule(hand(called=True, partner_called=False))
    assert r.laws == ["15A1", "15A1(b)", "15A1(c)", "15A2"] and r.outcome is None
    assert "For West: East's cancelled calls (Law 16C)." in r.text
    assert "procedural penalty may be added (Law 15A3, Law 90)" in r.text


def test_15a1a_partner_has_called_an_adjusted_score() -> None:
    r = rule(hand(called=True, partner_called=True, score="artificial", ns_fault="none",
                  ew_fault="direct"))
    assert r.laws == ["15A1", "15A1(a)", "12C2(a)", "15A1(c)", "15A2"]
    assert r.to_json()["outcome"] == {"artificial": "60/40"}


def test_15b_found_before_any_call_nothing_cancelled() -> None:
    r = rule(board(found="before_auction"))
    assert r.laws == ["15B"] and r.outcome is None


def test_15b_before_any_call_no_question_of_who_played_it() -> None:
    assert error(board(found="before_auction", played_before=True)) == \
        "played_before: only for a wrong board found after the auction began"


def test_15b1_played_before_cancelled_for_both_sides() -> None:
    r = rule(board(found="auction", played_before=True, ns_fault="none", ew_fault="partly",
                   board=5, ns_pair=3, ew_pair=12))
    assert r.laws == ["15B1", "15B3", "12C2(a)"]
    assert r.to_json()["adjustments"] == [
        {"board": 5, "ns_pair": 3, "ew_pair": 12, "artificial": "60/50", "law": "15B3"}]


def test_15b1_the_faults_of_a_cancelled_board_are_asked() -> None:
    assert error(board(found="play", played_before=True)) == "missing 'ns_fault'"


def test_15b2_none_played_before_the_score_stands() -> None:
    r = rule(board(found="play", played_before=False))
    assert r.laws == ["15B2"] and r.outcome is None and r.to_json()["adjustments"] == []
    assert "play the board meant for them against each other later" in r.text
    assert "in team play Law 86B applies" in r.text


def test_15b3_the_tables_that_missed_it_each_an_artificial_score() -> None:
    r = rule(board(found="after_play", played_before=False, board=9, missed=[
        {"ns_pair": 4, "ew_pair": 9, "ns_fault": "none", "ew_fault": "none"},
        {"ns_pair": 6, "ew_pair": 2, "ns_fault": "none", "ew_fault": "partly"}]))
    assert r.laws == ["15B2", "15B3", "12C2(a)"]
    assert [(e["ns_pair"], e["ew_pair"], e["artificial"]) for e in r.to_json()["adjustments"]] \
        == [(4, 9, "60/60"), (6, 2, "60/50")]


def test_15b3_a_missed_table_without_its_faults_is_refused() -> None:
    assert "each side's fault is the Director's finding" in error(board(
        found="play", played_before=False, missed=[{"ns_pair": 4, "ew_pair": 9}]))


def test_15b3_a_missed_table_given_twice_is_refused() -> None:
    item = {"ns_pair": 4, "ew_pair": 9, "ns_fault": "none", "ew_fault": "none"}
    assert error(board(found="play", played_before=False, missed=[item, item])) == \
        "missed: a table is given twice"
