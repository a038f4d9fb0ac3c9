"""Law 87B: a fouled board's results scored in groups, through ``td-plugin adjust``.

The figures are worked by hand from the real Compscore files (board 2 of the Howell
matchpoint pairs, boards 2 and 7 of the Howell Butler pairs); the comments show the
arithmetic.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

import pytest
from lxml import etree

from td_plugin.cases.adjustments import FouledBoard, check_adjustments, parse_adjustments
from td_plugin.cli import main
from td_plugin.model.fouled import SMALL_GROUP_RULES, score_groups
from td_plugin.model.rescoring import Line, neuberg


def _lines(path, number):
    event = etree.parse(str(path)).getroot().find("EVENT")
    for board in event.findall("BOARD"):
        if board.findtext("BOARD_NUMBER") == str(number):
            out = {}
            for tl in board.findall("TRAVELLER_LINE"):
                ns = tl.findtext("NS_MATCH_POINTS") or tl.findtext("NS_BUTLER_POINTS")
                ew = tl.findtext("EW_MATCH_POINTS") or tl.findtext("EW_BUTLER_POINTS")
                out[(tl.findtext("NS_PAIR_NUMBER"), tl.findtext("EW_PAIR_NUMBER"))] = (
                    Decimal(ns), Decimal(ew))
            return out
    raise AssertionError(f"no board {number}")


def _totals(path):
    return {p.findtext("PAIR_NUMBER"): Decimal(p.findtext("TOTAL_SCORE"))
            for p in etree.parse(str(path)).iter("PAIR")}


def _adjust(tmp_path, source, entries, *extra):
    listing = tmp_path / "adjustments.json"
    listing.write_text(json.dumps(entries), encoding="utf-8")
    code = main(["adjust", str(source), str(listing), "--write-to", str(tmp_path / "out"),
                 *extra])
    return code, tmp_path / "out" / source.name


@pytest.mark.parametrize("expected", [2, 5, 6, 13])
def test_87b_neuberg_formulas_of_wbf_acbl_and_ebu_are_one(expected: int) -> None:
    """M' = (M + 1) N/n - 1 (2 a beat) is the WBF/ACBL S·N/n + (N - n)/2n (1 a beat)
    and the EBU's ((M × E) + (E - A)) / A, for every group size and score."""
    for n in range(1, expected + 1):
        for beats in range(2 * (n - 1) + 1):  # half-beats: ties included
            m = Fraction(beats)  # matchpoints 2 a beat
            s = m / 2  # the same result, 1 a beat
            ours = neuberg(m, n, expected)
            wbf_acbl = s * Fraction(expected, n) + Fraction(expected - n, 2 * n)
            ebu = (m * expected + (expected - n)) / Fraction(n)
            assert ours == ebu == 2 * wbf_acbl == 2 * neuberg(s, n, expected, scale=1)


@pytest.mark.realworld
def test_87b_groups_matchpointed_apart_and_factored_real_usebio(realworld, tmp_path) -> None:
    source = realworld / "usebio" / "compscore3_mp_pairs_howell.xml"
    before = _totals(source)
    code, out = _adjust(tmp_path, source, [
        {"board": 2, "fouled": [{"ns_pair": 5, "ew_pair": 2}, {"ns_pair": 8, "ew_pair": 4}],
         "law": "87B"}])
    assert code == 0
    # Board 2, six results, top 10. Correct form (n = 4): +100 (3v11, 6v10, 9v7) and
    # +50 (12v1): +100 scores 4 of 6, +50 0; EW the rest. (M + 1) * 6/4 - 1:
    # 4 -> 6.5, 0 -> 0.5, 2 -> 3.5, 6 -> 9.5. Changed form (n = 2): +50 (8v4) beats
    # -430 (5v2): 2 -> (2 + 1) * 3 - 1 = 8, 0 -> 2.
    assert _lines(out, 2) == {
        ("3", "11"): (Decimal("6.5"), Decimal("3.5")), ("5", "2"): (Decimal(2), Decimal(8)),
        ("6", "10"): (Decimal("6.5"), Decimal("3.5")), ("8", "4"): (Decimal(8), Decimal(2)),
        ("9", "7"): (Decimal("6.5"), Decimal("3.5")), ("12", "1"): (Decimal("0.5"), Decimal("9.5"))}
    after = _totals(out)
    # before: 5v2 0/10, 8v4 3/7, 12v1 3/7 (all on a top of 10, every board played)
    assert after["5"] - before["5"] == 2 and after["2"] - before["2"] == -2
    assert after["8"] - before["8"] == 5 and after["4"] - before["4"] == -5
    assert after["12"] - before["12"] == Decimal("-2.5")
    assert after["1"] - before["1"] > 0  # 7 -> 9.5, factored for a board not played


