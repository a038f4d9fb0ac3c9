"""Polling a live ``.bws`` without getting in the scorer's way.

The scorer and Bridgemate Control Software keep the file open all session. Each poll
copies it (a plain read, no Access lock) and reads the copy; a file that changes during
the copy (being written), cannot be opened (locked), does not parse or makes the
database reader complain (truncated, half-written pages) or is briefly missing gives a
`Poll` with a ``problem`` and no data, and the next poll tries again: a damaged read
never reaches the watch, where it would look like results vanishing. Nothing here
raises on a bad file.
"""

from __future__ import annotations

import os
import shutil
import tempfile

from adapters.bws import read_bws
from td_plugin.errors import InputError
from td_plugin.sources import Poll

__all__ = ["Poll", "BwsPoller"]


class BwsPoller:
    """Reads a live ``.bws`` through a private copy, only when it has changed: the
    `td_plugin.sources.Follower` of the ``bws`` adapter (``td_follow_source``); each good
    poll's ``data`` is a `adapters.bws.BwsData`."""

    def __init__(self, path: str, backend: str = "auto") -> None:
        self.path = path
        self.backend = backend
        self._dir = tempfile.mkdtemp(prefix="td-plugin-watch-")
        self._copy = os.path.join(self._dir, "session.bws")
        self._last: tuple[int, int] | None = None
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
            shutil.copyfile(self.path, self._copy)
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
            return self._failed(f"the copy cannot be read (mid-write or truncated?): "
                                f"{exc.bare_message}")
        if data.reader_warnings:
            return self._failed(f"the copy is damaged (mid-write or truncated?): "
                                f"{data.reader_warnings[0]}")
        self._last = before
        self.failures = 0
        return Poll(data=data)

    def _failed(self, problem: str) -> Poll:
        self.failures += 1
        return Poll(problem=problem)

    def close(self) -> None:
        """Remove the private copy."""
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> "BwsPoller":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
