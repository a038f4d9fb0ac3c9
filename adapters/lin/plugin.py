"""The BBO LIN adapter as a plugin (``lin``): opens ``.lin`` files (`adapters.lin.reader`).
LIN is read only: there is nothing to write a ruling into. The reader is imported when a
LIN file is met: an audit of other files never loads it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from adapters.file_kinds import file_head
from td_plugin import hookimpl

if TYPE_CHECKING:
    from adapters.lin.reader import LinSource


def is_lin(path: str) -> bool:
    """Whether a file looks like LIN (a ``pn|``, ``md|``, ``qx|`` or ``vg|`` pair near
    its start)."""
    head = file_head(path, 4096).decode("latin-1")
    return bool(re.search(r"(^|\|)\s*(pn|md|qx|vg|ah)\|", head))


@hookimpl
def td_open_source(path: str, strict: bool) -> LinSource | None:
    if not (path.lower().endswith(".lin") or is_lin(path)):
        return None
    from adapters.lin.reader import LinSource

    return LinSource(path, strict=strict)
