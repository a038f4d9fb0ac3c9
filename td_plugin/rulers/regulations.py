"""Plugin ``regulations``: the regulations the package brings (`td_plugin.laws.regulations`:
the WBF Laws alone), offered through the host like a club's own."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.laws.regulations import BUILT_IN, Regulation


@hookimpl
def td_regulations() -> list[type[Regulation]]:
    return list(BUILT_IN.values())
