"""``td-plugin adjust``: the Director's adjustment list, applied to USEBIO and PBN files.

The reference is Compscore itself: compscore3_mp_pairs_mitchell_02.xml was re-exported as
compscore3_mp_pairs_mitchell_adjusted_02.xml after the Director gave A5050 to 1NS v 1EW
and A6040 to 2NS v 15EW on board 1.
"""

from __future__ import annotations

import hashlib
import json
from decimal import Decimal
from fractions import Fraction

import pytest
import yaml
from lxml import etree

from adapters.pbn.reader import PbnSource
from td_plugin.cases.adjustments import (
    AdjustmentFileError,
    parse_adjustments,
    parse_adjustments_text,
    parse_weighted,
)
from td_plugin.cli import main
from td_plugin.model.board import Vulnerability
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import ArtificialScore, AssignedResult, WeightedScore
from tests import club_plugins_for_commands as club

COMPSCORE = """\
- {board: 1, ns_pair: 1NS, ew_pair: 1EW, artificial: "50/50", law: "12C2"}
- {board: 1, ns_pair: 2, ew_pair: 15, artificial: "60/40", law: "12C2"}
"""


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _board(path, number):
    event = etree.parse(str(path)).getroot().find("EVENT")
    for board in event.findall("BOARD"):
        if board.findtext("BOARD_NUMBER") == str(number):
            return {(tl.findtext("NS_PAIR_NUMBER"), tl.findtext("EW_PAIR_NUMBER")):
                    (tl.findtext("SCORE"), Decimal(tl.findtext("NS_MATCH_POINTS")),
                     Decimal(tl.findtext("EW_MATCH_POINTS")))
                    for tl in board.findall("TRAVELLER_LINE")}
    raise AssertionError(f"no board {number}")


def _pairs(path):
    return {p.findtext("PAIR_NUMBER"): (Decimal(p.findtext("TOTAL_SCORE")),
                                        p.findtext("PERCENTAGE"), p.findtext("PLACE"),
                                        p.findtext("MASTER_POINTS_AWARDED"))
            for p in etree.parse(str(path)).iter("PAIR")}


@pytest.mark.realworld
def test_12c2_compscore_board_1_adjustments_reproduced(realworld, tmp_path, capsys):
    usebio = realworld / "usebio"
    source = usebio / "compscore3_mp_pairs_mitchell_02.xml"
    reference = usebio / "compscore3_mp_pairs_mitchell_adjusted_02.xml"
    digest = _digest(source)
    adjustments = tmp_path / "board1.yaml"
    adjustments.write_text(COMPSCORE)
    out = tmp_path / "out"
    assert main(["adjust", str(source), str(adjustments), "--write-to", str(out)]) == 0
    written = out / source.name
    assert _digest(source) == digest  # the input is never touched

    # board 1: all 21 lines within 0.1 of Compscore's (in fact equal)
    ours, theirs = _board(written, 1), _board(reference, 1)
    assert ours.keys() == theirs.keys() and len(ours) == 21
    for table, (score, ns, ew) in theirs.items():
        assert ours[table][0] == score
        assert abs(ours[table][1] - ns) <= Decimal("0.1") and abs(ours[table][2] - ew) <= Decimal("0.1")
    assert ours == theirs
    assert theirs[("1NS", "1EW")] == ("A5050", 20, 20)
    assert theirs[("2NS", "15EW")] == ("A6040", 24, 16)
    assert theirs[("3NS", "17EW")] == ("140", Decimal("29.9"), Decimal("10.1"))

    # The totals: every one of the 42 pairs' total, percentage and place is Compscore's
    # to the last digit (largest difference 0.00), because every board is scored again
    # from the travellers with unrounded Neuberg matchpoints (rounding only for display)
    # and the factoring Compscore uses. The _02 file's own totals are stale (integers from
    # before the A6060 on board 2 and the averages on board 1: 8EW had 554.00 where its
    # travellers add up to 565.4), so patching them by board 1's change alone would have
    # been 11.24 off for 8EW. Master points are re-awarded on the file's own place scale.
    ours_pairs, their_pairs = _pairs(written), _pairs(reference)
    assert max(abs(ours_pairs[p][0] - their_pairs[p][0]) for p in their_pairs) == 0
    assert ours_pairs == their_pairs
    stale = _pairs(source)
    assert their_pairs["8EW"][0] - stale["8EW"][0] == Decimal("11.24")
    # and so the whole file is the one Compscore wrote
    assert written.read_bytes() == reference.read_bytes()

    report = capsys.readouterr().out
    assert "Board 1, 2NS v 15EW: 4S S 9 -50 -> A6040 (Law 12C2)" in report
    assert "Pair 2NS: total 562.00 -> 568.65, 52.04% -> 52.65%, place 9 -> 6" in report


