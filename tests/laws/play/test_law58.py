"""Simultaneous leads or plays, Law 58 (kind ``simultaneous_play``): South declares."""

from __future__ import annotations

from td_plugin.cases.files import load_case
from td_plugin.cases.play import PlayCase
from td_plugin.laws.play.simultaneous_plays import SimultaneousCards, flow
from tests.laws.play.helpers import decision, error, obligations, rule, text


def case(**kw):
    return {"kind": "simultaneous_play", "declarer": "S", "trick": 1, **kw}


def two(**kw):
    return case(what="two_players", **kw)


def one(**kw):
    return case(what="one_player", offender="E", **kw)


def test_58a_the_next_in_rotation_simply_played() -> None:
    r = rule(two(legal_by="W", other="N", other_card="C5"))
    assert r.laws == ["58A"] and r.facts["premature"] is False


def test_57a_a_defender_deemed_to_play_before_his_partner() -> None:
    """Declarer leads, the defender on his right plays at the same moment: deemed after the
    lead, before his partner: Law 57A."""
    r = rule(two(legal_by="S", other="E", other_card="C5", trick=5))
    assert r.laws == ["58A", "57A"] and r.facts["premature"] is True
    assert "West played" not in r.text and "East played before his partner had played " \
           "to the trick: a defender's premature play, to which Law 57A applies." in r.text


def test_57d_legal_card_after_partner_played() -> None:
    """The partner's lead was the legal one: the other defender played at his right-hand
    opponent's turn: 57D, never 57A; a card that can legally be played is played at his
    proper turn, no penalty card."""
    r = rule(two(legal_by="W", other="E", other_card="C5", legal=True))
    assert r.laws == ["58A", "57D", "16"] and "57A" not in r.laws
    assert obligations(r) == [] and "16B" in r.adjustment_possible
    assert "♣5 can legally be played to the trick: he plays it at his proper turn" in r.text


def test_57d_a_card_that_cannot_legally_be_played_is_a_major_penalty_card() -> None:
    r = rule(two(legal_by="W", other="E", other_card="C5", legal=False))
    assert [(o["card"], o["major"]) for o in obligations(r)] == [("C5", True)]
    unknown = rule(two(legal_by="W", other="E", other_card="C5"))
    assert obligations(unknown) == [] and "If ♣5 can legally be played to the trick, East " \
        "plays it at his proper turn; otherwise it becomes a major penalty card (Law 57D)." \
        in unknown.text


def test_57d_legal_is_asked_only_after_the_partners_card() -> None:
    assert error(two(legal_by="S", other="E", other_card="C5", legal=True)).startswith(
        "legal: only when")


def test_58a_declarers_card_played_early_is_played() -> None:
    r = rule(two(legal_by="W", other="S", other_card="C5"))
    assert r.laws == ["58A", "57C3"]


def test_58b1_one_face_visible_that_card_is_played() -> None:
    r = rule(one(cards=["H4"], trick=4))
    assert r.laws == ["58B1", "47F"] and r.facts["played"] == "H4" and obligations(r) == []


def test_58b2_several_visible_the_offender_designates() -> None:
    d = decision(rule(one(cards=["H4", "SQ"], trick=4)))
    assert (d["seat"], d["field"], d["law"]) == ("E", "played", "58B2")
    assert [c["value"] for c in d["choices"]] == ["H4", "SQ"]


def test_58b2_a_defenders_other_visible_cards_become_penalty_cards() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, played="H4"))
    assert obligations(r) == [{"type": "penalty_card", "law": "50D1", "seat": "E", "card": "SQ",
                               "from_trick": 4, "major": True}]
    low = rule(one(cards=["H4", "S2"], trick=4, played="H4"))
    assert obligations(low)[0]["major"] is False  # a single low card, exposed inadvertently


def test_58b2_declarers_other_cards_go_back() -> None:
    r = rule(case(what="one_player", offender="S", cards=["H4", "SQ"], played="SQ"))
    assert obligations(r) == [] and r.clauses[-1].key == "simultaneous.58B2.declarer"


def test_58b3_an_opponent_who_played_after_may_change_his_card() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, played="H4", opponent_played_after=True))
    assert "58B3" in r.laws and "16C" in r.laws


def test_58b3_the_opponents_option_is_a_decision_with_its_clause() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, played="H4", opponent_played_after=True))
    d = decision(r)
    assert (d["seat"], d["field"], d["law"]) == ("S", "opponent_withdraws", "58B3")
    done = rule(one(cards=["H4", "SQ"], trick=4, played="H4", opponent_played_after=True,
                    opponent_withdraws=False))
    assert done.status == "ruled" and "South keeps the card he played to the trick " \
        "(Law 58B3)." in done.text


def test_58b4_found_after_both_sides_played_to_the_next_trick_law_67() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, discovered_late=True, left="SQ"))
    assert r.laws == ["58B4", "67B2"] and r.status == "ruled"
    assert "♠Q stays among East's played cards to trick 4; ♥4 is put back into his hand" \
        in r.text
    # whether a card put back was then withheld from a trick of its suit was not said:
    # the rule is stated, no revoke ruled
    assert "not having played it to an earlier trick may be a revoke" in r.text
    assert r.to_json().get("transfer") is None


