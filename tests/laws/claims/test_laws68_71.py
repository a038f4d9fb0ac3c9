"""Claims and concessions, Laws 68-71: each clause on a position made for it, the
double-dummy and line outcomes checked with the solver (the extra ``td-plugin[dds]``)."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from td_plugin.errors import QuestionError
from td_plugin.laws.claims import contested_claims
from td_plugin.laws.claims.normal_lines import (
    MAX_LINES,
    Layout,
    StatedLine,
    cached_solver,
    double_dummy,
    lines_for,
    normal_lines,
)
from td_plugin.laws.revokes.double_dummy import HAVE_DDS
from td_plugin.model.cards import ALL_CARDS, SEATS, Suit
from td_plugin.model.deal import Hand
from tests.laws.play.helpers import error, rule, text


@pytest.fixture
def dds() -> None:
    if not HAVE_DDS:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("endplay (extra td-plugin[dds]) must be installed under CI=true")
        pytest.skip("needs the extra: pip install 'td-plugin[dds]'")


# South in 4S with the ace of trumps and the top hearts; West has the queen of trumps and
# no heart: drawing the trump first takes all three tricks, a heart first loses one.
TRUMP_OUT = {"kind": "claim", "declarer": "S", "contract": "4S", "vulnerable": "None",
             "trick": 11, "leader": "S", "remaining": "N:...432 .QJT.. A.AK.. Q..Q2.",
             "declarer_tricks": 8, "claimer": "S", "conceded": False, "tricks_claimed": 3,
             "statement": "The hearts are good.", "contested": "during_play"}
# South in 3NT: dummy's spade ace-queen over West's king; the finesse wins, the ace
# does not drop the king.
FINESSE = {**TRUMP_OUT, "contract": "3NT", "vulnerable": "NS",
           "remaining": "N:AQ...2 4.K.Q. 32..A. K5..3.", "statement": "The rest are mine."}
# South in 4H with the ace of spades and the last trump: no trick can be lost.
SURE = {**TRUMP_OUT, "contract": "4H", "vulnerable": "All", "trick": 12,
        "remaining": "N:..32. KQ... A.A.. J...2", "declarer_tricks": 10}
# South in 3NT with the ace of spades, the ace and two of hearts; East holds the king of
# hearts: a heart must be lost on every line.
LOSER = {**TRUMP_OUT, "contract": "3NT", "remaining": "N:...432 Q.K3.. A.A2.. ..J3.5"}


def facts(case: dict[str, Any]) -> dict[str, Any]:
    return rule(case).to_json()


def test_68a_a_claim_of_some_tricks_concedes_the_rest(dds: None) -> None:
    data = facts({**SURE, "tricks_claimed": 1, "contested": "no"})
    assert data["laws"] == ["68A", "68C", "68D1", "69A"]
    assert data["awarded"] == 1 and data["result"] == {"declarer_tricks": 11, "score_ns": 650}
    assert "concedes the rest, 1 (Law 68B1)" in data["text"]
    assert "could not be lost" not in data["text"]  # 71B noted only: nobody raised it
    assert "the concession is cancelled (Law 71B)" in data["text"]


def test_68b1_a_concession_and_68c_no_statement(dds: None) -> None:
    data = facts({**SURE, "conceded": True, "tricks_claimed": 0, "statement": "",
                  "contested": "no"})
    assert data["laws"][:2] == ["68B1", "68C"]
    assert "He stated no line of play (Law 68C)" in data["text"]


def test_68b2_a_defenders_concession_his_partner_objects_to_is_none() -> None:
    data = facts({**SURE, "claimer": "W", "conceded": True, "partner_objected": True,
                  "tricks_claimed": None, "statement": None, "contested": None})
    assert data["laws"] == ["68B2"] and data["awarded"] is None


def test_68b2_is_asked_only_of_a_defenders_concession() -> None:
    assert "partner_objected" in error({**SURE, "partner_objected": True})


def test_68d2_and_70c_a_trump_the_claimer_was_likely_unaware_of(dds: None) -> None:
    data = facts({**TRUMP_OUT, "trump_unaware": True})
    assert data["laws"] == ["68A", "68C", "68D2", "70A", "70C", "70D1"]
    assert (data["double_dummy"], data["awarded"]) == (3, 2)
    assert data["line_held"]["play"][0][0] == "HA"  # a heart before the trump: ruffed
    assert "The award is below double dummy (3)" in data["text"]


def test_70c_a_claimer_aware_of_the_trump_is_held_to_drawing_it(dds: None) -> None:
    data = facts({**TRUMP_OUT, "trump_unaware": False})
    assert "70C" in data["laws"] and data["awarded"] == 3
    assert all(line["tricks"] == 3 for line in data["lines"])


def test_70c_the_question_is_asked_only_with_a_trump_out_and_not_mentioned() -> None:
    assert "trump_unaware" in error({**FINESSE, "trump_unaware": True})  # notrump
    assert "trump_unaware" in error({**TRUMP_OUT, "line": ["draw trumps", "cash H"],
                                     "trump_unaware": True})
    assert "missing 'trump_unaware'" in error(TRUMP_OUT)


def test_70d1_the_claimer_is_held_to_the_order_he_stated(dds: None) -> None:
    data = facts({**TRUMP_OUT, "line": ["cash H", "cash S"]})  # spades mentioned: no 70C
    assert "70C" not in data["laws"] and "70D1" not in data["laws"]
    assert data["awarded"] == 2 and data["double_dummy"] == 3
    assert all(line["ids"][0].startswith("HS") for line in data["lines"])


def test_70e1_an_unstated_finesse_is_not_accepted(dds: None) -> None:
    data = facts(FINESSE)
    assert "70E1" in data["laws"] and (data["double_dummy"], data["awarded"]) == (3, 2)
    assert data["line_held"]["id"].endswith("rise")


def test_70e1_a_stated_finesse_is_taken(dds: None) -> None:
    data = facts({**FINESSE, "line": ["cash S", "finesse SQ"]})
    assert "70E1" not in data["laws"] and data["awarded"] == 3


def test_70_a_line_the_director_holds_not_normal_is_left_out(dds: None) -> None:
    rising = [i for line in facts(FINESSE)["lines"] if line["tricks"] == 2 for i in line["ids"]]
    data = facts({**FINESSE, "not_normal": rising})
    assert data["awarded"] == 3 and "not normal for the class of player" in data["text"]
    assert not any(line["normal"] for line in data["lines"] if line["tricks"] == 2)


def test_70_a_defender_claims_his_partner_held_to_normal_lines_too(dds: None) -> None:
    # East, a defender on lead, claims one trick (the king of hearts over South's ace and
    # two): the lines of his side are played by the same rules as declarer's
    data = facts({**LOSER, "claimer": "E", "leader": "E", "tricks_claimed": 1})
    assert data["claimer"] == "E" and data["awarded"] == 1
    assert data["result"]["declarer_tricks"] == 8 + 2


def test_69a_an_agreed_claim_stands_after_the_correction_period(dds: None) -> None:
    data = facts({**LOSER, "contested": "too_late"})
    assert data["laws"] == ["68A", "68C", "68D1", "69A"] and data["awarded"] == 3
    assert data["double_dummy"] == 2


def test_69b2_agreement_withdrawn_for_a_trick_lost_on_every_normal_line(dds: None) -> None:
    data = facts({**LOSER, "contested": "correction_period"})
    assert data["laws"] == ["68A", "68C", "69A", "69B2"]
    assert data["awarded"] == 2 and data["result"]["declarer_tricks"] == 10


def test_69a_agreed_claim_notes_69b2_when_every_line_loses_a_trick(dds: None) -> None:
    data = facts({**LOSER, "contested": "no"})
    assert data["awarded"] == 3 and "(Law 69B2)" in data["text"]


def test_71b_a_concession_of_a_trick_no_normal_play_loses_is_cancelled(dds: None) -> None:
    for contested in ("during_play", "correction_period"):
        data = facts({**SURE, "conceded": True, "tricks_claimed": 1, "contested": contested})
        assert "71B" in data["laws"] and data["awarded"] == 2, contested
        assert data["result"] == {"declarer_tricks": 12, "score_ns": 680}


def test_71b_not_when_a_normal_line_loses_the_trick(dds: None) -> None:
    data = facts({**FINESSE, "tricks_claimed": 2})
    assert "71B" not in data["laws"] and data["awarded"] == 2


def test_the_remaining_hands_are_checked() -> None:
    assert "not the 4 left" in error({**FINESSE, "trick": 10})
    assert "another hand holds" in error({**FINESSE, "remaining": "N:AQ...2 4.K.Q. 32..A. A5..3."})
    assert "four hands" in error({**FINESSE, "remaining": "N:AQ...2 4.K.Q. 32..A."})
    assert "only 10 tricks were played" in error({**FINESSE, "declarer_tricks": 11})
    assert "only 3 tricks remain" in error({**FINESSE, "tricks_claimed": 4})
    assert "a step is" in error({**FINESSE, "line": ["play well"]})


def test_the_text_reads_in_danish(dds: None) -> None:
    assert "§ 70E1" in text(FINESSE, "da") and "Law" not in text(FINESSE, "da")


def test_without_the_solver_a_contested_claim_is_left_to_the_director(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(contested_claims, "HAVE_DDS", False)
    data = facts(FINESSE)
    assert data["awarded"] is None and data["double_dummy"] is None and data["result"] is None
    assert "td-plugin[dds]" in data["text"]
    agreed = facts({**FINESSE, "contested": "no"})
    assert agreed["awarded"] == 3 and agreed["result"]["declarer_tricks"] == 11


def _random_layout(rng: random.Random, n: int) -> Layout:
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    hands = {s: Hand(pack[i * n:(i + 1) * n]) for i, s in enumerate(SEATS)}
    return Layout(hands, rng.choice(SEATS), rng.choice([None, *Suit]), rng.choice(SEATS))


def test_70_no_line_takes_more_than_double_dummy(dds: None) -> None:
    """Against the solver's defence no line of the claimer beats double dummy: the
    defenders' cards are optimal whatever he plays."""
    rng = random.Random("claims")
    for _ in range(12):
        layout = _random_layout(rng, rng.randint(2, 5))
        solver = cached_solver()
        dd = double_dummy(layout, solver)
        results = normal_lines(layout, StatedLine(), rng.random() < 0.5, solver)
        assert results and len(results) <= MAX_LINES
        assert all(0 <= r.tricks <= dd for r in results), (layout, dd)
        assert all(len(r.play) == layout.tricks_left for r in results)


def test_the_lines_keep_the_stated_order_first() -> None:
    layout = _random_layout(random.Random(1), 8)
    stated = StatedLine(order=(Suit.D, Suit.C))
    held = {s for s in Suit if any(layout.hands[h].has_suit(s) for h in SEATS
                                   if h.side is layout.claimer.side)}
    for line in lines_for(layout, stated, True):
        assert line.order[:2] == tuple(s for s in (Suit.D, Suit.C) if s in held)
        assert set(line.order) == held



def test_changing_the_trick_drops_hands_that_no_longer_fit() -> None:
    flow = contested_claims
    case = {k: v for k, v in FINESSE.items() if k in ("kind", "declarer", "contract",
                                                      "vulnerable", "trick", "leader",
                                                      "remaining")}
    _, q = flow.flow(case)
    assert q is not None and q.id == "declarer_tricks"
    trick = flow.question_by_id(case, "trick", None)
    changed = flow.answer(case, trick, "10")
    assert "remaining" not in changed and changed["trick"] == 10
    remaining = flow.question_by_id(changed, "remaining", None)
    with pytest.raises(QuestionError, match="not the 4 left"):
        flow.answer(changed, remaining, FINESSE["remaining"])
