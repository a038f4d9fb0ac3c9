"""A premature lead or play by a defender, Law 57 (kind ``premature_play``): South
declares; West plays before his partner East unless a case says otherwise."""

from __future__ import annotations

import pytest

from td_plugin.cases.files import load_case
from td_plugin.cases.play import PlayCase
from td_plugin.laws.play.premature_plays import PlayOption, PlayOptionKind, PrematureCard
from td_plugin.model.cards import Suit
from tests.laws.play.helpers import decision, error, obligations, rule, text


def case(**kw):
    return {"kind": "premature_play", "declarer": "S", "trick": 3, "offender": "W",
            "card": "SK", "suit_led": "H", **kw}


def test_57a_a_major_penalty_card_and_declarers_four_options() -> None:
    r = rule(case(premature="play"))
    assert r.laws[0] == "57A" and "50D1" in r.laws
    d = decision(r)
    assert (d["seat"], d["field"], d["law"]) == ("S", "option", "57A")
    assert [(c["value"], c["law"]) for c in d["choices"]] == [
        ("highest", "57A1"), ("lowest", "57A2"), ("play:S", "57A3"), ("play:D", "57A3"),
        ("play:C", "57A3"), ("forbid:S", "57A4"), ("forbid:D", "57A4"), ("forbid:C", "57A4")]
    assert obligations(r) == [{"type": "penalty_card", "law": "50D1", "seat": "W", "card": "SK",
                               "from_trick": 3, "major": True}]


def test_57a_a_lead_to_the_next_trick_before_partner_played() -> None:
    r = rule(case(premature="lead", card="C2"))
    assert r.clauses[0].key == "premature.57A.lead"
    assert "it becomes a major penalty card" in r.text  # a low card too: 57A says so


def test_57a1_highest_57a2_lowest_of_the_suit_led() -> None:
    for option, law, how in (("highest", "57A1", "highest"), ("lowest", "57A2", "lowest")):
        r = rule(case(premature="play", option=option))
        assert obligations(r)[-1] == {"type": "play", "law": law, "seat": "E", "trick": 3,
                                      "how": how, "suit": None}


def test_57a3_57a4_a_card_of_another_suit_or_none_of_it() -> None:
    play = rule(case(premature="play", option="play:D"))
    assert obligations(play)[-1] == {"type": "play", "law": "57A3", "seat": "E", "trick": 3,
                                     "how": "suit", "suit": "D"}
    forbid = rule(case(premature="play", option="forbid:C"))
    assert obligations(forbid)[-1]["how"] == "not_suit"
    assert error(case(premature="play", option="play:H")).startswith(
        "option: 'play:H' is not one of")  # the suit led is not "another suit"


def test_57b_a_partner_who_cannot_comply_plays_any_card() -> None:
    assert "57B" in rule(case(premature="play", option="lowest")).laws


def test_57c1_declarer_had_played_from_both_hands() -> None:
    r = rule(case(premature="play", declarer_played_both=True))
    assert r.laws == ["57C1"] and obligations(r) == [] and r.status == "ruled"


def test_57c2_dummy_had_prompted_a_card() -> None:
    r = rule(case(premature="play", dummy_prompted=True))
    assert r.laws == ["57C2"] and obligations(r) == []


def test_57d_a_card_played_at_rhos_turn() -> None:
    legal = rule(case(premature="play", at_rho_turn=True, legal=True))
    assert legal.laws == ["57D", "16"] and obligations(legal) == []
    illegal = rule(case(premature="play", at_rho_turn=True, legal=False))
    assert obligations(illegal)[0]["major"] is True


def test_57c3_declarers_own_premature_play_is_a_played_card() -> None:
    """Declarer (South) or dummy's hand (North) plays before its turn: no 57A, no penalty
    card, no option for anyone: a played card that, legal, may not be withdrawn."""
    for seat in ("S", "N"):
        r = rule(case(premature="play", offender=seat))
        assert r.laws == ["57C3"] and r.status == "ruled" and obligations(r) == []
        assert "is a played card: being legal, it may not be withdrawn (Law 57C3)" in r.text
    illegal = rule(case(premature="play", offender="S", legal=False))
    assert illegal.laws == ["57C3", "47B"]
    assert "spillet for tidligt fra spilførerens side, er et spillet kort" in text(
        case(premature="play", offender="S"), "da")


