"""The audit's HTML report on a phone, 390 CSS pixels wide (Playwright driving Debian's
Chromium, the browser the table app's tests share): what was read fits its box, the
sentence that says what could be checked as wide as the box."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")

from tests.test_report_html import _club_session

_MEASURE = """() => {
  const box = document.querySelector('section.inputs .scroll');
  const table = box.querySelector('table.files');
  const width = el => el.getBoundingClientRect().width;
  const cells = {};
  table.querySelectorAll('tbody td').forEach(td => { cells[td.className] = width(td); });
  return {box: box.clientWidth, table: width(table), scroll: box.scrollWidth, cells: cells,
          page: document.documentElement.scrollWidth,
          label: getComputedStyle(table.querySelector('td.checked'), '::before').content};
}"""


@pytest.mark.slow
def test_files_read_fit_a_phone_390_px_wide(tmp_path: Path, browser, capsys) -> None:
    from td_plugin.cli import main

    folder = tmp_path / "Monday evening pairs, December 2026"
    folder.mkdir()
    session, report = folder / "monday-evening-pairs-2026-12-03.pbn", tmp_path / "report.html"
    _club_session(session, 3)
    assert main(["audit", "--jobs", "1", "--no-equity", "--write-to", str(tmp_path / "copies"),
                 "--html", str(report), str(session)]) == 1
    capsys.readouterr()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(report.as_uri())
        shown = page.evaluate(_MEASURE)
    finally:
        page.close()
    # the table inside its box, nothing to scroll sideways in it or on the page
    assert shown["table"] <= shown["box"] and shown["scroll"] <= shown["box"], shown
    assert shown["page"] <= 390, shown
    # every column has the box's width: a line each, each saying what it is
    assert set(shown["cells"]) == {"path", "format", "records", "problems", "findings",
                                   "checked", "copy"}
    assert all(w >= 0.95 * shown["box"] for w in shown["cells"].values()), shown
    assert shown["label"] == '"What the data allowed to check: "', shown
