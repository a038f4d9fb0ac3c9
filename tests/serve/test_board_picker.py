"""The board picker and the lists of the table app tell the tables of a board apart with
what the session knows (section, table, round, the pairs' numbers and names, contract and
result), and the pages show the board's four hands where the session has the deal."""

from __future__ import annotations

import html
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.model.place import Place
from td_plugin.serve.app import AppConfig, create_app, rule_data
from td_plugin.serve.boards import BoardResult, SessionBoards

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

SESSION = Path(__file__).resolve().parents[1] / "data" / "phone_session.pbn"
AUTH = {"Authorization": "Bearer t"}


def _client(tmp_path: Path, session: Path) -> Iterator[TestClient]:
    host = PluginHost(load_entrypoints=False)
    with RulingLog(tmp_path / "log.sqlite") as log:
        app = create_app(AppConfig(log=log, host=host, token="t",
                                   boards=SessionBoards.read(host, str(session)),
                                   session_path=str(session)))
        with TestClient(app) as c:
            yield c


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    yield from _client(tmp_path, SESSION)


def _form(page: str) -> dict[str, str]:
    return {"csrf": re.search(r'name="csrf" value="([^"]*)"', page).group(1),  # type: ignore[union-attr]
            "draft": html.unescape(re.search(r'name="draft" value="([^"]*)"', page).group(1))}  # type: ignore[union-attr]


def tap(c: TestClient, page: str, action: str, kind: str = "auction",
        status: int = 200) -> str:
    """A tap on the page's button ``action`` (it must be on the page, unless the tap is
    expected to be refused: ``status`` 400)."""
    if status == 200:
        assert f'value="{action}"' in page, action
    r = c.post(f"/new/{kind}", data={**_form(page), "action": action}, headers=AUTH)
    assert r.status_code == status, r.text
    return r.text


def _rows(page: str) -> list[str]:
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", b)).strip() for b in
            re.findall(r'<button name="action" value="pick:\d+" class="result">(.*?)</button>',
                       page, re.S)]


def test_the_picker_shows_each_table_with_its_pairs_names_contract_and_result(client) -> None:
    page = client.get("/new/auction", headers=AUTH).text
    assert all(f'value="board:{b}"' in page for b in range(1, 9))
    rows = _rows(tap(client, page, "board:5"))
    assert rows == [
        "Pairs 1 v 2 NS Hansen, Jens – Hansen, Birgit · EW Pedersen, Erik – Madsen, Mads "
        "4♥ North 10 · NS +620",
        "Pairs 3 v 4 NS Nielsen, Karen – Holm, Peter · EW Lund, Anne – Berg, Ole "
        "4♥ North 10 · NS +620"]


def test_a_tap_on_the_row_starts_the_case_with_the_tables_facts(client) -> None:
    page = tap(client, tap(client, client.get("/new/revoke", headers=AUTH).text, "board:5"),
               "pick:9", "revoke")
    draft = _form(page)["draft"]
    for fact in ('"contract": "4H"', '"declarer": "N"', '"vulnerable": "NS"',
                 '"declarer_tricks": 10', '"record": 9'):
        assert fact in draft
    assert "Who revoked?" in page  # the board's questions are answered


def test_the_ruling_page_shows_the_four_hands_and_the_table(client) -> None:
    page = tap(client, tap(client, client.get("/new/auction", headers=AUTH).text, "board:8"),
               "pick:15")
    for action in ("seat:E", "call:1S"):
        page = tap(client, page, action)
    assert 'value="rule"' in page  # the page's own button
    r = client.post("/new/auction", data={**_form(page), "action": "rule"}, headers=AUTH,
                    follow_redirects=True)
    assert "Ruling 1" in r.text
    hands = re.search(r'<div class="hands">(.*?)</details>', r.text, re.S)
    assert hands is not None and r.text.count('<div class="hand ') == 4
    record = SessionBoards.read(PluginHost(load_entrypoints=False), str(SESSION)).result(15)
    assert record is not None and record.record.deal is not None
    north = record.record.deal.pbn().split(":")[1].split()[0]  # N: spades.hearts.diamonds.clubs
    spades = north.split(".")[0].replace("T", "10")
    assert re.search(r'North</b>\s*<span class="holding"><span class="suit S">♠</span> '
                     + re.escape(spades or "–") + "<", hands.group(1))
    assert "Pairs 1 v 2" in r.text and "4♠ East 10" in r.text
    home = client.get("/", headers=AUTH).text
    assert "Pairs 1 v 2" in home and "Hansen, Jens – Hansen, Birgit" in home


