"""Writing output files so that nothing is ever lost: the one way every writer writes.

* `check_outputs` compares every output path with every input path (and the outputs
  with each other) before anything is written: an output that is an input (the same
  file by any name: a hard link, a symbolic link, a folder reached two ways), or two
  outputs that are one file, refuse the whole run.
* `atomic_output` (and `atomic_write`, `atomic_path`) write into a new temporary file in
  the destination's own folder, flush it to the disk and rename it over the destination
  in one step. The destination is therefore either what it was or the whole new file,
  whatever happens meanwhile (Ctrl-C, an error, the process killed, the power cut); a
  symbolic link already at the destination is replaced, never written through. The
  temporary file is removed on an error or Ctrl-C; only a killed process leaves one
  behind, named ``.NAME.td-plugin-<8 hex digits>.tmp``.
* `create_new` makes a file that did not exist (a backup), never replacing anything.
* `copy_mode` gives an adjusted copy the permissions of the input it copies.
* `LineLog` appends lines to a log (``watch --log``), each whole or not at all: a line
  the system takes only in part (a full disk) is taken back, and said.

A new file gets the permissions the user's umask gives; a replaced one keeps its own; an
adjusted copy of an input gets the input's (`copy_mode`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any

from td_plugin.errors import InputError

__all__ = ["check_outputs", "atomic_output", "atomic_write", "atomic_path", "create_new",
           "copy_mode", "OutputConflict", "LineLog"]

#: the prefix and suffix of a temporary file beside its destination
TEMP_PREFIX, TEMP_SUFFIX = ".", ".tmp"
_TEMP_MARK = ".td-plugin-"


class OutputConflict(InputError):
    """An output would overwrite an input, or two outputs are the same file; nothing was
    written. The message has one line per conflict."""


def _key(path: str) -> str:
    """One spelling per file that may not exist yet: its folder resolved (links, ``..``),
    its name as given (case folded where the system does)."""
    folder, name = os.path.split(os.path.abspath(path))
    return os.path.normcase(os.path.join(os.path.realpath(folder), name))


def _existing_parent(path: str) -> str:
    """The nearest folder (or file) above ``path`` that exists."""
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.lexists(parent) and os.path.dirname(parent) != parent:
        parent = os.path.dirname(parent)
    return parent


def _same_file(a: str, b: str) -> bool:
    if _key(a) == _key(b):
        return True
    try:
        return os.path.samefile(a, b)  # hard links, a link at ``a`` to ``b``
    except OSError:  # one of them does not exist (yet)
        return False


def check_outputs(inputs: Iterable[str], outputs: Sequence[tuple[str, str]]) -> None:
    """Refuse outputs that would overwrite an input or each other, before anything is
    written.

    :param inputs: the paths read.
    :param outputs: ``(path, what it is)`` for each file to be written, e.g.
        ``("out/x.pbn", "the adjusted copy of b/x.pbn")``.
    :raises OutputConflict: naming every conflict, one a line.
    """
    inputs = list(inputs)
    conflicts: list[str] = []
    for i, (path, what) in enumerate(outputs):
        if os.path.isdir(path):
            conflicts.append(f"{what} would be written to {path!r}, which is a folder")
            continue
        folder = _existing_parent(path)
        if not os.path.isdir(folder):
            conflicts.append(f"{what} would be written into {folder!r}, which is a file, "
                             "not a folder")
            continue
        for source in inputs:
            if _same_file(path, source):
                conflicts.append(f"{what} would overwrite the input {source!r}")
        for other, other_what in outputs[:i]:
            if _same_file(path, other):
                conflicts.append(f"{other_what} and {what} would both be written to "
                                 f"{path!r}: td-plugin refuses rather than let one replace "
                                 "the other (write them to different folders)")
    if conflicts:
        raise OutputConflict("nothing was written:\n  " + "\n  ".join(conflicts))


def _new_temporary(dest: str) -> tuple[int, str]:
    """A new file beside ``dest``, opened for writing: (descriptor, path)."""
    folder, name = os.path.split(os.path.abspath(dest))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        path = os.path.join(folder, f"{TEMP_PREFIX}{name}{_TEMP_MARK}"
                                    f"{os.urandom(4).hex()}{TEMP_SUFFIX}")
        try:
            return os.open(path, flags, 0o666), path  # the umask applies
        except FileExistsError:
            continue
        except OSError as exc:  # name the destination, not the temporary file
            raise type(exc)(exc.errno, exc.strerror, dest) from None


def _keep_mode(dest: str, temporary: str) -> None:
    """A file replaced keeps its permissions (a link replaced does not lend its
    target's)."""
    try:
        st = os.lstat(dest)
    except FileNotFoundError:
        return
    if not os.path.islink(dest):
        os.chmod(temporary, st.st_mode & 0o7777)


def _sync_folder(path: str) -> None:
    """Make a rename in ``path``'s folder durable (where the system allows it)."""
    try:
        fd = os.open(os.path.dirname(os.path.abspath(path)) or ".", os.O_RDONLY)
    except OSError:  # Windows cannot open a folder
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _commit(temporary: str, dest: str) -> None:
    _keep_mode(dest, temporary)
    os.replace(temporary, dest)  # replaces a link at ``dest``, never its target
    _sync_folder(dest)


def _discard(temporary: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temporary)


@contextlib.contextmanager
def atomic_output(dest: str | os.PathLike[str], mode: str = "wb", *,
                  encoding: str | None = None, newline: str | None = None) -> Iterator[IO[Any]]:
    """A file to write ``dest`` through: ``with atomic_output(path) as fh: fh.write(...)``.
    ``dest`` appears whole when the block ends without an error, and is left as it was
    otherwise. ``mode`` is ``"wb"`` or ``"w"`` (with ``encoding`` and ``newline``)."""
    if mode not in ("wb", "w"):
        raise ValueError(f"atomic_output writes new files: mode 'wb' or 'w', not {mode!r}")
    dest = os.fspath(dest)
    fd, temporary = _new_temporary(dest)
    try:
        with os.fdopen(fd, mode, encoding=encoding, newline=newline) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        _commit(temporary, dest)
    except BaseException:
        _discard(temporary)
        raise


def atomic_write(dest: str | os.PathLike[str], data: bytes | str, *,
                 encoding: str = "utf-8") -> None:
    """Write ``data`` (text is encoded with ``encoding``) to ``dest`` whole or not at all."""
    payload = data.encode(encoding) if isinstance(data, str) else data
    with atomic_output(dest) as fh:
        fh.write(payload)


@contextlib.contextmanager
def atomic_path(dest: str | os.PathLike[str]) -> Iterator[str]:
    """The path of a new, empty temporary file beside ``dest``, for a writer that needs a
    path (an ODBC driver): ``dest`` is replaced by it when the block ends without an
    error; otherwise it is removed and ``dest`` left as it was."""
    dest = os.fspath(dest)
    fd, temporary = _new_temporary(dest)
    os.close(fd)
    try:
        yield temporary
        with open(temporary, "rb+") as fh:
            os.fsync(fh.fileno())
        _commit(temporary, dest)
    except BaseException:
        _discard(temporary)
        raise


def copy_mode(source: str | os.PathLike[str], copy: str | os.PathLike[str]) -> None:
    """Give ``copy`` (a file just written) the permission bits of ``source``, the input it
    is a copy of; a link at ``copy`` is left alone."""
    if os.path.isfile(copy) and not os.path.islink(copy):
        os.chmod(copy, os.stat(source).st_mode & 0o7777)


def create_new(source: str | os.PathLike[str], candidates: Iterable[str]) -> str:
    """Copy ``source`` to the first of ``candidates`` that does not exist yet and return
    it. A file (or link) already at a candidate is never touched: the copy is created
    exclusively. A crash leaves at most a partial copy under a new name.

    :raises FileExistsError: every candidate exists.
    """
    for path in candidates:
        try:
            out = open(path, "xb")
        except FileExistsError:
            continue
        try:
            with out, open(source, "rb") as src:
                shutil.copyfileobj(src, out, 1 << 20)
                out.flush()
                os.fsync(out.fileno())
            shutil.copystat(source, path)
        except BaseException:
            _discard(path)
            raise
        return path
    raise FileExistsError(f"no free name for a copy of {os.fspath(source)!r}")


class LineLog:
    """A log that lines are appended to (``watch --log``, a JSON line an event), each
    whole or not at all.

    A line is written with `os.write` on a file opened for appending, and written again
    from where it stopped while the system takes only part of it. When the system takes
    no more (a full disk, a file-size limit, a quota), what was written of the line is
    taken back (the file is cut to its size before the line), the line is counted in
    ``lost`` and the reason kept in ``error``; the next line is tried again, so the log
    goes on when room is made. ``write`` is the function that writes bytes to a file
    descriptor (`os.write`; a test gives one that stops as a full disk does).
    """

    def __init__(self, fd: int, path: str,
                 write: Callable[[int, memoryview], int] = os.write) -> None:
        self.fd = fd
        self.path = path
        self._write = write
        self.written = 0
        self.lost = 0
        self.error: str | None = None

    @classmethod
    def open(cls, path: str | os.PathLike[str],
             write: Callable[[int, memoryview], int] = os.write) -> LineLog:
        """The log at ``path``, created when it is not there, appended to when it is."""
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        return cls(fd, os.fspath(path), write)

    def write_line(self, text: str) -> bool:
        """Append ``text`` and a line end; False (and the line counted in ``lost``) when
        the system did not take it whole, in which case nothing of it stays."""
        data = memoryview((text + "\n").encode("utf-8"))
        start = os.lseek(self.fd, 0, os.SEEK_END)
        done = 0
        try:
            while done < len(data):
                n = self._write(self.fd, data[done:])
                if n <= 0:  # (the system takes nothing more, and says nothing)
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                done += n
        except OSError as exc:
            if done:
                with contextlib.suppress(OSError):  # (a device cannot be cut: no line there)
                    os.ftruncate(self.fd, start)
            self.lost += 1
            self.error = exc.strerror or str(exc)
            return False
        self.written += 1
        return True

    def close(self) -> None:
        os.close(self.fd)

    def __enter__(self) -> LineLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