def test_58b4_67b2_the_card_left_is_a_fact_never_assumed() -> None:
    assert error(one(cards=["H4", "SQ"], trick=4, discovered_late=True)) == "missing 'left'"
    _, q = flow(one(cards=["H4", "SQ"], trick=4, discovered_late=True), True)
    assert q is not None
    assert q.id == "left" and [c.value for c in q.choices] == ["H4", "SQ"]


_LATE = {"cards": ["H4", "SQ"], "trick": 4, "discovered_late": True, "left": "H4",
         "restored_revoke": True, "contract": "4H", "revoke_trick": 6, "restored": "SQ",
         "revoke_card": "D3", "offending_side_tricks_from_revoke": 2}


def test_58b4_67b2_a_card_put_back_and_not_played_to_its_suit_is_a_revoke() -> None:
    r = rule(one(**_LATE, declarer_tricks=9, vulnerable="None"))
    assert r.laws == ["58B4", "67B2", "61A", "63A1", "64A2"] and r.status == "ruled"
    assert "♠Q, put back into East's hand, was in it throughout: he did not play it to " \
        "trick 6" in r.text
    data = r.to_json()
    assert data["transfer"] == 1 and data["adjusted_declarer_tricks"] == 10
    assert data["outcome"]["score_ns"] == 420


def test_58b4_67b2_no_result_given_no_transfer_stated_as_a_figure() -> None:
    data = rule(one(**_LATE)).to_json()
    assert data.get("transfer") is None and data.get("outcome") is None
    assert "64A2" in data["laws"]


def test_58b4_67b2_the_offending_side_winning_nothing_later_transfers_none() -> None:
    data = rule(one(**{**_LATE, "offending_side_tricks_from_revoke": 0},
                    declarer_tricks=9, vulnerable="None")).to_json()
    assert data["transfer"] == 0 and "64B1" in data["laws"]


def test_58b4_67b2_the_revokes_facts_are_asked_not_assumed() -> None:
    partial = {k: v for k, v in _LATE.items() if k != "offending_side_tricks_from_revoke"}
    assert error(one(**partial)) == "missing 'offending_side_tricks_from_revoke'"
    assert error(one(**{**_LATE, "revoke_trick": 4})).startswith("revoke_trick: 4 is the trick")
    assert error(one(**{**_LATE, "revoke_card": "S3"})).startswith("revoke_card: S3 is not a "
                                                                     "revoke")


def test_58b4_67b2_declared_no_revoke() -> None:
    r = rule(one(cards=["H4", "SQ"], trick=4, discovered_late=True, left="SQ",
                 restored_revoke=False))
    assert r.laws == ["58B4", "67B2"] and "no revoke follows from it (Law 67B2)" in r.text


def test_58_two_players_are_two() -> None:
    assert error(two(legal_by="W", other="W", other_card="C5")).startswith(
        "other: 'W' is not one of")


def test_worked_example_simultaneous_faced_opening_leads() -> None:
    """The EBU's Directors' forum ("Simultaneous faced opening leads", answered by an EBU
    referee): when both defenders face an opening lead at once, the legal lead stands and
    the other card is a premature play to the first trick (58A, 57): here at the
    right-hand opponent's turn, after the partner led (57D)."""
    r = rule(two(legal_by="W", other="E", other_card="D7"))
    assert "East's ♦7, played at the same moment as West's legal lead or play to trick 1, " \
           "is deemed played after it (Law 58A)" in r.text
    assert "Østs ♦7, spillet samtidig med Vests lovlige udspil eller spil til stik 1, anses " \
           "for spillet efter det (§ 58A)" in text(two(legal_by="W", other="E",
                                                      other_card="D7"), "da")


def test_58b1_the_hidden_cards_go_back_without_rectification() -> None:
    r = rule(one(cards=["H4"], hidden=["SQ", "D2"], trick=4))
    assert r.laws == ["58B1", "47F"] and obligations(r) == [] and r.facts["played"] == "H4"
    assert "only ♥4 visible: ♥4 is played, and ♠Q and ♦2, not seen, go back into his hand " \
           "(Law 58B1)" in r.text
    assert "♠D og ♦2, som ikke blev set, går tilbage på hånden" in text(
        one(cards=["H4"], hidden=["SQ", "D2"], trick=4), "da")
    assert error(one(cards=["H4"], hidden=["H4"], trick=4)) == \
        "hidden: a card both visible and hidden"
    assert error(one(cards=["H4", "SQ"], hidden=["D2"], trick=4)).startswith("hidden: only")


def test_58_what_was_played_at_once_is_read_as_its_kind_and_written_back_as_text() -> None:
    data = one(cards=["H4", "SQ"], played="SQ")
    read = load_case(data)
    assert isinstance(read, PlayCase) and read.case.what is SimultaneousCards.ONE_PLAYER
    what = rule(data).facts["what"]
    assert what == "one_player" and type(what) is str
