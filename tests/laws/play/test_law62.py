"""A revoke corrected at the table, Law 62 (kind ``revoke_correction``): the revoke
engine's ruling on the unestablished revoke, the penalty card it creates, and the choices
of 62C. 4♠ by South unless a case says otherwise."""

from __future__ import annotations

import pytest

from td_plugin.cases.files import load_case
from td_plugin.laws.revokes import rule_revoke_case
from tests.laws.play.helpers import decision, error, obligations, rule, text


def case(**kw):
    return {"kind": "revoke_correction", "declarer": "S", "contract": "4S", "offender": "E",
            "trick": 5, "suit_led": "D", "card": "H4", **kw}


def test_62a_62b1_corrected_and_a_defenders_card_is_a_major_penalty_card() -> None:
    r = rule(case(later_cards=True))
    assert r.laws[:8] == ["61A", "62A", "62B1", "50B", "50D1", "50D2", "50E", "62C1"]
    assert obligations(r) == [{"type": "penalty_card", "law": "50D1", "seat": "E", "card": "H4",
                               "from_trick": 5, "major": True}]
    assert r.facts["established"] is False and r.facts["law"] == "62A"


def test_62_the_same_ruling_as_a_revoke_case_of_the_same_facts() -> None:
    """Not the law written twice: the text and clauses are the revoke engine's."""
    revoke = rule_revoke_case(load_case({
        "kind": "revoke", "contract": "4S", "declarer": "S", "declarer_tricks": 10,
        "vulnerable": "None", "revokes": [{"offender": "E", "trick": 5, "suit_led": "D",
                                           "card": "H4", "established": False}]}))
    corrected = rule(case(later_cards=True))  # the revoke case does not say: 62C may
    assert corrected.clause_texts()[0] == revoke.text_lines()[0]
    assert corrected.laws == revoke.laws
    assert revoke.to_json()["obligations"] == obligations(corrected)


def test_62c_not_read_when_no_card_was_played_after_the_revoke() -> None:
    """Nothing was played after the revoke: there is nothing Law 62C could withdraw, and
    the read-out says nothing of it (the revoke card's own withdrawal keeps 16C)."""
    r = rule(case(later_cards=False))
    assert "62C1" not in r.laws and "62C2" not in r.laws and "16C" in r.laws
    assert "withdraw any card played" not in r.text and "(Law 62C" not in r.text
    assert r.status == "ruled" and not r.decisions


def test_62c_read_as_what_may_follow_only_until_the_choice_is_made() -> None:
    """Cards were played after the revoke: 62C is read as what may follow while the
    non-offending side has not chosen; once it has, only what it chose is read."""
    open_choice = rule(case(later_cards=True))
    assert "Declarer may withdraw any card played from his hand" in open_choice.text
    kept = rule(case(later_cards=True, nos_withdraw=False))
    assert "Declarer may withdraw any card played from his hand" not in kept.text
    assert kept.laws.count("62C1") == 1 and "North-South keep the cards" in kept.text


def test_62b2_declarers_dummys_or_a_faced_card_no_penalty_card() -> None:
    assert obligations(rule(case(offender="S", card="H4"))) == []
    assert obligations(rule(case(offender="N", card="H4"))) == []
    faced = rule(case(card_faced=True))
    assert obligations(faced) == [] and "62B2" in faced.laws
    assert error(case(offender="N", card_faced=True)) == \
        "card_faced: only for a defender's revoke (Law 62B2)"


def test_62c1_the_non_offending_side_decides_on_its_later_cards() -> None:
    d = decision(rule(case(later_cards=True)))
    assert (d["seat"], d["field"], d["law"]) == (None, "nos_withdraw", "62C1")
    kept = rule(case(later_cards=True, nos_withdraw=False))
    assert kept.status == "ruled" and "North-South keep the cards" in kept.text


def test_62c2_then_the_offending_side_next_in_rotation() -> None:
    d = decision(rule(case(later_cards=True, nos_withdraw=True)))
    assert (d["field"], d["law"]) == ("os_withdraw", "62C2")
    r = rule(case(later_cards=True, nos_withdraw=True, os_withdraw=True, os_card="D9"))
    assert ("D9", "50D1", "W") in {(o["card"], o["law"], o["seat"]) for o in obligations(r)}
    assert "a defender's card so withdrawn becomes a major penalty card (Law 62C2)" in r.text


