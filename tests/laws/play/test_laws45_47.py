"""A card played and its retraction, Laws 45C and 47 (kind ``played_card``): South
declares, North is dummy."""

from __future__ import annotations

from td_plugin.cases.files import load_case
from td_plugin.cases.play import PlayCase
from td_plugin.laws.play.played_cards import HowPlayed, Retraction
from tests.laws.play.helpers import decision, error, rule, text


def case(**kw):
    return {"kind": "played_card", "declarer": "S", **kw}


def test_45c1_a_defenders_card_his_partner_could_see_is_played() -> None:
    r = rule(case(player="W", card="SK", how="held_face"))
    assert r.laws == ["45C1", "47F2"] and r.facts["withdrawn"] is False


def test_45c2_declarers_card_held_face_up_near_the_table() -> None:
    assert rule(case(player="S", card="SK", how="held_face_up")).laws[0] == "45C2"


def test_45c3_dummys_card_touched_deliberately_but_not_to_arrange() -> None:
    assert rule(case(player="N", card="S4", how="touched")).laws[0] == "45C3"
    arranging = rule(case(player="N", card="S4", how="arranging"))
    assert arranging.laws == ["45C3"] and arranging.facts["played"] is False


def test_45c4a_a_card_named_is_played() -> None:
    assert rule(case(player="E", card="H2", how="named")).laws[0] == "45C4(a)"


def test_45c_how_depends_on_whose_card_it_is() -> None:
    assert error(case(player="W", card="SK", how="touched")).startswith(
        "how: 'touched' is not one of held_face, named")


def test_45c4b_an_unintended_designation_is_the_directors_judgement() -> None:
    d = decision(rule(case(player="N", card="SJ", how="named", retract="unintended")))
    assert (d["seat"], d["field"], d["law"]) == (None, "unintended", "45C4(b)")
    changed = rule(case(player="N", card="SJ", how="named", retract="unintended",
                        unintended=True))
    assert changed.laws == ["45C4(a)", "45C4(b)", "47D"] and changed.facts["withdrawn"] is True
    kept = rule(case(player="N", card="SJ", how="named", retract="unintended",
                     unintended=False))
    assert kept.facts["withdrawn"] is False


def test_45c4b_too_late_once_declarer_played_again() -> None:
    r = rule(case(player="N", card="SJ", how="named", retract="unintended", next_played=True))
    assert r.status == "ruled" and r.facts["withdrawn"] is False
    assert error(case(player="E", card="SJ", how="named", retract="unintended")).startswith(
        "retract: 'unintended' is not one of")


def test_47b_to_correct_an_illegal_play() -> None:
    r = rule(case(player="W", card="SK", how="named", retract="illegal"))
    assert r.laws == ["45C4(a)", "47B"] and "may become a penalty card" in r.text


def test_47d_after_an_opponents_change_of_play() -> None:
    r = rule(case(player="W", card="SK", how="named", retract="opponent_changed",
                  withdraw=True))
    assert r.laws == ["45C4(a)", "47D", "16C"] and r.facts["withdrawn"] is True


def test_47d_the_players_own_option_is_a_decision_with_its_clause() -> None:
    r = rule(case(player="W", card="SK", how="named", retract="opponent_changed"))
    d = decision(r)
    assert (d["seat"], d["field"], d["law"]) == ("W", "withdraw", "47D")
    assert [(c["value"], c["law"]) for c in d["choices"]] == [(True, "47D"), (False, "47D")]
    kept = rule(case(player="W", card="SK", how="named", retract="opponent_changed",
                     withdraw=False))
    assert kept.facts["withdrawn"] is False and "West keeps ♠K: it stays played (Law 47D)." \
        in kept.text


