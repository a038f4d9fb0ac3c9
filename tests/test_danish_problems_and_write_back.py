"""In the Director's language: with ``--lang da`` the problems found in the data are
Danish too, and a ruling given at the table in Danish is written into the session in
Danish, whatever the language of the command that writes it."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from td_plugin.cases.log import RulingLog
from td_plugin.cli import main
from td_plugin.errors import Location, listed_problems
from td_plugin.host.manager import PluginHost
from td_plugin.messages import MsgText
from td_plugin.model.board import RecordProblem
from td_plugin.model.place import Place

REPO = Path(__file__).resolve().parents[1]
SESSION = REPO / "examples" / "club_session.pbn"
VUGRAPH = "pbn/rpbridge_world_championships_vugraph.pbn"
#: Board 4 of the example session: East revokes at trick 5 (64A1, two tricks)
REVOKE = {"kind": "revoke", "board": 4, "vulnerable": "All", "contract": "4H",
          "declarer": "N", "declarer_tricks": 10, "attention": "during_round",
          "revokes": [{"offender": "E", "trick": 5, "suit_led": "D", "card": "H5",
                       "established": True, "revoke_trick_won_by": "E",
                       "offending_side_tricks_from_revoke": 3}]}


def _board_14(realworld: Path) -> str:
    """Board 14 of the real vugraph file: two rooms, the second's play holding a card
    after an unknown one (``- - - HK``) that the deal gives to another player."""
    lines = (realworld / VUGRAPH).read_text(encoding="latin-1").splitlines()
    start = lines.index('[Board "14"]')
    end = lines.index('[Board "15"]', start)
    return "\n".join(lines[start:end]) + "\n"


def test_data_problems_of_a_real_file_are_danish_with_lang_da(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board14.pbn"
    path.write_text(_board_14(realworld), encoding="latin-1")
    main(["audit", "--json", str(path)])
    (en,) = json.loads(capsys.readouterr().out)["inputs"][0]["problems"]
    assert en["message"].startswith("HK stands in South's column of trick 4 after an "
                                    "unknown card, but the deal gives it to West")
    main(["audit", "--json", "--lang", "da", str(path)])
    (da,) = json.loads(capsys.readouterr().out)["inputs"][0]["problems"]
    assert (da["line"], da["board"]) == (en["line"], en["board"])
    assert da["message"].startswith("HK står i Syds kolonne i stik 4 efter et ukendt kort, "
                                    "men kortfordelingen giver det til Vest")
    main(["audit", "--lang", "da", str(path)])
    assert "HK står i Syds kolonne" in capsys.readouterr().out.replace("\n    ", " ")
    html = tmp_path / "r.html"
    main(["audit", "--lang", "da", "--html", str(html), str(path)])
    assert "HK står i Syds kolonne" in html.read_text(encoding="utf-8")


def test_a_problem_said_as_a_message_keeps_it_everywhere() -> None:
    """The message travels with the problem's text (to a worker process and back), and
    a count of the problems left unlisted is Danish too."""
    text = MsgText.of("problem.more_in_record", {"n": "7"})
    assert pickle.loads(pickle.dumps(text)).msg == text.msg
    problem = RecordProblem(text, Location("x.pbn", 3))
    assert problem.message == "... and 7 more problems in this record"
    assert problem.text("da") == "... og 7 fejl mere i denne post"
    assert RecordProblem("said in English", Location()).text("da") == "said in English"
    many = listed_problems([(n, f"problem {n}") for n in range(60)])
    assert RecordProblem(many[-1][1], Location()).text("da").startswith("... og ")


def _log_beside(session: Path, lang: str, *rulings: tuple[dict, Place]) -> Path:
    from td_plugin.serve.app import rule_data

    host = PluginHost(load_entrypoints=False)
    path = session.with_name(session.stem + ".td-rulings.sqlite")
    with RulingLog(path) as log:
        for case, place in rulings:
            kind, ruling = rule_data(host, case, lang)
            log.add(case, ruling, kind=kind, lang=lang, place=place)
    return path


def test_a_ruling_given_in_danish_is_written_into_the_session_in_danish(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "club.pbn"
    session.write_bytes(SESSION.read_bytes())
    _log_beside(session, "da", (REVOKE, Place(4, None, "2")), (REVOKE, Place(77)))
    main(["audit", "--no-equity", "--write-to", str(tmp_path / "out"), str(session)])  # (en)
    text = capsys.readouterr().out
    written = " ".join((tmp_path / "out" / "club.pbn").read_bytes().decode("latin-1").split())
    assert '[Score "NS 680"]' in written
    assert "{Øst svigtede kulør i stik 5" in written  # the table's ruling, as given
    assert "to stik overføres til Nord-Syd (§ 64A1)" in written
    assert "two tricks are transferred" not in written
    assert "Not written into the session: no result of board 77 in the session" in text
    main(["audit", "--no-equity", "--lang", "da", str(session)])
    assert "Ikke skrevet ind i turneringsfilen: intet resultat af spil 77 i turneringsfilen" \
        in capsys.readouterr().out.replace("\n    ", " ")


def test_a_ruling_given_in_english_stays_english_in_a_danish_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "club.pbn"
    session.write_bytes(SESSION.read_bytes())
    _log_beside(session, "en", (REVOKE, Place(4, None, "2")))
    main(["audit", "--no-equity", "--lang", "da", "--write-to", str(tmp_path / "out"),
          str(session)])
    written = " ".join((tmp_path / "out" / "club.pbn").read_bytes().decode("latin-1").split())
    assert "two tricks are transferred to North-South" in written
    assert "to stik overføres" not in written
