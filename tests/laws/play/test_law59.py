"""Inability to lead or play as required, Law 59 (kind ``cannot_comply``): South
declares, East must lead or play as a rectification requires."""

from __future__ import annotations

from tests.laws.play.helpers import error, rule

_BASE = {"kind": "cannot_comply", "declarer": "S", "player": "E", "trick": 9}
_HAND = ["HA", "D5", "D9", "C2", "C7"]


def case(**kw):
    return {**_BASE, **kw}


def test_59_no_card_of_the_required_suit_any_otherwise_legal_card() -> None:
    r = rule(case(requirement="lead_suit", suit="S", cards=_HAND))
    assert r.laws == ["59"] and r.facts["able"] is False
    assert "He holds no card of the required suit: he cannot comply" in r.text
    assert r.facts["complying"] == []


def test_59_only_cards_of_the_prohibited_suit() -> None:
    r = rule(case(requirement="not_lead_suit", suit="S", cards=["S5", "S9", "S2"]))
    assert r.facts["able"] is False and "He has only cards of the suit he is prohibited" \
        in r.text


def test_59_obliged_to_follow_suit_57a3_gives_way() -> None:
    r = rule(case(requirement="play_suit", suit="C", suit_led="D", cards=_HAND))
    assert r.facts["able"] is False and "He is obliged to follow suit" in r.text
    assert "♦5 and ♦9 (Law 59)" in r.text


def test_59_void_in_the_suit_led_57a3_binds() -> None:
    r = rule(case(requirement="play_suit", suit="C", suit_led="S", cards=_HAND))
    assert r.facts["able"] is True and r.facts["complying"] == ["C2", "C7"]


def test_57a1_the_highest_of_the_suit_led_from_his_holding() -> None:
    r = rule(case(requirement="highest", suit_led="D", cards=_HAND))
    assert r.facts["complying"] == ["D9"]
    assert rule(case(requirement="lowest", suit_led="D", cards=_HAND)).facts[
        "complying"] == ["D5"]


def test_61a_failing_to_comply_when_able_is_a_revoke() -> None:
    r = rule(case(requirement="highest", suit_led="D", cards=_HAND, played="D5"))
    assert r.laws == ["59", "61A"]
    assert "He led or played ♦5 when he was able to comply with ♦9: a revoke (Law 61A)" \
        in r.text


def test_59_the_card_played_when_unable_is_legal() -> None:
    r = rule(case(requirement="lead_suit", suit="S", cards=_HAND, played="C2"))
    assert r.laws == ["59"] and "♣2, the card he led or played, is legal (Law 59)" in r.text


def test_59_the_holding_is_a_fact_never_assumed() -> None:
    assert error(case(requirement="lead_suit", suit="S")) == "missing 'cards'"
    assert error(case(requirement="lead_suit", suit="S", cards=_HAND,
                      played="SA")).startswith("played: SA is not among the cards he held")
    assert error(case(requirement="lead_suit", suit="S", cards=_HAND,
                      trick=12)).startswith("cards: 5 cards, but a player holds 2")


def test_57a3_names_another_suit_than_the_one_led() -> None:
    assert error(case(requirement="play_suit", suit="D", suit_led="D",
                      cards=_HAND)).startswith("suit: 57A3 and 57A4")
