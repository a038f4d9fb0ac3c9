"""Nothing is ever lost: every output is checked against every input before anything is
written, and every writer writes a temporary file beside the destination and renames it
over it (`td_plugin.safe_output`).

For each way of losing a file, the inputs' bytes and every file outside the destination
folder are hashed before and after: nothing changes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from td_plugin.cli import main
from td_plugin.safe_output import OutputConflict, atomic_output, atomic_write, check_outputs, create_new
from tests.revoke_scenarios import session_pbn

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "club_session.pbn"
USEBIO = "usebio/compscore3_mp_pairs_howell.xml"


def snapshot(root: Path, *, outside: Path | None = None) -> dict[str, str]:
    """Every file and link under ``root`` (except under ``outside``): its sha256, or
    where a link points."""
    out = {}
    for path in sorted(root.rglob("*")):
        if outside is not None and (path == outside or outside in path.parents):
            continue
        if path.is_symlink():
            out[str(path)] = "-> " + os.readlink(path)
        elif path.is_file():
            out[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


@pytest.fixture
def two_folders(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    shutil.copyfile(EXAMPLE, a / "x.pbn")
    (b / "x.pbn").write_bytes(EXAMPLE.read_bytes().replace(b'[Event "', b'[Event "Other '))
    return a, b


def test_an_input_is_never_overwritten_by_the_copy_of_another(
        tmp_path: Path, two_folders: tuple[Path, Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    # td-plugin audit b/x.pbn a/x.pbn --write-to a: b's copy would replace the input a/x.pbn
    a, b = two_folders
    before = snapshot(tmp_path)
    assert main(["audit", str(b / "x.pbn"), str(a / "x.pbn"), "--write-to", str(a)]) == 2
    err = capsys.readouterr().err
    assert f"the copy of {str(b / 'x.pbn')!r} would overwrite the input {str(a / 'x.pbn')!r}" in err
    assert snapshot(tmp_path) == before  # nothing written anywhere


def test_html_onto_an_input_is_refused(tmp_path: Path, two_folders: tuple[Path, Path],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    a, b = two_folders
    before = snapshot(tmp_path)
    assert main(["audit", str(a / "x.pbn"), "--html", str(a / "x.pbn")]) == 2
    assert "the --html report would overwrite the input" in capsys.readouterr().err
    # nor onto one of the copies, nor through another spelling of the input's folder
    out = tmp_path / "out"
    assert main(["audit", str(a / "x.pbn"), "--write-to", str(out),
                 "--html", str(out / "x.pbn")]) == 2
    assert "would both be written to" in capsys.readouterr().err
    assert main(["audit", str(a / "x.pbn"), "--html", str(b / ".." / "a" / "x.pbn")]) == 2
    assert "would overwrite the input" in capsys.readouterr().err
    assert snapshot(tmp_path) == before and not out.exists()


def test_html_report_is_written_whole(tmp_path: Path, two_folders: tuple[Path, Path],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    a, _ = two_folders
    report = tmp_path / "report.html"
    report.write_text("old report")
    before = snapshot(tmp_path, outside=report)
    assert main(["audit", str(a / "x.pbn"), "--html", str(report)]) == 1
    assert report.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert snapshot(tmp_path, outside=report) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_hard_link_to_an_input_is_the_input(tmp_path: Path, two_folders: tuple[Path, Path],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    a, _ = two_folders
    out = tmp_path / "out"
    out.mkdir()
    os.link(a / "x.pbn", out / "x.pbn")
    before = snapshot(tmp_path)
    assert main(["audit", str(a / "x.pbn"), "--write-to", str(out)]) == 2
    assert "would overwrite the input" in capsys.readouterr().err
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("kind", ["pbn", "usebio"])
def test_a_symlink_in_the_destination_is_replaced_never_written_through(
        kind: str, tmp_path: Path, realworld: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    source = (shutil.copyfile(EXAMPLE, inputs / "x.pbn") if kind == "pbn"
              else shutil.copyfile(realworld / USEBIO, inputs / "x.xml"))
    victim = tmp_path / "elsewhere" / "precious.txt"
    victim.parent.mkdir()
    victim.write_text("a file the link points to")
    out = tmp_path / "out"
    out.mkdir()
    (out / source.name).symlink_to(victim)
    before = snapshot(tmp_path, outside=out)
    assert main(["audit", "--json", "--attention", "during-round", str(source),
                 "--write-to", str(out)]) in (0, 1)
    copy = out / source.name
    assert not copy.is_symlink() and copy.read_bytes() != victim.read_bytes()
    assert snapshot(tmp_path, outside=out) == before  # the link's target and the input
    assert sorted(p.name for p in out.iterdir()) == [source.name]  # no temporary file left


def test_two_inputs_of_the_same_name_into_one_folder_are_refused(
        tmp_path: Path, two_folders: tuple[Path, Path],
        capsys: pytest.CaptureFixture[str]) -> None:
    a, b = two_folders
    out = tmp_path / "out"
    before = snapshot(tmp_path)
    assert main(["audit", str(a / "x.pbn"), str(b / "x.pbn"), "--write-to", str(out)]) == 2
    err = capsys.readouterr().err
    assert "would both be written to" in err and "td-plugin refuses" in err
    assert snapshot(tmp_path) == before and not out.exists()


def test_write_to_a_file_is_said_in_a_sentence(tmp_path: Path, two_folders: tuple[Path, Path],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    a, _ = two_folders
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("x")
    assert main(["audit", str(a / "x.pbn"), "--write-to", str(not_a_folder)]) == 2
    err = capsys.readouterr().err
    assert "which is a file, not a folder" in err and "Errno" not in err
    assert main(["audit", str(a / "x.pbn"), "--html", str(tmp_path / "no" / "r.html")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_lin_input_is_audited_and_reported_and_said_not_written(
        tmp_path: Path, realworld: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lin = realworld / "lin" / "bbo_8boards_claims_alerts.lin"
    out = tmp_path / "out"
    code = main(["audit", "--json", str(lin), str(EXAMPLE), "--write-to", str(out)])
    report = json.loads(capsys.readouterr().out)
    assert code == 1  # the findings of the example session, not "could not run"
    lin_report, pbn_report = report["inputs"]
    assert lin_report["records"] == 8 and lin_report["not_written"] == \
        "no adapter writes this format" and "written" not in lin_report
    assert pbn_report["written"] == str(out / EXAMPLE.name)
    assert sorted(p.name for p in out.iterdir()) == [EXAMPLE.name]
    # the text report too: every file reported, then per file what was written
    assert main(["audit", str(lin), str(EXAMPLE), "--write-to", str(out)]) == 1
    captured = capsys.readouterr()
    assert f"{lin}: 8 records" in captured.out and "Board 4 (record 4)" in captured.out
    assert f"not written: {lin}: no adapter writes this format" in captured.err
    assert f"wrote {out / EXAMPLE.name}" in captured.err


def test_ctrl_c_or_an_error_while_writing_leaves_the_old_file(tmp_path: Path) -> None:
    dest = tmp_path / "out.pbn"
    dest.write_bytes(b"old")
    for stop in (KeyboardInterrupt, ValueError):
        with pytest.raises(stop), atomic_output(dest) as fh:
            fh.write(b"new, half written")
            raise stop()
        assert dest.read_bytes() == b"old"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pbn"]
    atomic_write(dest, "new")
    assert dest.read_bytes() == b"new"


def test_a_replaced_file_keeps_its_mode_and_a_new_one_follows_the_umask(tmp_path: Path) -> None:
    kept = tmp_path / "kept.pbn"
    kept.write_bytes(b"old")
    kept.chmod(0o640)
    atomic_write(kept, b"new")
    assert kept.stat().st_mode & 0o777 == 0o640
    new = tmp_path / "new.pbn"
    umask = os.umask(0o022)
    try:
        atomic_write(new, b"x")
    finally:
        os.umask(umask)
    assert new.stat().st_mode & 0o777 == 0o644


_SLOW_WRITER = """
import sys, time
from td_plugin.safe_output import atomic_output
with atomic_output(sys.argv[1]) as fh:
    fh.write(b"new " * 100_000)
    fh.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


