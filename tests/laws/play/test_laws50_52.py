"""Penalty cards, Laws 49-52 (kind ``penalty_card``): a card partner could see (49), major
or minor (50B), their
disposition (50C, 50D1, 51A), declarer's lead options when the offender's partner has the
lead (50D2, 51B), the information (50E), and a failure to play one (52)."""

from __future__ import annotations

import pytest

from td_plugin.laws.play.penalty_cards import LeadOption, LeadOptionKind
from td_plugin.model.cards import Suit
from tests.laws.play.helpers import decision, error, obligations, rule, text

SOUTH_DECLARES = {"kind": "penalty_card", "declarer": "S", "offender": "E", "trick": 4}


def case(**kw):
    return {**SOUTH_DECLARES, **kw}


# -- 49, 50A, 50B: what a penalty card is ----------------------------------------------------

def test_49_a_card_partner_could_see_is_a_penalty_card_50_says_which_kind() -> None:
    r = rule(case(cards=["SK"]))
    assert r.laws[:3] == ["49", "50A", "50B"] and r.clauses[0].key == "penalty.49.one"
    assert "East's ♠K was where West could have seen its face: it is a penalty card " \
           "(Law 49), and Law 50 says which kind." in r.text
    two = rule(case(cards=["SK", "H2"]))
    assert two.clauses[0].key == "penalty.49.several"
    assert "kortene er strafkort (§ 49)" in text(case(cards=["SK", "H2"]), "da")


def test_50a_the_card_stays_face_up_in_front_of_him() -> None:
    r = rule(case(cards=["SK"]))
    assert r.laws[1] == "50A" and r.clauses[1].key == "penalty.50A.one"
    assert "stays face up on the table in front of him" in r.text


def test_50b_an_honour_is_a_major_penalty_card() -> None:
    r = rule(case(cards=["ST"]))
    assert r.facts["major"] is True and r.clauses[2].key == "penalty.50B.honour"


def test_50b_a_low_card_exposed_inadvertently_is_minor() -> None:
    r = rule(case(cards=["S7"]))
    assert r.facts["major"] is False and "50C" in r.laws and "50D1" not in r.laws
    assert obligations(r) == [{"type": "penalty_card", "law": "50C", "seat": "E", "card": "S7",
                               "from_trick": 4, "major": False}]


def test_50b_a_low_card_exposed_through_a_deliberate_play_is_major() -> None:
    r = rule(case(cards=["S7"], deliberate=True))
    assert r.facts["major"] is True and r.clauses[2].key == "penalty.50B.deliberate"


def test_50b_two_or_more_penalty_cards_are_all_major() -> None:
    r = rule(case(cards=["S7", "H2"]))
    assert r.clauses[2].key == "penalty.50B.several"
    assert [o["major"] for o in obligations(r)] == [True, True]


def test_50b_deliberate_is_asked_only_of_a_single_low_card() -> None:
    assert error(case(cards=["SK"], deliberate=True)) == \
        "deliberate: only for a single card below an honour (Law 50B)"


# -- 50C, 50D1, 51A: playing them ------------------------------------------------------------------

def test_50c_minor_gives_the_partner_no_lead_restriction() -> None:
    r = rule(case(cards=["S7"], partner_on_lead=True))
    assert r.status == "ruled" and "50C" in r.laws
    assert "West may lead any card (Law 50C)" in r.text
    assert [o["type"] for o in obligations(r)] == ["penalty_card"]


def test_50d1_a_major_penalty_card_is_played_at_the_first_legal_opportunity() -> None:
    r = rule(case(cards=["SK"]))
    assert "50D1" in r.laws and "following suit and any lead or play restriction come " \
                               "first" in r.text
    assert obligations(r)[0] == {"type": "penalty_card", "law": "50D1", "seat": "E",
                                 "card": "SK", "from_trick": 4, "major": True}


def test_51a_declarer_designates_which_of_several_is_played() -> None:
    assert "51A" in rule(case(cards=["SK", "H2"])).laws
    assert "51A" not in rule(case(cards=["SK"])).laws


# -- 50D2, 51B: when the offender's partner has the lead ---------------------------------------

def test_50d2_the_lead_options_are_declarers_decision() -> None:
    d = decision(rule(case(cards=["SK"], partner_on_lead=True)))
    assert (d["seat"], d["field"], d["law"]) == ("S", "lead_option", "50D2")
    assert [(c["value"], c["law"]) for c in d["choices"]] == [
        ("require:S", "50D2(a)"), ("prohibit:S", "50D2(a)"), ("none", "50D2(b)")]
    assert [c["label"] for c in d["choices"]] == [
        "Require a lead of spades", "Prohibit the lead of spades", "Leave him free"]


