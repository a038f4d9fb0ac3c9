"""``td-plugin serve --bridgemate``: where the credentials come from, and that they show
nowhere, not even in the log of a crash."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from td_plugin import cli
from td_plugin.commands import serve


def test_without_credentials_serve_says_where_they_come_from(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv(serve.CLUB_ID_ENV, raising=False)
    monkeypatch.delenv(serve.LICENCE_KEY_ENV, raising=False)
    code = cli.main(["serve", "--db", str(tmp_path / "r.sqlite"), "--port", "0", "--no-qr",
                     "--bridgemate", "http://127.0.0.1:9", "--club-id", "club-77"])
    err = capsys.readouterr().err
    assert code == 2
    assert "needs the club's id and licence key: --club-id and --licence-key, or " \
           "TD_PLUGIN_BRIDGEMATE_CLUB_ID and TD_PLUGIN_BRIDGEMATE_LICENCE_KEY" in err
    assert "club-77" not in err


def test_a_crash_log_hides_the_licence_key_the_club_id_and_the_token(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def broken(args: object) -> int:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(serve, "run", broken)
    assert cli.main(["serve", "--bridgemate", "http://127.0.0.1:9", "--licence-key",
                     "LK-SECRET-1", "--club-id=club-77", "--token", "tok-3"]) == 3
    (log,) = tmp_path.glob("td-plugin-crash-*.log")
    text = log.read_text(encoding="utf-8") + capsys.readouterr().err
    assert "command: td-plugin serve --bridgemate http://127.0.0.1:9 --licence-key *** " \
           "--club-id=*** --token ***" in text
    for secret in ("LK-SECRET-1", "club-77", "tok-3"):
        assert secret not in text


def test_the_session_file_s_round_data_is_there_for_the_calls(realworld: Path, tmp_path: Path) -> None:
    pytest.importorskip("bridgemate_dataconnector", reason="the bridgemate extra brings the client")
    from td_plugin.cases.log import RulingLog
    from td_plugin.host.manager import PluginHost
    from td_plugin.serve.boards import SessionBoards

    bws = realworld / "bws" / "acbl_club_pairs_2025-12-23_2sections_redacted.bws"
    db = tmp_path / "r.sqlite"
    args = cli.build_parser("serve").parse_args([
        "serve", str(bws), "--db", str(db), "--bridgemate", "http://127.0.0.1:9",
        "--club-id", "club-77", "--licence-key", "LK-1", "--bridgemate-session", "AB12"])
    host = PluginHost(load_entrypoints=False)
    with RulingLog(db) as log:
        desk = serve._call_desk(args, host, db, log, SessionBoards.read(host, str(bws)))
        try:
            assert desk.link.address == "http://127.0.0.1:9"
            sections = {s.section for s in desk.file_slots}
            assert sections == {"A", "B"} and all(s.boards for s in desk.file_slots if not s.sitout)
        finally:
            desk.stop()