def _run(tmp_path, source, text, *extra):
    adjustments = tmp_path / "adjustments.yaml"
    adjustments.write_text(text)
    out = tmp_path / "out"
    code = main(["adjust", str(source), str(adjustments), "--write-to", str(out), *extra])
    return code, out / source.name


WEIGHTED = """\
- board: 1
  ns_pair: 4
  ew_pair: 4
  weighted:
    - {result: "4S S 10", weight: 0.6}
    - {result: "4S S 9", weight: 0.4}
  law: 12C1(c)
  note: "Without the misinformation North plays 4S."
"""


def test_12c1c_weighted_score_in_usebio_is_the_weighted_sum_by_hand(data_dir, tmp_path):
    # Board 1 of the small Mitchell, top 6: +420 +450 -50 at tables 1-3, and table 4
    # given 60 % of 4S= (+420) and 40 % of 4S-1 (-50). As +420 table 4 would score 3
    # (beats -50, ties +420); as -50 it would score 1 (ties -50). So 4NS gets
    # 0.6 x 3 + 0.4 x 1 = 2.2 and 4EW 3.8; table 1 (+420) ties 60 % and beats 40 % of it:
    # 2 + 0.6 + 0.8 = 3.4; table 3 (-50) ties 40 % of it: 0.4; +450 keeps its top.
    code, written = _run(tmp_path, data_dir / "usebio_v13_mitchell_latin1.xml", WEIGHTED)
    assert code == 0
    board = _board(written, 1)
    assert board[("4NS", "4EW")] == ("400", Decimal("2.2"), Decimal("3.8"))
    assert board[("1NS", "1EW")][1:] == (Decimal("3.4"), Decimal("2.6"))
    assert board[("2NS", "2EW")][1:] == (Decimal("6.0"), Decimal("0.0"))
    assert board[("3NS", "3EW")][1:] == (Decimal("0.4"), Decimal("5.6"))
    pairs = _pairs(written)
    # board 2 unchanged: 1NS 4, 2NS 2, 3NS 6, 4NS 0 of a top of 6
    assert {p: v[0] for p, v in pairs.items() if p.endswith("NS")} == {
        "1NS": Decimal("7.40"), "2NS": Decimal("8.00"), "3NS": Decimal("6.40"),
        "4NS": Decimal("2.20")}
    assert [pairs[p][2] for p in ("2NS", "1NS", "3NS", "4NS")] == ["1", "2", "3", "4"]
    assert pairs["1NS"][1] == "61.67"


PBN_ADJUSTMENTS = WEIGHTED + """\
- {board: 2, ns_pair: 1, ew_pair: 2, artificial: "60/40", law: "12C2"}
- {board: 2, ns_pair: 3, ew_pair: 4, assigned: "2S N 10", law: "12C1(a)"}
"""


