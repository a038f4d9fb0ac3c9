"""The flows of questions of the play period (`td_plugin.laws.facts`): every worked
example under tests/cases/play can be entered one question at a time and gives the same
case; each answer shows the clause it leads to; changing an answer drops what no longer
applies; an answer that does not fit is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from td_plugin.cases.files import load_case
from td_plugin.errors import QuestionError
from td_plugin.laws import FACT_KINDS, FAMILIES, fact_family, flow_module
from td_plugin.laws.facts import LISTS, MORE
from td_plugin.rulers.cases import rule_play_case

CASES = Path(__file__).resolve().parents[2] / "cases" / "play"
FILES = sorted(CASES.glob("*.yaml"))


def enter(kind: str, facts: dict[str, Any]) -> tuple[dict[str, Any], list]:
    """Answer the flow's questions from ``facts`` (a bool it asks that the facts leave
    out is answered no), as the table app would."""
    module = flow_module(kind)
    assert module is not None
    case: dict[str, Any] = {"kind": kind}
    finished = False
    for _ in range(60):
        steps, q = module.flow(case, finished)
        if q is None:
            return case, steps
        if q.id == MORE:
            more = len(case[_list_field(kind)]) < len(facts[_list_field(kind)])
            case = module.answer(case, q, str(more))
            finished = not more
            continue
        value = facts.get(q.field)
        if isinstance(value, list):
            value = value[q.revoke or 0]
        if isinstance(value, dict):  # a table, as the Director types it: "3-12"
            value = f"{value['ns_pair']}-{value['ew_pair']}"
        if value is None:
            assert q.input == "choice" and {c.value for c in q.choices} == {True, False}, q.id
            value = False
        case = module.answer(case, q, str(value))
    raise AssertionError("the flow does not end")


def _list_field(kind: str) -> str:
    return next(f.key for f in fact_family(kind).FIELDS if f.input in LISTS)


def test_every_play_kind_is_offered_by_the_table_app() -> None:
    assert all(FAMILIES[kind].questions for kind in FACT_KINDS)
    for kind in FACT_KINDS:
        module = flow_module(kind)
        assert module is fact_family(kind)
        assert callable(module.flow) and callable(module.answer) and callable(module.question_by_id)
        assert isinstance(module.START, tuple)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_worked_example_can_be_entered_question_by_question(path: Path) -> None:
    example = yaml.safe_load(path.read_text(encoding="utf-8"))["case"]
    kind = example["kind"]
    module = fact_family(kind)
    asked = {f.key for f in module.FIELDS if f.ask and not f.decision}
    facts = {k: v for k, v in example.items() if k in asked}
    case, steps = enter(kind, facts)
    entered = {k: v for k, v in case.items() if k != "kind" and v is not False}
    assert entered == {k: v for k, v in facts.items() if v is not False}
    decisions = {k: v for k, v in example.items() if k not in asked}
    built = rule_play_case(load_case({**case, **decisions}))  # it reads as a case file
    assert built.to_json() == rule_play_case(load_case(example)).to_json()


def test_each_answer_shows_the_clause_it_leads_to() -> None:
    case, steps = enter("opening_lead", {"declarer": "N", "offender": "S", "card": "H4"})
    leads = {s.question.id: s.leads for s in steps}
    assert leads["offender"][0] == "54E"
    case, steps = enter("opening_lead", {"declarer": "N", "offender": "W", "card": "H4",
                                         "faced": True, "declarer_spread": True})
    assert {s.question.id: s.leads for s in steps}["declarer_spread"][0] == "54A"


def test_changing_an_answer_drops_what_no_longer_applies() -> None:
    module = fact_family("opening_lead")
    case, _ = enter("opening_lead", {"declarer": "N", "offender": "W", "card": "H4",
                                     "faced": True, "dummy_exposed": True})
    assert case["dummy_exposed"] is True
    q = module.question_by_id(case, "offender", None)
    changed = module.answer(case, q, "S")  # the declaring side: Law 54E, nothing more asked
    assert "faced" not in changed and "dummy_exposed" not in changed
    assert module.flow(changed)[1] is None


def test_changing_the_declarer_drops_a_seat_no_longer_among_the_answers() -> None:
    module = fact_family("penalty_card")
    case, _ = enter("penalty_card", {"declarer": "S", "offender": "E", "cards": ["SK"],
                                     "trick": 3})
    q = module.question_by_id(case, "declarer", None)
    changed = module.answer(case, q, "E")  # East declares: he has no penalty cards
    assert "offender" not in changed
    assert module.flow(changed)[1].id == "offender"


def test_an_answer_that_does_not_fit_is_refused() -> None:
    module = fact_family("premature_play")
    _, q = module.flow({"kind": "premature_play", "declarer": "S"})
    assert q.id == "trick"
    with pytest.raises(QuestionError, match="from 1 to 13"):
        module.answer({"kind": "premature_play", "declarer": "S"}, q, "14")
    _, q = module.flow({"kind": "premature_play", "declarer": "S", "trick": 3})
    with pytest.raises(QuestionError):
        module.answer({"kind": "premature_play", "declarer": "S", "trick": 3}, q, "X")
    cards = fact_family("penalty_card")
    case = {"kind": "penalty_card", "declarer": "S", "offender": "E", "cards": ["SK", None]}
    _, q = cards.flow(case)
    with pytest.raises(QuestionError, match="already among the cards"):
        cards.answer(case, q, "SK")


def test_a_list_of_cards_is_asked_a_card_at_a_time() -> None:
    module = fact_family("card_in_auction")
    case = {"kind": "card_in_auction", "offender": "E", "cards": ["SK"]}
    _, q = module.flow(case)
    assert q.id == MORE
    more = module.answer(case, q, "True")
    assert more["cards"] == ["SK", None]
    _, q = module.flow(more)
    assert (q.id, q.revoke) == ("cards", 1)
    done = module.answer(more, q, "H2")
    steps, q = module.flow(done, finished=True)
    assert q.id == "becomes" and [s.value for s in steps if s.question.id == "cards"] == \
        ["SK", "H2"]
