"""A defective trick, Law 67 (kind ``defective_trick``): 3NT by South."""

from __future__ import annotations

from tests.laws.play.helpers import error, rule, text


def case(**kw):
    return {"kind": "defective_trick", "declarer": "S", "contract": "3NT", "trick": 5, **kw}


def test_67a1_found_in_time_the_offender_adds_a_legal_card() -> None:
    r = rule(case(offender="W", fault="no_card"))
    assert r.laws == ["67", "67A1"] and r.transfer is None


def test_67a2_too_many_cards_found_in_time_45e_or_58b() -> None:
    assert rule(case(offender="W", fault="too_many")).laws == ["67", "67A2"]


def test_67b1a_he_holds_the_suit_led_deemed_revoke_one_trick() -> None:
    r = rule(case(offender="W", fault="no_card", after_next=True, suit_led="C", holds_suit=True))
    assert r.laws == ["67", "67B1(a)", "64A2"]
    assert "he is deemed to have revoked on trick 5" in r.text


def test_67b1b_he_holds_none_still_deemed_revoke() -> None:
    r = rule(case(offender="W", fault="no_card", after_next=True, suit_led="C",
                  holds_suit=False))
    assert r.laws == ["67", "67B1(b)", "64A2"]


def test_67b1_64a2_one_trick_moves_when_the_result_is_known() -> None:
    r = rule(case(offender="W", fault="no_card", after_next=True, suit_led="C", holds_suit=True,
                  declarer_tricks=8, offending_side_tricks=2, vulnerable="None"))
    data = r.to_json()
    assert (data["transfer"], data["adjusted_declarer_tricks"]) == (1, 9)
    assert data["outcome"] == {"declarer_tricks": 9, "score_ns": 400}
    none = rule(case(offender="W", fault="no_card", after_next=True, suit_led="C",
                     holds_suit=True, declarer_tricks=13, offending_side_tricks=0))
    assert none.to_json()["transfer"] == 0 and none.outcome is None


def test_67b2_too_many_cards_found_late() -> None:
    r = rule(case(offender="W", fault="too_many", after_next=True))
    assert r.laws == ["67", "67B2"] and r.notes


def test_67_the_result_and_the_tricks_come_together() -> None:
    assert error(case(offender="W", fault="no_card", after_next=True, suit_led="C",
                      declarer_tricks=8)) == \
        "offending_side_tricks: give both the result and the offending side's tricks from " \
        "the defective trick on"
    assert error(case(offender="W", fault="too_many", suit_led="C")).startswith("suit_led: only")


def test_worked_example_two_cards_stuck_together() -> None:
    """A South African club Director's laws page (gbu.co.za, issue 13): declarer, in a
    notrump contract, played two cards stuck together to trick 5, found only near the end
    of the play: Law 67 applies; the extra card goes back to her hand and is deemed to
    have been there throughout, so the Director must find out whether not playing it to
    an earlier trick was a revoke (67B2)."""
    stuck = case(offender="S", fault="too_many", after_next=True)
    r = rule(stuck)
    assert r.laws == ["67", "67B2"]
    assert "not having played it to an earlier trick may be a revoke" in r.text
    assert "at han ikke spillede det til et tidligere stik, kan være en kulørsvigt" in \
        text(stuck, "da")


def test_worked_example_laws_committee_a_card_not_played() -> None:
    """The WBF Laws Committee's commentary on Law 67 (English, hellasbridge): failing to
    play a card, found after both sides played to the next trick, is treated as an
    established revoke costing one trick, whether or not the player could have followed
    suit (67B1(a) and (b), 64A2)."""
    for holds in (True, False):
        late = case(offender="E", fault="no_card", after_next=True, suit_led="H",
                    holds_suit=holds, declarer_tricks=9, offending_side_tricks=3,
                    vulnerable="All")
        r = rule(late)
        assert (r.transfer, r.to_json()["adjusted_declarer_tricks"]) == (1, 10)
        assert "one trick is transferred to North-South; declarer is credited with 10 " \
               "tricks" in r.text
        assert "ét stik overføres til Nord-Syd; spilfører får 10 stik (§ 64A2)" in \
            text(late, "da")


def test_64a2_who_won_the_defective_trick_makes_the_transfer_certain() -> None:
    """67B1 with the trick's winner given: the offending side won it, so one trick is
    transferred at the end of play (64A2), not "if"."""
    c = {"kind": "defective_trick", "declarer": "S", "contract": "4S", "trick": 3,
         "offender": "E", "fault": "no_card", "after_next": True, "suit_led": "H",
         "holds_suit": True}
    won = rule({**c, "won_by": "W"})
    assert "West of East's side won trick 3: at the end of play one trick is transferred " \
           "to North-South (Law 64A2)." in won.text
    lost = rule({**c, "won_by": "N"})
    assert "if East's side won trick 3 or a later one (Law 64A2)" in lost.text
    assert error({**c, "won_by": "W", "declarer_tricks": 10, "offending_side_tricks": 0}) == \
        "offending_side_tricks: 0, but West of the offending side won trick 3"
