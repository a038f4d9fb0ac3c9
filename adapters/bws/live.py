"""Polling a live ``.bws`` without getting in the scorer's way.

The scorer and Bridgemate Control Software keep the file open all session. Each poll
copies it (a plain read, no Access lock) and reads the copy; a file that changes during
the copy (being written), cannot be opened (locked), does not parse, does not hold all of
a table or makes the database reader complain (cut short, half-written pages:
`adapters.bws.tables`) or is briefly missing gives a `Poll` with a ``problem`` and no
data, and the next poll tries again: a damaged read never reaches the watch, where it
would look like results vanishing (and, when they come back, like duplicates).

The copy is bounded (`copy_live`): only a regular file is copied (the live path replaced
by a link to ``/dev/zero``, a FIFO or a folder is refused without waiting on it), of at
most `MAX_COPY_BYTES` (64 MB), in at most `COPY_SECONDS` (20 s); what is refused is the
poll's problem, and the next poll looks again.

Two readings that parse are still not believed at once:

* a copy that reads as another session (another GUID, or another date) than the one
  being watched is a problem at every poll: the scorer is rewriting the file, or the
  watch was pointed at another session (start a new watch for it);
* a copy that lost rows the last good reading had (results, calls, cards) is held back
  for one poll: the terminals do delete a row before inserting its correction, but a
  file being rewritten changes again before the next poll, so a loss is believed only
  when the next poll finds the file as it was.

Nothing here raises on a bad file.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Mapping
from typing import Any

from adapters.bws.reader import ActionRow, BwsData, read_bws
from td_plugin.errors import InputError
from td_plugin.host.sources import Poll

__all__ = ["Poll", "BwsPoller", "copy_live", "MAX_COPY_BYTES", "COPY_SECONDS"]

#: the largest live file copied: a Bridgemate ``.bws`` is a few MB
MAX_COPY_BYTES = 64 * 1024 * 1024
#: the longest a copy may take, in seconds (measured between reads of `_CHUNK`)
COPY_SECONDS = 20.0
_CHUNK = 1 << 20
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe (FIFO)"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _not_a_file(path: str, mode: int) -> str | None:
    """Why ``path``, of this mode, is not copied (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    if os.path.islink(path):
        kind += f" (a link to {os.path.realpath(path)})"
    return f"it is {kind}, not a file: not copied"


def copy_live(path: str, dest: str, *, limit: int = MAX_COPY_BYTES,
              seconds: float = COPY_SECONDS,
              clock: Callable[[], float] = time.monotonic) -> str | None:
    """Copy ``path`` to ``dest`` when it is a regular file (through a link or not) of at
    most ``limit`` bytes that copies in ``seconds``; otherwise say why it was not copied
    (``dest`` is then removed). Anything else (a folder, a FIFO, a device such as
    ``/dev/zero``) is refused without a read: it is looked at before it is opened,
    opened without waiting (``O_NONBLOCK``: a FIFO without a writer does not block) and
    looked at again once open.

    :raises OSError: the file is missing or cannot be opened (locked).
    """
    why = _not_a_file(path, os.stat(path).st_mode)
    if why is not None:
        return why
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)  # what was opened (replaced since the look?)
        why = _not_a_file(path, st.st_mode)
        if why is None and st.st_size > limit:
            why = (f"it is {st.st_size:,} bytes, more than the {limit:,} a Bridgemate file "
                   "may be: not copied")
        if why is None:
            why = _copy_bounded(fd, dest, limit, clock() + seconds, seconds, clock)
    finally:
        os.close(fd)
    if why is not None:
        with contextlib.suppress(OSError):
            os.unlink(dest)
    return why


def _copy_bounded(fd: int, dest: str, limit: int, deadline: float, seconds: float,
                  clock: Callable[[], float]) -> str | None:
    copied = 0
    with open(dest, "wb") as out:
        while chunk := os.read(fd, _CHUNK):
            copied += len(chunk)
            if copied > limit:
                return (f"it grew past {limit:,} bytes while it was copied, more than a "
                        "Bridgemate file may be: not copied")
            out.write(chunk)
            if clock() > deadline:
                return f"the copy took more than {seconds:g} s: not copied"
    return None


