"""Auctions read as the programs write them, and never judged when a call could not be
read (issue 30, items 1 and 2).

The file made for these tests, ``tests/data/pbn_notrump_spellings.pbn``, spells notrump
``1N`` and ``3n``, Pass ``P``, a double ``D`` and a redouble ``R``, as BEN, BBA, Table
Manager and BBO write them; its board 4 holds ``1Q``, which no program writes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adapters.pbn.reader import read_pbn
from td_plugin.audit.coverage import Coverage
from td_plugin.audit.reports.json_report import audit_json
from td_plugin.audit.reports.output import checked_text
from td_plugin.audit.run import run_audit
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.model.auction import CALL_SPELLINGS, Call
from td_plugin.model.cards import Strain
from td_plugin.model.contract import Contract

SPELLINGS = Path(__file__).parent / "data" / "pbn_notrump_spellings.pbn"


def _audit() -> dict[str, Any]:
    result = run_audit([str(SPELLINGS)], PluginHost(load_entrypoints=False),
                       ReviewContext(equity=False))
    return audit_json(result, "en")


@pytest.fixture(scope="module")
def records() -> dict[int, Any]:
    return {r.board: r for r in read_pbn(SPELLINGS).records()}


@pytest.mark.parametrize("text", ["1N", "3n", "7N", "1nt", "4NT"])
def test_notrump_bid_as_the_programs_write_it(text: str) -> None:
    call = Call.from_pbn(text)
    assert call.is_bid and call.strain is Strain.NT and call.level == int(text[0])
    assert CALL_SPELLINGS[text.upper()] is call


def test_notrump_contract_tag_as_the_programs_write_it(records: dict[int, Any]) -> None:
    assert records[1].contract == Contract.from_pbn("3NT", "N")


def test_pbn_auction_reads_1n_p_d_r_as_the_calls_they_stand_for(records: dict[int, Any]) -> None:
    assert records[1].auction.pbn() == "1NT Pass 3NT Pass Pass Pass"
    assert records[2].auction.pbn() == "Pass 1S X XX Pass Pass Pass"
    assert records[3].auction.pbn() == "1NT X Pass 2C Pass Pass Pass"
    for board in (1, 2, 3):
        assert records[board].problems == ()
        assert not records[board].auction.unread


def test_spelled_calls_give_no_false_finding() -> None:
    out = _audit()
    assert [f for f in out["findings"] if f["board"] in (1, 2, 3)] == []


def test_unread_call_is_a_problem_naming_token_and_line(records: dict[int, Any]) -> None:
    (problem,) = records[4].problems
    assert "'1Q'" in problem.message and "not checked" in problem.message
    assert problem.location.line == 49
    assert records[4].auction.unread


def test_unread_call_gives_no_finding_on_the_auction() -> None:
    """Read without 1Q the auction would end in 1C by West against the recorded 1S by North
    (a contract mismatch) and would hint at another dealer: neither is said."""
    out = _audit()
    assert [f for f in out["findings"] if f["board"] == 4] == []
    (report,) = out["inputs"]
    assert [p["board"] for p in report["problems"]] == [4]
    assert report["coverage"]["auctions"] == 3
    assert report["coverage"]["auctions_not_checked"] == 1


def test_unread_lin_call_gives_no_finding_on_the_auction(tmp_path: Path) -> None:
    """LIN ``mb|1Z|``: read without it, the passes after 1N would be one too many (a call
    after the final pass, Law 39); the record says the auction is not checked instead."""
    path = tmp_path / "unread.lin"
    path.write_text("pn|A,B,C,D|st||md|1SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|"
                    "sv|o|ah|Board 1|mb|1N|mb|p|mb|1Z|mb|p|mb|p|mb|p|pg||\n", encoding="utf-8")
    result = run_audit([str(path)], PluginHost(load_entrypoints=False),
                       ReviewContext(equity=False))
    out = audit_json(result, "en")
    assert out["findings"] == []
    (report,) = out["inputs"]
    (problem,) = report["problems"]
    assert "1Z" in problem["message"] and "not checked" in problem["message"]
    assert report["coverage"]["auctions_not_checked"] == 1


def test_text_report_says_how_many_auctions_were_not_checked(records: dict[int, Any]) -> None:
    coverage = Coverage()
    for record in records.values():
        coverage.add(record)
    text = checked_text(len(records), coverage, "en")
    assert "3 with an auction" in text
    assert "Auctions not checked, a call of each could not be read: 1." in text
