"""A fouled board, Law 87 (kind ``fouled_board``)."""

from __future__ import annotations

import pytest

from tests.laws.play.helpers import error, rule


def case(**kw):
    return {"kind": "fouled_board", **kw}


@pytest.mark.parametrize("what", ["cards", "dealer", "vulnerability"])
def test_87a_what_differed_makes_the_board_fouled(what: str) -> None:
    r = rule(case(what=what))
    assert r.laws == ["87A", "87B"] and r.clauses[0].key == f"board.87A.{what}"


def test_87b_one_changed_form_the_group_entry_of_the_adjustments_list() -> None:
    r = rule(case(what="cards", board=1, changed=[{"ns_pair": 1, "ew_pair": 1},
                                                  {"ns_pair": 2, "ew_pair": 13}]))
    assert r.to_json()["adjustment"] == {
        "board": 1, "fouled": [{"ns_pair": 1, "ew_pair": 1}, {"ns_pair": 2, "ew_pair": 13}],
        "law": "87B"}
    assert "2 result(s) of 1 changed form(s)" in r.text


def test_87b_several_changed_forms_a_list_of_lists() -> None:
    r = rule(case(what="cards", board=3, changed=[[{"ns_pair": 1, "ew_pair": 1}],
                                                  [{"ns_pair": 4, "ew_pair": 7},
                                                   {"ns_pair": 5, "ew_pair": 8}]]))
    assert r.to_json()["adjustment"]["fouled"] == [
        [{"ns_pair": 1, "ew_pair": 1}], [{"ns_pair": 4, "ew_pair": 7}, {"ns_pair": 5, "ew_pair": 8}]]


def test_87b_a_table_in_two_forms_is_refused() -> None:
    assert error(case(what="dealer", changed=[[{"ns_pair": 1, "ew_pair": 1}],
                                              [{"ns_pair": 1, "ew_pair": 1}]])) == \
        "changed[1]: 1 v 1 is in two forms"


def test_87b_a_table_not_written_as_pairs_is_refused() -> None:
    assert error(case(what="cards", changed=[{"table": 1}])) == \
        "changed[0]: expected exactly ns_pair and ew_pair"


def test_87b_without_the_tables_the_groups_are_still_to_be_given() -> None:
    r = rule(case(what="vulnerability", board=2))
    assert r.to_json()["adjustment"] is None
    assert "Give the tables that played each changed form" in r.text


def test_87b_without_the_board_the_entry_says_so() -> None:
    r = rule(case(what="cards", changed=[{"ns_pair": 1, "ew_pair": 1}]))
    assert "board" not in r.to_json()["adjustment"]
    assert "Give the board's number" in r.text


def test_87b_the_tables_are_a_list() -> None:
    assert error(case(what="cards", changed={"ns_pair": 1, "ew_pair": 1})) == \
        "changed: expected a list of tables ({ns_pair, ew_pair}), not a mapping"
    assert error(case(what="cards", changed=[])) == \
        "changed: expected at least one table (or leave it out)"
