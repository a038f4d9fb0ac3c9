"""Club plugins for the commands' tests, installed through an entry point like a club's
own: `spy` records every adjustment decided (``td_adjustment_decided``); `club_writer`
writes USEBIO and PBN copies its own way (``td_write_changes``), replacing the built-in
writers; `club_regulations` offers a regulation of its own (``td_regulations``)."""

from __future__ import annotations

import shutil
from typing import Any

from td_plugin import hookimpl
from td_plugin.laws.regulations import WBF, Regulation

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


class StandIn(WBF):
    """A regulation a club's plugin offers (for the tests): it elects Law 12C1(e), no
    weighted scores. It answers to ``dbf`` only because the catalogue has a title for that
    name (``regulation.dbf``); it is not the Danish federation's regulation, which the
    package does not claim to know (`td_plugin.laws.regulations`)."""

    name = "dbf"
    aliases = ("stand-in",)
    weighted_scores = False


class ClubRegulations:
    @hookimpl
    def td_regulations(self) -> list[type[Regulation]]:
        return [StandIn]


club_regulations = ClubRegulations()