@pytest.mark.realworld
def test_87b_acbl_1991_fixed_scores_for_a_group_of_two(realworld, tmp_path) -> None:
    source = realworld / "usebio" / "compscore3_mp_pairs_howell.xml"
    code, out = _adjust(tmp_path, source, [
        {"board": 2, "fouled": [{"ns_pair": 5, "ew_pair": 2}, {"ns_pair": 8, "ew_pair": 4}],
         "law": "87B", "small_groups": "acbl-1991"}])
    assert code == 0
    lines = _lines(out, 2)
    # the group of two: the better result 65 %, the other 55 %, each direction apart
    assert lines[("8", "4")] == (Decimal("6.5"), Decimal("5.5"))
    assert lines[("5", "2")] == (Decimal("5.5"), Decimal("6.5"))
    assert lines[("3", "11")] == (Decimal("6.5"), Decimal("3.5"))  # four: the formula
    assert "ACBL Bulletin, June 1991" in SMALL_GROUP_RULES["acbl-1991"].source


@pytest.mark.realworld
def test_87b_butler_datum_per_group_real_usebio(realworld, tmp_path) -> None:
    source = realworld / "usebio" / "compscore3_butler_howell.xml"
    before = _lines(source, 7)
    code, out = _adjust(tmp_path, source, [
        {"board": 2, "fouled": [{"ns_pair": 2, "ew_pair": 7}], "law": "87B"},
        {"board": 7, "fouled": [{"ns_pair": 6, "ew_pair": 5}, {"ns_pair": 8, "ew_pair": 2}],
         "law": "87B"}])
    assert code == 0 and before[("8", "2")] == (11, -11)
    # board 2: +50 alone is its own datum (0); the rest -460, -490, -430: datum -460
    # (top and bottom dropped), -30 -> -1, +30 -> +1
    assert _lines(out, 2) == {("2", "7"): (0, 0), ("3", "6"): (0, 0),
                              ("5", "4"): (-1, 1), ("8", "1"): (1, -1)}
    # board 7: +170 and +620, datum 395 -> 400: -230 -> -6, +220 -> +6; -100 and -200,
    # datum -150: +50 -> +2, -50 -> -2
    assert _lines(out, 7) == {("3", "1"): (2, -2), ("4", "7"): (-2, 2),
                              ("6", "5"): (-6, 6), ("8", "2"): (6, -6)}


def test_87b_cross_imps_within_each_group() -> None:
    lines = [Line("1", "1", 620), Line("2", "2", 170), Line("3", "3", 650), Line("4", "4", 140)]
    scores, _ = score_groups(lines, [0, 1, 0, 1], "cross_imps")
    # 620 v 650 -> -1; 170 v 140 -> +1
    assert [s.ns for s in scores] == [-1, 1, 1, -1]


@pytest.mark.realworld
def test_87b_every_mistake_of_fouled_entries_reported_nothing_written(
        realworld, tmp_path, capsys) -> None:
    source = realworld / "usebio" / "compscore3_mp_pairs_howell.xml"
    code, out = _adjust(tmp_path, source, [
        {"board": 2, "fouled": [{"ns_pair": 5, "ew_pair": 3}], "law": "87B"},
        {"board": 1, "fouled": [[{"ns_pair": 3, "ew_pair": 11}],
                                [{"ns_pair": 3, "ew_pair": 11}]], "law": "87B"},
        {"board": 3, "fouled": [{"ns_pair": p, "ew_pair": e} for p, e in
                                (("3", "11"), ("5", "2"), ("6", "10"), ("8", "4"),
                                 ("9", "7"), ("12", "1"))], "law": "87B"},
        {"board": 4, "ns_pair": 1, "ew_pair": 2, "artificial": "70/30", "law": "12C2"}])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert "4 mistakes, nothing written" in err
    assert "entry 1 (board 2, fouled): 5 v 3 did not play board 2" in err
    assert "entry 2 (board 1, fouled): 3 v 11 is in groups 1 and 2" in err
    assert "entry 3 (board 3, fouled): group 1 holds every result of board 3" in err
    assert "entry 4 (board 4, 1 v 2)" in err