def _action_ids(actions: Mapping[Any, list[ActionRow]]) -> set[int]:
    return {a.id for rows in actions.values() for a in rows}


class BwsPoller:
    """Reads a live ``.bws`` through a private copy, only when it has changed: the
    `td_plugin.host.sources.Follower` of the ``bws`` adapter (``td_follow_source``); each good
    poll's ``data`` is a `adapters.bws.reader.BwsData`."""

    def __init__(self, path: str, backend: str = "auto") -> None:
        self.path = path
        self.backend = backend
        self._dir = tempfile.mkdtemp(prefix="td-plugin-watch-")
        self._copy = os.path.join(self._dir, "session.bws")
        self._last: tuple[int, int] | None = None
        #: the last reading believed
        self._good: BwsData | None = None
        #: a reading that lost rows, with the file's stamp then: believed if it stays
        self._held: tuple[tuple[int, int], BwsData] | None = None
        #: consecutive polls that could not read the file
        self.failures = 0

    def _stamp(self) -> tuple[int, int]:
        st = os.stat(self.path)
        return (st.st_mtime_ns, st.st_size)

    def poll(self) -> Poll:
        """Copy and read the file if it changed since the last good read."""
        try:
            before = self._stamp()
            if before == self._last:
                return Poll()
            if self._held is not None and self._held[0] == before:  # the loss stayed
                return self._believe(before, self._held[1])
            refused = copy_live(self.path, self._copy)
            if refused is not None:
                return self._failed(refused)
            after = self._stamp()
        except FileNotFoundError:
            return self._failed("the file is missing (moved or being replaced?)")
        except PermissionError as exc:
            return self._failed(f"the file is locked: {exc.strerror or exc}")
        except OSError as exc:
            return self._failed(f"the file cannot be copied: {exc.strerror or exc}")
        if after != before:
            return self._failed("the file changed while it was copied (being written)")
        try:
            data = read_bws(self._copy, self.backend, label=self.path)
        except InputError as exc:
            return self._failed(f"the copy cannot be read: {exc.bare_message}")
        if data.reader_warnings:
            return self._failed(f"the copy is damaged (mid-write or truncated?): "
                                f"{data.reader_warnings[0]}")
        other = self._other_session(data)
        if other is not None:
            return self._failed(other)
        lost = self._lost_rows(data)
        if lost is not None:
            self._held = (before, data)
            return self._failed(f"{lost} (being rewritten?): read again at the next poll, "
                                "believed if the file stays as it is")
        return self._believe(before, data)

    def _believe(self, stamp: tuple[int, int], data: BwsData) -> Poll:
        self._last, self._good, self._held = stamp, data, None
        self.failures = 0
        return Poll(data=data)

    def _other_session(self, data: BwsData) -> str | None:
        """Why ``data`` is not the session being watched, or None."""
        good = self._good
        if good is None:
            return None
        for what, was, now in (("GUID", good.guid, data.guid), ("date", good.date, data.date)):
            if was and now and was != now:
                return (f"the copy reads as another session ({what} {now}, not {was}): "
                        "being rewritten? (for a new session, start a new watch)")
        return None

    def _lost_rows(self, data: BwsData) -> str | None:
        """What rows of the last good reading ``data`` lacks, or None."""
        good = self._good
        if good is None:
            return None
        lost = []
        for what, was, now in (
                ("result", {r.id for r in good.results}, {r.id for r in data.results}),
                ("call", _action_ids(good.bids), _action_ids(data.bids)),
                ("card", _action_ids(good.cards), _action_ids(data.cards))):
            gone = len(was - now)
            if gone:
                lost.append(f"{gone} of the {len(was)} {what} rows")
        return "the copy lost " + ", ".join(lost) if lost else None

    def _failed(self, problem: str) -> Poll:
        self.failures += 1
        return Poll(problem=problem)

    def close(self) -> None:
        """Remove the private copy."""
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> BwsPoller:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
