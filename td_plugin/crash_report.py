"""What happens when td-plugin fails in a way it did not foresee (a bug).

The user gets a short statement on standard error: that this is a bug in td-plugin
and not a problem with their file, which input was being read, and the log file to send
with a report. The log holds the traceback (the terminal never shows it), the command
line, the inputs' names and sizes, and the versions. The command exits with
`EXIT_BUG` (3), never with 1 ("findings") or 2 ("could not run").
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TextIO

__all__ = ["EXIT_BUG", "note_input", "write_crash_log", "report_crash"]

#: the exit status of a bug
EXIT_BUG = 3
#: notes added to an exception that name the input being read (``input: PATH``)
INPUT_NOTE = "input: "


def note_input(exc: BaseException, path: str) -> None:
    """Name the input being read in ``exc``'s notes (shown with its traceback)."""
    notes = getattr(exc, "__notes__", None)
    if not isinstance(notes, list):
        notes = []
        exc.__notes__ = notes  # type: ignore[attr-defined]  # add_note() before 3.11
    notes.append(INPUT_NOTE + path)


def _inputs(exc: BaseException) -> list[str]:
    """The inputs named in the notes of ``exc`` and the exceptions it came from."""
    out: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        for note in getattr(current, "__notes__", ()):
            if note.startswith(INPUT_NOTE) and note[len(INPUT_NOTE):] not in out:
                out.append(note[len(INPUT_NOTE):])
        current = current.__cause__ or current.__context__
    return out


def _describe_file(path: str) -> str:
    try:
        return f"{path} ({os.path.getsize(path):,} bytes)"
    except OSError as exc:
        return f"{path} ({exc.strerror or exc})"


def write_crash_log(exc: BaseException, argv: Sequence[str], inputs: Sequence[str] = (),
                    folder: str | None = None) -> str:
    """Write the log of a crash into ``folder`` (default: the system's temporary folder)
    and return its path. ``inputs``: the files the command was given."""
    # (imported here: every command loads this module, few ever write a log)
    import datetime as dt
    import platform
    import tempfile
    import traceback

    from td_plugin import __version__

    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    fd, path = tempfile.mkstemp(prefix=f"td-plugin-crash-{stamp}-", suffix=".log",
                                dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as log:
        log.write(f"td-plugin {__version__}, Python {platform.python_version()}, "
                  f"{platform.platform()}\n")
        log.write(f"command: td-plugin {' '.join(argv)}\n")
        for name in _inputs(exc):
            log.write(f"input being read: {_describe_file(name)}\n")
        for name in inputs:
            log.write(f"input given: {_describe_file(name)}\n")
        log.write("\n")
        log.write("".join(traceback.format_exception(exc)))
    return path


def report_crash(exc: BaseException, command: str, argv: Sequence[str],
                 inputs: Sequence[str] = (), err: TextIO | None = None) -> int:
    """Log ``exc`` and tell the user what happened; returns `EXIT_BUG`. ``inputs``: the
    files the command was given (the one being read, when known, is named first)."""
    err = err or sys.stderr
    reading = _inputs(exc)
    named = reading[-1:] or list(inputs)
    where = f" while reading {', '.join(map(repr, named))}" if named else ""
    try:
        log = write_crash_log(exc, argv, inputs)
        send = (f"The details are in {log}. Please report this to the td-plugin "
                "maintainers and send that file with the report (and the input, if you "
                "may share it).")
    except OSError as log_error:
        send = (f"The details could not be logged ({log_error}). Please report this to "
                "the td-plugin maintainers with the command you ran.")
    print(f"td-plugin {command}: an unexpected error{where}: {type(exc).__name__}: "
          f"{str(exc)[:500]}", file=err)
    print(f"This is a bug in td-plugin, not a problem with your file. {send}", file=err)
    return EXIT_BUG
