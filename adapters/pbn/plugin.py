"""The PBN adapter as a plugin (``pbn``): opens ``.pbn`` files (`adapters.pbn.reader`)
and writes lossless changed copies (`adapters.pbn.writer`, ScoreTables scored again by
`adapters.pbn.scoretable`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from td_plugin import hookimpl
from td_plugin.model.changes import RecordChange

if TYPE_CHECKING:  # the writers' report, read when a copy is written
    from adapters.pbn.reader import PbnSource
    from td_plugin.model.rescoring import RescoreReport


def is_pbn(path: str) -> bool:
    """A ``.pbn`` file, or one that starts like PBN (``%`` comments or a ``[`` tag)."""
    if path.lower().endswith(".pbn"):
        return True
    try:
        with open(path, "rb") as fh:
            head = fh.read(512).lstrip(b"\xef\xbb\xbf").lstrip()
    except OSError:
        return False
    return head.startswith((b"% PBN", b"%PBN", b"[Event "))


@hookimpl
def td_open_source(path: str, strict: bool) -> PbnSource | None:
    if not is_pbn(path):
        return None
    from adapters.pbn.reader import PbnSource  # only a PBN file needs the reader

    return PbnSource(path, strict=strict)


@hookimpl
def td_write_changes(source_path: str, dest_path: str, changes: Mapping[int, list[RecordChange]],
                     lang: str) -> RescoreReport | None:
    if not is_pbn(source_path):
        return None
    from adapters.pbn.writer import write_lossless  # only a copy needs the writer

    return write_lossless(source_path, dest_path, changes, lang)
