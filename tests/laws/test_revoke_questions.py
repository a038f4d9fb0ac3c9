"""The revoke flowchart of seed article 002 as questions (`td_plugin.laws.revokes.questions`):
asked one at a time in the article's order, each answer leading to its clause, and the
answers making a revoke case that is ruled like a case file."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from td_plugin.cases.files import load_case
from td_plugin.errors import QuestionError
from td_plugin.laws.facts import MORE
from td_plugin.laws.revokes import rule_revoke_case
from td_plugin.laws.revokes.questions import answer, flow, question_by_id
from td_plugin.model.rulings import Attention
from tests.laws.test_revoke_paths_agree import _boards, director_case

BOARD = {"kind": "revoke", "contract": "4H", "declarer": "N", "vulnerable": "NS",
         "declarer_tricks": 10}


def walk(case: dict[str, Any], answers: list[str]) -> tuple[dict[str, Any], list[str], bool]:
    """Answer the questions in the order asked; the ids asked, and whether the Director
    said no other revoke happened."""
    asked, finished = [], False
    for text in answers:
        _, q = flow(case, finished)
        assert q is not None, f"no question left for {text!r}"
        asked.append(q.id)
        if q.id == MORE:
            finished = text == "False"
        case = answer(case, q, text)
    return case, asked, finished


def leads(case: dict[str, Any], finished: bool = False) -> dict[str, str]:
    steps, _ = flow(case, finished)
    return {s.question.id: s.leads[0] for s in steps if s.leads}


def test_61a_63a_64a1_the_article_order_then_the_ruling() -> None:
    """East ruffs a diamond at trick 5 holding one, wins it, and East-West take two more
    tricks: established by the next trick (63A1), two tricks transferred (64A1)."""
    case, asked, finished = walk({"kind": "revoke"}, [
        "4H", "N", "NS", "10", "E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W", "E",
        "3", "during_round", "False"])
    assert asked == ["contract", "declarer", "vulnerable", "declarer_tricks", "offender",
                     "trick", "failure", "suit_led", "card", "established", "established_how",
                     "established_by", "revoke_trick_won_by", "offending_side_tricks_from_revoke",
                     "attention", MORE]
    assert flow(case, finished)[1] is None
    assert leads(case, finished) == {"established": "63A", "established_how": "63A1",
                                     "revoke_trick_won_by": "64A1", "attention": "64A"}
    ruling = rule_revoke_case(load_case(case)).to_json()
    assert (ruling["transfer"], ruling["adjusted_declarer_tricks"],
            ruling["adjusted_score_ns"]) == (2, 12, 680)
    assert ruling["revokes"][0]["law"] == "64A1"


def test_62a_62b1_not_established_asks_nothing_about_tricks() -> None:
    case, asked, _ = walk(dict(BOARD), ["W", "7", "follow_suit", "C", "D2", "False", "False"])
    assert asked[-2:] == ["established", "card_faced"]
    assert leads(case) == {"established": "62A", "card_faced": "62B1"}
    assert flow(case)[1].id == "attention"


def test_62b2_a_faced_card_is_replaced_without_penalty() -> None:
    case, _, _ = walk(dict(BOARD), ["W", "7", "penalty_card", "C", "SK", "SK"])
    _, q = flow(case)
    assert q.id == "established"
    case = answer(case, q, "False")
    case = answer(case, flow(case)[1], "True")
    assert leads(case)["card_faced"] == "62B2"


def test_62b_declarer_is_not_asked_about_a_faced_card() -> None:
    case, asked, _ = walk(dict(BOARD), ["N", "7", "C", "D2", "False"])
    assert "card_faced" not in asked and flow(case)[1].id == "attention"


def test_43b2b_dummy_asking_too_late_establishes_declarers_revoke() -> None:
    case, _, _ = walk(dict(BOARD), ["N", "7", "C", "D2", "True", "dummy_asked"])
    assert leads(case)["established_how"] == "43B2(b)"
    assert flow(case)[1].id == "revoke_trick_won_by"  # no "who played next"


def test_62d2_a_defender_at_trick_12_is_asked_where_he_played() -> None:
    case, asked, _ = walk(dict(BOARD), ["E", "12", "follow_suit", "D", "H5", "True", "claim",
                                        "E", "1", "False", "2"])
    assert asked[-2:] == ["hands_returned", "position"]
    assert case["revokes"][0]["position"] == 2


def test_64b3_dummy_is_no_defender_and_leads_to_64b3() -> None:
    case, asked, _ = walk(dict(BOARD), ["S", "3", "D", "C4"])
    assert "failure" not in asked  # dummy can only fail to follow suit
    assert leads(case)["offender"] == "64B3"
    _, q = flow(case)
    assert q.id == "established"


def test_64b3_failure_to_play_a_penalty_card() -> None:
    case, _, _ = walk(dict(BOARD), ["W", "4", "penalty_card"])
    assert leads(case)["failure"] == "64B3"


def test_57a_61a_failure_to_play_as_declarer_chose() -> None:
    """East, told to play his highest diamond after West's premature lead (57A1), plays
    a low one while holding the queen: an ordinary revoke, one trick (64A2)."""
    case, _, finished = walk(dict(BOARD), ["E", "5", "play_restriction", "D", "D3", "True",
                                           "next_trick", "W", "N", "2", "during_round",
                                           "False"])
    ruling = rule_revoke_case(load_case(case)).to_json()
    assert ruling["revokes"][0]["law"] == "64A2" and ruling["transfer"] == 1
    assert ruling["revokes"][0]["clauses"][0]["key"].startswith("revoke.found.play_restriction")


@pytest.mark.parametrize("won_by,clause", [("E", "64A1"), ("W", "64A2"), ("N", "64A2")])
def test_64a_who_won_the_revoke_trick(won_by, clause) -> None:
    case, _, _ = walk(dict(BOARD), ["E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W",
                                    won_by])
    assert leads(case)["revoke_trick_won_by"] == clause


def test_64b1_the_offending_side_won_nothing_from_the_revoke_on() -> None:
    case, _, _ = walk(dict(BOARD), ["E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W",
                                    "N", "0"])
    assert leads(case)["offending_side_tricks_from_revoke"] == "64B1"


def test_64a_the_offending_side_won_the_revoke_trick_so_at_least_one() -> None:
    case, _, _ = walk(dict(BOARD), ["E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W",
                                    "W"])
    _, q = flow(case)
    assert (q.low, q.high) == (1, 3)  # East-West took 3 tricks in all (4H made 10)
    with pytest.raises(QuestionError):
        answer(case, q, "0")


@pytest.mark.parametrize("tricks, trick, won_by, bounds", [
    (10, 5, "N", (0, 3)),   # the defenders took 3 in all
    (4, 5, "N", (5, 8)),    # 9 in all, at most 4 of them before trick 5; 8 tricks follow
    (10, 12, "N", (0, 1)),  # one trick follows the revoke trick, which North won
    (3, 12, "E", (1, 2)),   # East won trick 12: it and trick 13 at most
])
def test_64a_the_tricks_from_the_revoke_on_are_bounded_by_the_result(tricks, trick, won_by,
                                                                     bounds) -> None:
    """Only what is still possible is offered: at most the tricks that follow the revoke
    trick (and it, when the offending side won it), never more than the side took in
    all, at least what it took less the tricks before the revoke."""
    case, _, _ = walk({**BOARD, "declarer_tricks": tricks},
                      ["E", str(trick), "follow_suit", "D", "H5", "True", "next_trick", "W",
                       won_by])
    _, q = flow(case)
    assert q is not None and q.id == "offending_side_tricks_from_revoke"
    assert (q.low, q.high) == bounds


def test_64b6_62d1_trick_12_asks_whether_the_hands_were_returned() -> None:
    case, asked, _ = walk(dict(BOARD), ["E", "12", "follow_suit", "D", "H5", "True",
                                        "next_trick", "W", "E", "1", "False"])
    assert asked[-1] == "hands_returned"
    assert leads(case)["trick"] == "64B6"
    assert leads(case)["hands_returned"] == "62D1"


def test_63a_trick_13_cannot_be_established() -> None:
    case, _, _ = walk(dict(BOARD), ["E", "13", "follow_suit", "D", "H5"])
    _, q = flow(case)
    assert [c.value for c in q.choices] == [False]


@pytest.mark.parametrize("when,clause", [("after_next_board_called", "64B4"),
                                         ("after_round", "64B5")])
def test_64b4_64b5_when_attention_was_drawn(when, clause) -> None:
    case, _, _ = walk(dict(BOARD), ["E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W",
                                    "E", "3", when])
    assert leads(case)["attention"] == clause
    assert rule_revoke_case(load_case(case)).to_json()["transfer"] == 0


def test_64b2_another_revoke_is_asked_about_in_turn() -> None:
    case, asked, finished = walk(dict(BOARD), [
        "E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W", "E", "3", "during_round",
        "True", "E", "8", "follow_suit", "D", "S2", "True", "next_trick", "W", "N", "1", "False"])
    assert len(case["revokes"]) == 2 and finished
    ruling = rule_revoke_case(load_case(case)).to_json()
    assert [r["law"] for r in ruling["revokes"]] == ["64A1", "64B2"]


def test_a_changed_answer_drops_what_depended_on_it() -> None:
    case, _, _ = walk(dict(BOARD), ["E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W",
                                    "E", "3"])
    q = question_by_id(case, "established", 0)
    changed = answer(case, q, "False")
    r = changed["revokes"][0]
    assert r["established"] is False
    assert not {"established_how", "revoke_trick_won_by",
                "offending_side_tricks_from_revoke"} & set(r)
    assert case["revokes"][0]["established"] is True  # the original is untouched


@pytest.mark.parametrize("qid,bad", [("offender", "X"), ("trick", "14"), ("suit_led", "NT"),
                                     ("card", "D5"), ("card", "Z9"), ("contract", "8S"),
                                     ("contract", "Pass")])
def test_answers_that_do_not_fit_are_refused(qid, bad) -> None:
    case, _, _ = walk(dict(BOARD), ["E", "5", "follow_suit", "D"])
    q = question_by_id(case, qid, None if qid == "contract" else 0)
    with pytest.raises(QuestionError):
        answer(case, q, bad)


def test_every_generated_revoke_can_be_entered_through_the_questions() -> None:
    """Every generated board's revokes, entered by answering the questions with the facts
    a Director would establish, give the case those facts make and the same ruling."""
    boards = _boards()[:120]
    assert len(boards) == 120
    for board in boards:
        target = director_case(board, Attention.DURING_ROUND, details=False)
        full = director_case(board, Attention.DURING_ROUND, details=True)
        case: dict[str, Any] = {"kind": "revoke", "board": target["board"]}
        finished = False
        for _ in range(200):
            _, q = flow(case, finished)
            if q is None:
                break
            if q.id == MORE:
                more = len(case["revokes"]) < len(target["revokes"])
                finished = not more
                case = answer(case, q, str(more))
                continue
            source = target if q.revoke is None else target["revokes"][q.revoke]
            if q.field not in source:  # a detail: from the board, else the first answer
                known = full["revokes"][q.revoke].get(q.field) if q.revoke is not None \
                    else None
                if isinstance(known, list):  # the cards held: the first names the card
                    known = known[0]
                source[q.field] = known if known is not None else (
                    q.choices[0].value if q.choices else q.low)
            case = answer(case, q, str(source[q.field]))
        assert flow(case, finished)[1] is None, board.number
        for r in target["revokes"]:  # following suit is what a revoke fails to do unless
            if r.get("failure") == "follow_suit" and "failure" not in \
                    case["revokes"][target["revokes"].index(r)]:  # said otherwise
                del r["failure"]
        assert case == target, board.number
        assert rule_revoke_case(load_case(copy.deepcopy(case))).to_json() == \
            rule_revoke_case(load_case(target)).to_json()


def test_64a_a_side_that_took_no_trick_did_not_win_the_revoke_trick() -> None:
    """Declarer took all 13 tricks: only North-South are offered as the winners of the
    revoke trick of East's revoke."""
    case, _, _ = walk({**BOARD, "declarer_tricks": 13},
                      ["E", "5", "follow_suit", "D", "H5", "True", "next_trick", "W"])
    _, q = flow(case)
    assert q is not None and q.id == "revoke_trick_won_by"
    assert [c.value for c in q.choices] == ["N", "S"]
    with pytest.raises(QuestionError):
        answer(case, q, "E")