def test_57c3_declarers_lead_before_the_trick_is_complete_is_a_lead_out_of_turn() -> None:
    assert error(case(premature="lead", offender="S")).startswith("premature: ")
    assert error(case(premature="play", offender="S", at_rho_turn=True)).startswith(
        "at_rho_turn: only for a defender's play")


def test_worked_example_a_defender_plays_out_of_turn_during_a_trick() -> None:
    """A New Zealand club's Director handbook (Akaroa, "Play out of turn"): a defender
    who plays out of turn during a trick makes his card a major penalty card, and declarer
    may have his partner play the highest or the lowest card of the suit led, or demand
    or forbid another suit (57A)."""
    r = rule(case(premature="play", option="highest"))
    assert "Declarer requires East to play the highest card he holds of hearts (Law 57A1)" \
        in r.text
    assert "Spilfører kræver, at Øst spiller det højeste kort, han har i hjerter (§ 57A1)" in \
        text(case(premature="play", option="highest"), "da")


@pytest.mark.parametrize("written, kind, suit", [
    ("highest", PlayOptionKind.HIGHEST, None), ("lowest", PlayOptionKind.LOWEST, None),
    ("play:D", PlayOptionKind.PLAY, Suit.D), ("forbid:C", PlayOptionKind.FORBID, Suit.C),
])
def test_57a_an_option_is_read_as_its_kind_and_suit_and_written_back(
        written: str, kind: PlayOptionKind, suit: Suit | None) -> None:
    option = PlayOption.parse(written)
    assert (option.kind, option.suit) == (kind, suit) and str(option) == written


@pytest.mark.parametrize("written", ["highest:S", "play", "play:", "forbid:SH", "ruff:S"])
def test_57a_text_that_is_no_option_is_refused(written: str) -> None:
    with pytest.raises(ValueError):
        PlayOption.parse(written)


def test_57a4_the_option_chosen_is_text_in_the_clause_facts_as_in_the_case_file() -> None:
    r = rule(case(premature="play", option="forbid:C"))
    chosen = [c.facts["option"] for c in r.clauses if "option" in c.facts]
    assert chosen == ["forbid:C"] and type(chosen[0]) is str


def test_57a_a_premature_lead_is_read_as_its_kind_and_written_back_as_text() -> None:
    read = load_case(case(premature="lead"))
    assert isinstance(read, PlayCase) and read.case.premature is PrematureCard.LEAD
    facts = rule(case(premature="lead")).clauses[0].facts
    assert facts["premature"] == "lead" and type(facts["premature"]) is str


# -- two premature plays in one trick: declarer's own (57C3), then a defender's ------------------

_TWO = {"kind": "premature_play", "declarer": "S", "trick": 5, "offender": "N",
        "premature": "play", "card": "H2", "suit_led": "H", "defender_played": True}


def test_57c3_and_57c1_declarer_played_from_both_hands_no_rectification() -> None:
    r = rule({**_TWO, "defender": "E", "defender_card": "H9", "declarer_played_both": True})
    assert r.laws == ["57C3", "57C1"] and r.status == "ruled"
    assert "East played before his partner without rectification (Law 57C1)" in r.text
    assert obligations(r) == []


def test_57c3_then_57a_the_defenders_card_gets_declarers_option() -> None:
    r = rule({**_TWO, "defender": "W", "defender_card": "H9"})
    assert r.laws[:2] == ["57C3", "57A"]
    d = decision(r)
    assert (d["field"], d["law"], d["seat"]) == ("defender_option", "57A", "S")
    done = rule({**_TWO, "defender": "W", "defender_card": "H9", "defender_option": "lowest"})
    assert done.status == "ruled" and "57A2" in done.laws
    assert [(o["type"], o["seat"]) for o in obligations(done)] == [("penalty_card", "W"),
                                                                   ("play", "E")]


def test_57c3_the_second_offender_is_a_defender() -> None:
    assert error({**_TWO, "defender": "N", "defender_card": "H9"}).startswith("defender:")
