"""Leads out of turn after the opening lead, Laws 53, 55 and 56 (kind
``lead_out_of_turn``): South declares unless a case says otherwise."""

from __future__ import annotations

from tests.laws.play.helpers import decision, error, obligations, rule, text


def case(**kw):
    return {"kind": "lead_out_of_turn", "declarer": "S", "trick": 6, **kw}


DEFENDER = {"offender": "E", "card": "DK", "correct": "W"}  # West won trick 5
DECLARER = {"offender": "S", "card": "DK", "correct": "W"}


def test_53a_declarer_decides_on_a_defenders_lead() -> None:
    d = decision(rule(case(**DEFENDER)))
    assert (d["seat"], d["field"], d["law"]) == ("S", "accept", "53A")
    assert [(c["value"], c["law"]) for c in d["choices"]] == [(True, "53A"), (False, "56")]


def test_53a_accepted_it_becomes_a_correct_lead() -> None:
    r = rule(case(**DEFENDER, accept=True))
    assert r.laws == ["53", "53A"] and obligations(r) == []
    assert r.to_json()["next"] == "South plays next, to the lead."


def test_53a_a_play_by_the_hand_next_in_rotation_accepts_it() -> None:
    r = rule(case(**DEFENDER, next_played=True))
    assert r.status == "ruled" and r.clauses[1].key == "loot.53A.played"
    assert error(case(**DEFENDER, next_played=True, accept=False)) == \
        "accept: only while the lead is neither accepted by a play nor followed by the " \
        "proper lead, before trick 13"


def test_53a_no_acceptance_at_trick_13() -> None:
    r = rule(case(**{**DEFENDER, "card": "D2"}, trick=13))
    assert r.clauses[1].key == "loot.53A.13" and "56" in r.laws


def test_53b_the_proper_lead_stands() -> None:
    r = rule(case(offender="E", card="DK", correct="S", proper_lead=True))
    assert r.laws[:3] == ["53", "53B", "16C"] and "56" in r.laws  # East's card: a penalty card
    assert r.to_json()["next"] == "Play goes on from South's lead to trick 6."
    assert error(case(**DEFENDER, proper_lead=True)) == \
        "proper_lead: only when it was an opponent's turn to lead (Law 53B)"


def test_53c_declarers_lead_stands_when_the_defender_on_its_right_plays() -> None:
    r = rule(case(**DECLARER, rho_played=True))
    assert "53C" in r.laws and r.status == "ruled"
    assert "Law 57 applies to East's card" in r.text


def test_55a_the_defender_next_in_turn_decides_on_declarers_lead() -> None:
    d = decision(rule(case(**DECLARER)))
    assert (d["seat"], d["law"]) == ("W", "55A")
    assert [(c["value"], c["law"]) for c in d["choices"]] == [(True, "53A"), (False, "55B1")]
    assert "55A" in rule(case(**DECLARER, accept=True)).laws


def test_55b1_declarers_lead_when_a_defender_was_to_lead_goes_back() -> None:
    r = rule(case(**DECLARER, accept=False))
    assert "55B1" in r.laws and obligations(r) == []
    assert r.to_json()["next"] == "West leads to trick 6."


def test_55b2_a_lead_from_the_wrong_hand_of_declarers_side() -> None:
    r = rule(case(offender="N", card="DK", correct="S", accept=False))
    assert "55B2" in r.laws and r.to_json()["next"] == "South leads to trick 6."
    assert "Declarer South led ♦K from North's hand to trick 6" in r.text


def test_55c_an_adjustment_stays_possible_after_declarers_lead() -> None:
    assert "55C" in rule(case(**DECLARER, accept=False)).adjustment_possible
    assert "55C" in rule(case(**DECLARER, accept=True)).adjustment_possible
    assert "55C" not in rule(case(**DEFENDER, accept=True)).adjustment_possible


def test_54d_cited_for_a_defenders_lead_not_accepted() -> None:
    """Law 56 sends a defender's lead out of turn to 54D, whose words the ruling uses: the
    card "becomes a major penalty card and Law 50D applies"."""
    r = rule(case(**DEFENDER, accept=False))
    assert r.laws[1:3] == ["56", "54D"]
    assert "becomes a major penalty card, and Law 50D applies (Law 54D)" in r.text
    assert "bliver et stort strafkort, og § 50D finder anvendelse (§ 54D)" in \
        text(case(**DEFENDER, accept=False), "da")


def test_56_not_accepted_a_major_penalty_card_and_50d2_for_the_partner_on_lead() -> None:
    r = rule(case(**DEFENDER, accept=False))
    assert "56" in r.laws and "50D1" in r.laws
    d = decision(r)
    assert (d["field"], d["law"]) == ("lead_option", "50D2")
    done = rule(case(**DEFENDER, accept=False, lead_option="prohibit:D"))
    assert obligations(done) == [{"type": "lead", "law": "50D2(a)", "seat": "W", "trick": 6,
                                  "suit": "D", "prohibited": True, "lasting": True}]


