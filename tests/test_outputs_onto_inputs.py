"""Every file a run reads is an input to the output check, not only the sessions: the
rulings log found beside a session or named with ``--rulings-log``, the
``--attention-file``, the ``--log`` of ``watch`` against the log it reads. A report or a
copy that would replace one of them refuses the run before anything is written
(`td_plugin.safe_output.check_outputs`). Run as the command line runs, in a process."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from td_plugin.cases.log import RulingLog
from td_plugin.model.place import Place

from .test_safe_output import snapshot

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "club_session.pbn"
RULED = {"status": "ruled", "laws": ["25B2", "16C", "26B"]}


def td(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "td_plugin.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=REPO, timeout=120)


def with_log(folder: Path, name: str = "club") -> tuple[Path, Path]:
    """A session and its rulings log beside it, holding 3 rulings."""
    folder.mkdir(parents=True, exist_ok=True)
    session = Path(shutil.copyfile(EXAMPLE, folder / f"{name}.pbn"))
    log = folder / f"{name}.td-rulings.sqlite"
    with RulingLog(log) as db:
        for board in (1, 2, 3):
            db.add({"board": board}, RULED, kind="auction", lang="en", place=Place(board))
    return session, log


@pytest.mark.parametrize("suffix", [".pbn", ".bws"])
def test_html_onto_the_rulings_log_beside_the_session_is_refused(tmp_path: Path,
                                                                  suffix: str) -> None:
    session, log = with_log(tmp_path)
    if suffix == ".bws":  # refused before the session is opened: any file stands for it
        session = session.rename(session.with_suffix(".bws"))
    before = snapshot(tmp_path)
    r = td("audit", session, "--html", log)
    assert r.returncode == 2, r.stderr
    assert f"the --html report would overwrite the input {str(log)!r}" in r.stderr
    assert r.stdout == "" and snapshot(tmp_path) == before
    assert len(RulingLog.read(log)) == 3


@pytest.mark.parametrize("option", ["--attention-file", "--rulings-log"])
def test_html_onto_the_file_named_for_another_option_is_refused(tmp_path: Path,
                                                                  option: str) -> None:
    session = Path(shutil.copyfile(EXAMPLE, tmp_path / "club.pbn"))
    named = tmp_path / "named.yaml"
    named.write_text("4: during-round\n", encoding="utf-8")
    before = snapshot(tmp_path)
    r = td("audit", session, "--html", named, option, named)
    assert r.returncode == 2, r.stderr
    assert f"the --html report would overwrite the input {str(named)!r}" in r.stderr
    assert snapshot(tmp_path) == before


def test_a_copy_onto_the_attention_file_is_refused(tmp_path: Path) -> None:
    # --write-to c --attention-file c/club.pbn a/club.pbn: the copy of a/club.pbn is c/club.pbn
    a, c = tmp_path / "a", tmp_path / "c"
    a.mkdir()
    c.mkdir()
    session = Path(shutil.copyfile(EXAMPLE, a / "club.pbn"))
    attention = c / "club.pbn"
    attention.write_text("4: during-round\n", encoding="utf-8")
    before = snapshot(tmp_path)
    r = td("audit", "--write-to", c, "--attention-file", attention, session)
    assert r.returncode == 2, r.stderr
    assert (f"the copy of {str(session)!r} would overwrite the input {str(attention)!r}"
            in r.stderr)
    assert snapshot(tmp_path) == before


def test_a_log_that_is_not_beside_the_session_is_no_input(tmp_path: Path) -> None:
    # only a log that is there is read: an HTML report may take a name no file has
    session = Path(shutil.copyfile(EXAMPLE, tmp_path / "club.pbn"))
    page = tmp_path / "club.td-rulings.sqlite"
    r = td("audit", session, "--html", page)
    assert r.returncode == 1, r.stderr
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_the_watch_log_is_never_appended_to_the_rulings_log(tmp_path: Path) -> None:
    # refused before the session is opened, so any file stands for the .bws
    session = tmp_path / "club.bws"
    session.write_bytes(b"Standard Jet DB")
    log = tmp_path / "club.td-rulings.sqlite"
    with RulingLog(log) as db:
        db.add({"board": 1}, RULED, kind="auction", lang="en")
    before = snapshot(tmp_path)
    for extra in ((), ("--rulings-log", log)):
        r = td("watch", "--replay", session, "--log", log, *extra)
        assert r.returncode == 2, r.stderr
        assert f"the --log would overwrite the input {str(log)!r}" in r.stderr
    assert snapshot(tmp_path) == before
