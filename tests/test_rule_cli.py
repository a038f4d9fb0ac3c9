"""``td-plugin rule CASE [--json] [--lang en|da]``: the ruling readable in English and
Danish, or as JSON; a bad case file gives a message naming the entry and exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from td_plugin.cli import main

CASES = Path(__file__).resolve().parent / "cases"
CHANGE = CASES / "003_change_not_accepted_defenders_lead.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rule", *args])
    out, err = capsys.readouterr()
    return code, out, err


def words(out: str) -> str:
    """The panel's text without its frame and line breaks."""
    return " ".join(out.replace("\u2502", " ").split())


def test_readable_ruling_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(CHANGE))
    assert code == 0 and err == ""
    text = words(out)
    assert "Ruling: Laws 25B2, 16C, 26B" in text
    assert "1NT is cancelled and 1♦ stands" in text
    assert "declarer may prohibit North one of: spades, hearts, clubs" in text
    assert "North-South: from South 1NT" in text


def test_readable_ruling_in_danish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(CHANGE), "--lang", "da")
    text = words(out)
    assert code == 0
    assert "Kendelse: § 25B2, § 16C, § 26B" in text
    assert "1ut annulleres, og 1♦ står ved magt" in text
    assert "spilfører kan forbyde Nord én af: spar, hjerter, klør" in text


def test_waiting_for_a_decision_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(CASES / "003_change_west_decides.json"))
    assert code == 0
    assert "waiting for a decision" in out and "To decide" in out


def test_json_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(CHANGE), "--json", "--lang", "da")
    ruling = json.loads(out)
    assert code == 0
    assert set(ruling) >= {"status", "decisions", "laws", "auction", "cancelled", "next",
                           "pass_obligations", "lho_may_withdraw", "unauthorized",
                           "lead_restriction", "adjustment_possible", "text"}
    assert ruling["laws"] == ["25B2", "16C", "26B"]
    assert ruling["lead_restriction"]["prohibit_one_of"] == ["S", "H", "C"]
    assert "§ 26B" in ruling["text"] and ruling["lang"] == "da"


def test_yaml_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(CASES / "000_2s_with_screens_intended.yaml"), "--json")
    assert code == 0 and json.loads(out)["auction"][2] == {"seat": "S", "call": "2S"}


def test_bad_case_file_names_the_entry(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"dealer": "N", "calls": ["N 1H", {"seat": "Q", "call": "1S"}]}),
                   encoding="utf-8")
    code, out, err = run(capsys, str(bad))
    assert code == 2 and out == ""
    assert err == f"td-plugin rule: {bad}: calls[1]: unknown seat 'Q' (N, E, S or W)\n"


def test_sequence_that_makes_no_sense(capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("dealer: N\ncalls: [N 1H, {seat: E, call: 1S, unintended: true}]\n",
                   encoding="utf-8")
    code, _, err = run(capsys, str(bad))
    assert code == 2 and "calls[1]: unintended: true, but East's intended call" in err


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read the case file" in err


def test_console_script_prints_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"dealer": "N", "calls": [', encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "td_plugin.cli", "rule", str(bad)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "not valid JSON" in proc.stderr and "Traceback" not in proc.stderr


# -- revoke cases (Laws 61-64, from the facts) ---------------------------------------------

REVOKE = CASES / "revoke" / "002_transfer_offender_won_the_trick_and_a_later_one.json"


def test_revoke_case_readable_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(REVOKE))
    text = words(out)
    assert code == 0 and err == ""
    assert "Ruling: Laws 61A, 63A, 64A1" in text
    assert "Revoke, trick 5 East revoked at trick 5" in text
    assert "After the transfer of 2 tricks: 12 tricks, +680 for North-South." in text
    assert "Law 64C Is North-South sufficiently compensated" in text


def test_revoke_case_readable_in_danish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(REVOKE), "--lang", "da")
    text = words(out)
    assert code == 0
    assert "Kendelse: § 61A, § 63A, § 64A1" in text
    assert "Kulørsvigt, stik 5 Øst svigtede kulør i stik 5" in text
    assert "Efter overførsel af 2 stik: 12 stik, +680 til Nord-Syd." in text


def test_revoke_case_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(REVOKE), "--json")
    ruling = json.loads(out)
    assert code == 0
    assert (ruling["kind"], ruling["status"], ruling["laws"], ruling["transfer"],
            ruling["adjusted_declarer_tricks"], ruling["adjusted_score_ns"]) == (
        "revoke", "ruled", ["61A", "63A", "64A1"], 2, 12, 680)
    [revoke] = ruling["revokes"]
    assert (revoke["offender"], revoke["trick"], revoke["law"]) == ("E", 5, "64A1")
    assert revoke["decision"].endswith("two tricks are transferred to North-South (Law 64A1).")
    assert ruling["equity"]["law"] == "64C1" and len(ruling["equity"]["questions"]) == 2
    assert "equity_declarer_tricks" in ruling["equity"]["how_to_enter"]


def test_bad_revoke_case_names_the_entry(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    bad = tmp_path / "revoke.json"
    bad.write_text(json.dumps({"kind": "revoke", "vulnerable": "NS", "contract": "4H",
                               "declarer": "N", "declarer_tricks": 10,
                               "revokes": [{"offender": "E", "trick": 5, "suit_led": "D",
                                            "card": "D3", "established": False}]}),
                   encoding="utf-8")
    code, out, err = run(capsys, str(bad))
    assert code == 2 and out == ""
    assert err == (f"td-plugin rule: {bad}: revokes[0].card: D3 follows suit to a trick led "
                   f"in D: not a revoke (Law 61A)\n")


def test_revoke_case_with_the_cases_ruler_blocked(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TD_PLUGIN_DISABLE", "cases")
    code, _, err = run(capsys, str(REVOKE))
    assert code == 2 and "no plugin ruled on this case" in err


# --- as Notepad saves a case file ------------------------------------------------------------

NOTEPAD_CASE = "dealer: N\ncalls:\n  - Nord 1NT\n  - Øst 1S\n"


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig", "utf-16"])
def test_a_case_file_saved_by_notepad_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              encoding: str) -> None:
    path = tmp_path / "case.yaml"
    path.write_bytes(NOTEPAD_CASE.encode(encoding))
    code, out, err = run(capsys, str(path))
    assert code == 0, err
    assert "East's 1♠, an insufficient bid" in words(out)


def test_a_json_case_file_with_a_byte_order_mark_is_read(capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    path = tmp_path / "case.json"
    path.write_bytes('{"dealer": "N", "calls": ["N 1NT", "E 1S"]}'.encode("utf-8-sig"))
    code, _, err = run(capsys, str(path))
    assert code == 0, err


def test_to_decide_is_said_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(NOTEPAD_CASE.replace("Øst", "E").replace("Nord", "N"))
    code, out, _ = run(capsys, str(path))
    assert code == 0
    assert words(out).count("To decide") == 1
    assert "To decide South, whether to accept East's 1♠" in words(out)