def test_56_when_declarer_was_to_lead_the_penalty_card_stays() -> None:
    r = rule(case(offender="E", card="DK", correct="N", accept=False))
    assert r.status == "ruled"
    assert obligations(r) == [{"type": "penalty_card", "law": "50D1", "seat": "E", "card": "DK",
                               "from_trick": 6, "major": True}]


def test_53_the_one_to_lead_cannot_lead_out_of_turn() -> None:
    assert error(case(offender="E", card="DK", correct="E")).startswith(
        "correct: 'E' is not one of")


def test_worked_example_welsh_bridge_union_rule_of_the_month_april_2020() -> None:
    """The Welsh Bridge Union's rule of the month (April 2020): North declares in
    diamonds; West ruffed trick 5, but North, not noticing, leads the ♦K to trick 6, and
    East follows with the ♦7. East's play, from the hand next in rotation, accepted the
    lead out of turn (53A, 55A): play goes on from East's card."""
    welsh = case(declarer="N", offender="N", card="DK", correct="W", next_played=True)
    r = rule(welsh)
    assert r.laws == ["55", "53A", "55A"] and r.status == "ruled"
    assert "East, next in rotation, played to it: the lead out of turn is accepted" in r.text
    assert "Øst, den næste i tur, spillede til det: udspillet uden for tur er accepteret" in \
        text(welsh, "da")


def test_worked_example_a_defenders_lead_out_of_turn_during_the_play() -> None:
    """An Irish club's laws page (Engineers Ireland bridge club, Laws 50D, 53, 56):
    declarer may accept a defender's lead out of turn; if not, it is a major penalty card:
    when the right defender is on lead declarer may require or forbid that suit (the card
    is then picked up), or leave it on the table to be played at the first legal
    opportunity."""
    free = rule(case(**DEFENDER, accept=False, lead_option="none"))
    assert [o["type"] for o in obligations(free)] == ["penalty_card"]
    assert "Declarer South leaves West free to lead any card: ♦K stays on the table as a " \
           "penalty card" in text(case(**DEFENDER, accept=False, lead_option="none"))
    assert "Spilfører Syd lader Vest spille et hvilket som helst kort ud: ♦K bliver liggende" \
        in text(case(**DEFENDER, accept=False, lead_option="none"), "da")


def test_53c_57a_the_card_the_defender_on_the_right_played_is_premature() -> None:
    """South leads out of turn; East, on the right of the lead, plays ♦3 to it: the lead
    stands (53C) and East played before his partner West: ♦3 is a major penalty card and
    declarer chooses under 57A what West plays to the trick."""
    c = case(**DECLARER, rho_played=True, rho_card="D3")
    r = rule(c)
    assert r.laws[:2] == ["55", "53C"] and "57A" in r.laws and "50D1" in r.laws
    d = decision(r)
    assert (d["seat"], d["field"], d["law"]) == ("S", "rho_option", "57A")
    assert [o["card"] for o in obligations(r) if o["type"] == "penalty_card"] == ["D3"]
    done = rule({**c, "rho_option": "lowest"})
    assert done.status == "ruled"
    assert [(o["type"], o["seat"]) for o in obligations(done)] == [("penalty_card", "E"),
                                                                  ("play", "W")]
    assert "East's ♦3 was played before his partner West had played to the trick" in done.text
    assert "blev spillet, før hans makker Vest havde spillet til stikket" in text(c, "da")
    assert error({**c, "rho_card": "DK"}) == "rho_card: the lead's own card"


# -- 60B: a defender plays before declarer's lead from the right hand -----------------------

_RETRACTED = {"kind": "lead_out_of_turn", "declarer": "S", "trick": 4, "offender": "S",
              "card": "HA", "correct": "N", "accept": False}


def test_60b_a_defenders_card_before_the_required_lead_is_a_major_penalty_card() -> None:
    r = rule({**_RETRACTED, "played_before_lead": True, "early_defender": "W",
              "early_card": "C3"})
    assert r.laws[:4] == ["55", "55B2", "55C", "60B"] and r.status == "ruled"
    assert obligations(r) == [{"type": "penalty_card", "law": "50D1", "seat": "W",
                               "card": "C3", "from_trick": 4, "major": True}]


def test_60b_only_after_the_retraction_with_declarers_side_to_lead() -> None:
    accepted = rule({**_RETRACTED, "accept": True, "played_before_lead": True,
                     "early_defender": "W", "early_card": "C3"})
    assert "60B" not in accepted.laws and obligations(accepted) == []
    assert "Law 60B does not apply to West's ♣3" in accepted.text
    pending = rule({**_RETRACTED, "accept": None, "played_before_lead": True,
                    "early_defender": "W", "early_card": "C3"})
    assert decision(pending)["field"] == "accept" and obligations(pending) == []
    assert "If the lead is retracted, West's ♣3" in pending.text
    assert error({**_RETRACTED, "correct": "W", "played_before_lead": True}).startswith(
        "played_before_lead: only")


def test_60b_the_defender_and_his_card_are_facts_not_assumed() -> None:
    assert error({**_RETRACTED, "played_before_lead": True}) == "missing 'early_defender'"
    assert error({**_RETRACTED, "played_before_lead": True, "early_defender": "N",
                  "early_card": "C3"}).startswith("early_defender: 'N' is not one of")