def test_50d2a_require_the_suit_and_the_card_is_picked_up() -> None:
    r = rule(case(cards=["SK"], partner_on_lead=True, lead_option="require:S"))
    assert r.status == "ruled" and r.laws[-1] == "50D2(a)"
    assert obligations(r) == [{"type": "lead", "law": "50D2(a)", "seat": "W", "trick": 4,
                               "suit": "S", "prohibited": False, "lasting": False}]
    assert "♠K is no longer a penalty card and goes back into East's hand" in r.text


def test_50d2a_prohibit_the_suit_for_as_long_as_he_keeps_the_lead() -> None:
    r = rule(case(cards=["SK"], partner_on_lead=True, lead_option="prohibit:S"))
    assert obligations(r) == [{"type": "lead", "law": "50D2(a)", "seat": "W", "trick": 4,
                               "suit": "S", "prohibited": True, "lasting": True}]
    assert "may not lead spades from trick 4 for as long as he keeps the lead" in r.text


def test_50d2b_leave_him_free_and_the_card_stays_a_penalty_card() -> None:
    r = rule(case(cards=["SK"], partner_on_lead=True, lead_option="none"))
    assert r.laws[-1] == "50D2(b)"
    assert [o["type"] for o in obligations(r)] == ["penalty_card"]
    assert "declarer has the same choice each time West has the lead" in r.text


def test_51b1_two_penalty_cards_in_one_suit() -> None:
    d = decision(rule(case(cards=["SK", "S2"], partner_on_lead=True)))
    assert d["law"] == "51B"
    assert [(c["value"], c["law"]) for c in d["choices"]] == [
        ("require:S", "51B1(a)"), ("prohibit:S", "51B1(b)"), ("none", "50D2(b)")]
    r = rule(case(cards=["SK", "S2"], partner_on_lead=True, lead_option="prohibit:S"))
    assert [o["type"] for o in obligations(r)] == ["lead"]  # both spades picked up


def test_51b2_penalty_cards_in_several_suits() -> None:
    d = decision(rule(case(cards=["SK", "H2"], partner_on_lead=True)))
    assert [c["value"] for c in d["choices"]] == [
        "require:S", "require:H", "prohibit:S", "prohibit:H", "prohibit:SH", "none"]
    assert {c["value"]: c["law"] for c in d["choices"]}["prohibit:SH"] == "51B2(b)"
    # requiring spades picks up the spade only: the heart stays a (major) penalty card
    r = rule(case(cards=["SK", "H2"], partner_on_lead=True, lead_option="require:S"))
    assert [(o["type"], o.get("card"), o.get("suit")) for o in obligations(r)] == [
        ("lead", None, "S"), ("penalty_card", "H2", None)]
    both = rule(case(cards=["SK", "H2"], partner_on_lead=True, lead_option="prohibit:SH"))
    assert [(o["suit"], o["prohibited"]) for o in obligations(both)] == [("S", True),
                                                                         ("H", True)]


def test_50d2_an_option_only_when_the_partner_has_the_lead() -> None:
    assert error(case(cards=["SK"], lead_option="require:S")) == \
        "lead_option: only when the offender's partner has the lead (partner_on_lead: true) " \
        "and the penalty cards are major (Law 50D2)"
    assert error(case(cards=["S7"], partner_on_lead=True, lead_option="none")).startswith(
        "lead_option: only when")  # a minor penalty card gives no lead options (50C)
    assert error(case(cards=["SK"], partner_on_lead=True, lead_option="require:H")) == \
        "lead_option: 'require:H' is not one of require:S, prohibit:S, none"


# -- 50E: information ----------------------------------------------------------------------------

def test_50e_the_duty_to_play_it_is_authorized_the_rest_not_for_the_partner() -> None:
    r = rule(case(cards=["SK"]))
    assert "50E" in r.laws and "50E3" in r.adjustment_possible
    assert r.to_json()["unauthorized"] == [
        "For West: what East's penalty cards show, beyond the duty to play them (Law 50E2)."]


# -- 52: failure to lead or play a penalty card ------------------------------------------------

def test_52b1a_52b2_the_2017_numbering_of_declarers_choice() -> None:
    """2017 text: 52A is the defender who may not withdraw; 52B1(a)-(c) declarer accepting
    the card played, 52B2 refusing it (the 2007 52A1(a)-(c) and 52B)."""
    r = rule(case(cards=["SK"], failed=True, played="S2", accept=True))
    assert r.laws[-2:] == ["52A", "52B1(c)"]
    assert "(Law 52B1(c))" in r.text and "52A1" not in r.text
    refused = rule(case(cards=["SK"], failed=True, played="S2", accept=False))
    assert refused.laws[-2:] == ["52A", "52B2"] and "(Law 52B2)" in refused.text


