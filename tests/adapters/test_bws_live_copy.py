"""The live watch copies the scorer's file within bounds (`adapters.bws.live.copy_live`):
only a regular file, of at most `MAX_COPY_BYTES`, in at most `COPY_SECONDS`. The live
path replaced by a link to ``/dev/zero``, a FIFO or a folder is refused at once, without
a read that would never end or never start, the refusal is said, and the watch goes on."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.bws.live import COPY_SECONDS, MAX_COPY_BYTES, BwsPoller, copy_live

REPO = Path(__file__).resolve().parents[2]
BWS = "acbl_club_pairs_2025-12-23_2sections_redacted.bws"

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="no /dev/zero nor FIFOs")


def watch(live: Path) -> subprocess.CompletedProcess[str]:
    """``td-plugin watch`` for two polls; a copy that blocks fails on the timeout."""
    return subprocess.run([sys.executable, "-m", "td_plugin.cli", "watch", str(live),
                           "--polls", "2", "--interval", "0"],
                          capture_output=True, text=True, cwd=REPO, timeout=60)


@posix_only
def test_a_link_to_dev_zero_is_refused_and_said(tmp_path: Path) -> None:
    live = tmp_path / "live.bws"
    live.symlink_to("/dev/zero")
    r = watch(live)
    assert r.returncode == 2
    refused = f"{live}: it is a device (a link to /dev/zero), not a file: not copied"
    assert r.stderr.count(refused) == 2  # at every poll: the watch went on
    assert f"td-plugin watch: {live} could not be read in 2 polls" in r.stderr


@posix_only
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    live = tmp_path / "live.bws"
    os.mkfifo(live)
    r = watch(live)
    assert r.returncode == 2
    assert r.stderr.count(f"{live}: it is a pipe (FIFO), not a file: not copied") == 2


@posix_only
def test_a_fifo_that_replaces_the_file_after_the_look_is_refused_once_open(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    live, copy = tmp_path / "live.bws", tmp_path / "copy"
    live.write_bytes(b"x")
    real_open = os.open

    def swapped(path: str, flags: int, *args: int) -> int:  # swapped between look and open
        live.unlink()
        os.mkfifo(live)
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", swapped)
    assert copy_live(str(live), str(copy)) == "it is a pipe (FIFO), not a file: not copied"
    assert not copy.exists()


def test_a_folder_that_replaces_the_file_is_refused(tmp_path: Path) -> None:
    live = tmp_path / "live.bws"
    live.mkdir()
    with BwsPoller(str(live)) as poller:
        poll = poller.poll()
    assert poll.data is None and poll.problem == "it is a folder, not a file: not copied"


def test_a_file_larger_than_the_bound_is_not_read(tmp_path: Path) -> None:
    live, copy = tmp_path / "live.bws", tmp_path / "copy"
    with open(live, "wb") as f:  # sparse: nothing of it is on the disk
        f.truncate(MAX_COPY_BYTES + 1)
    assert copy_live(str(live), str(copy)) == (
        f"it is {MAX_COPY_BYTES + 1:,} bytes, more than the {MAX_COPY_BYTES:,} a Bridgemate "
        "file may be: not copied")
    assert not copy.exists()


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="no /proc")
def test_a_file_that_holds_more_than_its_size_says_is_read_only_to_the_bound(
        tmp_path: Path) -> None:
    # a file of /proc says 0 bytes and holds more: the bound is on what is read
    copy = tmp_path / "copy"
    assert copy_live("/proc/self/status", str(copy), limit=10) == (
        "it grew past 10 bytes while it was copied, more than a Bridgemate file may be: "
        "not copied")
    assert not copy.exists()


def test_a_copy_that_takes_too_long_is_given_up(tmp_path: Path) -> None:
    live, copy = tmp_path / "live.bws", tmp_path / "copy"
    live.write_bytes(os.urandom(3 << 20))  # three reads
    ticks = iter(range(0, 1000, 15))  # each read takes 15 s on this clock
    assert copy_live(str(live), str(copy), clock=lambda: float(next(ticks))) == (
        f"the copy took more than {COPY_SECONDS:g} s: not copied")
    assert not copy.exists()


def test_a_regular_file_through_a_link_is_copied_byte_for_byte(tmp_path: Path) -> None:
    target, copy = tmp_path / "session.bws", tmp_path / "copy"
    target.write_bytes(data := os.urandom(2_500_000))
    live = tmp_path / "live.bws"
    try:
        live.symlink_to(target)
    except OSError:  # (Windows without the right to make links)
        live = target
    assert copy_live(str(live), str(copy)) is None
    assert copy.read_bytes() == data


@posix_only
def test_the_watch_reads_the_file_once_the_link_to_dev_zero_is_gone(
        tmp_path: Path, realworld: Path) -> None:
    live = tmp_path / "live.bws"
    live.symlink_to("/dev/zero")
    with BwsPoller(str(live)) as poller:
        assert "a device (a link to /dev/zero)" in (poller.poll().problem or "")
        live.unlink()
        shutil.copyfile(realworld / "bws" / BWS, live)
        good = poller.poll()
    assert good.problem is None and len(good.data.results) == 384
