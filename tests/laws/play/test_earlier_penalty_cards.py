"""A penalty card already on the table when a later irregularity of the same defender
makes another (Laws 50B, 51A, 51B), in each play kind that makes a defender's penalty
card: South declares, West offends."""

from __future__ import annotations

from tests.laws.play.helpers import decision, error, obligations, rule

_EARLIER = {"earlier": True, "earlier_cards": ["H4"]}  # a minor penalty card of West's


def _penalty(r) -> dict[str, bool]:
    return {o["card"]: o["major"] for o in obligations(r) if o["type"] == "penalty_card"}


def test_50b_premature_play_an_earlier_minor_card_becomes_major() -> None:
    r = rule({"kind": "premature_play", "declarer": "S", "trick": 3, "offender": "W",
              "premature": "play", "card": "S7", "suit_led": "D", "option": "highest",
              **_EARLIER})
    assert "50B" in r.laws and "51A" in r.laws
    assert _penalty(r) == {"S7": True, "H4": True}
    assert "an earlier minor one too (Law 50B)" in r.text


def test_51b2_lead_out_of_turn_options_cover_every_suit_of_his_penalty_cards() -> None:
    loot = {"kind": "lead_out_of_turn", "declarer": "S", "trick": 5, "offender": "W",
            "card": "SK", "correct": "E", "accept": False, **_EARLIER}
    d = decision(rule(loot))
    assert d["law"] == "51B" and "prohibit:SH" in [c["value"] for c in d["choices"]]
    r = rule({**loot, "lead_option": "prohibit:SH"})
    assert "51B2(b)" in r.laws and _penalty(r) == {}
    r = rule({**loot, "lead_option": "require:H"})
    assert "51B2(a)" in r.laws and _penalty(r) == {"SK": True}


def test_51b2_opening_lead_with_a_card_exposed_in_the_auction() -> None:
    base = {"kind": "opening_lead", "declarer": "S", "offender": "E", "card": "DQ",
            "option": "refuse", "earlier": True, "earlier_cards": ["C3"]}
    d = decision(rule(base))
    assert d["law"] == "51B" and "require:C" in [c["value"] for c in d["choices"]]
    r = rule({**base, "lead_option": "none"})
    assert "51B2(c)" in r.laws and _penalty(r) == {"DQ": True, "C3": True}


def test_50b_simultaneous_cards_with_an_earlier_penalty_card() -> None:
    r = rule({"kind": "simultaneous_play", "declarer": "S", "trick": 4, "what": "one_player",
              "offender": "W", "cards": ["H9", "C5"], "played": "H9", **_EARLIER,
              "earlier_cards": ["D2"]})
    assert "50B" in r.laws and _penalty(r) == {"C5": True, "D2": True}


def test_50b_revoke_corrected_with_an_earlier_penalty_card() -> None:
    r = rule({"kind": "revoke_correction", "declarer": "S", "contract": "4H", "offender": "W",
              "trick": 5, "suit_led": "S", "card": "D2", **_EARLIER})
    assert "50B" in r.laws and _penalty(r) == {"D2": True, "H4": True}


def test_50b_earlier_cards_are_the_offenders_own_not_the_new_card() -> None:
    assert error({"kind": "premature_play", "declarer": "S", "trick": 3, "offender": "W",
                  "premature": "play", "card": "S7", "suit_led": "D", "earlier": True,
                  "earlier_cards": ["S7"]}).startswith("earlier_cards: S7")
    assert error({"kind": "premature_play", "declarer": "S", "trick": 3, "offender": "W",
                  "premature": "play", "card": "S7", "suit_led": "D", "earlier": True}) == \
        "missing 'earlier_cards'"


def test_50b_declarers_own_premature_play_has_no_penalty_cards() -> None:
    assert error({"kind": "premature_play", "declarer": "S", "trick": 3, "offender": "N",
                  "premature": "play", "card": "S7", "suit_led": "D", "earlier": True,
                  "earlier_cards": ["H4"]}).startswith("earlier: only when the offender")