def test_52a_he_may_not_withdraw_the_card_declarer_decides() -> None:
    r = rule(case(cards=["SK"], failed=True, played="S2"))
    assert r.laws[-1] == "52A"
    d = decision(r)
    assert (d["field"], d["law"]) == ("accept", "52B1")
    assert [(c["value"], c["law"]) for c in d["choices"]] == [(True, "52B1(a)"),
                                                              (False, "52B2")]
    assert "it gives no automatic trick transfer (Law 64B3)" in r.text


def test_52b1b_declarer_who_played_after_it_must_accept() -> None:
    r = rule(case(cards=["SK"], failed=True, played="S2", declarer_played_after=True))
    assert r.status == "ruled" and "52B1(b)" in r.laws and "52B1(c)" in r.laws


def test_52b1c_accepted_and_the_penalty_card_stays() -> None:
    r = rule(case(cards=["SK"], failed=True, played="S2", accept=True))
    assert [(o["card"], o["law"]) for o in obligations(r)] == [("SK", "50D1")]


def test_52b2_not_accepted_the_penalty_card_is_played_the_other_becomes_major() -> None:
    r = rule(case(cards=["SK"], failed=True, played="S2", accept=False))
    assert r.laws[-1] == "52B2"
    assert [(o["card"], o["law"], o["major"]) for o in obligations(r)] == [("S2", "52B2", True)]
    two = rule(case(cards=["SK", "H9"], failed=True, played="S2", substitute="SK",
                    accept=False))
    assert {(o["card"], o["major"]) for o in obligations(two)} == {("S2", True), ("H9", True)}


def test_52_with_several_penalty_cards_the_case_says_which_was_due() -> None:
    assert error(case(cards=["SK", "H9"], failed=True, played="S2")) == "missing 'substitute'"
    assert error(case(cards=["SK"], failed=True, played="SK")) == \
        "played: SK is one of the penalty cards"


def test_50_only_a_defender_has_penalty_cards() -> None:
    assert error({**case(cards=["SK"]), "offender": "N"}) == "offender: 'N' is not one of E, W"


# -- worked examples -----------------------------------------------------------------------------

def test_worked_example_wbf_laws_committee_commentary_example_43() -> None:
    """The WBF Laws Committee's commentary on Laws 50 and 51 (Example 43, read in its
    Greek translation): West is on lead, East has the ♠7 as a major penalty card. If
    declarer prohibits spades, the ♠7 goes back to East's hand and West may not lead a
    spade for as long as he keeps the lead; if he requires a spade, the ♠7 goes back too
    and West leads a spade; if he does neither, the ♠7 stays a penalty card. (The example
    also gives West a penalty card of his own, the ♠J, whose duty to be played yields to
    the prohibition: that part is two cases here.)"""
    base = case(cards=["S7"], deliberate=True, partner_on_lead=True, trick=6)
    prohibit = rule({**base, "lead_option": "prohibit:S"})
    assert obligations(prohibit) == [{"type": "lead", "law": "50D2(a)", "seat": "W",
                                      "trick": 6, "suit": "S", "prohibited": True,
                                      "lasting": True}]
    require = rule({**base, "lead_option": "require:S"})
    assert [(o["type"], o["prohibited"]) for o in obligations(require)] == [("lead", False)]
    free = rule({**base, "lead_option": "none"})
    assert [(o["type"], o["card"]) for o in obligations(free)] == [("penalty_card", "S7")]
    assert "forbyder Vest at spille ud i spar, så længe han bevarer udspillet" in \
        text({**base, "lead_option": "prohibit:S"}, "da")
    assert "prohibits West from leading spades for as long as he keeps the lead" in \
        text({**base, "lead_option": "prohibit:S"})


def test_worked_example_gauteng_laws_pages_a_corrected_revoke_card_then_partner_leads() -> None:
    """A South African club Director's laws page (gbu.co.za, issue 4): a defender follows
    with the ♥4 to a diamond while holding one and corrects it before the trick is
    complete: the ♥4 is a major penalty card; when his partner wins the trick, declarer
    may require or forbid a heart lead, and once he says which, the ♥4 goes back into
    the hand."""
    base = case(cards=["H4"], deliberate=True, partner_on_lead=True, trick=7)
    d = decision(rule(base))
    assert [c["value"] for c in d["choices"]] == ["require:H", "prohibit:H", "none"]
    r = rule({**base, "lead_option": "require:H"})
    assert not [o for o in obligations(r) if o["type"] == "penalty_card"]
    assert "♥4 is no longer a penalty card and goes back into East's hand" in \
        text({**base, "lead_option": "require:H"})
    assert "♥4 er ikke længere strafkort og går tilbage på Østs hånd" in \
        text({**base, "lead_option": "require:H"}, "da")