#: the audit, waiting to be killed at the moment its temporary file would replace the
#: destination (the one place td-plugin replaces a file, `safe_output._commit`)
_WAITS_BEFORE_COMMIT = """
import sys, time
from td_plugin import safe_output
def commit(temporary, dest):
    print("committing", file=sys.stderr, flush=True)
    time.sleep(60)
safe_output._commit = commit
from td_plugin.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_a_process_killed_while_writing_leaves_the_old_file(tmp_path: Path) -> None:
    dest = tmp_path / "out.pbn"
    dest.write_bytes(b"old")
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_WRITER, str(dest)],
                            stdout=subprocess.PIPE, cwd=REPO)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"writing\n"
        proc.kill()
    finally:
        proc.wait(timeout=30)
    assert dest.read_bytes() == b"old"


@pytest.mark.slow
def test_an_audit_killed_while_it_writes_its_copy_leaves_the_old_copy_or_the_new_one(
        tmp_path: Path) -> None:
    source = tmp_path / "in" / "session.pbn"
    source.parent.mkdir()
    source.write_text("".join(session_pbn(7, 600)), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    dest = out / source.name
    dest.write_bytes(b"the copy of an earlier audit")
    command = ["audit", "--json", "--jobs", "1", "--no-equity", "--attention", "during-round",
               str(source), "--write-to", str(out)]
    # killed when its copy is written whole to the temporary file beside the destination,
    # the moment before it takes the destination's place: the audit waits there to be killed
    proc = subprocess.Popen([sys.executable, "-c", _WAITS_BEFORE_COMMIT, *command],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=REPO)
    try:
        assert proc.stderr is not None
        assert proc.stderr.readline() == b"committing\n", "the audit never wrote its copy"
        assert any(p.name.startswith(".session.pbn.") for p in out.iterdir())
        proc.kill()
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    assert dest.read_bytes() == b"the copy of an earlier audit"
    # and left alone, it replaces it whole
    assert main(command) == 1
    copy = dest.read_bytes()
    assert copy.startswith(b"% PBN") and copy.count(b"[Board ") == 600


def test_check_outputs_names_every_conflict(tmp_path: Path) -> None:
    a = tmp_path / "a.pbn"
    a.write_text("x")
    with pytest.raises(OutputConflict) as info:
        check_outputs([str(a)], [(str(a), "one"), (str(tmp_path / "b.pbn"), "two"),
                                 (str(tmp_path / "." / "b.pbn"), "three")])
    lines = str(info.value).splitlines()[1:]
    assert lines == [f"  one would overwrite the input {str(a)!r}",
                     f"  two and three would both be written to {str(tmp_path / '.' / 'b.pbn')!r}"
                     ": td-plugin refuses rather than let one replace the other (write them "
                     "to different folders)"]


def test_create_new_never_replaces_a_file_or_writes_through_a_link(tmp_path: Path) -> None:
    live = tmp_path / "session.bws"
    live.write_bytes(b"live database")
    taken = tmp_path / "session.bws.bak"
    taken.write_bytes(b"an earlier backup")
    victim = tmp_path / "victim"
    victim.write_bytes(b"not to be touched")
    (tmp_path / "session.bws-2.bak").symlink_to(victim)
    made = create_new(live, [str(taken), str(tmp_path / "session.bws-2.bak"),
                             str(tmp_path / "session.bws-3.bak")])
    assert made == str(tmp_path / "session.bws-3.bak")
    assert Path(made).read_bytes() == b"live database"
    assert taken.read_bytes() == b"an earlier backup" and victim.read_bytes() == b"not to be touched"
    with pytest.raises(FileExistsError):
        create_new(live, [str(taken)])


def test_the_pbn_export_is_never_written_over_the_file_its_games_come_from(
        tmp_path: Path) -> None:
    from adapters.pbn.reader import PbnSource
    from adapters.pbn.writer import write_export

    source = Path(shutil.copyfile(EXAMPLE, tmp_path / "x.pbn"))
    before = snapshot(tmp_path)
    with pytest.raises(OutputConflict, match="the export would overwrite the input"):
        write_export(PbnSource(source).games(), source)
    assert snapshot(tmp_path) == before
    assert write_export(PbnSource(source).games(), tmp_path / "export.pbn") == 12


def test_the_watch_log_is_never_appended_to_the_session_file(
        tmp_path: Path, realworld: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = Path(shutil.copyfile(realworld / "bws" / "acbl_club_pairs_2025-12-23_2sections_"
                                "redacted.bws", tmp_path / "session.bws"))
    before = snapshot(tmp_path)
    assert main(["watch", "--replay", str(live), "--log", str(live)]) == 2
    assert "the --log would overwrite the input" in capsys.readouterr().err
    assert snapshot(tmp_path) == before
