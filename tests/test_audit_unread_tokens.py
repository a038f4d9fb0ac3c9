"""Nothing judged from a token that could not be read, and two results that disagree
said (issue 30, items 2 and 4).

``tests/data/pbn_tokens_not_read.pbn``: board 1's play holds ``#`` among its cards (in a
section with commentary), board 2's contract is ``7Q``, board 3's result ``thirteen``,
board 4's auction holds ``#`` after a comment. ``tests/data/lin_results_disagree.lin``:
board 1's claim (``mc|10|``) against its vugraph result line (``4HE-1``: 9 tricks), board
2's play a card ``z5``, board 3's claim ``ten``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adapters.lin.reader import read_lin
from adapters.pbn.reader import read_pbn
from td_plugin.audit.reports.json_report import audit_json
from td_plugin.audit.reports.output import checked_text
from td_plugin.audit.run import run_audit
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext

DATA = Path(__file__).parent / "data"
PBN = DATA / "pbn_tokens_not_read.pbn"
LIN = DATA / "lin_results_disagree.lin"


def _audit(path: Path, lang: str = "en") -> dict[str, Any]:
    result = run_audit([str(path)], PluginHost(load_entrypoints=False),
                       ReviewContext(equity=False))
    return audit_json(result, lang)


@pytest.fixture(scope="module")
def pbn() -> dict[int, Any]:
    return {r.board: r for r in read_pbn(PBN).records()}


@pytest.fixture(scope="module")
def lin() -> dict[int, Any]:
    return {r.board: r for r in read_lin(LIN)}


def test_pbn_card_not_read_leaves_the_play_known_up_to_its_trick(pbn: dict[int, Any]) -> None:
    play = pbn[1].play
    assert play.unread and play.incomplete and not play.claimed
    assert len(play.tricks) == 1  # trick 2's row holds '#': its cards may be in wrong columns
    assert pbn[1].not_read() == ("play",)
    (problem,) = pbn[1].problems
    assert problem.location.line == 16 and "'#' is not a card" in problem.message
    assert "not checked" in problem.message


def test_pbn_stray_token_in_an_annotated_auction_is_a_problem_not_a_dropped_call(
        pbn: dict[int, Any]) -> None:
    assert pbn[4].auction.unread and pbn[4].not_read() == ("auction",)
    (problem,) = pbn[4].problems
    assert problem.location.line == 57 and "'#' is not a call" in problem.message


def test_pbn_contract_and_result_not_read_are_said_and_not_replaced(pbn: dict[int, Any]) -> None:
    assert pbn[2].contract is None and pbn[2].unread == {"contract"}
    assert "'7Q' is not a contract" in pbn[2].problems[0].message
    assert pbn[3].declarer_tricks is None and pbn[3].unread == {"result"}
    assert "the result is not checked" in pbn[3].problems[0].message


def test_no_finding_rests_on_a_token_not_read() -> None:
    # main judged board 2's score against the auction's 7NT though its Contract tag
    # could not be read; board 1's play is not judged beyond the card not read
    doc = _audit(PBN)
    assert doc["findings"] == []
    coverage = doc["inputs"][0]["coverage"]
    assert coverage["not_read"] == {"auction": 1, "play": 1, "contract": 1, "result": 1}
    assert coverage["records_not_checked"] == [
        {"record": 1, "board": 1, "not_checked": ["play"]},
        {"record": 2, "board": 2, "not_checked": ["contract"]},
        {"record": 3, "board": 3, "not_checked": ["result"]},
        {"record": 4, "board": 4, "not_checked": ["auction"]}]


def test_the_text_coverage_counts_what_was_not_checked() -> None:
    result = run_audit([str(PBN)], PluginHost(load_entrypoints=False),
                       ReviewContext(equity=False))
    report = result.inputs[0]
    text = checked_text(report.records, report.coverage, "en")
    assert "the play of 1 record from the card not read on" in text
    assert "the contract of 1 record" in text and "the result of 1 record" in text
    danish = checked_text(report.records, report.coverage, "da")
    assert "kontrakten i 1 resultat" in danish


def test_lin_card_not_read_stops_the_play_and_claim_not_read_leaves_no_result(
        lin: dict[int, Any]) -> None:
    play = lin[2].play
    assert play.unread and sum(len(t.cards) for t in play.tricks) == 5  # the cards before z5
    assert lin[2].not_read() == ("play",)
    assert any("pc|z5|" in p.message for p in lin[2].problems)
    assert lin[3].declarer_tricks is None and lin[3].not_read() == ("result",)


def test_lin_claim_and_result_line_that_disagree_are_a_finding_that_says_which_is_used(
        lin: dict[int, Any]) -> None:
    assert lin[1].results_said == (("claim", 10), ("rs", 9))
    assert lin[1].declarer_tricks == 10
    doc = _audit(LIN)
    (finding,) = doc["findings"]
    assert finding["kind"] == "result_conflict" and finding["board"] == 1
    assert (finding["used"], finding["tricks"], finding["other"], finding["other_tricks"]) == (
        "claim", 10, "rs", 9)
    assert "takes 10 tricks from the claim" in finding["message"]
    assert "69A" in finding["message"]
    assert "69A" in _audit(LIN, "da")["findings"][0]["message"]


def test_lin_claim_and_result_line_that_agree_are_no_finding(tmp_path: Path) -> None:
    text = LIN.read_text().replace("rs|4HE-1,", "rs|4HE=,")
    agreeing = tmp_path / "agree.lin"
    agreeing.write_text(text)
    assert not [f for f in _audit(agreeing)["findings"] if f["kind"] == "result_conflict"]


def test_pbn_result_against_the_play_says_which_result_the_audit_scores() -> None:
    club = Path(__file__).parent.parent / "examples" / "club_session.pbn"
    (finding,) = [f for f in _audit(club)["findings"] if f["kind"] == "result_mismatch"]
    assert finding["board"] == 11
    assert "but the play gives 8. The audit scores the recorded result" in finding["message"]
