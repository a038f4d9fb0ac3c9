"""The Bridgemate adapter as a plugin (``bws``): opens a ``.bws`` (`adapters.bws.reader`), follows a
live one (`adapters.bws.live`) and writes a changed copy (`adapters.bws.writer`). The
adapter's modules are imported when a Jet database is met: an audit of other files never
loads them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from adapters.bws.jet_pages import is_access_file
from td_plugin import hookimpl

if TYPE_CHECKING:
    from adapters.bws.reader import BwsSource
    from td_plugin.host.sources import Follower
    from td_plugin.model.changes import RecordChange


def _is_bws(path: str) -> bool:
    return path.lower().endswith(".bws") or is_access_file(path)


@hookimpl
def td_open_source(path: str, strict: bool) -> BwsSource | None:
    """A ``.bws`` (or any Jet database) is opened by this adapter."""
    if not _is_bws(path):
        return None
    from adapters.bws.reader import BwsSource

    return BwsSource(path, strict)


@hookimpl
def td_follow_source(path: str) -> Follower | None:
    """A live ``.bws`` is followed through private copies (`adapters.bws.live`)."""
    if not _is_bws(path):
        return None
    from adapters.bws.live import BwsPoller

    return BwsPoller(path)


@hookimpl
def td_write_changes(source_path: str, dest_path: str,
                     changes: Mapping[int, list[RecordChange]]) -> bool | None:
    """Write a changed copy of a ``.bws`` (needs the Access ODBC driver; see
    `adapters.bws.writer`)."""
    if not _is_bws(source_path):
        return None
    from adapters.bws.writer import write_copy

    write_copy(source_path, dest_path, changes)
    return True
