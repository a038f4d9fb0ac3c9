"""The USEBIO adapter as a plugin (``usebio``): opens USEBIO XML results and writes
rescored copies (`adapters.usebio.reader`, `adapters.usebio.writer`). The adapter's modules are
imported when a USEBIO file is met: an audit of other files never loads them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from adapters.file_kinds import file_head
from td_plugin import hookimpl

if TYPE_CHECKING:
    from adapters.usebio.reader import UsebioSource
    from td_plugin.model.changes import RecordChange
    from td_plugin.model.rescoring import RescoreReport


def is_usebio(path: str) -> bool:
    """Whether a file looks like USEBIO (a ``<USEBIO`` root near its start)."""
    return b"<USEBIO" in file_head(path, 4096)


@hookimpl
def td_open_source(path: str, strict: bool) -> UsebioSource | None:
    if not is_usebio(path):
        return None
    from adapters.usebio.reader import UsebioSource

    return UsebioSource(path, strict=strict)


@hookimpl
def td_write_changes(source_path: str, dest_path: str, changes: Mapping[int, list[RecordChange]],
                     lang: str) -> RescoreReport | None:
    if not is_usebio(source_path):
        return None
    from adapters.usebio.writer import write_changes  # only a copy needs the writer

    return write_changes(source_path, dest_path, changes, lang)
