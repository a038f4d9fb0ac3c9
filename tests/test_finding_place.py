"""Where it happened: every finding on a session of several tables names the section,
table, round and both pairs the source gives (text, HTML and JSON), beside the board and
the record's place in the file; where the source does not give them, nothing is invented.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from td_plugin.audit.reports.html_report import render_html
from td_plugin.audit.reports.json_report import audit_json
from td_plugin.audit.reports.text_report import print_audit
from td_plugin.audit.result import AuditResult, InputReport, review_records
from td_plugin.cli import main
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext

BWS = "bws/acbl_club_pairs_2025-12-23_2sections_redacted.bws"

#: two tables of a Mitchell, the pairs and the table each board was played at; board 2
#: scored as if not vulnerable (a score_mismatch)
SESSION = """\
[Event "Club pairs"]
[Board "1"]
[Section "B"]
[Table "4"]
[Round "3"]
[PairNS "7"]
[PairEW "12"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "4S"]
[Declarer "S"]
[Result "10"]
[Score "NS 420"]

[Event "Club pairs"]
[Board "2"]
[Section "B"]
[Table "5"]
[Round "3"]
[PairNS "8"]
[PairEW "13"]
[Dealer "E"]
[Vulnerable "NS"]
[Contract "4S"]
[Declarer "S"]
[Result "10"]
[Score "NS 420"]
"""


def test_12c2a_not_played_names_section_table_round_and_pairs_of_a_real_session(
        realworld: Path) -> None:
    """Law 12C2(a) on a real Bridgemate session of two sections: a board entered as not
    played is found with the section, table, round and both pairs of its result, in the
    finding itself, the JSON, the text report and the HTML page."""
    host = PluginHost(load_entrypoints=False)
    path = str(realworld / BWS)
    records = list(host.open_source(path).records())
    chosen = next(r for r in records if r.section == "B" and r.ns_pair != r.ew_pair)
    records = [r.evolve(not_played=True) if r is chosen else r for r in records]
    result = AuditResult(keep_flagged=True)
    report = InputReport(path=path)
    result.inputs.append(report)
    review_records(iter(records), host, ReviewContext(equity=False), result, report)
    (f,) = [f for f in result.findings if f.kind == "not_played"]
    assert (f.section, f.table, f.round, f.ns_pair, f.ew_pair) == \
        (chosen.section, chosen.table, chosen.round, chosen.ns_pair, chosen.ew_pair)
    assert f.board == chosen.board and f.record == chosen.location.record

    (j,) = [x for x in audit_json(result)["findings"] if x["kind"] == "not_played"]
    assert {k: j[k] for k in ("section", "table", "round", "ns_pair", "ew_pair")} == \
        {"section": "B", "table": chosen.table, "round": chosen.round,
         "ns_pair": chosen.ns_pair, "ew_pair": chosen.ew_pair}
    where = (f"Section B, Table {chosen.table}, Round {chosen.round}, NS {chosen.ns_pair}, "
             f"EW {chosen.ew_pair}")
    out = io.StringIO()
    print_audit(result, out)
    head = f"Board {chosen.board} (record {chosen.location.record}) Board not played"
    assert f"\n  {where}\n" in out.getvalue().split(head)[1]
    da = io.StringIO()
    print_audit(result, da, "da")
    assert f"Række B, Bord {chosen.table}, Runde {chosen.round}" in da.getvalue()
    assert f"ØV {chosen.ew_pair}" in da.getvalue()


def test_every_finding_names_its_table_in_text_json_and_html(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(SESSION, encoding="utf-8")
    assert main(["audit", "--json", str(path)]) == 1
    (f,) = json.loads(capsys.readouterr().out)["findings"]
    assert (f["board"], f["section"], f["table"], f["round"], f["ns_pair"], f["ew_pair"]) == \
        (2, "B", "5", 3, "8", "13")
    html = tmp_path / "r.html"
    assert main(["audit", "--html", str(html), str(path)]) == 1
    text = capsys.readouterr().out
    assert "\n  Section B, Table 5, Round 3, NS 8, EW 13\n" in text.split("Board 2 (record 2)")[1]
    page = html.read_text(encoding="utf-8")
    assert "Section B · Table 5 · Round 3" in page and "NS: 8<br>EW: 13" in page


def test_no_place_is_invented_where_the_source_gives_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bare = "\n".join(line for line in SESSION.splitlines()
                     if not line.startswith(("[Section", "[Table", "[Round", "[Pair")))
    path = tmp_path / "bare.pbn"
    path.write_text(bare + "\n", encoding="utf-8")
    assert main(["audit", "--json", str(path)]) == 1
    (f,) = json.loads(capsys.readouterr().out)["findings"]
    assert [f[k] for k in ("section", "table", "round", "ns_pair", "ew_pair")] == [None] * 5
    assert main(["audit", str(path)]) == 1
    text = capsys.readouterr().out
    assert "Board 2 (record 2)" in text and "Section" not in text and "NS " not in text


def test_html_rows_of_a_kind_name_the_table(tmp_path: Path) -> None:
    """The findings of a kind beyond those shown in full are rows that say where."""
    from td_plugin.model.board import BoardRecord
    from td_plugin.model.findings import Finding, placed

    records = [BoardRecord(board=b, section="A", table=str(b), round=1, ns_pair=str(b),
                           ew_pair=str(b + 10)) for b in range(1, 8)]
    items = [(r, placed([Finding(kind="not_played", key="result.not_played", board=r.board,
                                 record=b)], r)) for b, r in enumerate(records, 1)]
    page = render_html(items, title="t")
    assert "<td>Section A, Table 7, Round 1, NS 7, EW 17</td>" in page
