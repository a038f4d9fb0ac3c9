"""A defective trick, Law 67 (kind ``defective_trick``): 3NT by South."""

from __future__ import annotations

from td_plugin.cases.files import load_case
from td_plugin.cases.play import PlayCase
from td_plugin.laws.facts import applies
from td_plugin.laws.play.defective_tricks import FIELDS, TrickFault
from tests.laws.play.helpers import error, rule, text


def case(**kw):
    return {"kind": "defective_trick", "declarer": "S", "contract": "3NT", "trick": 5, **kw}


def test_67a1_found_in_time_the_offender_adds_a_legal_card() -> None:
    r = rule(case(offender="W", fault="no_card"))
    assert r.laws == ["67", "67A1"] and r.transfer is None


def test_67a2_too_many_cards_found_in_time_58b_cards_played_at_once() -> None:
    assert rule(case(offender="W", fault="too_many", extra="at_once")).laws == ["67", "67A2"]


def test_67_the_fault_is_read_as_its_kind_and_written_back_as_the_case_file_has_it() -> None:
    read = load_case(case(offender="W", fault="too_many", extra="at_once"))
    assert isinstance(read, PlayCase) and read.case.fault is TrickFault.TOO_MANY
    facts = rule(case(offender="W", fault="no_card")).clauses[0].facts
    assert type(facts["fault"]) is str and facts["fault"] == "no_card"


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
                      holds_suit=True, declarer_tricks=8)) == \
        "offending_side_tricks: give both the result and the offending side's tricks from " \
        "the defective trick on"
    assert error(case(offender="W", fault="too_many", extra="at_once", suit_led="C")).startswith(
        "suit_led: only")


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


def test_67b2_the_restored_cards_revoke_ruled_in_the_same_case() -> None:
    """East played two cards to trick 6, found late; the ♥7 goes back into his hand and
    was there throughout: at trick 3, led in hearts, he ruffed with ♠2 and won it, his side
    winning two more: the revoke's ruling (61A, 63A1, 64A1: two tricks) in this case."""
    c = {"kind": "defective_trick", "declarer": "S", "contract": "4S", "trick": 6,
         "offender": "E", "fault": "too_many", "after_next": True, "revoke_trick": 3,
         "restored": "H7", "revoke_card": "S2", "revoke_trick_won_by": "E",
         "offending_side_tricks_from_revoke": 3, "declarer_tricks": 10, "vulnerable": "None"}
    r = rule(c)
    assert r.laws == ["67", "67B2", "61A", "63A1", "64A1"] and r.status == "ruled"
    assert r.transfer == 2 and r.facts["adjusted_declarer_tricks"] == 12
    assert r.to_json()["outcome"] == {"declarer_tricks": 12, "score_ns": 480}
    assert "♥7, put back into East's hand, was in it throughout: he did not play it to " \
           "trick 3, led in its suit, which is a revoke (Law 67B2)." in r.text
    assert "det er en kulørsvigt (§ 67B2)" in text(c, "da")
    without = {k: v for k, v in c.items() if k not in ("declarer_tricks", "vulnerable")}
    assert rule(without).transfer is None and "64A1" in rule(without).laws
    follows = {k: v for k, v in c.items() if k != "revoke_trick_won_by"}
    assert error({**follows, "revoke_card": "H2"}) == \
        "revoke_card: H2 follows suit to a trick led in H: not a revoke (Law 61A)"
    assert error({**c, "revoke_trick": 6}) == "revoke_trick: 6 is the defective trick itself"


def test_67b2_64a_the_offending_sides_tricks_are_asked_never_read_as_none() -> None:
    """The restored card's revoke without who won the revoke trick or the offending side's
    tricks from it on: never "no trick is transferred (64B1)", but a refusal naming the
    missing fact (a case file) and the question (the phone's flow)."""
    c = {"kind": "defective_trick", "declarer": "S", "contract": "4S", "trick": 6,
         "offender": "E", "fault": "too_many", "after_next": True, "revoke_trick": 3,
         "restored": "H7", "revoke_card": "S2", "revoke_trick_won_by": "N"}
    assert "offending_side_tricks_from_revoke" in error(c)
    assert "revoke_trick_won_by" in error({k: v for k, v in c.items()
                                           if k != "revoke_trick_won_by"})
    asked = [f.key for f in FIELDS if f.ask and applies(f, c)]
    assert "offending_side_tricks_from_revoke" in asked
    r = rule({**c, "offending_side_tricks_from_revoke": 0})
    assert "64B1" in r.laws and r.transfer is None  # no result given: none to transfer on
    assert error({**c, "revoke_trick_won_by": "W", "offending_side_tricks_from_revoke": 0}) \
        == "offending_side_tricks_from_revoke: 0, but West of the offending side won the " \
           "revoke trick"
    # a discard cannot win the trick: who won it is not asked, and East did not (64A2)
    discard = {k: v for k, v in c.items() if k != "revoke_trick_won_by"}
    r = rule({**discard, "revoke_card": "C2", "offending_side_tricks_from_revoke": 2,
              "declarer_tricks": 10, "vulnerable": "None"})
    assert "64A2" in r.laws and r.transfer == 1
    assert error({**c, "revoke_card": "C2"}).startswith("revoke_trick_won_by: only when the "
                                                         "revoke card is a trump")


def test_67b1_whether_he_holds_the_suit_is_never_presumed() -> None:
    """67B1(a) and (b) differ (a card of the suit led, and a revoke, or any card): a case
    that does not say whether he holds the suit is refused naming it."""
    c = {"kind": "defective_trick", "declarer": "S", "contract": "4S", "trick": 3,
         "offender": "E", "fault": "no_card", "after_next": True, "suit_led": "H"}
    assert "holds_suit" in error(c)
    assert "67B1(b)" in rule({**c, "holds_suit": False}).laws
