"""Where a case happened, read and checked against the session (td_plugin.cases.place):
what no session can hold is refused everywhere, what this session does not hold is
refused where it is known, and each message says what was expected."""

from __future__ import annotations

import pytest

from td_plugin.cases.place import check_place, read_place
from td_plugin.errors import CaseFileError
from td_plugin.model.board import BoardRecord
from td_plugin.model.place import Place

#: boards 1-4 and 7 in section A, tables 1-3, board n in round n; board 9 with no table
SESSION = [BoardRecord(board=b, section="A", table=str(t), round=b)
           for b in (1, 2, 3, 4, 7) for t in (1, 2, 3)] + [BoardRecord(board=9)]


@pytest.mark.parametrize("values,message", [
    ({"board": 0}, "board: expected a board number from 1, not 0"),
    ({"board": -3}, "board: expected a board number from 1, not -3"),
    ({"board": "0"}, "board: expected a board number from 1, not 0"),
    ({"board": 1.5}, "board: expected a whole number (a board number), not 1.5"),
    ({"board": "seven"}, "board: expected a whole number (a board number), not 'seven'"),
    ({"board": "\u00b2"}, "board: expected a whole number"),
    ({"board": 10**23}, "board: expected a whole number"),
    ({"board": True}, "board: expected a whole number"),
    ({"round": 0}, "round: expected a round number from 1, not 0"),
    ({"table": -1}, "table: expected a table number from 1 or a table's name, not '-1'"),
    ({"table": "-1"}, "table: expected a table number from 1 or a table's name"),
    ({"table": "0"}, "table: expected a table number from 1"),
    ({"section": "00"}, "section: expected a section number from 1"),
    ({"table": {"x": 1}}, "table: expected a short name or number"),
    ({"table": "x" * 21}, "table: expected a short name or number"),
])
def test_what_no_session_holds_is_refused(values, message):
    with pytest.raises(CaseFileError, match="^" + message.replace("(", r"\(").replace(")", r"\)")
                       .replace(".", r"\.")):
        read_place(**values)
    place = Place(**values)
    with pytest.raises(CaseFileError):
        check_place(place, [])  # also without a session


def test_a_place_as_posted_is_read():
    assert read_place(7, "A", 3, "2") == Place(7, "A", "3", 2)
    assert read_place("12", None, "Blue", "") == Place(12, None, "Blue", None)
    assert read_place() == Place()


@pytest.mark.parametrize("place,message", [
    (Place(board=99999), "board: 99999 is not a board of this session (boards 1-4, 7, 9)"),
    (Place(board=5), "board: 5 is not a board of this session (boards 1-4, 7, 9)"),
    (Place(board=7, table="4"), "table: '4' did not play board 7 in this session (tables 1-3)"),
    (Place(board=7, section="B"),
     "section: 'B' did not play board 7 in this session (sections A)"),
    (Place(board=7, round=2), "round: 2 did not play board 7 in this session (rounds 7)"),
    (Place(table="8"), "table: '8' did not play this session (tables 1-3)"),
])
def test_a_place_the_session_does_not_hold_is_refused_saying_what_it_has(place, message):
    with pytest.raises(CaseFileError) as exc:
        check_place(place, SESSION)
    assert str(exc.value) == message


@pytest.mark.parametrize("place", [
    Place(board=7), Place(board=7, section="A", table="3", round=7), Place(board=1, table="2"),
    Place(board=9, table="12", round=4),  # the session knows no table or round of board 9
    Place(), Place(section="A")])
def test_a_place_of_the_session_passes(place):
    check_place(place, SESSION)


def test_without_a_session_any_sensible_place_passes():
    check_place(Place(board=99999, section="Z", table="40", round=9), [])
