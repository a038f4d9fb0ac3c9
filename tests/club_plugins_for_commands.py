"""Club plugins for the commands' tests, installed through an entry point like a club's
own: `spy` records every adjustment decided (``td_adjustment_decided``); `club_writer`
writes USEBIO and PBN copies its own way (``td_write_changes``), replacing the built-in
writers."""

from __future__ import annotations

import shutil
from typing import Any

from td_plugin import hookimpl

#: (record, change) of every adjustment decided, in order
decided: list[tuple[Any, Any]] = []
#: (source, destination, changes, language) of every copy the club writer wrote
written: list[tuple[str, str, dict[int, list[Any]], str]] = []

MARK = b"<!-- written by the club's own writer -->\n"


class Spy:
    @hookimpl
    def td_adjustment_decided(self, record: Any, change: Any) -> None:
        decided.append((record, change))


class ClubWriter:
    @hookimpl
    def td_write_changes(self, source_path: str, dest_path: str, changes: Any,
                         lang: str) -> bool | None:
        if not source_path.endswith((".xml", ".pbn")):
            return None
        shutil.copyfile(source_path, dest_path)
        with open(dest_path, "ab") as f:
            f.write(MARK)
        written.append((source_path, dest_path, dict(changes), lang))
        return True


spy = Spy()
club_writer = ClubWriter()