def test_pbn_scoretable_adjusted_passes_the_pbn_reader(data_dir, tmp_path, capsys):
    source = data_dir / "scoretable_mitchell.pbn"
    digest = _digest(source)
    code, written = _run(tmp_path, source, PBN_ADJUSTMENTS)
    assert code == 0 and _digest(source) == digest
    pbn = PbnSource(written)
    games = list(pbn.games())
    assert [g.problems for g in games] == [(), ()] and pbn.file_problems() == []
    rows = [t.rows for t in (g.tables["ScoreTable"] for g in games)]
    # the weighted table keeps its result, its points marked as adjusted (^)
    assert rows[0][3] == ["4", "4", "3NT", "N", "9", "400", "^2.2", "^3.8"]
    assert rows[0][0][-2:] == ["3.4", "2.6"]
    # artificial: no result, ^ points; assigned: the new result and score
    assert rows[1][0] == ["1", "2", "-", "-", "-", "-", "^3.6", "^2.4"]
    assert rows[1][2] == ["3", "4", "2S", "N", "10", "170", "5.7", "0.3"]
    # Neuberg: three results compared for four expected, top 6
    assert rows[1][1][-2:] == ["3.0", "3.0"] and rows[1][3][-2:] == ["0.3", "5.7"]
    text = written.read_text(encoding="utf-8")
    assert ("{Board 1, 4 v 4: weighted score 3/5 x 4S S 10 + 2/5 x 4S S 9 (Law 12C1(c)). "
            "Without the misinformation North plays 4S.}") in text
    assert "{Board 2, 1 v 2: artificial score 60/40 (Law 12C2).}" in text
    assert "Board 2, 3 v 4: 2S N 8 110 -> 2S N 10 (Law 12C1(a))" in capsys.readouterr().out


def test_pbn_and_usebio_give_the_same_points(data_dir, tmp_path):
    # the two small fixtures hold the same session
    text = PBN_ADJUSTMENTS
    (tmp_path / "u").mkdir()
    (tmp_path / "p").mkdir()
    _, usebio_out = _run(tmp_path / "u", data_dir / "usebio_v13_mitchell_latin1.xml", text)
    _, pbn_out = _run(tmp_path / "p", data_dir / "scoretable_mitchell.pbn", text)
    games = list(PbnSource(pbn_out).games())
    assert [g.problems for g in games] == [(), ()]
    for board, game in ((1, games[0]), (2, games[1])):
        from_usebio = {(ns[:-2], ew[:-2]): (v[1], v[2]) for (ns, ew), v in _board(usebio_out, board).items()}
        from_pbn = {(row[0], row[1]): (Decimal(row[6].lstrip("^")), Decimal(row[7].lstrip("^")))
                    for row in game.tables["ScoreTable"].rows}
        assert from_usebio == from_pbn


def test_pbn_game_without_adjustment_is_written_byte_for_byte(data_dir, tmp_path):
    source = data_dir / "scoretable_mitchell.pbn"
    code, written = _run(tmp_path, source, "- {board: 2, ns_pair: 1, ew_pair: 2, "
                                           "artificial: '50/50', law: '12C2'}\n")
    assert code == 0
    first_game = source.read_bytes().split(b"\n\n")[0]
    assert written.read_bytes().split(b"\n\n")[0] == first_game


def test_json_report(data_dir, tmp_path, capsys):
    code, _ = _run(tmp_path, data_dir / "usebio_v13_mitchell_latin1.xml",
                   "- {board: 2, ns_pair: 1, ew_pair: 2, artificial: '60/40', law: '12C2'}\n",
                   "--json")
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["adjusted"][0]["after"] == "A6040"
    assert report["adjusted"][0]["points_after"] == ["3.6", "2.4"]
    assert {p["pair"] for p in report["pairs"]} >= {"1NS", "2EW"}


def test_danish_report(data_dir, tmp_path, capsys):
    code, _ = _run(tmp_path, data_dir / "usebio_v13_mitchell_latin1.xml",
                   "- {board: 2, ns_pair: 1, ew_pair: 2, artificial: '60/40', law: '12C2'}\n",
                   "--lang", "da")
    assert code == 0
    assert "Spil 2, 1NS mod 2EW: 2H W 8 -110 -> A6040 (§ 12C2)" in capsys.readouterr().out