def test_50b_50d1_50d2_50e_the_corrected_revokes_penalty_card_in_full() -> None:
    """62B1 makes the card a penalty card; 50B says why it is major (exposed in correcting
    a revoke); 50D1 (not 62B1) that it is played at the first legal opportunity; 50D2
    declarer's lead options when the partner gains the lead; 50E the information."""
    r = rule(case())
    assert "♥4 becomes a penalty card (Law 62B1). It is a major penalty card, as a card " \
           "exposed in correcting a revoke (Law 50B). East must play ♥4 at the first legal " \
           "opportunity" in r.text
    assert "Whenever West has the lead while ♥4 is on the table, declarer may require or " \
           "prohibit a lead of hearts" in r.text and "(Law 50D2)" in r.text
    assert "anything else it shows is unauthorized for West and authorized for declarer " \
           "(Law 50E)" in r.text
    assert "it must be played at the first legal opportunity (Law 50D1)" in r.text
    assert "first legal opportunity (Law 62B1)" not in r.text
    assert "50E3" in r.adjustment_possible
    da = text(case(), "da")
    assert "fordi det blev vist, da kulørsvigten blev rettet (§ 50B)" in da
    assert "kan spilfører kræve eller forbyde udspil i hjerter" in da


def test_50d1_a_card_withdrawn_under_62c2_is_played_at_the_first_legal_opportunity() -> None:
    r = rule(case(later_cards=True, nos_withdraw=True, os_withdraw=True, os_card="D9"))
    assert {(o["card"], o["law"]) for o in obligations(r)} == {("H4", "50D1"), ("D9", "50D1")}


def test_62d2_a_defenders_revoke_on_trick_12_before_partner_played() -> None:
    r = rule(case(trick=12, position=1))
    assert "62D2" in r.laws


def test_61a_a_card_of_the_suit_led_is_no_revoke() -> None:
    assert error(case(card="D4")) == "card: D4 follows suit to a trick led in D: not a revoke " \
                                     "(Law 61A)"


def test_worked_example_a_revoke_noticed_before_the_trick_was_complete() -> None:
    """A club's Director notes (Bracknell Forest bridge club, "Bridge jargon"): a defender
    revoked and noticed before the trick was complete: not established (63), so the card
    was withdrawn and replaced by a legal one (62); being a defender's, it stayed on the
    table as a major penalty card (62B1), and the next non-offending player was allowed to
    withdraw the card he had played (62C1)."""
    club = case(later_cards=True, nos_withdraw=True, os_withdraw=False)
    r = rule(club)
    assert [o["law"] for o in obligations(r)] == ["50D1"]
    assert "North-South take back the cards they played after the revoke" in r.text
    assert "Nord-Syd tager de kort tilbage, de spillede efter kulørsvigten" in text(club, "da")


# -- 63B: an offender asking to correct an established revoke ---------------------------------

_EST = {"kind": "revoke_correction", "declarer": "S", "contract": "4H", "offender": "W",
        "trick": 5, "suit_led": "S", "card": "D2"}


@pytest.mark.parametrize("how", ["63A1", "63A2", "63A3", "63A4"])
def test_63b_an_established_revoke_may_not_be_corrected(how: str) -> None:
    r = rule({**_EST, "established": True, "established_by": how})
    assert r.laws == ["61A", how, "63B"] and r.status == "ruled"
    assert "an established revoke may no longer be corrected: ♦2 stays played, and trick 5 " \
        "stands as played (Law 63B)" in r.text
    assert obligations(r) == []  # no penalty card: nothing is withdrawn
    assert r.facts["established"] is True


def test_63b_not_established_is_the_correction_of_62() -> None:
    r = rule({**_EST, "established": False})
    assert r.laws[:2] == ["61A", "62A"] and r.facts["established"] is False


def test_63a_how_it_was_established_is_asked_not_assumed() -> None:
    assert error({**_EST, "established": True}) == "missing 'established_by'"


def test_63b_no_62c_choices_once_established() -> None:
    assert error({**_EST, "established": True, "established_by": "63A1",
                  "later_cards": True}).startswith(
        "later_cards: only for a revoke to be corrected")


def test_62d1_on_trick_12_establishment_is_not_asked() -> None:
    assert error({**_EST, "trick": 12, "established": True}).startswith(
        "established: only before trick 12")