def test_worked_example_a_minor_penalty_card_played_around() -> None:
    """An answer on the ACBL-era IBLF forum (Jim O'Neil, kept at blakjak.org): with a
    minor penalty card on the table the defender may follow with an honour instead; if he
    follows with another low card of the suit, declarer may accept it (the minor penalty
    card stays) or require the penalty card, the other card becoming a major penalty card
    (Laws 50C, 52B1, 52B2)."""
    minor = case(cards=["H5"], failed=True, played="H3", trick=8)
    assert rule({**minor, "accept": True}).to_json()["obligations"] == [
        {"type": "penalty_card", "law": "50C", "seat": "E", "card": "H5", "from_trick": 8,
         "major": False}]
    refused = rule({**minor, "accept": False})
    assert [(o["card"], o["major"]) for o in obligations(refused)] == [("H3", True)]
    assert "Declarer does not accept ♥3: East plays the penalty card ♥5 in its place, and " \
           "♥3 becomes a major penalty card (Law 52B2)" in text({**minor, "accept": False})
    assert "Spilfører accepterer ikke ♥3: Øst spiller strafkortet ♥5 i stedet" in \
        text({**minor, "accept": False}, "da")


@pytest.mark.parametrize("written, kind, suits", [
    ("require:S", LeadOptionKind.REQUIRE, (Suit.S,)),
    ("prohibit:SH", LeadOptionKind.PROHIBIT, (Suit.S, Suit.H)),
    ("none", LeadOptionKind.NONE, ()),
])
def test_51b_a_lead_option_is_read_as_its_kind_and_suits_and_written_back(
        written: str, kind: LeadOptionKind, suits: tuple[Suit, ...]) -> None:
    option = LeadOption.parse(written)
    assert (option.kind, option.suits) == (kind, suits) and str(option) == written


@pytest.mark.parametrize("written", ["prohibit", "prohibit:", "none:S", "require:SS",
                                     "require:X", "demand:S"])
def test_51b_text_that_is_no_lead_option_is_refused(written: str) -> None:
    with pytest.raises(ValueError):
        LeadOption.parse(written)


def test_51b2_the_option_chosen_is_text_in_the_clause_facts_as_in_the_case_file() -> None:
    r = rule(case(cards=["SK", "H2"], partner_on_lead=True, lead_option="prohibit:SH"))
    facts = [c.facts for c in r.clauses if "option" in c.facts]
    assert facts == [{"option": "prohibit:SH", "picked_up": ["SK", "H2"]}]
    assert type(facts[0]["option"]) is str


# -- 51A: declarer designates which of two or more penalty cards is played ------------------

_TURN = {"kind": "penalty_card", "declarer": "S", "offender": "W",
         "cards": ["SK", "S4", "HQ"], "trick": 6, "offender_to_play": True}


def test_51a_on_lead_declarer_designates_among_all() -> None:
    d = decision(rule({**_TURN, "offender_leads": True}))
    assert (d["seat"], d["field"], d["law"]) == ("S", "designated", "51A")
    assert [c["value"] for c in d["choices"]] == ["SK", "S4", "HQ"]


def test_51a_following_suit_only_the_penalty_cards_of_the_suit_led() -> None:
    d = decision(rule({**_TURN, "offender_leads": False, "suit_led": "S"}))
    assert [c["value"] for c in d["choices"]] == ["SK", "S4"]


def test_51a_the_designated_card_is_played_the_others_stay() -> None:
    r = rule({**_TURN, "offender_leads": False, "suit_led": "S", "designated": "S4"})
    assert r.status == "ruled" and [o["card"] for o in obligations(r)] == ["SK", "HQ"]
    assert "Declarer designates ♠4, which West plays to trick 6" in r.text


def test_50d1b_holding_the_suit_led_he_follows_from_his_hand() -> None:
    r = rule({**_TURN, "offender_leads": False, "suit_led": "D", "holds_suit_led": True})
    assert r.status == "ruled" and len(obligations(r)) == 3
    assert "he follows suit from his hand" in r.text


def test_51a_void_in_the_suit_led_all_can_be_played() -> None:
    d = decision(rule({**_TURN, "offender_leads": False, "suit_led": "D",
                       "holds_suit_led": False}))
    assert len(d["choices"]) == 3


def test_50d1_one_playable_penalty_card_is_played_without_designation() -> None:
    r = rule({**_TURN, "cards": ["SK", "HQ"], "offender_leads": False, "suit_led": "S"})
    assert r.status == "ruled" and [o["card"] for o in obligations(r)] == ["HQ"]


def test_51a_holding_is_asked_never_assumed() -> None:
    assert error({**_TURN, "offender_leads": False, "suit_led": "D"}) == \
        "missing 'holds_suit_led'"


def test_51a_designation_only_among_playable_cards() -> None:
    assert error({**_TURN, "offender_leads": False, "suit_led": "H",
                  "designated": "SK"}).startswith("designated: 'SK' is not one of")