# --- refusals ---------------------------------------------------------------------------

def test_writing_over_the_input_is_refused(data_dir, tmp_path, capsys):
    source = tmp_path / "session.xml"
    source.write_bytes((data_dir / "usebio_v13_mitchell_latin1.xml").read_bytes())
    adjustments = tmp_path / "a.yaml"
    adjustments.write_text("- {board: 1, ns_pair: 1, ew_pair: 1, artificial: '50/50', law: '12C2'}\n")
    digest = _digest(source)
    assert main(["adjust", str(source), str(adjustments), "--write-to", str(tmp_path)]) == 2
    assert "--write-to would overwrite the input" in capsys.readouterr().err
    assert _digest(source) == digest


def test_an_unknown_table_is_named_and_nothing_is_written(data_dir, tmp_path, capsys):
    code, written = _run(tmp_path, data_dir / "usebio_v13_mitchell_latin1.xml",
                         "- {board: 1, ns_pair: 1, ew_pair: 1, artificial: '50/50', law: '12C2'}\n"
                         "- {board: 9, ns_pair: 1, ew_pair: 1, artificial: '50/50', law: '12C2'}\n")
    assert code == 2 and not written.exists()
    assert "entry 2 (board 9, 1 v 1): no such table in the file (no board 9)" in capsys.readouterr().err


def test_a_pbn_table_not_listed_is_named(data_dir, tmp_path, capsys):
    code, _ = _run(tmp_path, data_dir / "scoretable_mitchell.pbn",
                   "- {board: 1, ns_pair: 1, ew_pair: 3, artificial: '50/50', law: '12C2'}\n")
    assert code == 2
    assert "entry 1 (board 1, 1 v 3): no ScoreTable of board 1 lists this table" in \
        capsys.readouterr().err


def test_a_table_no_scoretable_lists_is_reported_with_the_other_mistakes(data_dir, tmp_path,
                                                                         capsys):
    code, written = _run(tmp_path, data_dir / "scoretable_mitchell.pbn",
                         "- {board: 1, ns_pair: 1, ew_pair: 3, artificial: '50/50', law: '12C2'}\n"
                         "- {board: 2, ns_pair: 1, ew_pair: 2, artificial: '5050', law: ''}\n")
    assert code == 2 and not written.exists()
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].endswith("2 mistakes, nothing written:")
    assert lines[1].startswith("  entry 2 (board 2, 1 v 2): law must name a clause")
    assert lines[2] == "  entry 1 (board 1, 1 v 3): no ScoreTable of board 1 lists this table"


# --- through the plugin host ---------------------------------------------------------------

def test_hook_td_adjustment_decided_sees_every_adjustment_adjust_applies(data_dir, tmp_path,
                                                                          club_plugins):
    club_plugins(spy="spy")
    code, written = _run(tmp_path, data_dir / "usebio_v13_mitchell_latin1.xml", PBN_ADJUSTMENTS)
    assert code == 0 and written.exists()
    entries = parse_adjustments_text(PBN_ADJUSTMENTS)
    assert len(club.decided) == len(entries) == 3
    for (record, change), entry in zip(club.decided, entries):
        # the record of the entry's table, and the entry as the change's annotation
        assert entry.matches(record.board, record.ns_pair, record.ew_pair)
        assert change.record == record.location.record and change.pairs is None
        assert change.annotations == (entry,) and change.law == entry.law
        assert change.outcome == entry.outcome.scored(record.vulnerability)
    assert club.decided[2][1].outcome == AssignedResult(
        Contract.from_pbn("2S", "N"), 10, 170)  # board 2 is NS vulnerable: 2S+2 = 170
    # a PBN ScoreTable: the change goes to the game of the board and names the table
    club.decided.clear()
    (tmp_path / "p").mkdir()
    code, _ = _run(tmp_path / "p", data_dir / "scoretable_mitchell.pbn", PBN_ADJUSTMENTS)
    assert code == 0
    assert [(r.board, r.location.record, c.pairs) for r, c in club.decided] == [
        (1, 1, ("4", "4")), (2, 2, ("1", "2")), (2, 2, ("3", "4"))]


