"""The example external plugin (examples/external_plugin) is discovered through its
entry point in the ``td_plugin`` group and called like the built-ins.

The test builds the distribution's metadata in a temporary directory (what installing
the package would write: a ``.dist-info`` with ``entry_points.txt`` read from the
plugin's own pyproject.toml) and puts it on ``sys.path``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from td_plugin.audit.reports.html_report import render_html
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.messages import MissingMessageError, reload_catalogues, render
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Card
from td_plugin.model.contract import Contract

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "external_plugin"


def _project(text: str) -> dict:
    """Name, version and the entry points of a pyproject.toml (the few lines this needs;
    tomllib is not in Python 3.10)."""
    def value(key: str) -> str:
        return re.search(rf'^{key} = "([^"]+)"', text, re.M).group(1)

    sections = re.findall(r'^\[project\.entry-points\."?([\w.]+)"?\]\n(.*?)(?=^\[|\Z)', text,
                          re.M | re.S)
    groups = {group: dict(re.findall(r'^(\w+) = "([^"]+)"', section, re.M))
              for group, section in sections}
    return {"name": value("name"), "version": value("version"), "entry-points": groups}


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The example installed into a temporary site directory (its plugin and its
    catalogues); returns its plugin's entry-point name."""
    project = _project((EXAMPLE / "pyproject.toml").read_text())
    ((name, target),) = project["entry-points"]["td_plugin"].items()
    dist = tmp_path / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\n"
                                   f"Version: {project['version']}\n")
    (dist / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items())
        for group, points in project["entry-points"].items()))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.syspath_prepend(str(EXAMPLE))
    reload_catalogues()
    yield name
    sys.modules.pop(target, None)
    reload_catalogues()


def record(**kw: object) -> BoardRecord:
    fields = {"board": 7, "contract": Contract.from_pbn("4S", "S"), "declarer_tricks": 10}
    return BoardRecord(**{**fields, **kw})


def test_external_plugin_is_discovered_and_called(installed: str) -> None:
    host = PluginHost()
    assert installed == "club_leads"
    assert (installed, ["td_review_board"]) in host.plugins()
    assert host.source_of(installed) == "td-club-leads 0.1.0"
    findings = host.review_board(record(), ReviewContext()).findings
    (f,) = [f for f in findings if f.kind == "lead_card_missing"]
    assert render(f.key, f.params) == ("Club regulation: the opening lead of board 7 was not "
                                       "entered; ask the table for it.")
    assert render(f.key, f.params, "da").startswith("Klubbens regel: udspillet i spil 7")
    with_lead = record(lead=Card.from_pbn("HK"))
    assert host.review_board(with_lead, ReviewContext()).findings == []


def test_external_plugin_texts_and_kind_name_come_from_its_own_catalogues(
        installed: str) -> None:
    assert (render("kind.lead_card_missing", lang="da"), render("kind.lead_card_missing")) == \
        ("Udspilskort mangler", "Lead card missing")
    (f,) = [f for f in PluginHost().review_board(record(), ReviewContext()).findings
            if f.kind == "lead_card_missing"]
    page = render_html([(record(), [f])], title="t", lang="da")
    assert "Udspilskort mangler" in page and "Klubbens regel: udspillet i spil 7" in page


def test_plugin_text_without_its_catalogue_is_an_error_naming_key_and_language() -> None:
    reload_catalogues()
    with pytest.raises(MissingMessageError, match=r"'club_leads\.missing' in language 'da'"):
        render("club_leads.missing", {"board": 7}, "da")


