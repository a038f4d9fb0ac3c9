"""In the Director's language (issue 30): every problem the readers find in the real files
(PBN conformance, LIN, USEBIO, Bridgemate) is said in Danish under ``--lang da``: each is
given as a message key (`td_plugin.messages.MsgText`), its English text unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.bws.reader import _said
from adapters.pbn.values import check_tag, parse_deal
from td_plugin.cli import main
from td_plugin.errors import InvalidTokenError, Location
from td_plugin.host.manager import PluginHost
from td_plugin.messages import MsgText, render
from td_plugin.model.board import RecordProblem
from td_plugin.model.cards import Card

PATTERNS = ("pbn/*.pbn", "lin/*.lin", "usebio/*.xml", "bws/*.bws")


def _problems(realworld: Path) -> list[tuple[str, RecordProblem]]:
    host = PluginHost(load_entrypoints=False)
    found = []
    for pattern in PATTERNS:
        for path in sorted(realworld.glob(pattern)):
            source = host.open_source(str(path))
            problems = [p for r in source.records() for p in r.problems]
            problems += source.file_problems()
            found += [(path.name, p) for p in problems]
    return found


@pytest.mark.slow  # every real file read once (about 5 MB, 1.5 s): the whole corpus is the point
def test_no_problem_of_the_real_files_stays_english_with_lang_da(realworld: Path) -> None:
    found = _problems(realworld)
    assert len(found) > 300  # the PBN standard's error files alone give hundreds
    english = [(name, p.message) for name, p in found if p.text("da") == p.text("en")]
    assert english == []
    assert all(p.text("en") == p.message for _, p in found)


def test_the_audit_says_the_real_error_file_in_danish(
        realworld: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(realworld / "pbn" / "pbnref_errors_20.pbn")
    messages = {}
    for lang in ("en", "da"):
        main(["audit", "--json", "--lang", lang, path])
        messages[lang] = [p["message"] for i in json.loads(capsys.readouterr().out)["inputs"]
                          for p in i["problems"]]
    assert "ActionTable: 1 cells do not fill rows of 2 columns (§5.2)" in messages["en"]
    assert "ActionTable: 1 celler udfylder ikke rækker med 2 kolonner (§5.2)" in messages["da"]
    assert len(messages["en"]) == len(messages["da"])
    assert not set(messages["en"]) & set(messages["da"])


def test_a_value_quoted_from_the_file_stays_as_written() -> None:
    problem = check_tag("Dealer", "Black")
    assert problem == "Dealer 'Black' is not a seat (W, N, E, S)"
    assert isinstance(problem, MsgText)
    assert render(problem.msg.key, problem.msg.params, "da") == (
        "Dealer 'Black' er ikke en plads (W, N, E, S)")


def test_a_shared_readers_error_inside_a_problem_is_said_in_danish_too() -> None:
    _, problem = parse_deal("W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 "
                            "J973.J98742.3.K4")
    assert problem is not None and problem.endswith(": not a card: 'SV'")
    assert RecordProblem(problem, Location()).text("da").endswith(": ikke et kort: 'SV'")
    with pytest.raises(InvalidTokenError) as caught:
        Card.from_pbn("Z9")
    assert str(caught.value) == "not a card: 'Z9'"
    bws = MsgText.of("problem.bws.card", {"n": 3, "problem": _said(caught.value)})
    assert bws == "card 3: not a card: 'Z9'"
    assert render(bws.msg.key, bws.msg.params, "da") == "kort 3: ikke et kort: 'Z9'"
    assert _said(ValueError("invalid literal")) == "invalid literal"