def test_47e2a_the_player_decides_whether_to_retract() -> None:
    r = rule(case(player="W", card="SK", how="named", retract="misexplained"))
    d = decision(r)
    assert (d["seat"], d["field"], d["law"]) == ("W", "withdraw", "47E2(a)")
    left = rule(case(player="W", card="SK", how="named", retract="misexplained",
                     withdraw=False))
    assert left.facts["withdrawn"] is False and "16C" not in left.laws


def test_47d_45c4b_after_a_slip_from_dummy_the_next_player_may_withdraw_his_card() -> None:
    """Declarer's slip from dummy corrected (45C4(b)): the opponent who played after it
    may take his card back (47D): his decision, with its clause."""
    slip = case(player="N", card="SK", how="named", retract="unintended", unintended=True)
    d = decision(rule(slip))
    assert (d["seat"], d["field"], d["law"]) == ("E", "opponent_withdraws", "47D")
    done = rule({**slip, "opponent_withdraws": True})
    assert done.status == "ruled" and "East takes back the card he played after ♠K and " \
        "plays another, without further rectification (Law 47D)." in done.text


def test_47e1_told_wrongly_it_was_his_turn() -> None:
    r = rule(case(player="W", card="SK", how="named", retract="misinformed_turn"))
    assert r.laws == ["45C4(a)", "47E1", "16C"] and r.facts["withdrawn"] is True


def test_47e2a_after_a_mistaken_explanation_until_a_card_is_played_to_the_trick() -> None:
    ok = rule(case(player="W", card="SK", how="named", retract="misexplained",
                   card_played_since=False, withdraw=True))
    assert ok.facts["withdrawn"] is True and "47E2(a)" in ok.laws
    late = rule(case(player="W", card="SK", how="named", retract="misexplained",
                     card_played_since=True))
    assert late.facts["withdrawn"] is False and "47E2(b)" in late.adjustment_possible


def test_47e2a_an_opening_lead_not_once_dummy_faced_a_card() -> None:
    r = rule(case(player="W", card="SK", how="named", retract="misexplained", dummy_faced=True))
    assert r.clauses[1].key == "played.47E2.dummy_faced"


def test_47f2_a_change_of_mind_takes_nothing_back() -> None:
    r = rule(case(player="W", card="SK", how="named", retract="change_of_mind"))
    assert r.laws == ["45C4(a)", "47F2"] and r.facts["withdrawn"] is False


def test_worked_example_jack_then_oops_the_king() -> None:
    """The European Bridge League's TD workshop on Laws 45-47 (Örebro, 2011): declarer
    calls "jack" from dummy and at once "oops, the king": the Director does not allow the
    change — it was a change of mind, not an unintended designation (45C4)."""
    oops = case(player="N", card="SJ", how="named", retract="unintended", unintended=False)
    r = rule(oops)
    assert r.facts["withdrawn"] is False
    assert "The Director judges the designation intended" in r.text
    assert "Turneringslederen vurderer, at udpegningen var tilsigtet" in text(oops, "da")


def test_worked_example_told_it_was_his_turn_to_lead() -> None:
    """A club's laws page (Formby bridge club, on Law 47E1): a player who leads because an
    opponent told him it was his turn takes the card back without penalty."""
    told = case(player="E", card="H7", how="named", retract="misinformed_turn")
    assert "the card is withdrawn without further rectification" in text(told)
    assert "kortet tages tilbage uden yderligere korrektion" in text(told, "da")


def test_45c_how_it_was_played_and_why_it_is_wanted_back_are_read_as_kinds() -> None:
    data = case(player="N", card="SJ", how="named", retract="unintended")
    read = load_case(data)
    assert isinstance(read, PlayCase)
    assert (read.case.how, read.case.retract) == (HowPlayed.NAMED, Retraction.UNINTENDED)
    plain = load_case(case(player="W", card="SK", how="held_face"))
    assert isinstance(plain, PlayCase) and plain.case.retract is Retraction.NO
    facts = rule(data).facts
    assert (facts["how"], facts["retract"]) == ("named", "unintended")
    assert type(facts["how"]) is str and type(facts["retract"]) is str
