"""A missing card, Law 14 (kind ``missing_card``)."""

from __future__ import annotations

from tests.laws.play.helpers import error, rule


def case(**kw):
    return {"kind": "missing_card", "offender": "W", **kw}


def revoke(**kw):
    return case(**{"found": "after_lead", "where": "restored", "card": "HK", "revoke": True,
                   "declarer": "S", "contract": "4S", "revoke_trick": 5, "revoke_card": "C2",
                   "offending_side_tricks_from_revoke": 2, **kw})


def test_14a1_found_restored_before_the_lead() -> None:
    r = rule(case(found="before_lead", where="restored", card="SQ"))
    assert r.laws == ["14A1", "14A3"]
    assert "♠Q is found and restored to West's hand" in r.text
    assert "no call changed; the hand is deemed to have held all its cards throughout" in r.text


def test_14a2_not_found_deal_reconstructed() -> None:
    r = rule(case(found="before_lead", where="not_found"))
    assert r.laws == ["14A2", "14A3"] and "another pack" in r.text


def test_14a_the_played_cards_are_only_after_the_lead() -> None:
    assert "is not one of restored, not_found" in error(case(found="before_lead",
                                                             where="played_cards"))


def test_14b1_among_the_played_cards_a_defective_trick() -> None:
    r = rule(case(found="after_lead", where="played_cards"))
    assert r.laws == ["14B1"] and "defective trick" in r.text


def test_14b2_14b4_restored_deemed_in_the_hand_throughout() -> None:
    r = rule(case(found="after_lead", where="restored", card="HK"))
    assert r.laws == ["14B2", "14B4"] and r.outcome is None
    assert "it may become a penalty card (Law 50)" in r.text
    assert "enter that trick: it is ruled as a revoke" in r.text


def test_14b3_not_found_reconstructed() -> None:
    assert rule(case(found="after_lead", where="not_found")).laws == ["14B3", "14B4"]


def test_14c_knowledge_of_the_restored_card_unauthorized_for_partner() -> None:
    r = rule(case(found="before_lead", where="restored"))
    assert "For East: that a card was restored to West's hand (Law 14C)." in r.text


def test_14b4_a_revoke_ruled_by_the_revoke_engine() -> None:
    """West's ♥K found after the play; he discarded ♣2 on a heart at trick 5: a revoke,
    established (63A1); his side won two tricks from trick 5: one trick transferred."""
    r = rule(revoke(declarer_tricks=9, offending_side_tricks_from_revoke=2, vulnerable="None"))
    assert r.laws == ["14B2", "14B4", "61A", "63A1", "64A2"]
    data = r.to_json()
    assert data["revoke_law"] == "64A2" and data["adjusted_declarer_tricks"] == 10
    assert data["outcome"] == {"declarer_tricks": 10, "score_ns": 420}


def test_14b4_revoke_without_the_result_says_what_transfers() -> None:
    r = rule(revoke())
    assert "61A" in r.laws and r.outcome is None


def test_14b4_a_card_of_the_suit_led_is_no_revoke() -> None:
    assert "not a revoke (Law 61A)" in error(revoke(revoke_card="H2"))


def test_14b4_the_revoke_needs_the_contract() -> None:
    data = revoke()
    del data["contract"]
    assert error(data) == "missing 'contract'"
