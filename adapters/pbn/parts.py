"""Cutting a PBN file into parts of whole games, so that one file can be read on several
processes (`adapters.pbn.reader.PbnSource.read_part`).

A part ends after a run of semi-empty lines, where the next game's first line begins, so
that it holds whole games. Whether a game really ends there depends on what precedes it
(a brace comment may contain semi-empty lines, §3.8); a reading that ends inside an open
comment says so (``open_end``), and whoever reads the parts falls back to reading on from
the part before.

The reader's state at the start of a part (tag values carried from game to game by ``#``,
``##`` and rpbridge carry-over, and the encoding of the first games) is only known once
every game before it is read. A part is therefore read from a guessed state: the state
the caller knows from earlier parts, brought up to date by reading the last games before
the part again (the *lead*, ``warm`` bytes at most). The guess is kept with the reading
(``start_state``) so the caller can check it against the state the previous part really
ended with, and read the part again from that state when they differ.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Protocol

__all__ = ["PbnPart", "cut_parts", "PART_SIZE", "WARM_BYTES", "FIRST_PART", "lead_before",
           "PartStream", "SeekableStream"]

#: bytes in a part (about 2,000 games of a usual file)
PART_SIZE = 1 << 20
#: bytes before a part read again to bring a guessed state up to date (event tags that
#: carry over are repeated about this often in real files)
WARM_BYTES = 1 << 16
#: how much larger the first part is than the others when several processes share the
#: parts: the audit's own process reads it, and it has the others' findings to take in
#: when they end (`td_plugin.audit.parts`); each other part's reader reads a lead again
FIRST_PART = 1.05

# the end of a run of semi-empty lines that follows a line end and precedes a line that
# is not semi-empty: where a game can start
_GAME_START = re.compile(rb"\n(?:[ \t]*+\r?\n)++(?=[ \t]*[^ \t\r\n])")  # (no frame per line)


class SeekableStream(Protocol):
    """What parts are cut from and read from: a binary file, or a view of one."""

    def read(self, size: int = -1, /) -> bytes:
        ...

    def seek(self, offset: int, whence: int = os.SEEK_SET, /) -> int:
        ...


@dataclass(frozen=True)
class PbnPart:
    """Bytes ``start`` to ``end`` (None: the end of the file) of a PBN file, starting at
    file line ``first_line``; ``number`` counts the parts from 0."""

    number: int
    start: int
    end: int | None
    first_line: int

    def to_end(self) -> PbnPart:
        """The same start, to the end of the file."""
        return PbnPart(self.number, self.start, None, self.first_line)


def cut_parts(stream: SeekableStream, size: int = PART_SIZE, first: int | None = None
              ) -> list[PbnPart]:
    """The parts of a file of about ``size`` bytes each (the first of about ``first``
    bytes when given), in file order; each cut is the first place a game can start at or
    after that many bytes into the part. Reads each part once, a piece at a time (to
    count its lines), and a little past the place its cut may fall."""
    total = stream.seek(0, os.SEEK_END)
    parts: list[PbnPart] = []
    start, line = 0, 1
    while True:
        searched = start + (size if parts or first is None else first) - 1
        cut = _game_start(stream, searched) if searched < total else None
        if cut is None:
            parts.append(PbnPart(len(parts), start, None, line))
            return parts
        parts.append(PbnPart(len(parts), start, cut, line))
        line += _newlines(stream, start, cut)
        start = cut


#: bytes read at a time when a file is cut into parts
_PIECE = 1 << 16


def _game_start(stream: SeekableStream, at: int) -> int | None:
    """Where the first game that can start at or after byte ``at`` starts (the end of the
    run of semi-empty lines before it); None when none does before the end."""
    stream.seek(at)
    buf = b""
    while True:
        data = stream.read(_PIECE)
        buf += data
        match = _GAME_START.search(buf)
        if match is not None:
            return at + match.end()
        if not data:
            return None
        # a run of empty lines may go on in the next piece: look again from a little
        # before the end (a longer run only moves the cut to a later one); only that
        # much is kept, so that each byte is copied about once
        kept = buf[-4096:]
        at += len(buf) - len(kept)
        buf = kept


def _newlines(stream: SeekableStream, start: int, end: int) -> int:
    """How many line ends the bytes ``start`` to ``end`` hold."""
    stream.seek(start)
    count = 0
    left = end - start
    while left > 0:
        data = stream.read(min(_PIECE, left))
        if not data:
            break
        count += data.count(b"\n")
        left -= len(data)
    return count


def lead_before(stream: SeekableStream, part: PbnPart, warm: int) -> tuple[bytes, int]:
    """The whole games within ``warm`` bytes before ``part`` (from the first place a game
    can start there) and the file line they start on; empty at the start of the file."""
    if part.start == 0 or warm <= 0:
        return b"", part.first_line
    begin = max(0, part.start - warm)
    stream.seek(begin)
    head = stream.read(part.start - begin)
    if begin == 0:
        lead = head
    else:
        match = _GAME_START.search(head)
        if match is None:
            return b"", part.first_line
        lead = head[match.end():]
    return lead, part.first_line - lead.count(b"\n")


class PartStream:
    """A binary stream over ``lead`` followed by the bytes of ``part`` in ``stream``."""

    def __init__(self, stream: SeekableStream, lead: bytes, part: PbnPart) -> None:
        self._stream = stream
        self._lead = lead
        self._left = None if part.end is None else part.end - part.start
        stream.seek(part.start)

    def read(self, n: int = -1) -> bytes:
        head, self._lead = self._lead, b""
        if self._left is None:
            return head + self._stream.read(n if n < 0 else max(0, n - len(head)))
        want = self._left if n < 0 else min(self._left, max(0, n - len(head)))
        data = self._stream.read(want)
        self._left -= len(data)
        return head + data
