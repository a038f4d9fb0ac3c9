"""The methods `dataclasses` writes for this project's classes, compiled once and kept,
as the modules' own compiled code is, instead of compiled again in every process.

`dataclasses` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``
and, for a frozen class, ``__setattr__`` and ``__delattr__`` as source text, and compiles
that text when the class is made. Python 3.11 compiles it again in every process: for the
50 classes `td-plugin audit` makes before it reads a record, 20 ms of its 90 ms start-up.

`install` puts `run` in the `dataclasses` module under the name ``exec`` (its functions
look a name up in their module before the built-ins), and `td_plugin.quick_init` asks
`code_of` itself. `run` takes the code of a text of this project's modules
(``td_plugin``, ``adapters``) from a cache file and compiles only a text it has not
seen. The file is keyed by the texts themselves, so a text found there is the text that
was compiled: a changed class writes a new text, which is compiled and added. It holds
one section per module, read when the module makes its first class, so that a command
reads only the code of the modules it imports. The file is named for the Python version
and lies in the user's folder of caches (`cache_path`), where uninstalling the package
leaves nothing of it behind in the package's folder, or in PYTHONPYCACHEPREFIX where
Python keeps its compiled files there; it is trusted as they are. Installs of different
versions share it: a text is the same text whichever wrote it.

A process that compiled a text writes the file at its end, each module it compiled a
text of with the texts its classes used (a text of a class since changed is dropped), the
other modules' sections as they were; nothing is written when Python writes no compiled
files (``-B``, PYTHONDONTWRITEBYTECODE) or the folder cannot be written, and a file or a
section that cannot be read is compiled over. Texts of other modules are compiled as
before.
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

__all__ = ["install", "run", "code_of", "cache_path", "save"]

#: the packages whose texts are cached
_OWN = ("td_plugin", "adapters")

_sections: dict[str, bytes] | None = None  # module -> its texts' code, marshalled, as read
_cached: dict[str, dict[str, CodeType]] = {}  # the sections read so far
_used: dict[str, dict[str, CodeType]] = {}  # module -> the texts this process ran
_compiled: set[str] = set()  # the modules this process compiled a text of


def install() -> None:
    """Have `dataclasses` compile its texts through `run` (once per process)."""
    if dataclasses.__dict__.get("exec") is not run:
        dataclasses.exec = run  # type: ignore[attr-defined]  # (the module's own name first)
        atexit.register(save)


def run(source: Any, globals: dict[str, Any] | None = None,
        locals: dict[str, Any] | None = None) -> None:
    """`exec`, with the code of a text of this project's modules from the cache."""
    if type(source) is str and globals is not None and type(globals.get("__name__")) is str:
        source = code_of(source, globals["__name__"])
    builtins.exec(source, globals, locals)


def code_of(text: str, module: str) -> CodeType:
    """The compiled code of ``text``, a text of ``module``: from the cache, or compiled
    now (and written at the end of the process); a text of another package's module is
    compiled each time."""
    if module.partition(".")[0] not in _OWN:
        return compile(text, "<string>", "exec")
    cached = _cached.get(module)
    if cached is None:
        cached = _cached[module] = _section(module)
    code = cached.get(text)
    if type(code) is not CodeType:
        code = cached[text] = compile(text, "<string>", "exec")
        _compiled.add(module)
    used = _used.get(module)
    if used is None:
        used = _used[module] = {}
    used[text] = code
    return code


def cache_path() -> str | None:
    """Where the cache file is: in the folder of compiled files PYTHONPYCACHEPREFIX names,
    else in the user's folder of caches (``$XDG_CACHE_HOME`` or ``~/.cache``,
    ``%LOCALAPPDATA%``, ``~/Library/Caches``), under ``td-plugin``; None where neither is
    known."""
    tag: str | None = sys.implementation.cache_tag  # (None: no compiled files kept)
    if tag is None:
        return None
    if sys.pycache_prefix:
        base = sys.pycache_prefix
    elif sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA", "")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME", "")
        if not os.path.isabs(base):  # (unset, or not absolute: to be ignored)
            base = os.path.expanduser("~/.cache")
    if not os.path.isabs(base):  # (no home folder)
        return None
    return os.path.join(base, "td-plugin", f"dataclass-methods.{tag}.marshal")


def _header() -> bytes:
    """The file's first bytes: this Python's magic number for compiled files and the
    marshal format's version (a file another Python wrote is not read)."""
    from importlib.util import MAGIC_NUMBER

    return MAGIC_NUMBER + marshal.version.to_bytes(4, "little")


def _section(module: str) -> dict[str, CodeType]:
    global _sections
    if _sections is None:
        _sections = _read_file()
    data = _sections.get(module)
    try:
        codes = marshal.loads(data) if type(data) is bytes else None
    except (ValueError, EOFError, TypeError):
        codes = None
    return codes if type(codes) is dict else {}


def _read_file() -> dict[str, bytes]:
    path = cache_path()
    if path is None:
        return {}
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        header = _header()
        if data.startswith(header):
            sections = marshal.loads(memoryview(data)[len(header):])
            if type(sections) is dict:
                return {k: v for k, v in sections.items() if type(k) is str and type(v) is bytes}
    except (OSError, ValueError, EOFError, TypeError):  # none yet, or not one of ours
        pass
    return {}


def save() -> None:
    """Write the cache when this process compiled a text (an exit function)."""
    path = cache_path()
    if not _compiled or sys.dont_write_bytecode or path is None:
        return
    sections = _read_file()  # (what another process wrote meanwhile, too)
    for module in _compiled:
        sections[module] = marshal.dumps(_used[module])
    temporary = f"{path}.{os.getpid()}"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as fh:
            fh.write(_header())
            fh.write(marshal.dumps(sections))
        os.replace(temporary, path)  # (whole or not at all, whoever else writes it)
        _compiled.clear()
    except (OSError, ValueError):  # a folder that cannot be written: compiled next time too
        try:
            os.unlink(temporary)
        except OSError:
            pass
