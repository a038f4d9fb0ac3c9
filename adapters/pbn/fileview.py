"""The bytes of a PBN file as the reader reads them.

Two ways of saving a file are read as if the file were saved the usual way:

* a UTF-8 byte-order mark at the start (Notepad writes one) is not read as text: the
  view starts after it;
* a file whose lines end with CR alone (the old Mac editors' line end) is read with its
  CR and LF bytes swapped, so that its line ends are LF like any other file's (a swap,
  not a replacement: whatever the file holds, swapping again gives back its bytes).

The reader hands out the blocks of the file as the file has them (`original`), and a
game written back is swapped back (`SWAP`), so that writing loses no byte.
"""

from __future__ import annotations

import os
from types import TracebackType
from typing import BinaryIO

__all__ = ["BOM", "SWAP", "FileView", "cr_line_ends"]

BOM = b"\xef\xbb\xbf"
#: swaps CR and LF (its own inverse)
SWAP = bytes.maketrans(b"\r\n", b"\n\r")
#: the bytes looked at to tell how the file ends its lines
_HEAD = 1 << 20


def cr_line_ends(head: bytes) -> bool:
    """Whether a file starting with ``head`` ends its lines with CR alone: it has a CR
    and no LF."""
    return b"\r" in head and b"\n" not in head


class FileView:
    """A binary stream over ``raw`` without its byte-order mark (``bom``), CR and LF
    swapped when the file ends its lines with CR alone (``swapped``). Offsets are the
    view's (the file's less the mark)."""

    def __init__(self, raw: BinaryIO) -> None:
        self._raw = raw
        head = raw.read(_HEAD)
        self.bom = head.startswith(BOM)
        self._skip = len(BOM) if self.bom else 0
        self.swapped = cr_line_ends(head)
        raw.seek(self._skip)

    def read(self, size: int = -1, /) -> bytes:
        data = self._raw.read(size)
        return data.translate(SWAP) if self.swapped else data

    def seek(self, offset: int, whence: int = os.SEEK_SET, /) -> int:
        if whence == os.SEEK_SET:
            offset += self._skip
        return self._raw.seek(offset, whence) - self._skip

    def original(self, data: bytes) -> bytes:
        """Bytes read from the view as the file has them (the mark aside)."""
        return data.translate(SWAP) if self.swapped else data

    def close(self) -> None:
        self._raw.close()

    def __enter__(self) -> FileView:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
