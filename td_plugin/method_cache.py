"""The methods `dataclasses` writes for this project's classes, compiled once per install
and Python version, as the modules themselves are, not once per process.

`dataclasses` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and, for a frozen class, ``__setattr__`` and ``__delattr__`` as source text, and compiles
that text when the class is made. Python 3.11 compiles it again in every process: for the
50 classes `td-plugin audit` makes before it reads a record, 20 ms of its 90 ms start-up.

`install` has `dataclasses` run its texts through `run`, which takes the code of a text
of this project's modules (``td_plugin``, ``adapters``) from a cache file and compiles
only a text it has not seen. The file is keyed by the texts themselves, so a text found
there is the text that was compiled: a changed class writes a new text, which is compiled
and added. The file lies beside the modules' compiled files (under ``__pycache__``, or
under PYTHONPYCACHEPREFIX), named for the Python version, and is trusted as they are. It
is written at the end of a process that compiled a text, unless Python writes no compiled
files (``-B``, PYTHONDONTWRITEBYTECODE) or the folder cannot be written; a file that
cannot be read is compiled over. Texts of other modules are compiled as before.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import marshal
import os
import sys
from types import CodeType
from typing import Any

__all__ = ["install", "run", "code_of", "cache_path"]

#: the packages whose texts are cached
_OWN = ("td_plugin", "adapters")
#: above this many texts, the file keeps only those this process used (the others were
#: classes since changed or removed)
MAX_TEXTS = 4000
#: the file's first bytes: this Python's magic number for compiled files (a new Python
#: reads no code object written by another)
_HEADER: bytes | None = None

_codes: dict[str, CodeType] | None = None  # read from the file at first use
_used: set[str] = set()
_added = 0


def install() -> None:
    """Have `dataclasses` compile its texts through `run` (once per process)."""
    if dataclasses.__dict__.get("exec") is not run:
        dataclasses.exec = run  # type: ignore[attr-defined]  # (the module's own name first)
        atexit.register(save)


def run(source: Any, globals: dict[str, Any] | None = None,
        locals: dict[str, Any] | None = None) -> None:
    """`exec`, with the code of a text of this project's modules from the cache."""
    if type(source) is str and globals is not None and \
            str(globals.get("__name__", "")).partition(".")[0] in _OWN:
        source = code_of(source)
    builtins.exec(source, globals, locals)


def code_of(text: str) -> CodeType:
    """The compiled code of ``text``: from the cache, or compiled now and added to it."""
    global _codes, _added
    if _codes is None:
        _codes = _read()
    code = _codes.get(text)
    if code is None:
        code = _codes[text] = compile(text, "<string>", "exec")
        _added += 1
    _used.add(text)
    return code


def cache_path() -> str:
    """Where the cache file is: beside this module's compiled file."""
    from importlib.util import cache_from_source

    return os.path.splitext(cache_from_source(__file__))[0] + ".marshal"


def _header() -> bytes:
    global _HEADER
    if _HEADER is None:
        from importlib.util import MAGIC_NUMBER

        _HEADER = MAGIC_NUMBER + marshal.version.to_bytes(4, "little")
    return _HEADER


def _read() -> dict[str, CodeType]:
    try:
        with open(cache_path(), "rb") as fh:
            data = fh.read()
        header = _header()
        if data.startswith(header):
            codes = marshal.loads(memoryview(data)[len(header):])
            if type(codes) is dict and all(
                    type(k) is str and type(v) is CodeType for k, v in codes.items()):
                return codes
    except (OSError, ValueError, EOFError, TypeError):  # none yet, or not one of ours
        pass
    return {}


def save() -> None:
    """Write the cache when this process compiled a text (an exit function)."""
    global _added
    if not _added or _codes is None or sys.dont_write_bytecode:
        return
    codes = _codes
    if len(codes) > MAX_TEXTS:
        codes = {text: codes[text] for text in _used}
    path = cache_path()
    temporary = f"{path}.{os.getpid()}"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as fh:
            fh.write(_header())
            fh.write(marshal.dumps(codes))
        os.replace(temporary, path)  # (whole or not at all, whoever else writes it)
        _added = 0
    except (OSError, ValueError):  # a folder that cannot be written: compiled next time too
        try:
            os.unlink(temporary)
        except OSError:
            pass
