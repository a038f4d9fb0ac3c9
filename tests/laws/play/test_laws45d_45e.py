"""A card dummy placed without declarer naming it (45D) and a fifth card played to a trick
(45E1, 45E2), facts of the kind ``played_card``, and the fifth card of a defective trick
found in time (67A2): South declares, North is dummy."""

from __future__ import annotations

from tests.laws.play.helpers import error, obligations, rule, text


def case(**kw):
    return {"kind": "played_card", "declarer": "S", **kw}


def placed(**kw):
    return case(player="N", card="HQ", how="placed_by_dummy", **kw)


def fifth(player: str, card: str, **kw):
    return case(player=player, card=card, how="fifth_card", **kw)


def test_45d_card_dummy_placed_is_withdrawn_when_attention_is_drawn_in_time() -> None:
    r = rule(placed(in_time=True, defender_followed=False))
    assert r.laws == ["45D"] and r.facts["withdrawn"] is True and r.facts["played"] is False
    assert "♥Q is withdrawn and declarer's card from dummy is played instead (Law 45D)" in text(
        placed(in_time=True, defender_followed=False))


def test_45d_a_defender_who_played_after_it_may_take_his_card_back_16c() -> None:
    r = rule(placed(in_time=True, defender_followed=True, declarer_followed=False))
    assert r.laws == ["45D", "16C"]
    assert r.to_json()["unauthorized"]
    out = text(placed(in_time=True, defender_followed=True, declarer_followed=False))
    assert "may withdraw his card and return it to his hand (Law 45D)" in out
    assert "declarer may withdraw the card" not in out


def test_45d_declarer_may_withdraw_his_card_if_rho_changes_his_play() -> None:
    out = text(placed(in_time=True, defender_followed=True, declarer_followed=True))
    assert "If East changes his play, declarer may withdraw the card he then played" in out


def test_45d_attention_drawn_after_each_side_played_to_the_next_trick() -> None:
    r = rule(placed(in_time=False))
    assert r.laws == ["45D"] and r.facts["withdrawn"] is False and r.facts["played"] is True


def test_45d_only_dummys_card_and_no_fact_assumed() -> None:
    assert error(case(player="S", card="HQ", how="placed_by_dummy")).startswith("how: ")
    assert error(placed()) == "missing 'in_time'"
    assert error(placed(in_time=True)) == "missing 'defender_followed'"
    assert error(placed(in_time=False, retract="illegal")) == "retract: only for a card played"


def test_45e1_a_defenders_fifth_card_becomes_a_penalty_card() -> None:
    r = rule(fifth("W", "DQ", deemed_led=False, trick=6))
    assert r.laws[:2] == ["45E1", "50A"] and r.facts["played"] is False
    assert obligations(r) == [{"type": "penalty_card", "seat": "W", "card": "DQ",
                               "from_trick": 6, "major": True, "law": "50D1"}]
    assert "West's fifth card, ♦Q, becomes a penalty card (Law 45E1, Law 50)" in text(
        fifth("W", "DQ", deemed_led=False, trick=6))


def test_45e1_50b_a_low_fifth_card_inadvertent_or_not() -> None:
    minor = rule(fifth("E", "D7", deemed_led=False, trick=3, inadvertent=True))
    major = rule(fifth("E", "D7", deemed_led=False, trick=3, inadvertent=False))
    assert [o["major"] for o in obligations(minor)] == [False]
    assert [o["major"] for o in obligations(major)] == [True]
    assert error(fifth("E", "D7", deemed_led=False, trick=3)) == "missing 'inadvertent'"


def test_45e1_a_defenders_fifth_card_deemed_led_is_a_lead_out_of_turn() -> None:
    r = rule(fifth("W", "DQ", deemed_led=True))
    assert r.laws == ["45E1"] and obligations(r) == []
    assert "Law 53 or 56" in text(fifth("W", "DQ", deemed_led=True))


def test_45e2_declarers_fifth_card_goes_back_without_rectification() -> None:
    for player in ("S", "N"):
        r = rule(fifth(player, "C3", deemed_led=False))
        assert r.laws == ["45E2"] and r.facts["withdrawn"] is True and obligations(r) == []
    assert "without further rectification (Law 45E2)" in text(fifth("S", "C3", deemed_led=False))


def test_45e2_declarers_fifth_card_deemed_led_law_55() -> None:
    r = rule(fifth("N", "C3", deemed_led=True))
    assert r.laws == ["45E2"] and r.facts["deemed_led"] is True
    assert "Law 55" in text(fifth("N", "C3", deemed_led=True))


def test_45e_no_fact_assumed() -> None:
    assert error(fifth("W", "DQ")) == "missing 'deemed_led'"
    assert error(fifth("W", "DQ", deemed_led=False)) == "missing 'trick'"
    assert error(fifth("S", "DQ", deemed_led=False, trick=4)) == (
        "trick: only for a defender's fifth card not deemed led (Law 45E1)")


def defective(**kw):
    return {"kind": "defective_trick", "declarer": "S", "contract": "4H", "trick": 5,
            "fault": "too_many", **kw}


def test_67a2_45e1_a_defenders_fifth_card_found_in_time_is_a_penalty_card() -> None:
    r = rule(defective(offender="E", extra="fifth_card", card="SK", deemed_led=False))
    assert r.laws[:4] == ["67", "67A2", "45E1", "50A"]
    assert obligations(r) == [{"type": "penalty_card", "seat": "E", "card": "SK",
                               "from_trick": 5, "major": True, "law": "50D1"}]
    out = text(defective(offender="E", extra="fifth_card", card="SK", deemed_led=False))
    assert "as a fifth card (Law 45E) or" not in out
    assert "East's fifth card, ♠K, becomes a penalty card (Law 45E1, Law 50)" in out


def test_67a2_45e2_declarers_fifth_card_found_in_time_goes_back() -> None:
    r = rule(defective(offender="N", extra="fifth_card", card="S2", deemed_led=False))
    assert r.laws == ["67", "67A2", "45E2"] and obligations(r) == []
    assert "without further rectification (Law 45E2)" in text(
        defective(offender="N", extra="fifth_card", card="S2", deemed_led=False))


def test_67a2_58b_cards_played_at_once_and_no_fact_assumed() -> None:
    assert "ruled by Law 58B" in text(defective(offender="W", extra="at_once"))
    assert error(defective(offender="W")) == "missing 'extra'"
    assert error(defective(offender="W", extra="fifth_card", card="D4")) == \
        "missing 'deemed_led'"
    assert error(defective(offender="W", extra="fifth_card", card="D4", deemed_led=False)) == \
        "missing 'inadvertent'"
    assert error(defective(offender="W", extra="at_once", card="D4")) == \
        "card: only for a fifth card (Laws 67A2, 45E)"
