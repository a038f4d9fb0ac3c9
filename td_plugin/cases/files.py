"""Case files: an irregularity as the Director enters it, in JSON or YAML.

`load_case` reads a file (or takes a mapping already parsed). Its ``kind`` says what it
describes: ``auction`` (the default) an auction irregularity, read by
`td_plugin.cases.auction` into an `td_plugin.laws.auction.incident.Incident`; ``revoke`` the
facts of a revoke, read by `td_plugin.cases.revoke` into a
`td_plugin.laws.revokes.RevokeCase`; the kinds of the play period (``opening_lead``,
``penalty_card``, ... `td_plugin.laws.FAMILIES`) read by `td_plugin.cases.play` into a
`td_plugin.cases.play.PlayCase`. Every mistake is a `CaseFileError` that names the entry
(``calls[3]: unknown seat 'Q'``); nothing else escapes. The format is documented in
docs/cases.md. A document with a top-level ``case`` key (a test case with its ``expected``
ruling) is read from that key. The file is read by `td_plugin.cases.text_files`: as Notepad
saves it (UTF-8 with or without a byte-order mark, or Windows-1252), within bounds of size
and nesting, without YAML aliases.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from td_plugin.cases.auction import read_auction_case, refuse_kind
from td_plugin.cases.play import PlayCase, read_play_case
from td_plugin.cases.reader import type_name
from td_plugin.cases.revoke import read_revoke_case
from td_plugin.cases.text_files import parse_json, parse_yaml, read_text
from td_plugin.errors import CaseFileError, Location
from td_plugin.laws import FAMILIES
from td_plugin.laws.auction.incident import Incident
from td_plugin.laws.revokes import RevokeCase

__all__ = ["load_case", "parse_case", "read_case_data", "case_kind", "ReportedCase"]

#: A case as the Director reports it, read: the argument of ``td_incident_reported``.
ReportedCase = Incident | RevokeCase | PlayCase


def _parse_text(text: str, path: str) -> Any:
    if Path(path).suffix.lower() == ".json":
        return parse_json(text, path, CaseFileError)
    return parse_yaml(text, path, CaseFileError)


def case_kind(data: Any) -> Any:
    """The ``kind`` of parsed case data (``auction`` when it says none)."""
    if isinstance(data, Mapping) and isinstance(data.get("case"), Mapping):
        data = data["case"]
    return data.get("kind", "auction") if isinstance(data, Mapping) else "auction"


def parse_case(data: Any, source: str | None = None) -> ReportedCase:
    """An `Incident` (kind ``auction``), a `RevokeCase` (kind ``revoke``) or a `PlayCase`
    (the kinds of the play period) from parsed JSON/YAML data (``source`` names it in
    errors)."""
    kind = case_kind(data)
    if isinstance(data, Mapping) and isinstance(data.get("case"), Mapping):
        data = data["case"]
    if kind == "revoke":
        return read_revoke_case(data, source)
    family = FAMILIES.get(kind) if isinstance(kind, str) else None
    if family is not None and family.facts:
        return read_play_case(kind, data, source)
    if kind != "auction":
        raise refuse_kind(kind, list(FAMILIES), source)
    return read_auction_case(data, source)


def read_case_data(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The case a case file holds, as parsed JSON/YAML data (the ``case`` of a test case
    file), not yet checked. Raises `CaseFileError` when the file cannot be read."""
    path = os.fspath(path)
    data = _parse_text(read_text(path, "case file", CaseFileError), path)
    if isinstance(data, Mapping) and isinstance(data.get("case"), Mapping):
        data = data["case"]
    if not isinstance(data, Mapping):
        raise CaseFileError(f"expected a mapping of keys, not {type_name(data)}",
        Location(path=path))
    return dict(data)


def load_case(source: str | os.PathLike[str] | Mapping[str, Any]
              ) -> ReportedCase:
    """Read a case file (``.json``, ``.yaml``/``.yml``) or take an already parsed
    mapping. Raises `CaseFileError` naming the entry at fault."""
    if not isinstance(source, (str, os.PathLike)):
        return parse_case(source)
    path = os.fspath(source)
    return parse_case(read_case_data(path), path)
