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
