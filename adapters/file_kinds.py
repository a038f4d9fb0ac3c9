"""What a file holds, in words, when it is not what its name says: from its size and
first bytes (a program, a zip archive, an Access database, a PDF, binary data, text).

Readers use it to say in one line why a file is no record of their format
(`td_plugin.errors.WrongFormatError`), counting the bytes and showing the first few,
never the whole of it.
"""

from __future__ import annotations

__all__ = ["describe_content", "file_head", "HEAD_BYTES"]

#: how many bytes of a file `describe_content` needs
HEAD_BYTES = 64

_MAGIC = (
    (b"PK\x03\x04", "a zip archive (or a document made of one: .docx, .xlsx)"),
    (b"\x7fELF", "a program"),
    (b"MZ", "a Windows program"),
    (b"%PDF", "a PDF document"),
    (b"\xd0\xcf\x11\xe0", "an old Microsoft Office document"),
    (b"\x00\x01\x00\x00Standard Jet DB", "an Access database (a Bridgemate .bws?)"),
    (b"\x00\x01\x00\x00Standard ACE DB", "an Access database (a Bridgemate .bws?)"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"\x1f\x8b", "a gzip archive"),
)


def file_head(path: str, size: int) -> bytes:
    """The first ``size`` bytes of the file at ``path``; empty when it cannot be read
    (what the adapters look at to know their files)."""
    try:
        with open(path, "rb") as f:
            return f.read(size)
    except OSError:
        return b""


def describe_content(head: bytes, size: int) -> str:
    """``head`` (the first `HEAD_BYTES` bytes of a file of ``size`` bytes) in words:
    ``"empty"``, ``"a zip archive (151,344 bytes)"``, ``"binary data (2,048 bytes,
    starting 00 01 9f ...)"``, ``"text (3 lines, starting 'Hello,')"``."""
    if size == 0:
        return "empty"
    for magic, what in _MAGIC:
        if head.startswith(magic):
            return f"{what} ({size:,} bytes)"
    text = head.lstrip(b"\xef\xbb\xbf")
    if b"\0" in head or any(b < 9 or (13 < b < 32 and b != 27) for b in text[:HEAD_BYTES]):
        shown = " ".join(f"{b:02x}" for b in head[:8])
        return f"binary data ({size:,} bytes, starting {shown})"
    first = text.split(b"\n", 1)[0].strip().decode("utf-8", "replace")
    shown = first if len(first) <= 40 else first[:40] + "..."
    if text.lstrip()[:5] == b"<?xml" or text.lstrip()[:1] == b"<":
        return f"XML or HTML ({size:,} bytes, starting {shown!r})"
    return f"text ({size:,} bytes, starting {shown!r})"
