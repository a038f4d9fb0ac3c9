"""The opening lead out of turn, Laws 41A and 54 (kind ``opening_lead``): North declares,
so East is to lead and West leads out of turn unless a case says otherwise."""

from __future__ import annotations

from td_plugin.cases.files import load_case
from td_plugin.cases.play import PlayCase
from td_plugin.laws.play.opening_leads_out_of_turn import OpeningLeadOption
from tests.laws.play.helpers import decision, error, obligations, rule, text


def case(**kw):
    return {"kind": "opening_lead", "declarer": "N", "offender": "W", "card": "H4", **kw}


def test_41a_a_face_down_lead_out_of_turn_is_taken_back() -> None:
    r = rule(case(faced=False))
    assert r.laws == ["41A"] and obligations(r) == [] and r.status == "ruled"
    assert r.to_json()["next"] == "East leads to trick 1."


def test_54_declarers_decision_among_three_options() -> None:
    d = decision(rule(case()))
    assert (d["seat"], d["field"], d["law"]) == ("N", "option", "54")
    assert [(c["value"], c["law"]) for c in d["choices"]] == [
        ("spread", "54A"), ("accept", "54B"), ("refuse", "54D")]


def test_54_41a_the_right_leaders_face_down_lead_is_retracted_into_the_hand() -> None:
    r = rule(case(partner_led_face_down=True, option="accept"))
    assert [(c.law, c.key) for c in r.clauses][:2] == [
        ("54", "opening.54"), ("41A", "opening.54.face_down")]
    assert "41A" in r.laws and "(Laws 54, 41A)" in r.text


def test_54a_declarer_spreads_and_becomes_dummy() -> None:
    r = rule(case(option="spread"))
    assert "54A" in r.laws and r.to_json()["declarer"] == "S"
    assert r.facts["outcome"] == "declarer_becomes_dummy"


def test_54a_declarer_who_began_to_spread_must_spread_it_all() -> None:
    r = rule(case(declarer_spread=True))
    assert r.status == "ruled" and r.clauses[1].key == "opening.54A.forced"
    assert r.to_json()["declarer"] == "S"
    assert error(case(declarer_spread=True, option="accept")) == \
        "option: only when declarer may choose (Law 54)"


def test_54b_accepted_dummy_spread_second_card_from_declarers_hand() -> None:
    r = rule(case(option="accept"))
    assert r.laws == ["54", "54B", "54B1", "54B2"] and r.to_json()["declarer"] == "N"
    assert r.to_json()["next"] == "Declarer North plays the second card from his own hand; " \
                                  "South is dummy."


def test_54c_declarer_who_could_have_seen_dummy_must_accept() -> None:
    r = rule(case(dummy_exposed=True))
    assert r.status == "ruled" and "54C" in r.laws and "54B1" in r.laws
    assert r.to_json()["declarer"] == "N"


def test_54d_refused_a_major_penalty_card_and_50d_lead_options() -> None:
    r = rule(case(option="refuse"))
    assert "54D" in r.laws and "50D1" in r.laws
    d = decision(r)
    assert (d["field"], [c["value"] for c in d["choices"]]) == (
        "lead_option", ["require:H", "prohibit:H", "none"])
    kept = rule(case(option="refuse", lead_option="none"))
    assert obligations(kept) == [{"type": "penalty_card", "law": "50D1", "seat": "W",
                                  "card": "H4", "from_trick": 1, "major": True}]


def test_54e_an_opening_lead_by_the_declaring_side_is_law_24() -> None:
    for offender in ("N", "S"):
        r = rule(case(offender=offender))
        assert r.laws == ["54E", "24D"] and obligations(r) == []
        assert r.to_json()["next"] == "East leads to trick 1."
    assert error(case(offender="S", faced=False)) == "faced: only for a lead by the wrong defender"


def test_41a_the_right_leader_did_not_lead_out_of_turn() -> None:
    assert error(case(offender="E")) == "offender: 'E' is not one of W, N, S"


def test_worked_example_five_options_after_a_faced_opening_lead_out_of_turn() -> None:
    """A New Zealand club's Director handbook (Akaroa, after NZ Bridge's flowcharts):
    North opens 1NT, South bids 3NT, West faces the ♥4 though East was to lead. North may
    accept and play with South as dummy (54B), accept and become dummy himself (54A), or
    refuse: the ♥4 is then a major penalty card and North may demand a heart from East,
    forbid hearts while East keeps the lead (the ♥4 going back in either case), or let
    East lead anything, the ♥4 staying on the table (54D, 50D2)."""
    assert rule(case(option="accept")).to_json()["declarer"] == "N"
    assert rule(case(option="spread")).to_json()["declarer"] == "S"
    demand = rule(case(option="refuse", lead_option="require:H"))
    assert obligations(demand) == [{"type": "lead", "law": "50D2(a)", "seat": "E", "trick": 1,
                                    "suit": "H", "prohibited": False, "lasting": False}]
    forbid = rule(case(option="refuse", lead_option="prohibit:H"))
    assert obligations(forbid)[0]["lasting"] is True
    anything = rule(case(option="refuse", lead_option="none"))
    assert [o["type"] for o in obligations(anything)] == ["penalty_card"]
    da = text(case(option="refuse", lead_option="require:H"), "da")
    assert "Spilfører afviser udspillet; Øst spiller ud (§ 54D)" in da
    assert "strafkort, og § 50D finder anvendelse" not in da  # superseded by the choice
    assert "Spilfører Nord kræver, at Øst spiller ud i hjerter til stik 1" in da
    en = text(case(option="refuse", lead_option="require:H"))
    assert "Declarer North requires East to lead hearts to trick 1" in en


def test_54b2_dummys_card_played_second_after_the_lead_accepted() -> None:
    """Declarer played a card of dummy's second to the opening lead out of turn: the lead
    is accepted (no option left to ask) and dummy's card may not be withdrawn except to
    correct a revoke (54B2)."""
    c = {"kind": "opening_lead", "declarer": "N", "offender": "W", "card": "H4",
         "dummy_card": "H9"}
    r = rule(c)
    assert r.status == "ruled" and r.laws[-3:] == ["54B", "54B1", "54B2"]
    assert r.facts["outcome"] == "accepted" and r.facts["dummy_card"] == "H9"
    assert "Declarer played dummy's ♥9 second: the lead is accepted, and ♥9 may not be " \
           "withdrawn except to correct a revoke (Law 54B2)." in r.text
    assert "Spilfører spillede blindemandens ♥9 som andet kort" in text(c, "da")
    assert error({**c, "dummy_card": "H4"}) == "dummy_card: the lead's own card"


def test_54_declarers_choice_is_read_as_its_kind_and_offered_as_the_case_file_writes_it() -> None:
    read = load_case(case(option="refuse"))
    assert isinstance(read, PlayCase) and read.case.option is OpeningLeadOption.REFUSE
    choices = decision(rule(case()))["choices"]
    assert [(c["value"], c["law"]) for c in choices] == [
        ("spread", "54A"), ("accept", "54B"), ("refuse", "54D")]
    assert all(type(c["value"]) is str for c in choices)