def test_nothing_is_decided_when_the_copy_cannot_be_written(data_dir, tmp_path, club_plugins,
                                                            capsys):
    club_plugins(spy="spy")
    code, written = _run(tmp_path, data_dir / "scoretable_mitchell.pbn",
                         "- {board: 1, ns_pair: 1, ew_pair: 3, artificial: '50/50', law: '12C2'}\n")
    assert code == 2 and not written.exists() and club.decided == []
    assert "no ScoreTable of board 1 lists this table" in capsys.readouterr().err


@pytest.mark.parametrize("name, adapter", [("usebio_v13_mitchell_latin1.xml", "usebio"),
                                           ("scoretable_mitchell.pbn", "pbn")])
def test_a_blocked_adapter_is_refused_like_the_audit(data_dir, tmp_path, capsys, monkeypatch,
                                                     name, adapter):
    monkeypatch.setenv("TD_PLUGIN_DISABLE", adapter)
    source = data_dir / name
    code, written = _run(tmp_path, source, "- {board: 2, ns_pair: 1, ew_pair: 2, "
                                           "artificial: '60/40', law: '12C2'}\n")
    assert code == 2 and not written.exists()
    refused = capsys.readouterr().err
    assert "no adapter knows this file" in refused and f"{adapter}," not in refused
    assert main(["audit", str(source), "--json"]) == 2
    (audited,) = json.loads(capsys.readouterr().out)["inputs"]
    assert audited["error"] in refused  # the same words as the audit's


def test_a_club_writer_replaces_the_builtin_one_for_adjust_and_audit(data_dir, tmp_path,
                                                                     club_plugins):
    club_plugins(club_writer="club_writer", spy="spy")
    source = data_dir / "usebio_v13_mitchell_latin1.xml"
    code, written = _run(tmp_path, source, WEIGHTED, "--lang", "da")
    assert code == 0
    assert written.read_bytes() == source.read_bytes() + club.MARK
    ((src, dest, changes, lang),) = club.written
    assert (src, dest, lang) == (str(source), str(written), "da")
    (change,) = [c for items in changes.values() for c in items]
    assert isinstance(change.outcome, WeightedScore) and change.law == "12C1(c)"
    assert len(club.decided) == 1  # applied: announced
    # the audit writes its adjusted copies through the same writer
    out = tmp_path / "audited"
    assert main(["audit", str(source), "--write-to", str(out), "--json"]) in (0, 1)
    assert (out / source.name).read_bytes() == source.read_bytes() + club.MARK
    assert len(club.written) == 2


def test_pbn_games_naming_their_pairs_get_the_adjusted_result(tmp_path, capsys):
    """A PBN file with a game per table (``PairNS``/``PairEW``): an assigned result goes
    into the game's Result and Score tags, an artificial score into its commentary."""
    game = ('[Board "{board}"]\n[Vulnerable "{vul}"]\n[PairNS "{ns}"]\n[PairEW "{ew}"]\n'
            '[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Score "NS {score}"]\n')
    source = tmp_path / "tables.pbn"
    source.write_text("\n".join([game.format(board=1, vul="None", ns=1, ew=2, score=420),
                                 game.format(board=1, vul="None", ns=3, ew=4, score=420),
                                 game.format(board=2, vul="NS", ns=1, ew=4, score=620)]))
    code, written = _run(tmp_path, source,
                         "- {board: 1, ns_pair: 3, ew_pair: 4, assigned: '4S S 9', law: '64C'}\n"
                         "- {board: 2, ns_pair: 1, ew_pair: 4, artificial: '60/40', law: '12C2',"
                         " note: 'Fouled board'}\n")
    assert code == 0
    records = list(PbnSource(written).records())
    assert [(r.declarer_tricks, r.score_ns) for r in records] == [(10, 420), (9, -50), (10, 620)]
    text = written.read_text()
    assert ('[Result "10"] {Board 2, 1 v 4: artificial score 60/40 (Law 12C2). Fouled board}'
            in text)
    assert "Wrote " in capsys.readouterr().err


