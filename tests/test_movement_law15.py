"""Law 15B on results that do not fit the movement: what stands and what to score
(`td_plugin.laws.movement_rulings`, through the ruler ``movement``)."""

from __future__ import annotations

from td_plugin.messages import render
from td_plugin.model.movement import Movement, Slot
from td_plugin.model.session import Session
from td_plugin.rulers.movement import check_result, td_result_recorded
from tests.test_movement import MOVEMENT, result


def test_15b2_wrong_board_none_had_played_it_result_stands() -> None:
    # table 1 entered board 4 in round 1: pairs 1 and 1 meet board 4 nowhere, and no
    # result of board 4 is in with either pair
    (f,) = check_result(MOVEMENT, result("1", 1, 4, "1", "1"), [])
    assert f.law == "15B" and f.ruling is not None
    assert f.ruling.laws == ["15B2", "15B3"] and f.ruling.outcome is None
    assert f.data["ruling"] == {"laws": ["15B2", "15B3"], "previously_played": False}
    text = f.ruling.render()
    assert "the result stands (Law 15B2)" in text and "boards 1-2" in text
    assert render(f.ruling.key, f.ruling.params, "da").startswith("Hvis bord 1 virkelig")


def test_15b3_wrong_board_its_later_meeting_cannot_be_played() -> None:
    (g, h) = check_result(MOVEMENT, result("1", 1, 4, "1", "3"), [])
    wrong_board = g if g.data["reason"] == "wrong_board" else h
    assert wrong_board.ruling is not None
    assert ("Where these pairs were to meet board 4 (table 1, round 2) it cannot be played "
            "again") in wrong_board.ruling.render()


def test_15b1_a_player_had_played_the_board_second_result_cancelled() -> None:
    earlier = result("3", 1, 5, "3", "3", index=1)  # pair 3 NS played board 5 in round 1
    later = result("3", 2, 5, "3", "2", index=2)  # table 3 plays boards 1-2 in round 2
    (f,) = check_result(MOVEMENT, later, [earlier])
    assert f.ruling is not None and f.ruling.laws == ["15B1", "15B3"]
    assert "this result is cancelled for both sides (Law 15B1)" in f.ruling.render()
    assert f.data["ruling"]["previously_played"] is True


def test_15b_not_known_whether_played_before_the_ruling_asks() -> None:
    (f,) = check_result(MOVEMENT, result("1", 1, 4, "1", "1"))  # no session results given
    assert f.ruling is not None and f.ruling.laws == ["15B2", "15B1", "15B3"]
    text = f.ruling.render()
    assert text.startswith("Ask whether any of the four players had played board 4 before")
    assert "If none had: If table 1 really played board 4" in text


def test_15b2_wrong_direction_scored_as_they_sat() -> None:
    (f,) = check_result(MOVEMENT, result("2", 2, 5, "1", "2"), [])
    assert f.ruling is not None and f.ruling.laws == ["15B2", "15B3"]
    assert "North-South 1, East-West 2" in f.ruling.render()


def test_15b2_wrong_pairs_the_seated_pairs_get_an_artificial_score() -> None:
    (f,) = check_result(MOVEMENT, result("2", 2, 5, "2", "3"), [])
    assert f.ruling is not None
    assert "Pairs 2 and 1, seated there by the movement" in f.ruling.render()


def test_15b_watch_uses_the_results_in_to_know_who_played_before() -> None:
    session = Session(movement=Movement([*MOVEMENT, Slot("A", "3", 3, "3", "1", (3, 4))]))
    first = result("2", 1, 3, "2", "2", index=1)
    session.record_result(first)
    again = result("3", 2, 3, "3", "2", index=2)  # pair 2 plays board 3 again
    session.record_result(again)
    findings = td_result_recorded(session, again, None)
    law15 = [f for f in findings if f.kind == "movement_mismatch"]
    assert law15 and all(f.ruling is not None and f.ruling.laws[0] == "15B1" for f in law15)


def test_no_such_round_has_no_law15_ruling() -> None:
    (f,) = check_result(MOVEMENT, result("4", 1, 1, "4", "4"), [])
    assert f.ruling is None and f.law is None
