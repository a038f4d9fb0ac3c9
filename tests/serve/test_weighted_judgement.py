"""The Law 64C judgement as a weighted score (Law 12C1(c)) on the ruling's page
(`td_plugin.serve.weighted`): the weights checked as they are tapped, the answer posted
stored as a case file writes it, a hand-made answer that does not sum to 100 % refused."""

from __future__ import annotations

import html
import re

import pytest

from td_plugin.errors import DraftError
from td_plugin.serve.draft import answer_decision
from td_plugin.serve.weighted import WEIGHTS, Weighing, read_weighing, weighted_judgement
from tests.serve.conftest import TOKEN
from tests.serve.test_browser_rulings import REVOKE

SAME = {"sec-fetch-site": "same-origin"}
EQUITY = {"seat": None, "decide": "equity", "law": "64C1"}


def test_12c1c_weights_offered_leave_some_for_another_result():
    first = read_weighing("11")
    assert first == Weighing((), 11) and first.weights() == list(WEIGHTS)
    after = read_weighing(first.weigh(75))
    assert after == Weighing(((11, 75),)) and after.left == 25 and after.completing
    assert 11 not in after.tricks()
    assert after.complete(10) == "w:11@75,10@25"
    split = read_weighing(after.split_rest())
    assert split.split and not split.completing
    third = read_weighing(split.choose(10))
    assert third.weights() == [10, 20] and third.complete(10) == "w:11@75,10@25"
    assert read_weighing(Weighing(((11, 60),), 10).weigh(20)).complete(9) == \
        "w:11@60,10@20,9@20"


@pytest.mark.parametrize("text", ["11:60,10:40", "11:60,11", "14", "11:0", "x", "11:60,10:50,9",
                                  "11:60,10:40+"])
def test_12c1c_an_address_that_makes_no_sense_starts_again(text):
    assert read_weighing(text) == Weighing()


def test_12c1c_a_weighted_answer_is_stored_as_the_case_file_writes_it():
    case = {**REVOKE, "equity_declarer_tricks": 11}
    answered = answer_decision(case, EQUITY, "w:11@60,10@40")
    assert answered["equity_weighted"] == [{"result": "4H N 11", "weight": "60%"},
                                           {"result": "4H N 10", "weight": "40%"}]
    assert "equity_declarer_tricks" not in answered  # one judgement, not both
    assert "equity_weighted" not in answer_decision(answered, EQUITY, "12")


@pytest.mark.parametrize("value", ["w:11@60,10@30", "w:11@100", "w:11@60,11@40", "w:11@0,10@100",
                                   "w:14@60,10@40", "w:11@60;10@40", "w:"])
def test_12c1c_weights_that_are_not_a_weighted_score_are_refused(value):
    with pytest.raises(DraftError) as refused:
        weighted_judgement(REVOKE, value)
    assert refused.value.msg.key == "app.weighted.bad"


def test_12c1c_tapped_on_the_ruling_page_the_ruling_assigns_the_weighted_score(client, log):
    client.post("/api/rulings", json={"case": REVOKE, "board": 23},
                headers={"Authorization": f"Bearer {TOKEN}"})
    client.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
    page = client.get("/rulings/1?weigh=12:60").text
    buttons = re.findall(r'name="answer" value="([^"]+)"', page)
    assert "0:w:12@60,11@40" in buttons and not any("@60,12@" in b for b in buttons)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    bad = client.post("/rulings/1", data={"csrf": csrf, "version": "1",  # by hand: 90 %
                                          "answer": "0:w:12@60,11@30"}, headers=SAME)
    assert len(log.history(1)) == 1 and "together 100" in html.unescape(bad.text)
    r = client.post("/rulings/1", data={"csrf": csrf, "version": "1",
                                        "answer": "0:w:12@60,11@40"}, headers=SAME)
    assert r.status_code == 200
    text = html.unescape(r.text)  # better for North-South than the ruling's 11 tricks
    assert "60% of 4♥ by North, 12 tricks (+680) and 40% of 4♥ by North, 11 tricks" in text
    assert "12C1(c)" in text
    stored = log.history(1)[-1]
    assert stored.case["equity_weighted"][1] == {"result": "4H N 11", "weight": "40%"}
