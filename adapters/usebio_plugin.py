"""The USEBIO adapter as a plugin (``usebio``): opens USEBIO XML results and writes
rescored copies (`adapters.usebio`, `adapters.usebio_writer`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from adapters.usebio import UsebioSource, is_usebio
from td_plugin import hookimpl
from td_plugin.sources import RecordChange

if TYPE_CHECKING:  # the writers' report, read when a copy is written
    from td_plugin.rescoring import RescoreReport


@hookimpl
def td_open_source(path: str, strict: bool) -> UsebioSource | None:
    return UsebioSource(path, strict=strict) if is_usebio(path) else None


@hookimpl
def td_write_changes(source_path: str, dest_path: str, changes: Mapping[int, list[RecordChange]],
                     lang: str) -> RescoreReport | None:
    if not is_usebio(source_path):
        return None
    from adapters.usebio_writer import write_changes  # only a copy needs the writer

    return write_changes(source_path, dest_path, changes, lang)
