"""The Director's own files, read the way a Windows laptop saves them: case files
(``td-plugin rule``) and adjustment lists (``td-plugin adjust``).

* The text is read as the PBN reader reads a game: UTF-8 (a byte-order mark, as Notepad
  writes one, is dropped), else Windows-1252 ("ANSI"); UTF-16 with its byte-order mark
  (Notepad's "Unicode") too.
* A file is at most `MAX_BYTES`; a folder, a missing file, an unreadable one is said in
  a sentence.
* JSON or YAML is parsed within bounds: YAML anchors and aliases (``&a`` ... ``*a``,
  which a file can nest into billions of references) are refused, nesting deeper than
  the parser's limit (YAML: `MAX_YAML_DEPTH`) is refused, a number too long for Python
  is refused; each with a sentence and the line where known.
* `echo` shows a value of the file in a message, cut to a bounded length, whatever it
  holds.

Every failure raises the caller's `td_plugin.errors.InputError` subclass naming the file.
"""

from __future__ import annotations

import json
import os
import reprlib
from typing import Any

from td_plugin.errors import InputError, Location

__all__ = ["MAX_BYTES", "MAX_YAML_DEPTH", "PURE_YAML_BYTES", "read_text", "decode_text",
           "parse_json", "parse_yaml", "echo"]

#: the largest case file or adjustment list read (a real one is a few kilobytes)
MAX_BYTES = 1 << 20
#: a YAML text the C parser finds wrong is parsed again by the pure Python one, whose
#: messages say more (the character found, what was expected), up to this size: beyond
#: it the C parser's message is given (the pure one reads about 5 seconds a megabyte)
PURE_YAML_BYTES = 16 * 1024
#: lists and mappings inside each other a YAML file may hold (a real one: four or five);
#: the YAML parser's work on each token grows with the depth it is at
MAX_YAML_DEPTH = 64

_UNDEFINED_CP1252 = (0x81, 0x8D, 0x8F, 0x90, 0x9D)
#: Latin-1 text to Windows-1252: the bytes 0x80-0x9F that cp1252 defines
_CP1252 = {b: bytes([b]).decode("cp1252") for b in range(0x80, 0xA0)
           if b not in _UNDEFINED_CP1252}


def decode_text(raw: bytes) -> str:
    """The text of a file's bytes: UTF-16 or UTF-8 by a byte-order mark, else UTF-8 when
    valid, else Windows-1252 (the five bytes it leaves undefined as their Latin-1 code
    points, so nothing fails)."""
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1").translate(_CP1252)


def read_text(path: str | os.PathLike[str], what: str, error: type[InputError]) -> str:
    """The text of ``path`` (`decode_text`), ``what`` naming it in errors ("case file").

    :raises error: the path is a folder, missing, unreadable, or larger than `MAX_BYTES`.
    """
    path = os.fspath(path)
    where = Location(path=path)
    if os.path.isdir(path):
        raise error(f"this is a folder, not a {what}", where)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise error(f"cannot read the {what}: no such file", where) from None
    except OSError as exc:
        raise error(f"cannot read the {what}: {exc.strerror or exc}", where) from None
    if len(raw) > MAX_BYTES:
        raise error(f"larger than {MAX_BYTES // 1024:,} KB: not a {what}", where)
    return decode_text(raw)


def _too_deep(error: type[InputError], path: str | None) -> InputError:
    return error("nested too deeply to be read (lists or mappings inside each other "
                 "hundreds of times)", Location(path=path))


def parse_json(text: str, path: str | None, error: type[InputError]) -> Any:
    """JSON data, within bounds (see the module's docstring)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                    Location(path=path, line=exc.lineno)) from None
    except ValueError as exc:  # a number of more digits than Python converts
        raise error(f"not valid JSON: {_value_error(exc)}", Location(path=path)) from None
    except RecursionError:
        raise _too_deep(error, path) from None


def parse_yaml(text: str, path: str | None, error: type[InputError]) -> Any:
    """YAML data (the safe subset), within bounds (see the module's docstring)."""
    import yaml

    try:
        looked = _libyaml_look(text)
        if looked is _TOO_DEEP:
            raise _too_deep(error, path)
        if looked is None:  # the C loader, many times faster, gives the same data
            return yaml.load(text, Loader=yaml.CSafeLoader)  # noqa: S506 - a SafeLoader
        if isinstance(looked, yaml.YAMLError) and len(text) > PURE_YAML_BYTES:
            raise looked  # (said below)
        return yaml.load(text, Loader=_loader())  # noqa: S506 - a SafeLoader
    except _AliasRefused as exc:
        raise error("not read: YAML anchors and aliases (&name, *name) are not allowed "
                    "in this file", Location(path=path, line=exc.line)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        raise error(f"not valid YAML: {problem}", Location(path=path, line=line)) from None
    except ValueError as exc:  # a long number, a date that is none
        raise error(f"not valid YAML: {_value_error(exc)}", Location(path=path)) from None
    except RecursionError:
        raise _too_deep(error, path) from None


_TOO_DEEP, _NO_LIBYAML = "too deep", "no libyaml"


def _libyaml_look(text: str) -> object:
    """YAML ``text`` looked at by the C parser (linear in the text, bounded in its depth)
    where it is installed (else `_NO_LIBYAML`): None when it parses, `_TOO_DEEP` when
    lists and mappings nest deeper than `MAX_YAML_DEPTH`, else the error it fails with.

    :raises _AliasRefused: at the first alias.
    """
    import yaml

    if not getattr(yaml, "__with_libyaml__", False):
        return _NO_LIBYAML
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    return _TOO_DEEP
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                mark = event.start_mark
                raise _AliasRefused(mark.line + 1 if mark is not None else None)
    except yaml.YAMLError as exc:
        return _TOO_DEEP if "nesting depth" in str(exc) else exc  # (its own bound)
    return None


def _value_error(exc: ValueError) -> str:
    """What a parser's `ValueError` means for the person who wrote the file."""
    if "integer string conversion" in str(exc):
        return "a number of thousands of digits"
    return str(exc)


class _AliasRefused(Exception):
    def __init__(self, line: int | None) -> None:
        super().__init__(line)
        self.line = line


_LOADER: Any = None


def _loader() -> Any:
    """PyYAML's safe loader, refusing aliases (the pure Python one: the C one composes
    nodes where no override can see an alias)."""
    global _LOADER
    if _LOADER is None:
        import yaml

        class NoAliasLoader(yaml.SafeLoader):
            def compose_node(self, parent: Any, index: Any) -> Any:
                if self.check_event(yaml.AliasEvent):
                    # PyYAML's stubs leave the parser's methods untyped
                    event = self.peek_event()  # type: ignore[no-untyped-call]
                    raise _AliasRefused(event.start_mark.line + 1)
                return super().compose_node(parent, index)

        _LOADER = NoAliasLoader
    return _LOADER


_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = _REPR.maxset = 6
_REPR.maxlevel = 3


def echo(value: Any) -> str:
    """``repr(value)`` cut to a bounded length, whatever ``value`` holds (a long text, a
    number of thousands of digits, lists in lists)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    return _REPR.repr(value)