def test_87b_entry_written_as_read() -> None:
    entry = {"board": 4, "fouled": [[{"ns_pair": "1", "ew_pair": "1"}],
                                    [{"ns_pair": "5", "ew_pair": "8"},
                                     {"ns_pair": "6", "ew_pair": "9"}]], "law": "87B"}
    (fouled,) = parse_adjustments([entry])
    assert isinstance(fouled, FouledBoard) and fouled.form_of("6", "9") == 2
    assert fouled.form_of("2", "3") == 0 and fouled.to_entry() == entry
    _, mistakes = check_adjustments([{"board": 4, "fouled": [], "law": "87B"},
                                     {"board": 4, "fouled": [{"ns_pair": 1}], "law": "87B"},
                                     {"board": 5, "fouled": [{"ns_pair": 1, "ew_pair": 2}],
                                      "ns_pair": 1, "law": "87B"}])
    assert len(mistakes) == 3 and all("fouled" in m for m in mistakes)


def test_87b_pbn_scoretable_and_usebio_score_the_groups_alike(data_dir, tmp_path) -> None:
    # the two small fixtures hold the same session; board 1: 420, 450, -50, 400
    entries = [{"board": 1, "fouled": [{"ns_pair": 3, "ew_pair": 3},
                                       {"ns_pair": 4, "ew_pair": 4}], "law": "87B"}]
    (tmp_path / "u").mkdir()
    (tmp_path / "p").mkdir()
    _, usebio = _adjust(tmp_path / "u", data_dir / "usebio_v13_mitchell_latin1.xml", entries)
    _, pbn = _adjust(tmp_path / "p", data_dir / "scoretable_mitchell.pbn", entries)
    text = pbn.read_text(encoding="utf-8")
    rows = {tuple(line.split()[:2]): tuple(line.split()[-2:]) for line in
            text.split("[ScoreTable")[1].split("\n\n")[0].splitlines()[1:]}
    # correct form 420, 450: (0 + 1) * 4/2 - 1 = 1 and (2 + 1) * 2 - 1 = 5; changed
    # form -50, 400 alike, its points marked as adjusted (^)
    assert rows == {("1", "1"): ("1", "5"), ("2", "2"): ("5", "1"),
                    ("3", "3"): ("^1", "^5"), ("4", "4"): ("^5", "^1")}
    assert {(ns[:-2], ew[:-2]): v for (ns, ew), v in _lines(usebio, 1).items()} == {
        ("1", "1"): (1, 5), ("2", "2"): (5, 1), ("3", "3"): (1, 5), ("4", "4"): (5, 1)}


def test_87b_the_regulations_small_group_rule_unless_the_entry_names_one() -> None:
    from td_plugin.cases.adjustments import record_changes
    from td_plugin.errors import Location
    from td_plugin.model.board import BoardRecord

    records = [BoardRecord(board=1, ns_pair=str(n), ew_pair=str(n + 10),
                           location=Location(record=n)) for n in (1, 2, 3)]
    plain, named = parse_adjustments([
        {"board": 1, "fouled": [{"ns_pair": 1, "ew_pair": 11}], "law": "87B"},
        {"board": 2, "fouled": [{"ns_pair": 1, "ew_pair": 11}], "law": "87B",
         "small_groups": "acbl-1991"}])
    (_, change), = record_changes([plain], records, small_groups="acbl-1991")
    assert change.group is not None and change.group.rule is SMALL_GROUP_RULES["acbl-1991"]
    assert change.outcome is None and change.group.form == 1
    (_, change), = record_changes([plain], records)
    assert change.group is not None and change.group.rule is None  # the WBF: Neuberg
    assert isinstance(named, FouledBoard) and named.small_groups == "acbl-1991"
