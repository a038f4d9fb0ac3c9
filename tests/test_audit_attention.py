"""When attention was drawn, per board (issue 11 point 8): Law 64B5 removes the automatic
transfer only on the boards where attention came after the round. The audit takes it per
board from a Director's note in the file (``{TD: attention during-round}``) and from a
sidecar file (``--attention-file``, ``{board: attention}``), not only from ``--attention``
for the whole file; the sidecar wins over the note, the note over the switch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.pbn import parts as pbn_parts
from td_plugin.audit import parts as audit_parts
from td_plugin.cli import main

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "club_session.pbn"


def board_4(number: int, note: str = "") -> bytes:
    """Board 4 of the example session (East revokes at trick 5 and wins it) as board
    ``number``, with a commentary ``note`` after its Result tag."""
    games = EXAMPLE.read_bytes().replace(b"\r\n", b"\n").split(b"\n\n")
    game = next(g for g in games if b'[Board "4"]' in g)
    game = game.replace(b'[Board "4"]', b'[Board "%d"]' % number)
    if note:
        game = game.replace(b'[Result "10"]', b'[Result "10"]\n' + note.encode())
    return game


def session(tmp_path: Path, *games: bytes) -> Path:
    path = tmp_path / "session.pbn"
    path.write_bytes(b"% PBN 2.1\n% EXPORT\n\n" + b"\n\n".join(games) + b"\n")
    return path


def revokes(capsys: pytest.CaptureFixture[str], *args: str) -> dict[int, dict]:
    code = main(["audit", "--json", "--no-equity", "--jobs", "1", *args])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    return {f["board"]: f for f in report["findings"] if f["kind"] == "revoke"}


def test_64b5_per_board_from_a_directors_note_in_the_pbn(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = session(tmp_path, board_4(4, "{TD: attention during-round}"), board_4(14))
    found = revokes(capsys, str(path))
    assert (found[4]["law"], found[4]["transfer"]) == ("64A1", 2)
    assert (found[14]["law"], found[14]["transfer"]) == ("64B5", 0)  # the default
    assert found[14]["transfer_if_timely"] == 2


def test_64b4_per_board_from_a_note_and_the_switch_for_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = session(tmp_path, board_4(4, "{TD: attention after-next-deal-called}"), board_4(14))
    found = revokes(capsys, str(path), "--attention", "during-round")
    assert found[4]["law"] == "64B4" and found[4]["transfer"] == 0
    assert found[14]["law"] == "64A1" and found[14]["transfer"] == 2


@pytest.mark.parametrize("suffix, text", [
    (".yaml", "4: during-round\n14: after_round\n"),
    (".json", '{"4": "during-round", "14": "after-round"}'),
])
def test_64b5_per_board_from_the_attention_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                suffix: str, text: str) -> None:
    path = session(tmp_path, board_4(4), board_4(14))
    sidecar = tmp_path / f"attention{suffix}"
    sidecar.write_text(text)
    found = revokes(capsys, str(path), "--attention", "during-round",
                    "--attention-file", str(sidecar))
    assert (found[4]["law"], found[4]["transfer"]) == ("64A1", 2)
    assert (found[14]["law"], found[14]["transfer"]) == ("64B5", 0)


def test_the_attention_file_wins_over_the_note_in_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = session(tmp_path, board_4(4, "{TD: attention after-round}"))
    sidecar = tmp_path / "attention.yaml"
    sidecar.write_text("4: during-round\n")
    found = revokes(capsys, str(path), "--attention-file", str(sidecar))
    assert found[4]["law"] == "64A1"


@pytest.mark.skipif(audit_parts.start_method() is None, reason="no process pool here")
def test_per_board_attention_is_the_same_on_two_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pbn_parts, "PART_SIZE", 8192)  # several parts of a small file
    monkeypatch.setattr(audit_parts, "MIN_PARTS", {"fork": 2, "forkserver": 2, "spawn": 2})
    games = [board_4(n, "{TD: attention during-round}" if n % 2 else "") for n in range(1, 41)]
    path = session(tmp_path, *games)
    sidecar = tmp_path / "attention.json"
    sidecar.write_text(json.dumps({"2": "during-round"}))
    one = revokes(capsys, str(path), "--attention-file", str(sidecar))
    code = main(["audit", "--json", "--no-equity", "--jobs", "2", "--attention-file",
                 str(sidecar), str(path)])
    two = {f["board"]: f for f in json.loads(capsys.readouterr().out)["findings"]
           if f["kind"] == "revoke"}
    assert code == 1 and one == two
    assert {n for n, f in one.items() if f["transfer"]} == {2} | set(range(1, 41, 2))


@pytest.mark.parametrize("text, message", [
    ("4: soon\n", "board 4: 'soon' is not one of during-round, after-next-deal-called, "
                  "after-round"),
    ("four: during-round\n", "'four': not a board number"),
    ("- 4\n", "expected a mapping of board numbers"),
    ("4: [\n", "cannot be read"),
])
def test_a_bad_attention_file_is_refused_naming_the_entry(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str) -> None:
    path = session(tmp_path, board_4(4))
    sidecar = tmp_path / "attention.yaml"
    sidecar.write_text(text)
    assert main(["audit", "--attention-file", str(sidecar), str(path)]) == 2
    err = capsys.readouterr().err
    assert f"td-plugin audit: {sidecar}: " in err and message in err
    assert "Traceback" not in err


def test_a_note_that_cannot_be_read_is_a_problem_of_the_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = session(tmp_path, board_4(4, "{TD: attention tomorrow}"))
    main(["audit", "--json", "--no-equity", str(path)])
    problems = json.loads(capsys.readouterr().out)["inputs"][0]["problems"]
    assert any("attention 'tomorrow' is not one of" in p["message"] and p["board"] == 4
               for p in problems)