# --- the adjustment list ------------------------------------------------------------------

def test_adjustment_list_in_yaml_and_json():
    yaml_list = parse_adjustments_text(WEIGHTED + COMPSCORE, "a.yaml")
    assert [a.entry for a in yaml_list] == [1, 2, 3]
    weighted = yaml_list[0].outcome
    assert isinstance(weighted, WeightedScore)
    assert [w for w, _ in weighted.components] == [Fraction(3, 5), Fraction(2, 5)]
    assert weighted.components[0][1] == AssignedResult.parse("4S S 10")
    assert yaml_list[0].law == "12C1(c)" and yaml_list[0].note.startswith("Without")
    assert yaml_list[2].outcome == ArtificialScore(60, 40)
    assert parse_weighted(yaml.safe_load(WEIGHTED)[0]["weighted"]) == weighted
    json_list = parse_adjustments_text(json.dumps(
        [{"board": 3, "ns_pair": "7", "ew_pair": "2", "artificial": "60/40", "variable": True,
          "law": "12C2"}]))
    assert json_list[0].outcome == ArtificialScore(60, 40, variable=True)
    assert json_list[0].matches(3, "7NS", "2EW")


def test_assigned_results_score_by_vulnerability():
    assert AssignedResult.parse("4S S 9").scored(Vulnerability.NONE).score_ns == -50
    assert AssignedResult.parse("3NTX W 7").scored(Vulnerability.EW).score_ns == 500
    assert AssignedResult.parse("PASS").scored(Vulnerability.ALL).score_ns == 0
    assert AssignedResult.parse("4s s 10").notation() == "4S S 10"


@pytest.mark.parametrize("entry, message", [
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "artificial": "60/40"}, "law is missing"),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C2"},
     "give exactly one of assigned, artificial, weighted"),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C2", "artificial": "60/40",
      "assigned": "4S S 9"}, r"found assigned, artificial"),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C1(c)",
      "weighted": [{"result": "4S S 10", "weight": 0.6}, {"result": "4S S 9", "weight": 0.3}]},
     "weights sum to 0.9, not 1"),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C1(a)", "assigned": "4S 9"},
     "'4S 9' is not a result like"),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C1(a)", "assigned": "4S S 14"},
     "declarer cannot take 14 tricks"),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C2", "artificial": "sixty"},
     "is not like \"60/40\""),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C2", "artificial": "60/40",
      "colour": "red"}, "unknown key"),
    ({"board": "one", "ns_pair": 1, "ew_pair": 2, "law": "12C2", "artificial": "60/40"},
     "board must be a board number"),
    ({"board": 1, "ns_pair": 1, "ew_pair": 2, "law": "12C1(a)", "assigned": "4S S 9",
      "variable": True}, "variable applies only to an artificial score"),
])
def test_bad_entries_are_named(entry, message):
    with pytest.raises(AdjustmentFileError,
                       match=r"x\.yaml: 1 mistake, nothing written:\n  entry 2 \(board .*\): .*"
                       + message):
        parse_adjustments([{"board": 5, "ns_pair": 1, "ew_pair": 2, "artificial": "50/50",
                            "law": "12C2"}, entry], "x.yaml")


