"""Simultaneous leads or plays, Law 58 (kind ``simultaneous_play``): South declares."""

from __future__ import annotations

from tests.laws.play.helpers import decision, error, obligations, rule, text


def case(**kw):
    return {"kind": "simultaneous_play", "declarer": "S", "trick": 1, **kw}


def two(**kw):
    return case(what="two_players", **kw)


def one(**kw):
    return case(what="one_player", offender="E", **kw)


def test_58a_the_next_in_rotation_simply_played() -> None:
    r = rule(two(legal_by="W", other="N", other_card="C5"))
    assert r.laws == ["58A"] and r.facts["premature"] is False


def test_58a_a_defender_not_next_in_rotation_played_prematurely() -> None:
    r = rule(two(legal_by="W", other="E", other_card="C5"))
    assert r.laws == ["58A", "57"] and r.facts["premature"] is True


def test_58a_declarers_card_played_early_is_played() -> None:
    r = rule(two(legal_by="W", other="S", other_card="C5"))
    assert r.laws == ["58A", "57C3"]


def test_58b1_one_face_visible_that_card_is_played() -> None:
    r = rule(one(cards=["H4"], trick=4))
    assert r.laws == ["58B1", "47F"] and r.facts["played"] == "H4" and obligations(r) == []


def test_58b2_several_visible_the_offender_designates() -> None:
    d = decision(rule(one(cards=["H4", "SQ"], trick=4)))
    assert (d["seat"], d["field"], d["law"]) == ("E", "played", "58B2")
    assert [c["value"] for c in d["choices"]] == ["H4", "SQ"]


def test_58b2_a_defenders_other_visible_cards_become_penalty_cards() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, played="H4"))
    assert obligations(r) == [{"type": "penalty_card", "law": "50D1", "seat": "E", "card": "SQ",
                               "from_trick": 4, "major": True}]
    low = rule(one(cards=["H4", "S2"], trick=4, played="H4"))
    assert obligations(low)[0]["major"] is False  # a single low card, exposed inadvertently


def test_58b2_declarers_other_cards_go_back() -> None:
    r = rule(case(what="one_player", offender="S", cards=["H4", "SQ"], played="SQ"))
    assert obligations(r) == [] and r.clauses[-1].key == "simultaneous.58B2.declarer"


def test_58b3_an_opponent_who_played_after_may_change_his_card() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, played="H4", opponent_played_after=True))
    assert "58B3" in r.laws and "16C" in r.laws


def test_58b4_found_after_both_sides_played_to_the_next_trick_law_67() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, discovered_late=True))
    assert r.laws == ["58B4"] and r.status == "ruled"


def test_58_two_players_are_two() -> None:
    assert error(two(legal_by="W", other="W", other_card="C5")).startswith(
        "other: 'W' is not one of")


def test_worked_example_simultaneous_faced_opening_leads() -> None:
    """The EBU's Directors' forum ("Simultaneous faced opening leads", answered by an EBU
    referee): when both defenders face an opening lead at once, the legal lead stands and
    the other card is a premature play to the first trick (58A, 57)."""
    r = rule(two(legal_by="W", other="E", other_card="D7"))
    assert "East's ♦7, played at the same moment as West's legal lead or play to trick 1, " \
           "is deemed played after it (Law 58A)" in r.text
    assert "Østs ♦7, spillet samtidig med Vests lovlige udspil eller spil til stik 1, anses " \
           "for spillet efter det (§ 58A)" in text(two(legal_by="W", other="E",
                                                      other_card="D7"), "da")
