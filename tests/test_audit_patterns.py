"""A pattern said once per file, identical problems said once, and what is unambiguous
read (issue 30, item 3).

``tests/data/pbn_shifted_auctions.pbn``: six boards whose auctions leave out the
dealer's opening pass (each read from the next seat gives the recorded contract), with
every tag value but the deal's written without quotes and the date as ``2-Aug-2023``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from adapters.pbn.reader import read_pbn
from adapters.pbn.values import TAG_CHECKS
from td_plugin.audit.reports.json_report import audit_json
from td_plugin.audit.reports.patterns import GROUP_AT, Patterns, cause_of
from td_plugin.audit.reports.text_report import print_audit
from td_plugin.audit.run import run_audit
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext

SHIFTED = Path(__file__).parent / "data" / "pbn_shifted_auctions.pbn"


def _result(path: Path) -> Any:
    return run_audit([str(path)], PluginHost(load_entrypoints=False), ReviewContext(equity=False))


def _text(path: Path, lang: str = "en") -> str:
    out = io.StringIO()
    print_audit(_result(path), out, lang)
    return out.getvalue()


def test_a_cause_of_many_records_is_said_once_with_its_count_and_an_example() -> None:
    text = _text(SHIFTED)
    assert text.count("Contract does not match the auction") == 1
    assert "Contract does not match the auction: 6 records" in text
    assert "read from another seat gives the recorded contract" in text
    assert "For example, board 1 (record 1): The auction ends in 3NT by North" in text
    assert "Board 2 (record 2)" not in text  # no record said on its own
    assert "Records 1, 2, 3, 4, 5, 6 (6 in all" in text


def test_the_json_keeps_every_finding_of_a_pattern() -> None:
    doc = audit_json(_result(SHIFTED), "en")
    assert [(f["kind"], f["record"], f["consistent_from"]) for f in doc["findings"]] == [
        ("contract_mismatch", n, "NESW"[n % 4]) for n in range(1, 7)]


def test_identical_problems_are_said_once_with_the_records_they_concern() -> None:
    text = _text(SHIFTED)
    (line,) = [x for x in text.splitlines() if "not in quotes" in x]
    assert line.lstrip().startswith("! tag values not in quotes")
    said = " ".join(text.split())
    assert "[Result], [Auction]: 6 records (the first at line 6, board 1)" in said
    doc = audit_json(_result(SHIFTED), "en")
    assert len(doc["inputs"][0]["problems"]) == 6  # the JSON keeps every one
    assert "6 resultater" in _text(SHIFTED, "da")


def test_a_cause_of_few_records_is_said_record_by_record(tmp_path: Path) -> None:
    text = SHIFTED.read_text()
    games = text.split("\n\n")
    few = tmp_path / "few.pbn"
    few.write_text("\n\n".join(games[:GROUP_AT - 1]) + "\n")  # the header, then 3 games
    said = _text(few)
    assert said.count("Contract does not match the auction") == 3
    assert "Board 3 (record 3) Contract does not match the auction" in said
    assert "For example" not in said


def test_unquoted_tag_values_are_read_as_written() -> None:
    records = list(read_pbn(SHIFTED).records())
    assert [r.board for r in records] == [1, 2, 3, 4, 5, 6]
    first = records[0]
    assert (first.event, first.dealer.value, first.contract.pbn(), first.declarer_tricks) == (
        "Shifted auctions", "N", "3NT", 9)
    assert [p.message for p in first.problems] == [
        "tag values not in quotes (§3.3), read as written: [Event], [Site], [Board], [Dealer], "
        "[Vulnerable], [Declarer], [Contract], [Result], [Auction]"]


@pytest.mark.parametrize("date", ["2-Aug-2023", "2 August 2023", "Aug 2, 2023", "02/08/2023",
                                  "2023/08/02", "20230802", "2023.08.02", "2023-8-2 18:36"])
def test_common_date_forms_are_dates(date: str) -> None:
    assert TAG_CHECKS["Date"]("Date", date) is None


@pytest.mark.parametrize("date", ["Thursday", "2023", "12-13-14", "AP"])
def test_what_is_no_date_is_still_said(date: str) -> None:
    assert "is not a date" in (TAG_CHECKS["Date"]("Date", date) or "")


def test_a_finding_with_a_ruling_is_never_grouped() -> None:
    revoke = {"kind": "revoke", "record": 1, "ruling": {"text": "..."}}
    assert cause_of(revoke) is None
    patterns = Patterns()
    assert not patterns.take(revoke)
    shifted = {"kind": "contract_mismatch", "record": 1, "consistent_from": "E"}
    assert cause_of(shifted) == "report.pattern.contract_mismatch.seat"
    doubled = {"kind": "contract_mismatch", "auction_contract": "5SX N",
               "recorded_contract": "5S N", "consistent_from": None}
    assert cause_of(doubled) == "report.pattern.contract_mismatch.risk"


def test_the_html_page_says_the_cause_under_its_kind(tmp_path: Path) -> None:
    from td_plugin.cli import main

    page = tmp_path / "report.html"
    assert main(["audit", str(SHIFTED), "--html", str(page), "--json", "--jobs", "1"]) == 1
    html = page.read_text(encoding="utf-8")
    assert "6 records: In each, the auction read from another seat" in html
    table = html.split('<details class="problems"', 1)[1].split("</details>", 1)[0]
    assert table.count("tag values not in quotes") == 1 and "(6 records)" in table


def test_the_per_record_json_of_a_shifted_file_is_unchanged_by_grouping(
        capsys: pytest.CaptureFixture[str]) -> None:
    from td_plugin.cli import main

    main(["audit", str(SHIFTED), "--json", "--jobs", "1"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["findings"] == 6 and doc["summary"]["kinds"] == {"contract_mismatch": 6}


def test_many_problems_of_one_shape_are_said_as_like_the_first() -> None:
    from td_plugin.audit.reports.patterns import ProblemGroups, problem_shape

    def problem(card: str, seat: str, trick: int) -> dict[str, Any]:
        return {"line": trick * 10, "board": trick, "message": (
            f"{card} stands in {seat}'s column of trick {trick} after an unknown card")}

    assert problem_shape(problem("HK", "South", 4)["message"]) == problem_shape(
        problem("D5", "West", 5)["message"])
    few, many = ProblemGroups(), ProblemGroups()
    for n in range(GROUP_AT - 1):
        few.take(problem("HK", "South", n + 1), 20, record=n + 1)
    for n in range(GROUP_AT + 2):
        many.take(problem("D5", "West", n + 1), 20, record=n + 1)
    assert [e.records for e in few.entries()] == [1] * (GROUP_AT - 1)  # said one by one
    (like,) = many.entries()
    assert like.like and like.records == GROUP_AT + 2 and like.line == 10
