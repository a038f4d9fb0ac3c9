"""Declarer's own card exposed or dropped, and his hand faced, Law 48 (kind
``declarer_card``): South declares."""

from __future__ import annotations

from tests.laws.play.helpers import error, obligations, rule, text


def case(**kw):
    return {"kind": "declarer_card", "declarer": "S", **kw}


def test_48a_declarers_dropped_card_need_not_be_played_and_is_no_penalty_card() -> None:
    r = rule(case(what="dropped", card="SK"))
    assert r.laws == ["48A"] and r.facts["played"] is False and obligations(r) == []
    assert "Declarer is not required to play ♠K, dropped accidentally" in text(
        case(what="dropped", card="SK"))


def test_48a_an_exposed_card_not_held_as_played_goes_back() -> None:
    r = rule(case(what="exposed", card="H5", held_as_played=False))
    assert r.laws == ["48A"] and r.facts["played"] is False and obligations(r) == []


def test_48a_45c2_an_exposed_card_held_as_played_is_played() -> None:
    r = rule(case(what="exposed", card="H5", held_as_played=True))
    assert r.laws == ["48A", "45C2"] and r.facts["played"] is True


def test_48b1_declarer_faces_his_cards_after_an_opening_lead_out_of_turn() -> None:
    r = rule(case(what="faced", after_lead_out_of_turn=True))
    assert r.laws == ["48B1"] and r.facts["claim"] is False
    assert "Law 54 applies" in text(case(what="faced", after_lead_out_of_turn=True))


def test_48b2_declarer_faces_his_cards_a_claim_law_68() -> None:
    r = rule(case(what="faced", after_lead_out_of_turn=False, not_a_claim=False))
    assert r.laws == ["48B2"] and r.facts["claim"] is True
    assert "Law 68 applies" in text(case(what="faced", after_lead_out_of_turn=False,
                                         not_a_claim=False))


def test_48b2_unless_he_demonstrably_did_not_intend_to_claim() -> None:
    r = rule(case(what="faced", after_lead_out_of_turn=False, not_a_claim=True))
    assert r.laws == ["48B2", "48A"] and r.facts["claim"] is False


def test_48_no_fact_assumed() -> None:
    assert error(case(what="dropped")) == "missing 'card'"
    assert error(case(what="exposed", card="H5")) == "missing 'held_as_played'"
    assert error(case(what="faced")) == "missing 'after_lead_out_of_turn'"
    assert error(case(what="faced", after_lead_out_of_turn=False)) == "missing 'not_a_claim'"
    assert error(case(what="faced", card="H5", after_lead_out_of_turn=True)) == \
        "card: only for a card exposed or dropped (Law 48A)"
