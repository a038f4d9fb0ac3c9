"""Law 87A: results that double dummy makes implausible at consecutive tables of one
board are a *possible* fouled board (`td_plugin.laws.fouled`, signal ``double_dummy``).

The session is a real Compscore USEBIO file (its hand records and results, no play);
it records no rounds, so the test gives each board's results rounds in file order, and
changes the tricks of two consecutive tables of one board."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from td_plugin.host.manager import PluginHost
from td_plugin.laws.fouled import BoardVersions, dd_pattern, versions_of
from td_plugin.laws.revokes.double_dummy import HAVE_DDS, tricks_table
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import SEATS

needs_dds = pytest.mark.skipif(not HAVE_DDS, reason="the extra td-plugin[dds] is not installed")
USEBIO = "usebio/compscore3_mp_pairs_mitchell_04.xml"


def _with_rounds(realworld: Path) -> list[BoardRecord]:
    records = list(PluginHost(load_entrypoints=False).open_source(
        str(realworld / USEBIO)).records())
    seen: Counter[int | None] = Counter()
    out = []
    for r in records:
        seen[r.board] += 1
        out.append(dataclasses.replace(r, round=seen[r.board]))
    return out


def _dd_findings(versions: BoardVersions) -> list:
    return [f for f in versions.findings("s.xml") if f.data.get("signal") == "double_dummy"]


@pytest.mark.realworld
@pytest.mark.slow
@needs_dds
def test_87a_real_session_untouched_no_possible_fouled_board_from_double_dummy(
        realworld: Path) -> None:
    """Every board of the real session solved (24): none shows the pattern."""
    versions = versions_of(_with_rounds(realworld))
    assert len(versions.results) == 24 and _dd_findings(versions) == []


@pytest.mark.realworld
@needs_dds
def test_87a_two_consecutive_tables_far_from_double_dummy_possible_fouled_board(
        realworld: Path) -> None:
    board = [r for r in _with_rounds(realworld) if r.board == 5]
    assert len(board) == 6 and _dd_findings(versions_of(board)) == []  # as played: none
    deal = board[0].deal
    assert deal is not None
    masks = tuple(deal.hands[s].mask for s in SEATS)  # type: ignore[union-attr]
    table = tricks_table(masks, {r.trump for r in board})  # type: ignore[arg-type]
    dd = [table[r.trump, r.declarer] for r in board]  # type: ignore[index]
    # the 2nd and 3rd tables: declarer four tricks from double dummy, the same way
    way = -4 if min(dd[1:3]) >= 4 else 4
    touched = [dataclasses.replace(r, declarer_tricks=dd[i] + way) if i in (1, 2) else r
               for i, r in enumerate(board)]
    (finding,) = _dd_findings(versions_of(touched))
    assert finding.law == "87A" and finding.board == 5 and finding.data["possible"]
    assert [t["round"] for t in finding.data["tables"]] == [2, 3]
    assert "double dummy" in finding.render("en") and "double dummy" in finding.render("da")
    # one table alone so far off is no pattern
    alone = [dataclasses.replace(r, declarer_tricks=dd[i] + way) if i == 1 else r
             for i, r in enumerate(board)]
    assert _dd_findings(versions_of(alone)) == []
    # two tables in one round (copies of the board in play): no order of play, not judged
    same_round = [dataclasses.replace(r, round=2) if i in (2, 3) else r
                  for i, r in enumerate(touched)]
    assert _dd_findings(versions_of(same_round)) == []


def test_87a_double_dummy_pattern_needs_consecutive_tables_same_way_rest_fitting() -> None:
    a, b, c, d, e = "abcde"
    assert dd_pattern([(a, 0), (b, 4), (c, 5), (d, -1), (e, 1)]) == [b, c]
    assert dd_pattern([(a, 0), (b, 4), (c, 0), (d, 5), (e, 1)]) == []  # not consecutive
    assert dd_pattern([(a, 0), (b, 4), (c, -4), (d, 0), (e, 1)]) == []  # not one way
    assert dd_pattern([(a, 3), (b, 4), (c, 4), (d, 0), (e, 1)]) == []  # the rest does not fit
    assert dd_pattern([(a, 0), (b, 4), (c, 4)]) == []  # too few others to fit


@pytest.mark.realworld
def test_87a_without_the_solver_the_check_is_said_not_made(
        realworld: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from td_plugin.audit.coverage import Coverage
    from td_plugin.laws.revokes import double_dummy

    monkeypatch.setattr(double_dummy, "HAVE_DDS", False)
    versions = versions_of([r for r in _with_rounds(realworld) if r.board in (5, 6)])
    assert _dd_findings(versions) == [] and versions.dd_unchecked == 2
    coverage = Coverage(dd_unchecked=versions.dd_unchecked)
    assert "double_dummy" in coverage.not_checked()
    assert "double_dummy" not in Coverage().not_checked()
