"""What a script can rely on: 0 nothing found, 1 findings, 2 could not run, 3 a bug (its
traceback logged to a file, never shown), 130 interrupted; and a bad value is echoed in
bounded length, printed as it is (never read as markup) in time linear in its length."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from td_plugin import cli
from td_plugin.audit import result as audit_result
from td_plugin.audit.reports.text_report import print_audit
from td_plugin.errors import ECHO_LIMIT, InputError, clip_echo

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "club_session.pbn"


@pytest.fixture
def crash_logs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_a_crash_exits_3_says_it_is_a_bug_and_logs_the_traceback_with_the_input(
        crash_logs: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug in a reviewer")

    monkeypatch.setattr(audit_result, "review_records", broken)
    assert cli.main(["audit", str(EXAMPLE)]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"an unexpected error while reading {str(EXAMPLE)!r}: ZeroDivisionError" in err
    assert "This is a bug in td-plugin, not a problem with your file." in err
    (log,) = crash_logs.glob("td-plugin-crash-*.log")
    assert str(log) in err
    text = log.read_text(encoding="utf-8")
    assert f"input being read: {EXAMPLE} (" in text
    assert "Traceback (most recent call last)" in text and "a bug in a reviewer" in text
    assert f"command: td-plugin audit {EXAMPLE}" in text


def test_a_crash_in_another_command_names_what_it_was_given(
        crash_logs: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from td_plugin.commands import rule

    monkeypatch.setattr(rule, "load_case", lambda path: [][0])  # noqa: PLE0643 - fails on purpose
    assert cli.main(["rule", "case.json"]) == 3
    assert "while reading 'case.json': IndexError" in capsys.readouterr().err
    assert len(list(crash_logs.glob("td-plugin-crash-*.log"))) == 1


def test_findings_bad_input_and_ctrl_c_keep_their_codes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["audit", str(EXAMPLE)]) == 1  # findings
    assert cli.main(["audit", str(tmp_path / "missing.pbn")]) == 2  # could not run

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(audit_result, "review_records", interrupted)
    assert cli.main(["audit", str(EXAMPLE)]) == 130
    assert capsys.readouterr().err.endswith("interrupted\n")


def test_a_long_bad_value_is_echoed_cut_and_printed_literally(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 64,000 backslashes in a Dealer tag took 42 s to print (rich markup escaping)
    path = tmp_path / "dealer.pbn"
    value = "[bold]markup[/]" + "\\" * 64_000
    path.write_text(f'[Event "x"]\n[Board "1"]\n[Dealer "{value}"]\n', encoding="utf-8")
    assert cli.main(["audit", str(path)]) == 2  # (tags alone: no session, still echoed)
    out = " ".join(capsys.readouterr().out.split())  # lines joined again
    assert "[bold]markup[/]" in out  # printed as it is
    assert "[... 63,857 characters ...]" in out  # PBN unescapes, repr() doubles
    assert out.count("\\") < ECHO_LIMIT


def test_clip_echo_keeps_short_values_and_cuts_long_runs() -> None:
    assert clip_echo("Dealer 'Q' is not a seat") == "Dealer 'Q' is not a seat"
    path = "/a/" + "b" * 150 + ".pbn"
    assert clip_echo(f"cannot read {path}") == f"cannot read {path}"  # 158 characters
    cut = clip_echo("x" * 1_000_000 + " is not a seat")
    assert cut == "x" * 120 + "[... 999,840 characters ...]" + "x" * 40 + " is not a seat"
    assert len(clip_echo("a " * 10_000, limit=1000)) < 1100
    assert str(InputError("9" * 5000 + " is not a board")).startswith("9" * 120 + "[... 4,840")


def test_print_audit_never_reads_text_from_a_file_as_markup() -> None:
    import io

    from rich.console import Console

    from td_plugin.audit.run import AuditResult, InputReport

    result = AuditResult(inputs=[InputReport("[red]x[/red].pbn", error="no [b]such[/b] file")])
    console = Console(file=io.StringIO(), width=200)
    print_audit(result, console)
    assert "[red]x[/red].pbn: no [b]such[/b] file" in console.file.getvalue()


@pytest.mark.parametrize("args, code", [
    (["audit", "--json", str(EXAMPLE)], 1),
    (["audit", "--json", "--jobs", "2", str(REPO / "no-such-file.pbn")], 2),
])
def test_the_process_ends_with_the_commands_code_and_all_it_wrote(
        tmp_path: Path, args: list[str], code: int) -> None:
    """The program ends the process at once (`td_plugin.cli._end`): the code is the
    command's, what it wrote on standard output and error is all there, and the exit
    functions ran (here one that a ``sitecustomize`` registers, as a library would)."""
    import json
    import os
    import subprocess
    import sys

    (tmp_path / "sitecustomize.py").write_text(
        "import atexit, os, sys\n"
        "atexit.register(lambda: os.write(2, b'exit functions ran'))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])}
    out = tmp_path / "out.json"
    with open(out, "wb") as fh:
        proc = subprocess.run([sys.executable, "-m", "td_plugin.cli", *args], stdout=fh,
                              stderr=subprocess.PIPE, env=env, cwd=REPO, timeout=120)
    assert proc.returncode == code
    assert proc.stderr == b"exit functions ran"
    summary = json.loads(out.read_text(encoding="utf-8"))["summary"]
    assert (summary["findings"] > 0) if code == 1 else (summary["unreadable"] == 1)
