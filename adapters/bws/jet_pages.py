"""Whether a table of a Jet database (MS Access 97 to 2019, a Bridgemate ``.bws``) is
whole in the file: every data page its usage map lists is there and belongs to it.

A Jet file is a sequence of pages (2 KB in Jet 3, 4 KB later). A table's definition page
(type 2) points to its *usage map*, a record that lists the data pages (type 1) holding
its rows; each data page names the definition page that owns it. A file cut short (the
scorer rewriting it, a copy taken mid-write) or with damaged pages reads without an
error in a reader that walks the pages it finds, and then simply shows fewer rows, or
none. Comparing the usage map with the pages tells the two apart.

Usage maps come in two kinds: type 0 holds a bitmap of pages after a start page; type 1
lists pages that each hold a bitmap (page type 5) for a range of the file.
"""

from __future__ import annotations

import struct

from adapters.file_kinds import file_head

__all__ = ["JetFile", "DATA_PAGE", "TABLE_PAGE", "MAP_PAGE", "JET_MAGIC", "is_access_file"]

#: Bytes 4..19 of every Jet 3/4 database ("Standard ACE DB" for Access 2007+ files).
JET_MAGIC = (b"Standard Jet DB", b"Standard ACE DB")


def is_access_file(path: str) -> bool:
    """True when the file starts like a Jet/ACE database."""
    return file_head(path, 20)[4:19] in JET_MAGIC

DATA_PAGE, TABLE_PAGE, MAP_PAGE = 1, 2, 5


class JetFile:
    """The pages of a Jet database held in memory (``data``: the whole file)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.jet3 = len(data) > 0x14 and data[0x14] == 0
        self.page_size = 2048 if self.jet3 else 4096
        self.pages = len(data) // self.page_size

    def page(self, number: int) -> bytes | None:
        """Page ``number``, or None when the file ends before it."""
        if not 0 <= number < self.pages:
            return None
        start = number * self.page_size
        return self.data[start:start + self.page_size]

    def _record(self, pointer: int) -> bytes:
        """The record a ``page << 8 | row`` pointer names."""
        number, row = pointer >> 8, pointer & 0xFF
        page = self.page(number)
        if page is None:
            raise ValueError(f"page {number} is beyond the end of the file")
        if page[0] != DATA_PAGE:
            raise ValueError(f"page {number} is not a data page")
        count_at = 8 if self.jet3 else 12
        (rows,) = struct.unpack_from("<H", page, count_at)
        if row >= rows:
            raise ValueError(f"page {number} has no row {row}")
        offsets = struct.unpack_from(f"<{rows}H", page, count_at + 2)
        start = offsets[row] & 0x1FFF
        end = self.page_size if row == 0 else offsets[row - 1] & 0x1FFF
        if not 0 < start < end <= self.page_size:
            raise ValueError(f"row {row} of page {number} has no valid bounds")
        return page[start:end]

    def usage_map(self, table_page: int) -> list[int]:
        """The data pages the usage map of the table defined on ``table_page`` lists.

        :raises ValueError: the definition or its usage map cannot be read.
        """
        page = self.page(table_page)
        if page is None:
            raise ValueError(f"its definition (page {table_page}) is beyond the end of the file")
        if page[0] != TABLE_PAGE:
            raise ValueError(f"its definition (page {table_page}) is not a table definition")
        (pointer,) = struct.unpack_from("<I", page, 35 if self.jet3 else 55)
        record = self._record(pointer)
        if record[0] == 0:
            (first,) = struct.unpack_from("<I", record, 1)
            return _bits(record[5:], first)
        if record[0] == 1:
            per_page = (self.page_size - 4) * 8
            pages: list[int] = []
            for i in range((len(record) - 1) // 4):
                (number,) = struct.unpack_from("<I", record, 1 + 4 * i)
                if number == 0:
                    continue
                bitmap = self.page(number)
                if bitmap is None or bitmap[0] != MAP_PAGE:
                    raise ValueError(f"its usage map page {number} is missing or damaged")
                pages.extend(_bits(bitmap[4:], i * per_page))
            return pages
        raise ValueError(f"its usage map has an unknown type {record[0]}")

    def missing_pages(self, table_page: int) -> str | None:
        """Why the table defined on ``table_page`` is not whole in the file, or None."""
        try:
            listed = self.usage_map(table_page)
        except ValueError as exc:
            return str(exc)
        beyond = [n for n in listed if self.page(n) is None]
        foreign = [n for n in listed if n not in beyond and not self._owned(n, table_page)]
        if beyond:
            return (f"{len(beyond)} of its {len(listed)} data pages are beyond the end of the "
                    f"file (the first: page {beyond[0]})")
        if foreign:
            return (f"{len(foreign)} of its {len(listed)} data pages are damaged or belong to "
                    f"another table (the first: page {foreign[0]})")
        return None

    def _owned(self, number: int, table_page: int) -> bool:
        page = self.page(number)
        return (page is not None and page[0] == DATA_PAGE
                and struct.unpack_from("<I", page, 4)[0] == table_page)


def _bits(bitmap: bytes, first: int) -> list[int]:
    """The page numbers whose bits are set, the first bit standing for ``first``."""
    return [first + 8 * i + bit for i, byte in enumerate(bitmap) if byte
            for bit in range(8) if byte >> bit & 1]
