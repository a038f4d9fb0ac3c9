"""The audit's check of recorded claims against double dummy (``--claims``, the ruler
``claims``): a claim that gives declarer more than best defence lets him take (69B2's
evidence), a concession of tricks the side takes on every normal line (71B); on
positions made for them and on the claims of the real LIN and PBN files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from td_plugin.cli import main
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes.double_dummy import HAVE_DDS
from td_plugin.model.walk import PlayWalk
from td_plugin.rulers.claims import check_claim, claim_position

HOST = PluginHost(load_entrypoints=False)
CLAIMS = ReviewContext(claims=True)
# each hand one suit: South's spades are all winners in 7S, West's clubs all of them in NT
DEAL = "N:.AKQJT98765432.. ..AKQJT98765432. AKQJT98765432... ...AKQJT98765432"
BOARD = """[Event "Claims"]
[Board "{board}"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{deal}"]
[Declarer "S"]
[Contract "{contract}"]
[Result "{result}"]
[Play "W"]
{play}*
"""


@pytest.fixture
def dds() -> None:
    if not HAVE_DDS:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("endplay (extra td-plugin[dds]) must be installed under CI=true")
        pytest.skip("needs the extra: pip install 'td-plugin[dds]'")


def session(tmp_path: Path, *boards: tuple[str, int, str]) -> Path:
    path = tmp_path / "claims.pbn"
    path.write_text("% PBN 2.1\n" + "\n".join(
        BOARD.format(board=i, deal=DEAL, contract=c, result=r, play=p)
        for i, (c, r, p) in enumerate(boards, 1)))
    return path


def findings(path: Path, context: ReviewContext = CLAIMS) -> list:
    return [f for rec in HOST.open_source(str(path)).records()
            for f in check_claim(rec, PlayWalk(rec), context)]


def test_71b_declarer_concedes_a_trick_no_normal_play_loses(tmp_path: Path, dds: None) -> None:
    [f] = findings(session(tmp_path, ("7S", 12, "CA H2 D2 S2\n")))
    assert f.law == "71B" and f.kind == "claim_double_dummy"
    assert f.data == {"double_dummy": 13, "claimed": 12, "trick": 2, "claim_by": None,
                      "worst_normal": 13}


def test_71b_the_defenders_concede_tricks_no_normal_play_loses(tmp_path: Path, dds: None) -> None:
    [f] = findings(session(tmp_path, ("1NT", 7, "")))  # before the lead: West's 13 clubs
    assert f.law == "71B" and f.data["double_dummy"] == 0 and f.data["worst_normal"] == 0
    assert "East-West takes more on every normal line" in f.render()


def test_a_claim_that_agrees_with_double_dummy_is_no_finding(tmp_path: Path, dds: None) -> None:
    assert findings(session(tmp_path, ("7S", 13, "CA H2 D2 S2\n"), ("1NT", 0, ""))) == []


def test_the_check_is_asked_for(tmp_path: Path) -> None:
    path = session(tmp_path, ("7S", 12, "CA H2 D2 S2\n"))
    assert findings(path, ReviewContext()) == []  # off by default: a solve a claim


def test_a_play_with_a_card_not_held_is_not_checked(tmp_path: Path) -> None:
    path = session(tmp_path, ("7S", 12, "D3 H2 D2 S2\n"))  # West holds no diamond
    record = next(HOST.open_source(str(path)).records())
    assert claim_position(record, PlayWalk(record)) is None


def test_audit_claims_in_the_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         dds: None) -> None:
    path = session(tmp_path, ("7S", 12, "CA H2 D2 S2\n"))
    main(["audit", str(path), "--json"])
    assert "claim_double_dummy" not in capsys.readouterr().out
    main(["audit", str(path), "--json", "--claims", "--jobs", "1"])
    report = json.loads(capsys.readouterr().out)
    [found] = [f for f in report["findings"] if f["kind"] == "claim_double_dummy"]
    assert found["law"] == "71B" and found["double_dummy"] == 13 and found["claimed"] == 12


def test_claims_of_the_real_files_are_checked(realworld: Path, dds: None) -> None:
    """The LIN files' claims (BBO, a USBF vugraph: 32, each read whole) agree with double
    dummy; the PBN standard's example game claims 9 tricks where best defence from the
    middle of trick 7 holds declarer to 8."""
    checked = 0
    for name in ("bbo_8boards_claims_alerts.lin", "vugraph_usbf_semifinal_14502.lin"):
        for rec in HOST.open_source(str(realworld / "lin" / name)).records():
            if rec.play is not None and rec.play.claimed:
                assert claim_position(rec, PlayWalk(rec)) is not None
                checked += 1
        assert findings(realworld / "lin" / name) == []
    assert checked == 32
    found = findings(realworld / "pbn" / "pbnref_correct_20.pbn")
    assert [(f.board, f.law) for f in found] == [(1, "69B2"), (1, "69B2")]
    assert all(f.data["claimed"] == 9 and f.data["double_dummy"] == 8 for f in found)
