"""Revokes ruled from the facts the Director gathers at the table (Laws 61-64, case
files of kind ``revoke``), clause by clause.

Unless a test says otherwise the board is 4♥ by North, North-South vulnerable, North
taking 10 tricks at the table (+620); East revokes at trick 5, discarding ♣3 on a
diamond; North wins the trick and East-West win two tricks from trick 5 on.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from td_plugin.cases.files import load_case
from td_plugin.errors import CaseFileError
from td_plugin.laws.revokes import RevokeCase, RevokeCaseRuling, rule_revoke_case
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import AssignedResult, WeightedScore
from td_plugin.model.rulings import Attention

EAST = {"offender": "E", "trick": 5, "suit_led": "D", "card": "C3", "revoke_trick_won_by": "N",
        "offending_side_tricks_from_revoke": 2, "established": True}


def case(*revokes: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {"kind": "revoke", "vulnerable": "NS", "contract": "4H", "declarer": "N",
            "declarer_tricks": 10, "revokes": list(revokes) or [EAST], **changes}


def east(**changes: Any) -> dict[str, Any]:
    return {**EAST, **changes}


def rule(data: dict[str, Any], lang: str = "en") -> RevokeCaseRuling:
    parsed = load_case(data)
    assert isinstance(parsed, RevokeCase)
    return rule_revoke_case(parsed, lang)


def only(ruling: RevokeCaseRuling) -> dict[str, Any]:
    [item] = ruling.to_json()["revokes"]
    return item


def error(data: Any) -> str:
    with pytest.raises(CaseFileError) as info:
        load_case(data)
    return str(info.value)


# -- 61A --------------------------------------------------------------------------------------

def test_61a_without_the_held_card_the_text_claims_none() -> None:
    r = rule(case())
    assert r.revokes[0].ruling.clauses[0].key == "revoke.found.no_held"
    assert "East revoked at trick 5: ♣3 was played to a trick led in diamonds while East " \
           "still held a card of that suit (Law 61A)." in r.text
    assert "selv om Øst stadig havde et kort i farven (§ 61A)" in rule(case(), "da").text


def test_61a_held_card_named_when_the_director_gives_it() -> None:
    r = rule(case(east(held=["DQ", "D4"])))
    assert "while East held ♦4 (Law 61A)" in r.text
    assert r.revokes[0].ruling.clauses[0].facts["held"] == ["DQ", "D4"]


def test_61a_card_of_the_suit_led_is_no_revoke() -> None:
    assert error(case(east(card="D3"))).endswith(
        "revokes[0].card: D3 follows suit to a trick led in D: not a revoke (Law 61A)")


def test_61a_lead_restriction_is_broken_by_the_lead() -> None:
    r = rule(case(east(failure="lead_restriction", suit_led="C", card="C3",
                       revoke_trick_won_by="E", offending_side_tricks_from_revoke=3)))
    assert only(r)["law"] == "64A1" and r.transfer == 2  # a lead that wins: two tricks
    assert "was led against the lead restriction an opponent had chosen (Law 61A)" in r.text
    assert "a lead restriction is broken by the lead itself" in error(
        case(east(failure="lead_restriction")))


def test_61a_57a_play_restriction_broken_by_a_defender_who_follows() -> None:
    r = rule(case(east(failure="play_restriction", suit_led="D", card="D3", held="DQ")))
    assert only(r)["law"] == "64A2" and r.transfer == 1  # an ordinary revoke: no 64B3
    assert only(r)["clauses"][0]["key"] == "revoke.found.play_restriction"
    assert "against the card or suit declarer had specified after a premature play" in r.text
    assert "a play restriction binds a defender who is not leading (Law 57A)" in error(
        case({**EAST, "offender": "N", "failure": "play_restriction"}))  # declarer
    assert "a play restriction binds a defender" in error(
        case(east(failure="play_restriction", position=1)))


# -- 63A: establishment ------------------------------------------------------------------------

@pytest.mark.parametrize("how,by,law,en,da", [
    ("next_trick", "W", "63A1", "established when West played to trick 6 (Law 63A1)",
     "etableret, da Vest spillede til stik 6 (§ 63A1)"),
    ("next_trick", None, "63A1", "established when the offending side played to trick 6",
     "da den fejlende side spillede til stik 6 (§ 63A1)"),
    ("named_card", "E", "63A2", "East named or otherwise designated a card to be played to "
     "trick 6 (Law 63A2)", "Øst angav et kort til stik 6 (§ 63A2)"),
    ("claim", None, "63A3", "by the claim or concession that ended the play",
     "ved det krav eller afkald"),
    ("agreed_claim", None, "63A4", "agreed to the opponents' claim or concession (Law 63A4)",
     "accepterede modstandernes krav eller afkald (§ 63A4)"),
    (None, None, "63A", "The revoke was established (Law 63A).",
     "Kulørsvigten blev etableret (§ 63A)."),
])
def test_63a_how_the_revoke_was_established(how: str | None, by: str | None, law: str,
                                            en: str, da: str) -> None:
    entry = east(**{k: v for k, v in (("established_how", how), ("established_by", by)) if v})
    r = rule(case(entry))
    assert only(r)["laws"] == ["61A", law, "64A2"] and r.transfer == 1
    assert en in r.text and da in rule(case(entry), "da").text


def test_63a1_clause_number_accepted_and_player_implies_next_trick() -> None:
    assert only(rule(case(east(established_how="63A2", established_by="W"))))["laws"][1] == "63A2"
    assert only(rule(case(east(established_by="W"))))["laws"][1] == "63A1"


def test_63a1_established_by_an_opponent_is_refused() -> None:
    assert "revokes[0].established_by: North is not of the offending side" in error(
        case(east(established_by="N")))


def test_63a_trick_13_revoke_cannot_be_established() -> None:
    assert "revokes[0].established: a revoke on trick 13 cannot be established" in error(
        case(east(trick=13, offending_side_tricks_from_revoke=0)))


def test_43b2b_dummy_asked_declarer_corrects_and_64_applies_as_if_established() -> None:
    # The seed article's fifth way: dummy, having lost his rights, asks declarer first.
    data = case({"offender": "N", "trick": 4, "suit_led": "S", "card": "H3",
                 "revoke_trick_won_by": "N", "offending_side_tricks_from_revoke": 7,
                 "established": True, "established_how": "dummy_asked"})
    r = rule(data)
    assert r.laws == ["61A", "43B2(b)", "64A1"] and r.transfer == 2
    assert (r.adjusted_declarer_tricks, r.adjusted_score_ns) == (8, -200)
    assert "dummy asks about declarer's own revoke only" in error(
        case(east(established_how="dummy_asked")))


# -- 62: corrections of an unestablished revoke ---------------------------------------------

def test_62a_unestablished_revoke_is_corrected_and_nothing_transferred() -> None:
    r = rule(case({"offender": "E", "trick": 5, "suit_led": "D", "card": "C3",
                   "established": False}))
    assert r.laws == ["61A", "62A", "62B1", "50B", "50D1", "50D2", "50E", "62C1", "62C2", "16C"]
    assert (r.transfer, r.adjusted_declarer_tricks, r.outcome, r.redress) == (0, 10, None, None)
    assert "it must be corrected (Law 62A), and no trick is transferred" in r.text
    assert r.to_json()["equity"] is None  # 64C follows established revokes only


def test_62b1_defender_card_becomes_a_major_penalty_card() -> None:
    r = rule(case(east(established=False)))
    assert "East withdraws ♣3 and plays a legal card; ♣3 becomes a penalty card (Law 62B1). " \
           "It is a major penalty card, as a card exposed in correcting a revoke (Law 50B)." \
        in r.text
    assert "Øst tager ♣3 tilbage og spiller et lovligt kort; ♣3 bliver et strafkort (§ 62B1). " \
           "Det er et stort strafkort" in rule(case(east(established=False)), "da").text


@pytest.mark.parametrize("offender,key", [("N", "62B2"), ("S", "62B2.dummy")])
def test_62b2_declarer_or_dummy_card_replaced_without_penalty(offender: str, key: str) -> None:
    r = rule(case({"offender": offender, "trick": 5, "suit_led": "S", "card": "D7",
                   "established": False}))
    clause = next(c for c in r.clauses if c.law == "62B2")
    assert clause.key == f"revoke.correction.{key}" and not clause.facts["penalty_card"]
    assert "without further rectification (Law 62B2)" in r.text
    assert "penalty card" not in r.text.split("(Law 62B2)")[0]


def test_62b2_defender_card_already_faced_replaced_without_penalty() -> None:
    r = rule(case(east(established=False, suit_led="H", card="SK", card_faced=True)))
    assert "62B1" not in r.laws
    assert "East withdraws ♠K, a card already faced, and plays a legal card, without " \
           "further rectification (Law 62B2)." in r.text
    assert "revokes[0].card_faced: only a defender's" in error(
        case({"offender": "N", "trick": 5, "suit_led": "S", "card": "D7",
              "established": False, "card_faced": True}))


def test_62c_non_offenders_may_withdraw_then_the_offending_side_with_penalty_for_a_defender() \
        -> None:
    defenders = rule(case(east(established=False)))
    assert "Declarer may withdraw any card played from his hand or dummy after the revoke " \
           "and before attention was drawn to it (Law 62C1); if he does, the defender next " \
           "in rotation may withdraw the card he played after the revoke, which becomes a " \
           "major penalty card (Law 62C2)." in defenders.text
    assert "authorized to North-South and unauthorized to East-West (Law 16C)" in \
        defenders.text
    declarer = rule(case({"offender": "N", "trick": 5, "suit_led": "S", "card": "D7",
                          "established": False}))
    assert "Each defender may withdraw a card he played after the revoke" in declarer.text
    assert "without penalty (Law 62C2)" in declarer.text
    assert "unauthorized to North-South (Law 16C)" in declarer.text


def test_62c3_64b8_both_sides_revoked_on_one_trick_only_one_played_to_the_next() -> None:
    r = rule(case(east(trick=1, suit_led="S", established_by="W",
                       offending_side_tricks_from_revoke=3),
                  {"offender": "S", "trick": 1, "suit_led": "S", "card": "CJ",
                   "established": False}))
    assert [i["law"] for i in r.to_json()["revokes"]] == ["64B8", "64B8"]
    assert "62C3" in r.laws and r.transfer == 0
    assert "Every card the defenders withdraw becomes a penalty card" in r.text
    assert r.laws.index("62C3") < r.laws.index("50B") < r.laws.index("16C")
    assert r.redress is not None and r.redress.nos is None  # both sides offended


def test_62d1_trick_12_found_before_the_hands_are_returned_is_corrected() -> None:
    entry = east(trick=12, offending_side_tricks_from_revoke=1, hands_returned=False)
    r = rule(case(entry))
    assert only(r)["law"] == "64B6" and r.transfer == 0
    assert "found before all four hands were returned to the board: it is corrected and " \
           "the last two tricks are played again (Law 62D1)" in r.text
    returned = rule(case({**entry, "hands_returned": True}))
    assert "found only after the hands were returned to the board: it is not corrected " \
           "(Law 62D1)" in returned.text
    assert "62D2" not in returned.laws


def test_62d1_hands_returned_only_for_an_established_trick_12_revoke() -> None:
    assert "revokes[0].hands_returned: only for an established revoke on trick 12" in error(
        case(east(hands_returned=True)))


def test_62d2_defender_revoking_before_partner_gives_him_unauthorized_information() -> None:
    entry = east(trick=12, offending_side_tricks_from_revoke=1, position=2)
    r = rule(case(entry))
    assert r.laws[-1] == "62D2"
    assert "West had still to play to trick 12 when East revoked: the revoke card is " \
           "unauthorized information to him, and holding cards of two suits he may not " \
           "choose a play it suggests (Laws 62D2, 16C)." in r.text
    unknown = rule(case({k: v for k, v in entry.items() if k != "position"}))
    assert "If West had still to play to trick 12 when East revoked" in unknown.text
    assert "62D2" not in rule(case({**entry, "position": 3})).laws  # West had played
    declarer = {"offender": "N", "trick": 12, "suit_led": "S", "card": "D7", "position": 1,
                "revoke_trick_won_by": "N", "offending_side_tricks_from_revoke": 2,
                "established": True}
    assert "62D2" not in rule(case(declarer)).laws  # dummy's cards are on the table


# -- 64A: the automatic transfer -------------------------------------------------------------

def test_64a1_offender_won_the_trick_and_a_later_one_two_tricks_issue_example() -> None:
    r = rule({"kind": "revoke", "board": 7, "vulnerable": "NS", "contract": "4H",
              "declarer": "N", "declarer_tricks": 10, "attention": "during_round",
              "revokes": [{"offender": "E", "trick": 5, "suit_led": "D", "card": "H5",
                           "revoke_trick_won_by": "E", "offending_side_tricks_from_revoke": 3,
                           "established": True}]})
    data = r.to_json()
    assert (data["status"], data["transfer"], data["adjusted_declarer_tricks"],
            data["adjusted_score_ns"]) == ("ruled", 2, 12, 680)
    assert r.outcome == AssignedResult(Contract.from_pbn("4H", "N"), 12, 680)
    assert (only(r)["offender"], only(r)["trick"], only(r)["law"]) == ("E", 5, "64A1")


def test_64a1_offender_won_only_the_revoke_trick_one_trick() -> None:
    r = rule(case(east(card="H5", revoke_trick_won_by="E", offending_side_tricks_from_revoke=1),
                  declarer_tricks=12))
    assert (only(r)["law"], r.transfer, r.adjusted_declarer_tricks) == ("64A1", 1, 13)


def test_64a2_partner_won_the_revoke_trick() -> None:
    r = rule(case(east(revoke_trick_won_by="W", offending_side_tricks_from_revoke=1),
                  declarer_tricks=12))
    assert (only(r)["law"], r.transfer) == ("64A2", 1)


def test_64a2_declarer_revokes_and_dummy_wins_the_trick_is_not_won_by_the_offender() -> None:
    r = rule(case({"offender": "N", "trick": 4, "suit_led": "C", "card": "SK",
                   "revoke_trick_won_by": "S", "offending_side_tricks_from_revoke": 9,
                   "established": True}, declarer_tricks=12))
    assert (only(r)["law"], r.transfer, r.adjusted_declarer_tricks) == ("64A2", 1, 11)


def test_64a_two_revokes_capped_by_the_tricks_won_from_the_first() -> None:
    # Laws-digest example 8 with declarer claiming all eight: East ruffs trick 1 and wins
    # it, discards at trick 3; the defence wins only tricks 1 and 4 from the first revoke.
    r = rule(case({"offender": "E", "trick": 1, "suit_led": "S", "card": "H4",
                   "revoke_trick_won_by": "E", "offending_side_tricks_from_revoke": 2,
                   "established": True},
                  {"offender": "E", "trick": 3, "suit_led": "C", "card": "S3",
                   "revoke_trick_won_by": "S", "offending_side_tricks_from_revoke": 1,
                   "established": True}, contract="2H", declarer="S", declarer_tricks=11,
                  vulnerable="None"))
    assert [i["transfer"] for i in r.to_json()["revokes"]] == [2, 0]
    assert sum(i["transfer"] for i in r.to_json()["revokes"]) == r.transfer == 2
    assert r.adjusted_declarer_tricks == 13
    cap = [c for c in r.clauses if c.law == "64A"]
    assert cap and cap[0].facts == {"total": 3, "cap": 2, "share": 2}
    assert "more than the 2 the offending side won from the first of them on" in r.text


def test_64a_the_transfer_goes_to_the_defenders_when_declarer_revokes() -> None:
    r = rule(case({"offender": "N", "trick": 5, "suit_led": "S", "card": "H2",
                   "revoke_trick_won_by": "N", "offending_side_tricks_from_revoke": 6,
                   "established": True}))
    assert (r.transfer, r.adjusted_declarer_tricks, r.adjusted_score_ns) == (2, 8, -200)
    assert "two tricks are transferred to East-West (Law 64A1)" in r.text


# -- 64B: no automatic transfer ----------------------------------------------------------------

def test_64b1_offending_side_won_nothing_from_the_revoke_on() -> None:
    r = rule(case(east(offending_side_tricks_from_revoke=0), declarer_tricks=11))
    assert (only(r)["law"], r.transfer, r.outcome) == ("64B1", 0, None)
    assert "The table result stands." in r.text


def test_64b2_second_revoke_in_the_same_suit_by_the_same_player_is_derived() -> None:
    first = {"offender": "W", "trick": 3, "suit_led": "H", "card": "D2",
             "revoke_trick_won_by": "N", "offending_side_tricks_from_revoke": 2,
             "established": True}
    r = rule(case(first, {**first, "trick": 4, "card": "D3"}))
    assert [(i["law"], i["transfer"]) for i in r.to_json()["revokes"]] == [("64A2", 1),
                                                                          ("64B2", 0)]
    assert r.redress is not None and r.redress.clause == "64C2(a)"
    other_suit = rule(case(first, {**first, "trick": 4, "suit_led": "C", "card": "D3"}))
    assert [i["law"] for i in other_suit.to_json()["revokes"]] == ["64A2", "64A2"]


def test_64b2_not_after_a_first_revoke_that_was_corrected() -> None:
    first = {"offender": "W", "trick": 3, "suit_led": "H", "card": "D2", "established": False}
    second = {"offender": "W", "trick": 4, "suit_led": "H", "card": "D3",
              "revoke_trick_won_by": "N", "offending_side_tricks_from_revoke": 2,
              "established": True}
    assert [i["law"] for i in rule(case(first, second)).to_json()["revokes"]] == ["62A", "64A2"]


def test_64b3_dummy_is_derived_from_the_contract() -> None:
    r = rule(case({"offender": "S", "trick": 6, "suit_led": "C", "card": "D4",
                   "revoke_trick_won_by": "E", "offending_side_tricks_from_revoke": 7,
                   "established": True}))
    assert only(r)["law"] == "64B3" and "Dummy (South) revoked at trick 6" in r.text
    assert "dummy can only fail to follow suit" in error(
        case({"offender": "S", "trick": 6, "suit_led": "C", "card": "D4",
              "failure": "lead_restriction", "established": False}))


def test_64b3_failure_to_play_a_penalty_card() -> None:
    r = rule(case(east(failure="penalty_card", held="SA", suit_led="S", card="S3")))
    assert only(r)["law"] == "64B3"
    assert "while the major penalty card ♠A had to be played (Laws 50D1, 61A)" in r.text
    assert "only a defender has penalty cards" in error(
        case({"offender": "N", "trick": 5, "suit_led": "S", "card": "D7",
              "failure": "penalty_card", "established": False}))


@pytest.mark.parametrize("attention,law", [("after_next_board_called", "64B4"),
                                           ("after_round", "64B5")])
def test_64b4_64b5_attention_drawn_too_late(attention: str, law: str) -> None:
    r = rule(case(attention=attention))
    item = only(r)
    assert (item["law"], item["transfer"], item["transfer_if_timely"]) == (law, 0, 1)
    assert f"no automatic transfer (Law {law}). Had attention been drawn in time, one " \
           f"trick would have been transferred (Law 64A2)." in r.text
    assert r.to_json()["attention"] == attention


def test_64b6_trick_12_is_derived() -> None:
    r = rule(case(east(trick=12, offending_side_tricks_from_revoke=1)))
    assert only(r)["law"] == "64B6"
    assert "it must be corrected if found before all four hands are returned" in r.text


def test_64b7_both_sides_established_waits_for_the_directors_result() -> None:
    north = {"offender": "N", "trick": 7, "suit_led": "C", "card": "H9",
             "revoke_trick_won_by": "N", "offending_side_tricks_from_revoke": 5,
             "established": True}
    r = rule(case(east(trick=2, card="H4", revoke_trick_won_by="E",
                       offending_side_tricks_from_revoke=3), north))
    data = r.to_json()
    assert [i["law"] for i in data["revokes"]] == ["64B7", "64B7"]
    assert data["status"] == "needs_decision"
    assert data["decisions"] == [{"seat": None, "decide": "equity", "law": "64C2(b)"}]
    assert data["equity"]["law"] == "64C2(b)" and data["equity"]["nos"] is None
    judged = rule(case(east(trick=2, card="H4", revoke_trick_won_by="E",
                            offending_side_tricks_from_revoke=3), north,
                       equity_declarer_tricks=11))
    assert judged.status == "ruled" and judged.adjusted_declarer_tricks == 11
    assert judged.laws[-1] == "64C2(b)"
    assert "had neither revoke occurred declarer would likely have taken 11 tricks: that " \
           "result is assigned (+650 for North-South) (Law 64C2(b))" in judged.text


# -- 64C: redress ----------------------------------------------------------------------------

def test_64c1_reminder_says_what_to_weigh_and_how_to_enter_it() -> None:
    data = rule(case()).to_json()
    equity = data["equity"]
    assert (equity["law"], equity["nos"], equity["judgement"], equity["assigned"]) == (
        "64C1", "NS", None, False)
    assert equity["questions"] == [
        "Is North-South sufficiently compensated by the ruling, 11 tricks for declarer "
        "(+650 for North-South)?",
        "What would the result likely have been had the revoke not occurred? If better for "
        "North-South, the Director assigns it in place of the automatic ruling (Law 64C1)."]
    assert "equity_declarer_tricks" in equity["how_to_enter"]
    assert 'result "4H N 10" with weight 60%' in equity["how_to_enter"]
    da = rule(case(), "da").to_json()["equity"]
    assert da["questions"][0].startswith("Er Nord-Syd tilstrækkeligt kompenseret")


def test_64c1_insufficiently_compensated_the_judgement_replaces_the_transfer() -> None:
    r = rule(case(equity_declarer_tricks=12))
    data = r.to_json()
    assert (data["transfer"], data["adjusted_declarer_tricks"], data["adjusted_score_ns"]) == (
        1, 12, 680)
    assert data["outcome"] == {"assigned": "4H N 12", "declarer_tricks": 12, "score_ns": 680}
    assert data["equity"]["insufficient"] is True and data["equity"]["assigned"] is True
    assert r.laws[-1] == "64C1"
    assert "North-South is not sufficiently compensated: 12 tricks are assigned (+680 for " \
           "North-South) in place of the automatic ruling (Law 64C1)." in r.text
    assert "Assigned under Law 64C1: 12 tricks, +680 for North-South." in r.text


def test_64c1_sufficiently_compensated_the_transfer_stands() -> None:
    r = rule(case(equity_declarer_tricks=10))
    assert r.redress is not None and r.redress.insufficient is False
    assert (r.adjusted_declarer_tricks, r.adjusted_score_ns) == (11, 650)
    assert "so North-South is sufficiently compensated and the ruling stands" in r.text


def test_64c1_defenders_not_compensated_when_declarer_revoked() -> None:
    north = {"offender": "N", "trick": 5, "suit_led": "S", "card": "H2",
             "revoke_trick_won_by": "S", "offending_side_tricks_from_revoke": 6,
             "established": True}
    r = rule(case(north, equity_declarer_tricks=7))  # the transfer leaves 9
    assert r.redress is not None and r.redress.nos is not None
    assert (r.redress.insufficient, r.adjusted_declarer_tricks) == (True, 7)
    assert rule(case(north, equity_declarer_tricks=10)).adjusted_declarer_tricks == 9


def test_64c1_weighted_judgement_as_td_plugin_adjust_writes_it() -> None:
    weighted = [{"result": "4H N 12", "weight": "60%"}, {"result": "4H N 11", "weight": 0.4}]
    r = rule(case(equity_weighted=weighted))
    assert isinstance(r.outcome, WeightedScore)
    assert [(w, res.declarer_tricks, res.score_ns) for w, res in r.outcome.components] == [
        (Fraction(3, 5), 12, 680), (Fraction(2, 5), 11, 650)]
    data = r.to_json()
    assert (data["adjusted_declarer_tricks"], data["adjusted_score_ns"]) == (None, None)
    assert data["outcome"]["weighted"][0] == {"result": "4H N 12", "weight": "3/5",
                                              "score_ns": 680}
    assert "60% of 4♥ by North, 12 tricks (+680) and 40% of 4♥ by North, 11 tricks (+650)" \
        in r.text
    assert "this weighted score is assigned in place of the automatic ruling (Laws 64C1, " \
           "12C1(c))" in r.text
    same = rule(case(equity_weighted=[{"result": "4H N 11", "weight": "1/2"},
                                      {"result": "4H N 10", "weight": "1/2"}]))
    assert same.redress is not None and same.redress.insufficient is False
    assert same.adjusted_declarer_tricks == 11


def test_64c_judgement_needs_an_established_revoke_and_one_form() -> None:
    assert "equity_declarer_tricks: Law 64C applies after an established revoke" in error(
        case(east(established=False), equity_declarer_tricks=11))
    assert "not both" in error(case(equity_declarer_tricks=11, equity_weighted=[]))
    assert "equity_weighted: weights sum to 0.9, not 1" in error(
        case(equity_weighted=[{"result": "4H N 12", "weight": 0.5},
                              {"result": "4H N 11", "weight": 0.4}]))


# -- the case file -------------------------------------------------------------------------------

def test_case_defaults_attention_during_the_round_and_reads_doubled_contracts() -> None:
    parsed = load_case(case(contract="4♥X"))
    assert isinstance(parsed, RevokeCase)
    assert parsed.facts.attention is Attention.DURING_ROUND
    assert parsed.facts.contract == Contract.from_pbn("4HX", "N")
    assert rule(case(contract="4HX")).adjusted_score_ns == 990  # 4♥X+1 vulnerable


@pytest.mark.parametrize("changes,message", [
    ({"declarer": None}, "missing 'declarer'"),
    ({"vulnerable": "sometimes"}, "vulnerable: unknown vulnerability 'sometimes'"),
    ({"contract": "Pass"}, "contract: not a contract played: 'Pass'"),
    ({"declarer_tricks": 14}, "declarer_tricks: 14 is not between 0 and 13"),
    ({"attention": "later"}, "attention: unknown value 'later' (one of during_round, "
                             "after_next_board_called, after_round)"),
    ({"revokes": []}, "revokes: expected a non-empty list of revokes"),
    ({"revokes": [{"offender": "E"}]}, "revokes[0]: missing 'trick'"),
    ({"revokes": [east(offender="Q")]}, "revokes[0].offender: unknown seat 'Q'"),
    ({"revokes": [east(card="X9")]}, "revokes[0].card: unknown card 'X9'"),
    ({"revokes": [east(colour="red")]}, "revokes[0]: unknown key 'colour'"),
    ({"revokes": [east(revoke_trick_won_by=None)]},
     "revokes[0]: missing 'revoke_trick_won_by' (needed for an established revoke, Law 64A)"),
    ({"revokes": [east(offending_side_tricks_from_revoke=4)]},
     "revokes[0].offending_side_tricks_from_revoke: 4, more than the 3 tricks the offending "
     "side took in all"),
    ({"revokes": [east(offending_side_tricks_from_revoke=0, revoke_trick_won_by="W")]},
     "revokes[0].offending_side_tricks_from_revoke: 0, but West of the offending side won "
     "the revoke trick"),
    ({"revokes": [east(trick=12, offending_side_tricks_from_revoke=0)], "declarer_tricks": 0},
     "the offending side took 13 tricks in all, so it would have won 13 of the 11 tricks "
     "before the revoke"),
    ({"revokes": [east(), east()]}, "revokes[1]: East revoked twice on trick 5"),
    ({"revokes": [east(held="D4", card="C3", failure="follow_suit"), east(
        trick=7, offending_side_tricks_from_revoke=3)]},
     "revokes[1].offending_side_tricks_from_revoke: 3, more than the 2 revokes[0] leaves "
     "after trick 5"),
    ({"revokes": [east(held="C4")]}, "revokes[0].held: C4: not of the suit led (D)"),
    ({"revokes": [east(established=False, established_how="claim")]},
     "revokes[0].established_how: only for an established revoke"),
    ({"kind": "lead"}, "kind: unknown kind 'lead' (auction, revoke, card_in_auction, "),
])
def test_bad_revoke_case_names_the_entry(changes: dict[str, Any], message: str) -> None:
    data = {k: v for k, v in case(**changes).items() if v is not None}
    assert message in error(data)


def test_revoke_case_file_in_yaml_names_the_file(tmp_path) -> None:
    path = tmp_path / "revoke.yaml"
    path.write_text("kind: revoke\nvulnerable: NS\ncontract: 4H\ndeclarer: N\n"
                    "declarer_tricks: 10\nrevokes:\n  - {offender: E, trick: 5, suit_led: D,\n"
                    "     card: C3, established: false}\n", encoding="utf-8")
    parsed = load_case(path)
    assert isinstance(parsed, RevokeCase) and parsed.source == str(path)
    assert rule_revoke_case(parsed).laws[:2] == ["61A", "62A"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: revoke\ncontract: 4H\n", encoding="utf-8")
    assert error(bad) == f"{bad}: missing 'declarer'"