def test_the_pages_in_danish_name_the_table_in_danish(client) -> None:
    client.get("/lang/da", headers=AUTH)
    page = client.get("/new/auction", headers=AUTH).text
    rows = _rows(tap(client, page, "board:4"))
    assert rows[0].startswith("Par 1 mod 2 NS Hansen, Jens")
    assert rows[0].endswith("4♠ Vest 10 · NS -620")


def test_results_the_session_describes_alike_are_numbered() -> None:
    host = PluginHost(load_entrypoints=False)
    one = SessionBoards.read(host, str(SESSION)).result(1)
    assert one is not None
    twin: Any = BoardResult(99, one.record)
    boards = SessionBoards("x.pbn", "pbn", [one, twin])
    rows = boards.rows(1)
    assert [r.ordinal for r in rows] == [1, 2]
    assert boards.find(Place(1, record=99)) is twin


def test_a_session_without_table_tags_gives_no_two_rows_alike(tmp_path, realworld) -> None:
    """A BBO club session (41 results of board 1, no Section/Table/Round): each row is
    told apart, by the pairs' names where the file has nothing else."""
    session = realworld / "pbn" / "bbo_wronie_pairs_2013_play.pbn"
    client = next(_client(tmp_path, session))
    page = tap(client, client.get("/new/auction", headers=AUTH).text, "board:1")
    rows = _rows(page)
    assert len(rows) == 41 and len(set(rows)) == 41
    assert not any(row.startswith(":") for row in rows)


def test_a_ruling_fitting_no_table_says_so_in_the_directors_words(tmp_path) -> None:
    """The rulings list says why a ruling cannot go into the session: no result of its
    board (a ruling of the log given against another session: the app refuses a board
    its session does not have), or several tables fit (the session has no Table tags), in
    the page's language."""
    case = {"dealer": "S", "calls": ["S 1D", "S 1NT"]}
    host = PluginHost(load_entrypoints=False)
    with RulingLog(tmp_path / "log.sqlite") as log:
        kind, ruling = rule_data(host, case, "en")
        log.add(case, ruling, kind=kind, lang="en", place=Place(board=77))
    clients = _client(tmp_path, SESSION)  # (kept: the app and its log live as long)
    client = next(clients)
    assert client.post("/api/rulings", json={**case, "board": 5}, headers=AUTH).status_code == 201
    home = client.get("/", headers=AUTH).text
    assert "no result of board 77 in the session; correct the ruling" in home
    assert "2 results of board 5 fit; correct the ruling and pick its table" in home
    client.get("/lang/da", headers=AUTH)
    home = client.get("/", headers=AUTH).text
    assert "Ikke i turneringen: intet resultat af spil 77 i turneringen" in home
    assert "2 resultater af spil 5 passer" in home


def test_26b_the_declarer_from_the_session_is_a_default_not_opened(client) -> None:
    """The table's row gives the auction case the declarer it records, as a default the
    auction entered overrides (``recorded_declarer``, said on the page), never as the
    Director's own fact; the page keeps "More facts" closed for it, as for any fact the
    session gave."""
    page = tap(client, tap(client, client.get("/new/auction", headers=AUTH).text, "board:4"),
               "pick:7")
    draft = _form(page)["draft"]
    assert '"recorded_declarer": "W"' in draft and '"declarer"' not in draft
    assert "the auction entered overrides it" in page
    assert '<details class="more">' in page
    page = tap(client, page, "set:screens=true")
    assert '<details class="more" open>' in page
