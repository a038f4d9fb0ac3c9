"""A card exposed or led during the auction, Law 24 (kind ``card_in_auction``)."""

from __future__ import annotations

from td_plugin.cases.files import load_case
from td_plugin.cases.play import PlayCase
from td_plugin.laws.play.cards_exposed_in_auction import Becomes
from tests.laws.play.helpers import decision, error, obligations, rule, text


def case(**kw):
    return {"kind": "card_in_auction", "offender": "E", **kw}


def test_24_the_cards_stay_face_up_until_the_auction_ends_16c() -> None:
    r = rule(case(cards=["S7"]))
    assert r.laws[:2] == ["24", "16C"]
    assert r.to_json()["unauthorized"] == ["For East-West: East's ♠7 (Laws 24, 16C)."]


def test_24a_a_single_low_card_not_led_no_further_rectification() -> None:
    r = rule(case(cards=["S7"]))
    assert "24A" in r.laws and obligations(r) == []
    assert "no further rectification (Law 24A)" in r.text


def test_24b_a_single_honour_partner_passes_at_his_next_turn() -> None:
    r = rule(case(cards=["SQ"]))
    assert obligations(r) == [{"type": "pass", "seat": "W", "until": "next_turn", "law": "24B",
                 "laws": ["24B"], "state": "in_force"}]
    assert "72C" in r.adjustment_possible


def test_24b_a_card_led_prematurely_partner_passes() -> None:
    r = rule(case(cards=["S7"], led=True))
    assert r.clauses[2].key == "play.exposed.24B.led" and obligations(r)[0]["law"] == "24B"


def test_24c_two_or_more_cards_partner_passes() -> None:
    r = rule(case(cards=["S7", "H2"]))
    assert "24C" in r.laws and obligations(r)[0] == {
        "type": "pass", "seat": "W", "until": "next_turn", "law": "24C", "laws": ["24C"],
        "state": "in_force"}


def test_24d_24e_while_the_auction_goes_on_both_are_said() -> None:
    r = rule(case(cards=["SQ"]))
    assert r.laws[-2:] == ["24D", "24E"] and r.declarer is None
    assert "If East becomes declarer or dummy, he picks the cards up" in r.text


def test_24d_declarer_or_dummy_picks_the_cards_up() -> None:
    for becomes, declarer in (("declarer", "E"), ("dummy", "W")):
        r = rule(case(cards=["SQ", "H2"], becomes=becomes))
        assert "24D" in r.laws and "24E" not in r.laws
        assert r.to_json()["declarer"] == declarer
        assert [o["type"] for o in obligations(r)] == ["pass"]


def test_24e_a_defender_s_cards_become_penalty_cards() -> None:
    r = rule(case(cards=["S7"], becomes="leader"))  # East leads: declarer is North
    assert r.to_json()["declarer"] == "N" and "24E" in r.laws and "50C" in r.laws
    assert obligations(r)[-1] == {"type": "penalty_card", "law": "50C", "seat": "E",
                                  "card": "S7", "from_trick": 1, "major": False}
    assert r.to_json()["next"] == "East leads to trick 1."


def test_24e_50d2_when_the_partner_makes_the_opening_lead() -> None:
    r = rule(case(cards=["SQ"], becomes="leader_partner"))  # West leads: declarer is South
    d = decision(r)
    assert (d["seat"], d["field"], d["law"]) == ("S", "lead_option", "50D2")
    chosen = rule(case(cards=["SQ"], becomes="leader_partner", lead_option="prohibit:S"))
    assert [o["type"] for o in obligations(chosen)] == ["pass", "lead"]


def test_24e_a_minor_penalty_card_gives_no_lead_option() -> None:
    r = rule(case(cards=["S7"], becomes="leader_partner"))
    assert r.status == "ruled"
    assert error(case(cards=["S7"], becomes="leader_partner", lead_option="none")).startswith(
        "lead_option: only when the offender's partner makes the opening lead")


def test_24_a_premature_lead_is_one_card() -> None:
    assert error(case(cards=["S7", "H2"], led=True)) == "led: only for a single card (Law 24B)"


def test_worked_example_a_card_dropped_during_the_auction() -> None:
    """The EBU's Directors' forum ("Card exposed during the auction"): a player drops a
    single card below an honour during the auction: no further rectification then (24A);
    if he becomes a defender it is a minor penalty card, having been exposed
    unintentionally (24E, 50B)."""
    assert "24A" in rule(case(cards=["D6"])).laws
    r = rule(case(cards=["D6"], becomes="leader"))
    assert r.facts["penalty_cards"] is True and obligations(r)[0]["major"] is False
    assert "A single card below an honour, exposed inadvertently: a minor penalty card " \
           "(Law 50B)" in text(case(cards=["D6"], becomes="leader"))
    assert "Et enkelt kort under en honnør, vist ved et uheld: et lille strafkort (§ 50B)" in \
        text(case(cards=["D6"], becomes="leader"), "da")


def test_worked_example_an_ace_dropped_after_a_call() -> None:
    """A question on the BBO laws forum (2018): a player drops an ace on the table after
    his own call; his partner must pass at his next turn, so if the opponents pass too the
    auction ends there (24B); a club's guide (bridgemtalbert.co.nz) adds that the card
    goes back to the hand if its owner declares or is dummy, and is a major penalty card
    if he defends."""
    r = rule(case(offender="N", cards=["DA"]))
    assert obligations(r) == [{"type": "pass", "seat": "S", "until": "next_turn", "law": "24B",
                 "laws": ["24B"], "state": "in_force"}]
    assert "South must pass at his next turn to call (Law 24B" in \
        text(case(offender="N", cards=["DA"]))
    assert "Syd skal passe, næste gang det er hans tur til at melde (§ 24B" in \
        text(case(offender="N", cards=["DA"]), "da")
    assert obligations(rule(case(offender="N", cards=["DA"], becomes="dummy"))) == \
        obligations(r)
    defends = rule(case(offender="N", cards=["DA"], becomes="leader"))
    assert obligations(defends)[-1]["major"] is True


def test_24e_what_the_offender_became_is_read_as_its_kind_and_written_back_as_text() -> None:
    read = load_case(case(cards=["S7"], becomes="leader_partner"))
    assert isinstance(read, PlayCase) and read.case.becomes is Becomes.LEADER_PARTNER
    unknown = load_case(case(cards=["S7"]))
    assert isinstance(unknown, PlayCase) and unknown.case.becomes is Becomes.UNKNOWN
    facts = rule(case(cards=["S7"], becomes="leader")).facts
    assert (facts["becomes"], facts["penalty_cards"]) == ("leader", True)
    assert type(facts["becomes"]) is str
