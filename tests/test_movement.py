"""Results against the movement (table, round, pairs, boards), duplicates, missing
results, and when a round is over."""

from __future__ import annotations

from td_plugin.errors import Location
from td_plugin.messages import render
from td_plugin.model.board import BoardRecord
from td_plugin.model.movement import Movement, Slot
from td_plugin.model.session import Session
from td_plugin.rulers.movement import check_result, duplicate_results, missing_results

#: two rounds of a three-table Mitchell: EW move up, boards move down
MOVEMENT = Movement([
    Slot("A", "1", 1, "1", "1", (1, 2)), Slot("A", "2", 1, "2", "2", (3, 4)),
    Slot("A", "3", 1, "3", "3", (5, 6)),
    Slot("A", "1", 2, "1", "3", (3, 4)), Slot("A", "2", 2, "2", "1", (5, 6)),
    Slot("A", "3", 2, "3", "2", (1, 2)),
])


def result(table: str, round_: int, board: int, ns: str, ew: str, index: int = 1) -> BoardRecord:
    return BoardRecord(board=board, section="A", table=table, round=round_, ns_pair=ns,
                       ew_pair=ew, location=Location(path="s.bws", record=index))


def test_result_fitting_the_movement_has_no_finding() -> None:
    assert check_result(MOVEMENT, result("2", 2, 5, "2", "1")) == []


def test_pairs_entered_the_wrong_way_round() -> None:
    (f,) = check_result(MOVEMENT, result("2", 2, 5, "1", "2"))
    assert (f.kind, f.data["reason"]) == ("movement_mismatch", "wrong_direction")
    assert render(f.key, f.params) == (
        "The pairs are entered the wrong way round: the movement has 2 North-South and 1 "
        "East-West at table 2, round 2; swap the directions in the scorer.")


def test_wrong_pairs() -> None:
    (f,) = check_result(MOVEMENT, result("2", 2, 5, "2", "3"))
    assert f.data["reason"] == "wrong_pairs"
    assert (f.data["expected_ns"], f.data["expected_ew"]) == ("2", "1")


def test_board_not_played_at_that_table_and_round_says_where_it_belongs() -> None:
    """Pairs 1 and 3 entered board 4 as round 1: they play it at table 1 in round 2."""
    (f,) = check_result(MOVEMENT, result("1", 1, 4, "1", "1"))
    assert f.data["reason"] == "wrong_board"
    (g, h) = check_result(MOVEMENT, result("1", 1, 4, "1", "3"))
    assert {g.data["reason"], h.data["reason"]} == {"wrong_board", "wrong_pairs"}
    wrong_board = g if g.data["reason"] == "wrong_board" else h
    assert (wrong_board.data["expected_table"], wrong_board.data["expected_round"]) == ("1", 2)
    assert render(wrong_board.key, wrong_board.params).endswith(
        "Pairs 1 and 3 play board 4 at table 1 in round 2.")


def test_no_such_table_in_round() -> None:
    (f,) = check_result(MOVEMENT, result("4", 1, 1, "4", "4"))
    assert f.data["reason"] == "no_such_round"
    assert render(f.key, f.params, "da").startswith("Række A har intet bord 4 i runde 1")


def test_duplicate_same_table_round_and_board() -> None:
    first, second = result("1", 1, 1, "1", "1", 1), result("1", 1, 1, "1", "1", 2)
    (f,) = duplicate_results(second, [first])
    assert f.kind == "duplicate_result" and f.data["same_slot"] is True
    assert render(f.key, f.params) == (
        "Board 1 has a second result for table 1, round 1 (already entered at table 1, "
        "round 1): keep the right one and erase the other.")


def test_duplicate_pair_on_the_same_board_elsewhere() -> None:
    """EW pair 1 recorded on board 1 in round 1 and again in round 2 at table 3."""
    first, second = result("1", 1, 1, "1", "1"), result("3", 2, 1, "3", "1")
    (f,) = duplicate_results(second, [first])
    assert f.data["same_slot"] is False
    assert "pair 1 (East-West)" in render(f.key, f.params)
    assert duplicate_results(second, [result("1", 1, 1, "2", "2")]) == []
    assert duplicate_results(result("1", 1, 2, "1", "1"), [first]) == []


def test_missing_results_of_a_round_skip_sitouts() -> None:
    movement = Movement(list(MOVEMENT) + [Slot("A", "4", 1, "4", "0", (7, 8), sitout=True)])
    results = [result("1", 1, 1, "1", "1"), result("1", 1, 2, "1", "1"),
               result("2", 1, 3, "2", "2"), result("3", 1, 5, "3", "3"),
               result("3", 1, 6, "3", "3")]
    (f,) = missing_results(movement, results, "A", 1)
    assert (f.kind, f.board, f.data["table"], f.data["ns_pair"]) == ("missing_result", 4, "2", "2")


def test_round_is_over_when_every_board_is_in() -> None:
    session = Session(movement=MOVEMENT)
    boards = [("1", 1), ("1", 2), ("2", 3), ("2", 4), ("3", 5)]
    for table, board in boards:
        session.record_result(result(table, 1, board, table, table))
    assert not session.round_complete("A", 1)
    session.record_result(result("3", 1, 6, "3", "3"))
    assert session.round_complete("A", 1)
    assert session.newly_completed_rounds() == [("A", 1)]
    assert session.newly_completed_rounds() == []  # reported once


def test_round_is_over_when_a_table_has_gone_two_rounds_further() -> None:
    """A board left out at table 2 does not hold the round open for ever: once table 2
    enters a result two rounds later, round 1 is over (and the board missing)."""
    three = Movement(list(MOVEMENT) + [Slot("A", "2", 3, "2", "3", (1, 2))])
    session = Session(movement=three)
    for table, board in [("1", 1), ("1", 2), ("2", 3), ("3", 5), ("3", 6)]:
        session.record_result(result(table, 1, board, table, table))
    session.record_result(result("2", 2, 5, "2", "1"))
    assert not session.round_complete("A", 1)  # one round on: a late entry may still come
    session.record_result(result("2", 3, 1, "2", "3"))
    assert session.round_complete("A", 1)


def test_correction_replaces_previous_result_in_session() -> None:
    session = Session(movement=MOVEMENT)
    old = result("1", 1, 1, "1", "1")
    new = result("1", 1, 1, "1", "1")
    session.record_result(old)
    session.record_result(new, old)
    assert len(session.results) == 1 and session.results[0] is new
    assert session.counts() == {("A", 1): 1}