def test_every_bad_entry_is_reported_at_once():
    with pytest.raises(AdjustmentFileError) as info:
        parse_adjustments([{"board": 1}, {"board": 2, "ns_pair": 1, "ew_pair": 2,
                                          "artificial": "50/50", "law": "12C2"},
                           {"board": 2, "ns_pair": "1NS", "ew_pair": "2EW",
                            "artificial": "60/40", "law": "12C2"}, 7])
    text = str(info.value)
    assert "entry 1 (board 1, None v None): ns_pair is missing" in text
    assert "entry 3 (board 2, 1NS v 2EW): the same table as entry 2" in text
    assert "entry 4: an entry is a mapping" in text


def test_not_a_list():
    with pytest.raises(AdjustmentFileError, match="must be a list"):
        parse_adjustments_text("board: 1\n")


# --- every mistake at once, as Notepad saves the list ---------------------------------------

def test_every_mistake_is_reported_at_once_one_a_line_with_those_only_the_file_shows(
        data_dir, tmp_path, capsys):
    code, written = _run(tmp_path, data_dir / "usebio_v13_mitchell_latin1.xml",
                         "- {board: 1, ns_pair: 1, ew_pair: 1, artificial: '50/50', law: '12C2'}\n"
                         "- {board: 1, ns_pair: 2, ew_pair: 2, artificial: 'sixty', law: '12C2'}\n"
                         "- {board: 99, ns_pair: 1, ew_pair: 3, artificial: '60/40', law: '12C2'}\n"
                         "- {board: 2, ns_pair: 7, ew_pair: 7, artificial: '60/40', law: '12C2'}\n")
    assert code == 2 and not written.exists()
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert lines[0].endswith("adjustments.yaml: 3 mistakes, nothing written:")
    assert lines[1].startswith("  entry 2 (board 1, 2 v 2): artificial score 'sixty'")
    assert lines[2] == "  entry 3 (board 99, 1 v 3): no such table in the file (no board 99)"
    assert lines[3].startswith("  entry 4 (board 2, 7 v 7): no such table in the file (board 2 "
                               "was played by")
    assert len(lines) == 4


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig", "utf-16"])
def test_a_list_saved_by_notepad_is_read(data_dir, tmp_path, encoding, capsys):
    source = tmp_path / "tables.pbn"
    source.write_bytes((data_dir / "scoretable_mitchell.pbn").read_bytes())
    adjustments = tmp_path / "adjustments.yaml"
    adjustments.write_bytes("- {board: 2, ns_pair: 1, ew_pair: 2, artificial: '50/50', "
                            "law: '12C2', note: 'Øst så sit kort – afbrudt'}\n".encode(encoding))
    code = main(["adjust", str(source), str(adjustments), "--write-to", str(tmp_path / "out")])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "Øst så sit kort – afbrudt" in (tmp_path / "out" / source.name).read_text(
        encoding="utf-8", errors="replace") + captured.out


def test_the_copy_gets_the_permissions_of_the_input(data_dir, tmp_path):
    source = tmp_path / "results.xml"
    source.write_bytes((data_dir / "usebio_v13_mitchell_latin1.xml").read_bytes())
    source.chmod(0o640)
    code, written = _run(tmp_path, source, "- {board: 1, ns_pair: 1, ew_pair: 1, "
                                           "artificial: '50/50', law: '12C2'}\n")
    assert code == 0 and written.stat().st_mode & 0o777 == 0o640


def test_every_outcome_says_how_it_is_written_and_only_entry_kinds_are_read():
    from td_plugin.model.outcomes import ENTRY_KINDS, Outcome, ScoreOnly, TableResult

    class Unwritten(Outcome):
        pass

    with pytest.raises(TypeError):
        Unwritten()  # an outcome without a notation cannot be made
    assert all(kind.entry_key == key for key, kind in ENTRY_KINDS.items())
    for kind in (ScoreOnly, TableResult):  # no adjustments-list entry gives these
        assert kind.entry_key is None
        with pytest.raises(TypeError, match=kind.__name__):
            kind.from_entry("4S S 10", {})
