"""The lowest layer of PBN reading: bytes to games, games to tokens.

A PBN file is read as a stream of byte lines and cut into *blocks*: runs of lines that
are not semi-empty (a game, PBN 2.1 §3) and runs of semi-empty lines (the separators).
A brace comment may contain semi-empty lines without ending the game (§3.8), so the
splitter follows ``{``/``}`` outside strings and ``;`` comments. Concatenating the blocks
gives back the file byte for byte, which is what lossless writing relies on.

Each game block is decoded on its own: UTF-8 when it is valid UTF-8, otherwise
Windows-1252 (a superset of ISO 8859-1 for the printable range; the five bytes
cp1252 leaves undefined decode as their Latin-1 code points), so a decoded game can
always be encoded back to the same bytes.

`scan` then cuts a game's text into items with one compiled regular expression: tag
pairs, malformed tags, brace and rest-of-line comments, escape (``%``) lines, runs of
strings, runs of section tokens (across lines, up to the next tag, comment or string),
and runs of unexpected characters (each run one item: the work of reading a game grows
with its items, and a run of them is no longer to read than one).
"""

from __future__ import annotations

import codecs
import os
import re
import textwrap
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from td_plugin._quick_init import quick_init

__all__ = ["Block", "ByteStream", "split_blocks", "MAX_GAME_BYTES", "describe_stray", "decode",
           "encode", "file_encoding", "scan", "LineIndex", "unescape", "escape", "tag_pair",
           "ITEM_TAG", "ITEM_BADTAG", "ITEM_BRACE", "ITEM_SEMI", "ITEM_ESCAPE",
           "ITEM_STRING", "ITEM_DATA", "ITEM_BAD", "PLAIN_ITEMS", "MAX_LINE", "eol_of",
           "brace_comment", "brace_comments"]

#: Printing characters allowed on one line (§2.3: 255 including the end of line).
MAX_LINE = 254


# -- encoding ---------------------------------------------------------------------------

def _latin1_fallback(err: UnicodeError) -> tuple[str | bytes, int]:
    """Codec error handler: undefined cp1252 bytes <-> the Latin-1 code points U+0080..U+009F."""
    if isinstance(err, UnicodeDecodeError):
        return chr(err.object[err.start]), err.start + 1
    if isinstance(err, UnicodeEncodeError):
        out = bytearray()
        for ch in err.object[err.start:err.end]:
            if ord(ch) < 256:
                out.append(ord(ch))
            else:
                out.extend(b"?")
        return bytes(out), err.end
    raise err


codecs.register_error("pbn-latin1", _latin1_fallback)


def decode(raw: bytes) -> tuple[str, str]:
    """Decode one game: ``(text, encoding)`` with encoding ``ascii``, ``utf-8`` or ``cp1252``."""
    if raw.isascii():
        return raw.decode("ascii"), "ascii"
    try:
        return raw.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return raw.decode("cp1252", "pbn-latin1"), "cp1252"


#: Suit symbols as PBN commentary writes them where the character set has none (§3.8).
_SUIT_ESCAPES = str.maketrans({"\u2660": "\\S", "\u2665": "\\H", "\u2666": "\\D",
                               "\u2663": "\\C"})


def encode(text: str, encoding: str) -> bytes:
    """Encode text written into a game of ``encoding``. Text added to an ASCII game is
    written in ISO 8859-1 (the PBN character set, §2.2): suit symbols become the PBN
    escapes ``\\S \\H \\D \\C``, anything else it cannot hold becomes ``?``."""
    if encoding == "utf-8":
        return text.encode("utf-8")
    text = text.translate(_SUIT_ESCAPES)
    if encoding == "cp1252":
        return text.encode("cp1252", "pbn-latin1")
    return text.encode("latin-1", "replace")