def test_external_plugin_can_be_blocked_by_name(installed: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TD_PLUGIN_DISABLE", installed)
    host = PluginHost()
    assert installed not in [n for n, _ in host.plugins()]
    assert host.review_board(record(), ReviewContext()).findings == []


def test_entry_points_are_not_loaded_when_asked_not_to(installed: str) -> None:
    assert installed not in [n for n, _ in PluginHost(load_entrypoints=False).plugins()]


def test_external_plugin_that_fails_to_import_is_named(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    dist = tmp_path / "broken_club-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-club\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[td_plugin]\nbroken_club = no_such_module_here\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    host = PluginHost()
    (error,) = [e for e in host.errors if e.plugin == "broken_club"]
    assert error.hook == "load" and isinstance(error.exception, ModuleNotFoundError)
    assert [f.kind for f in host.review_board(record(declarer_tricks=14),
                                              ReviewContext()).findings] == ["impossible_result"]


def test_builtin_also_listed_as_entry_point_is_registered_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dist = tmp_path / "td_plugin_extra-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: td-plugin-extra\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[td_plugin]\nbridgemate = adapters.bws.plugin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    host = PluginHost()
    names = [n for n, _ in host.plugins()]
    assert names.count("bws") == 1 and "bridgemate" not in names
    assert host.errors == []


@pytest.mark.realworld
def test_external_plugin_finds_the_lead_of_every_real_usebio_result(installed: str,
                                                                    realworld: Path) -> None:
    """The USEBIO reader gives the lead as the record's lead: the club's check reports no
    result of the 2,543 real ones that carry a lead, and would report each without it."""
    host = PluginHost()
    with_lead = 0
    for path in sorted((realworld / "usebio").glob("*.xml")):
        for record in host.open_source(str(path)).records():
            missing = [f for f in host.review_board(record, ReviewContext()).findings
                       if f.kind == "lead_card_missing"]
            if record.lead is None:
                continue
            with_lead += 1
            assert missing == [], record.location
            if with_lead % 500 == 1:  # the check still bites when the lead is taken away
                without = host.review_board(record.evolve(lead=None), ReviewContext()).findings
                assert [f.kind for f in without].count("lead_card_missing") == 1
    assert with_lead == 2543


def _dist(folder: Path, name: str, entry_points: str | None) -> None:
    dist = folder / f"{name}-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    if entry_points is not None:
        (dist / "entry_points.txt").write_text(entry_points)


@pytest.mark.parametrize("text, declared", [
    (None, False),  # no entry_points.txt
    ("[console_scripts]\nclub = td_plugin.cli:console\n", False),  # the name, not the group
    ("[td_plugin.locale]\nclub = club_texts\n", False),  # another group
    ("[td_plugin]\nclub = club_rules\n", True),
    ("  [td_plugin]  \r\nclub = club_rules\r\n", True),  # as importlib.metadata strips it
])
def test_entry_points_looked_for_only_where_a_distribution_declares_the_group(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str | None,
        declared: bool) -> None:
    """The look before `importlib.metadata` (`td_plugin._entry_points.may_declare`) is
    never wrong the one way that matters: whenever importlib.metadata finds an entry point
    of the group, the look said there may be one."""
    from importlib import metadata

    from td_plugin._entry_points import entry_points, may_declare

    _dist(tmp_path, "club", text)
    monkeypatch.syspath_prepend(str(tmp_path))
    found = [ep.name for ep in metadata.entry_points(group="td_plugin")
             if ep.dist is not None and ep.dist.name == "club"]
    assert found == (["club"] if declared else [])
    if found:
        assert may_declare("td_plugin")
        assert "club" in [ep.name for ep in entry_points("td_plugin")]
    else:
        assert "club" not in [ep.name for ep in entry_points("td_plugin")]
    if not metadata.entry_points(group="td_plugin"):  # nothing installed declares one
        assert not may_declare("td_plugin")  # and the look saw it: importlib not asked


def test_entry_points_looked_for_in_a_zip_or_egg_on_the_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Distributions may hide in a zip or an egg on ``sys.path``: the look cannot see into
    them, so it leaves the answer to importlib.metadata."""
    from td_plugin._entry_points import may_declare

    (tmp_path / "plugins.zip").write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip
    monkeypatch.syspath_prepend(str(tmp_path / "plugins.zip"))
    assert may_declare("td_plugin")
    monkeypatch.undo()
    (tmp_path / "club-1.0-py3.11.egg").mkdir()
    monkeypatch.syspath_prepend(str(tmp_path / "club-1.0-py3.11.egg"))
    assert may_declare("td_plugin")
