"""What became of each copy of ``audit --write-to`` is said, file by file, whatever fails
after the copies (the ``--html`` report under a file-size limit) or before them (the
report on a full disk): never only the error of the output that failed."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.revoke_scenarios import session_pbn

resource = pytest.importorskip("resource", reason="file-size limits are POSIX's")

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "club_session.pbn"
#: the file-size limit: the example's copy (9 KB) fits, big.pbn's (30 KB) and the page do not
LIMIT = 20_000


def _limited() -> None:  # (in the child, before td-plugin starts)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


@pytest.fixture
def inputs(tmp_path: Path) -> tuple[Path, Path]:
    a = tmp_path / "a"
    a.mkdir()
    big = a / "big.pbn"
    big.write_text("".join(session_pbn(7, 60)), encoding="utf-8")
    assert big.stat().st_size > LIMIT
    return big, Path(shutil.copyfile(EXAMPLE, a / "club.pbn"))


def test_a_failed_html_report_still_says_which_copies_were_written(
        tmp_path: Path, inputs: tuple[Path, Path]) -> None:
    big, club = inputs
    fs = tmp_path / "fs"
    page = fs / "r.html"
    # -B: Python's own cache of compiled modules, written without a check of its size,
    # would be cut at the limit
    r = subprocess.run([sys.executable, "-B", "-m", "td_plugin.cli", "audit", "--json",
                        "--write-to", fs, "--html", page, big, club],
                       capture_output=True, text=True, cwd=REPO, timeout=120,
                       preexec_fn=_limited)
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"not written: {big}: File too large",
        f"wrote {fs / 'club.pbn'}",
        f"td-plugin audit: {page}: the HTML report was not written: File too large"]
    assert sorted(p.name for p in fs.iterdir()) == ["club.pbn"]  # no temporary file left
    report = json.loads(r.stdout)  # the report before the page is whole, and says it too
    assert [(i.get("written"), i.get("not_written")) for i in report["inputs"]] == [
        (None, "File too large"), (str(fs / "club.pbn"), None)]


def test_a_report_that_cannot_be_written_says_no_copy_was_made(
        tmp_path: Path, inputs: tuple[Path, Path]) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full (a disk that is always full) on this system")
    big, club = inputs
    fs = tmp_path / "fs"
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "td_plugin.cli", "audit",
                            "--write-to", fs, big, club],
                           stdout=full, stderr=subprocess.PIPE, text=True, cwd=REPO,
                           timeout=120)
    assert r.returncode == 2
    assert r.stderr.splitlines() == [
        f"not written: {big}: the audit stopped before its copy was written",
        f"not written: {club}: the audit stopped before its copy was written",
        "td-plugin audit: [Errno 28] No space left on device"]
    assert not fs.exists() or list(fs.iterdir()) == []