def file_encoding(path: str | os.PathLike[str]) -> str:
    """The encoding of a whole file, read in chunks: ``ascii``, ``utf-8`` (valid UTF-8
    with non-ASCII characters) or ``cp1252``."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    non_ascii = False
    with open(path, "rb") as fp:
        for chunk in iter(lambda: fp.read(1 << 20), b""):
            if not non_ascii and not chunk.isascii():
                non_ascii = True
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError:
                return "cp1252"
    try:
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8" if non_ascii else "ascii"


# -- splitting --------------------------------------------------------------------------

@quick_init
@dataclass(frozen=True)
class Block:
    """A run of lines of the file: a game candidate (``blank`` false) or semi-empty lines.
    ``oversize`` marks a piece of a game longer than `MAX_GAME_BYTES`, which is cut into
    pieces and not read (the pieces still give back the file byte for byte)."""

    data: bytes
    first_line: int
    blank: bool
    oversize: bool = False


#: the most bytes of one game (a real game is a few kilobytes, a vugraph game with its
#: commentary a few tens): a longer run of lines without a semi-empty line is not read,
#: and a brace comment that does not close within it does not run across semi-empty lines
MAX_GAME_BYTES = 1 << 20

# runs of semi-empty lines (a last line of blanks without its line end included): at the
# start of the buffer, and after a line end (group 1; a literal first character lets the
# regular expression engine skip ahead from line end to line end)
# (repeats that give nothing back: no frame of the regular expression engine per line of
# a run, which a file of a million empty lines would otherwise cost)
_BLANK_RUN = re.compile(rb"(?:[ \t]*+\r?\n)++(?:[ \t]+\Z)?|[ \t]+\Z")
_BLANK_RUN_AFTER = re.compile(rb"\n((?:[ \t]*+\r?\n)++(?:[ \t]+\Z)?|[ \t]+\Z)")
# what can open a brace comment, or hide a brace: escape lines, strings, ';' comments
_BRACE_SCAN = re.compile(rb'(?m)^%[^\r\n]*|"[^"\\\r\n]*+(?:\\.[^"\\\r\n]*+)*+"?|;[^\r\n]*|\{[^}]*\}?')
_CHUNK = 1 << 20


class _OpenComment:
    """Whether the game being cut leaves a brace comment open at its end, worked out
    incrementally as the game grows (each byte is scanned about once)."""

    def __init__(self) -> None:
        self.start = 0  # the game's start in the buffer
        self.at: int | None = None  # where the open comment starts
        self.checked = 0  # the game is known up to here

    def reset(self, start: int) -> None:
        self.start, self.at, self.checked = start, None, start

    def shift(self, by: int) -> None:
        self.start -= by
        self.checked -= by
        if self.at is not None:
            self.at -= by

    def open_at(self, buf: bytes, end: int) -> int | None:
        """Where the comment open at ``end`` starts (None: none is open)."""
        if self.at is None:
            if buf.find(b"{", self.checked, end) < 0:
                self.checked = end
                return None
            scan_from = self.start
        elif buf.find(b"}", self.checked, end) < 0:
            self.checked = end
            return self.at
        else:
            scan_from = self.at
        last = None
        for last in _BRACE_SCAN.finditer(buf, scan_from, end):  # noqa: B007 - the last match
            pass
        text = last.group() if last is not None else b""
        self.at = last.start() if text[:1] == b"{" and text[-1:] != b"}" else None  # type: ignore[union-attr]
        self.checked = end
        return self.at


def _next_blank_run(buf: bytes, pos: int) -> tuple[int, int] | None:
    """The span of the first run of semi-empty lines at or after ``pos`` (a line start)."""
    m = _BLANK_RUN.match(buf, pos)
    if m is not None and m.end() > pos:
        return m.span()
    m = _BLANK_RUN_AFTER.search(buf, pos)
    return m.span(1) if m is not None else None


class ByteStream(Protocol):
    """What `split_blocks` reads from: a binary file, or a part of one."""

    def read(self, size: int = -1, /) -> bytes:
        ...


def split_blocks(stream: ByteStream, chunk_size: int = _CHUNK, first_line: int = 1,
                 max_game: int = MAX_GAME_BYTES, final: bool = True) -> Iterator[Block]:
    """Cut a binary stream into blocks, reading it a chunk at a time: memory holds about
    one chunk and ``max_game`` bytes, whatever the size of the file and its games.
    ``first_line`` is the file line the stream starts on; ``final`` false says the
    stream stops before the file's end (a part of it): a comment still open there leaves
    the last block open, for whoever reads on. One function on purpose: a reader hot path,
    run on every byte of the file (measured by benchmarks/bench_readers.py).

    A game ends at a run of semi-empty lines, unless a brace comment is open there that
    closes within ``max_game`` bytes of the game's start (§3.8); a game longer than
    ``max_game`` is handed out in ``oversize`` pieces up to its next semi-empty line."""
    buf = b""
    line = first_line
    eof = False
    pos = 0  # the start of the block being cut
    search = 0  # where its next run of semi-empty lines is looked for
    held: tuple[int, int] | None = None  # the first run an open comment ran across
    comment = _OpenComment()
    oversize = False  # handing out the pieces of an oversize game
    no_close = (0, 0)  # the buffer has no '}' from [0] to [1]
    while True:
        run = _next_blank_run(buf, search)
        more = run is None or (not eof and run[1] == len(buf))
        cut: tuple[int, int] | None = None  # where the block ends
        if not more:
            assert run is not None
            at = None if run[0] == pos or oversize else comment.open_at(buf, run[0])
            if at is None:
                cut = run
            elif len(buf) < pos + max_game and not eof:
                more = True  # read on: does the comment close in time?
            elif len(buf) < pos + max_game and not final and buf.find(b"}", at) < 0:
                break  # the part ends before the comment closes: the rest is read on
            else:
                limit = pos + max_game
                lo = max(at, no_close[1]) if no_close[0] <= at else at
                close = buf.find(b"}", lo, limit) if lo < limit else -1
                if close < 0:
                    no_close = (at, limit)
                if run[0] - pos <= max_game and close >= 0:
                    held = held or run  # the comment runs across the semi-empty lines
                    search = run[1]
                    continue
                cut = held or run
        if more and held is not None and len(buf) - pos > max_game:
            cut = held  # the game would be too long: it ends at the first run after all
        if cut is None:
            if eof:
                break
            if held is None and len(buf) - pos > max_game + chunk_size:
                piece = buf[pos:len(buf) - chunk_size]
                yield Block(piece, line, False, True)
                line += piece.count(b"\n")
                oversize = True
                pos = len(buf) - chunk_size
                comment.reset(pos)
            if pos:  # what is handed out leaves the buffer
                buf = buf[pos:]
                search = max(0, search - pos)
                comment.shift(pos)
                if held is not None:
                    held = (held[0] - pos, held[1] - pos)
                no_close = (no_close[0] - pos, no_close[1] - pos)
                pos = 0
            data = stream.read(chunk_size)
            eof = not data
            buf += data
            continue
        start, end = cut
        if start > pos:
            text = buf[pos:start]
            yield Block(text, line, False, oversize)
            line += text.count(b"\n")
        blank = buf[start:end]
        yield Block(blank, line, True)
        line += blank.count(b"\n")
        pos = search = end
        held = None
        oversize = False
        comment.reset(pos)
    if pos < len(buf):
        yield Block(buf[pos:], line, False, oversize)


_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f\x7f]")


def describe_stray(data: bytes, size: int, lines: int) -> str:
    """What a run of lines outside any game is, for a problem: binary data counted and
    shown by its first bytes, or text by its first line, never the whole of it."""
    if _CONTROL.search(data, 0, 4096) is not None:
        head = " ".join(f"{b:02x}" for b in data[:8])
        return f"{size:,} bytes of binary data, not PBN text (it starts {head})"
    first = data.split(b"\n", 1)[0].strip().decode("utf-8", "replace")
    shown = first if len(first) <= 60 else first[:60] + "..."
    what = f"{lines:,} lines" if lines > 1 else "a line"
    return f"{what} of text outside any game, starting {shown!r}"


# -- scanning ---------------------------------------------------------------------------

ITEM_TAG, ITEM_BADTAG, ITEM_BRACE, ITEM_SEMI, ITEM_ESCAPE, ITEM_STRING, ITEM_DATA, ITEM_BAD = (
    1, 4, 5, 6, 7, 8, 9, 10)

# a string's characters: anything but a quote, a backslash or a line end, or an escape
# (repeats that give nothing back: the regular expression engine keeps no frame per
# escape, nor, in a run of strings, per string: a game of a million quotes or escapes
# is read in the memory of its text)
_STRING_BODY = r'[^"\\\r\n]*+(?:\\.[^"\\\r\n]*+)*+'
# a tag pair (groups: name, value)
_TAG_PAIR = r'\[\s*([A-Za-z0-9_]+)\s*"(' + _STRING_BODY + r')"\s*\]'
# a run of section tokens, across lines up to the next tag, comment or string
_TOKEN_RUN = r'[^\s\[\]{};"%](?:[^\[\]{};"%]*[^\s\[\]{};"%])?'
# what is left: ']', '}' and '%' not at a line's start, a run of them as one item (across
# whitespace, as a run of tokens)
_BAD_RUN = r'[\]}%](?:[\s\]}%]*[\]}%])?'
# (a run of tokens is matched as one repeat of single characters: a repeat of a group, one
# per token, would make the regular expression engine keep a frame per token)
_SCAN = re.compile(
    r'\s*(?=\S)(?:'                                              # (whitespace before an item)
    r'(' + _TAG_PAIR + r')'                                      # 1 tag (2 name, 3 value)
    r'|(\[[^\]\r\n]*\]?)'                                         # 4 malformed tag
    r'|(\{[^}]*\}?)'                                              # 5 brace comment
    r'|(;[^\r\n]*)'                                               # 6 rest-of-line comment
    r'|(^%[^\r\n]*)'                                              # 7 escape line
    r'|("' + _STRING_BODY + r'(?:"\s*+"' + _STRING_BODY + r')*+"?)'  # 8 a run of strings
    r'|(' + _TOKEN_RUN + r')'                                    # 9 a run of tokens
    r'|(' + _BAD_RUN + r'))'                                      # 10 anything else
    r'|\s+\Z',                                                   # (whitespace at the end)
    re.M)
# (the whitespace at the end is matched as a whole: otherwise the regular expression
# engine would try the items after it from each of its characters, to the end each time)

#: what `scan` reads as tag pairs (groups 1 name, 2 value) and runs of tokens (3); group 4
#: holds the rest of the text from anything else on (commentary, escape line, string, ...:
#: the game is no plain one); the whitespace at the end of the text is a match of no group
PLAIN_ITEMS = re.compile(r'\s*(?:' + _TAG_PAIR + r'|(' + _TOKEN_RUN + r')|(\S[\s\S]*))'
                         r'|\s+\Z')


def scan(text: str) -> Iterator[re.Match[str]]:
    """The items of a game's text; ``match.lastindex`` is one of the ``ITEM_*`` kinds and
    that group is the item (the match itself includes the whitespace before it)."""
    return (m for m in _SCAN.finditer(text) if m.lastindex)


_UNESCAPE = re.compile(r'\\(["\\])')


def unescape(raw: str) -> str:
    """A string token's value: ``\\"`` is a quote, ``\\\\`` a backslash (§3.2)."""
    return _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw


def escape(value: str) -> str:
    """The inverse of `unescape`."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def tag_pair(name: str, value: str) -> str:
    """A tag pair in export format: ``[Name "value"]``."""
    return f'[{name} "{escape(value)}"]'


def brace_comment(text: str, eol: str) -> str:
    """A brace comment holding ``text``: no ``}`` inside, no empty line, no line that
    starts with ``%`` (an escape line for readers of PBN before 2.1), no line longer than
    a line may be (§2.3; a longer one is wrapped between words)."""
    width = MAX_LINE - 3  # the braces and the space of an escaped line
    lines = [piece for line in text.replace("}", ")").splitlines()
             for piece in (textwrap.wrap(line, width, break_long_words=False,
                                         break_on_hyphens=False)
                           if len(line.strip()) > width else [line.strip()])]
    lines = [(" " + line) if line.startswith("%") else line for line in lines if line]
    return "{" + eol.join(lines) + "}"


def brace_comments(texts: Iterable[str], eol: str, column: int = 0) -> str:
    """Brace comments of ``texts`` (`brace_comment`) to follow a line's text that ends at
    ``column``: each after a space while it fits on the line (§2.3), else on a new line."""
    out, line = "", column
    for text in texts:
        comment = brace_comment(text, eol)
        first = comment.split(eol, 1)[0]
        if line and line + 1 + len(first) <= MAX_LINE:
            out += " " + comment
            line += 1 + len(comment)
        else:
            out += (eol if line else "") + comment
            line = len(comment)
        if eol in comment:
            line = len(comment.rsplit(eol, 1)[1])
    return out


class LineIndex:
    """Turns character offsets of a game's text into 1-based line numbers of the file."""

    __slots__ = ("_text", "_first", "_starts")

    def __init__(self, text: str, first_line: int) -> None:
        self._text = text
        self._first = first_line
        self._starts: list[int] | None = None

    def line_of(self, pos: int) -> int:
        if self._starts is None:
            self._starts = [m.end() for m in re.finditer("\n", self._text)]
        return self._first + bisect_right(self._starts, pos)


def eol_of(text: str) -> str:
    """The line ending a text uses (CRLF when it has any, else LF)."""
    return "\r\n" if "\r\n" in text else "\n"
