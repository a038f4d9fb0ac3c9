"""The BBO LIN adapter as a plugin (``lin``): opens ``.lin`` files (`adapters.lin`).
LIN is read only: there is nothing to write a ruling into."""

from __future__ import annotations

from adapters.lin import LinSource, is_lin
from td_plugin import hookimpl


@hookimpl
def td_open_source(path: str, strict: bool) -> LinSource | None:
    return LinSource(path, strict=strict) if path.lower().endswith(".lin") or is_lin(path) else None
