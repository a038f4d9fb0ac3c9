"""No result at a table, Laws 12A2 and 12C2(a) (kind ``no_result``)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from td_plugin.cases.adjustments import parse_adjustments
from td_plugin.cases.files import load_case
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.regulations import WBF
from td_plugin.model.outcomes import ArtificialScore
from td_plugin.rulers.cases import rule_play_case
from tests.laws.play.helpers import error, rule, text


def case(**kw):
    return {"kind": "no_result", **kw}


class VariableClub(WBF):
    """A club's regulation with variable averages."""

    name: ClassVar[str] = "variable-club"
    variable_averages = True


@pytest.mark.parametrize(("ns", "ew", "score"), [
    ("none", "direct", "60/40"), ("partly", "partly", "50/50"), ("direct", "none", "40/60")])
def test_12c2a_each_side_by_its_fault(ns: str, ew: str, score: str) -> None:
    r = rule(case(ns_fault=ns, ew_fault=ew))
    assert r.laws == ["12A2", "12C2(a)"]
    assert r.to_json()["outcome"] == {"artificial": score}
    assert r.outcome == ArtificialScore(*map(int, score.split("/")))


def test_12c2a_the_two_scores_need_not_balance() -> None:
    """Neither side at fault (the board was not in the room): average-plus to both."""
    r = rule(case(ns_fault="none", ew_fault="none"))
    assert r.to_json()["outcome"] == {"artificial": "60/60"}
    assert "North-South 60 % (In no way at fault), East-West 60 %" in r.text
    assert "Nord-Syd 60 % (På ingen måde skyld), Øst-Vest 60 %" in text(
        case(ns_fault="none", ew_fault="none"), "da")


@pytest.mark.parametrize("missing", ["ns_fault", "ew_fault"])
def test_12c2a_a_fault_not_given_is_refused_never_assumed(missing: str) -> None:
    given = case(ns_fault="none", ew_fault="direct")
    del given[missing]
    assert error(given) == f"missing {missing!r}"


def test_12c2a_a_fault_not_among_the_three_is_refused() -> None:
    assert "is not one of none, partly, direct" in error(case(ns_fault="half", ew_fault="none"))


def test_12c2a_variable_averages_where_the_regulation_has_them() -> None:
    data = case(ns_fault="none", ew_fault="direct")
    fixed = rule_play_case(load_case(data), ReviewContext(regulation=WBF()))
    variable = rule_play_case(load_case(data), ReviewContext(regulation=VariableClub()))
    assert fixed.to_json()["outcome"] == {"artificial": "60/40"}
    assert variable.to_json()["outcome"] == {"artificial": "60/40", "variable": True}
    assert isinstance(variable.outcome, ArtificialScore) and variable.outcome.variable
    assert "session percentage" in variable.text and "session percentage" not in fixed.text


def test_12c2a_the_case_file_reading_over_the_regulation() -> None:
    data = case(ns_fault="none", ew_fault="direct", variable=False)
    r = rule_play_case(load_case(data), ReviewContext(regulation=VariableClub()))
    assert r.to_json()["outcome"] == {"artificial": "60/40"}


def test_12c2a_the_outcome_is_an_entry_of_the_adjustments_list() -> None:
    """What the ruling ends in is what ``td-plugin adjust`` reads, with the table added."""
    r = rule(case(ns_fault="partly", ew_fault="none", board=4))
    entry = {"board": 4, "ns_pair": 2, "ew_pair": 15, **r.to_json()["outcome"], "law": "12C2"}
    (adjustment,) = parse_adjustments([entry])
    assert adjustment.outcome == r.outcome
