"""The texts and the JSON of findings (the reports themselves: `td_plugin.audit.reports.output`).

JSON is written by `json_bytes`, compact (no space after ``,`` and ``:``) and UTF-8, with
orjson: a report of thousands of findings is mostly JSON, and orjson writes it several
times as fast as the standard library's encoder."""

from __future__ import annotations

import json
from itertools import chain
from typing import Any

import orjson

from td_plugin import messages
from td_plugin.model.findings import PLACE_FIELDS, Finding, PlainRows
from td_plugin.model.place import Place, pair_number

__all__ = ["finding_text", "ruling_text", "finding_json", "json_bytes", "place_label"]


def finding_text(finding: Finding, lang: str = "en") -> str:
    return messages.render(finding.key, finding.params, lang)


def ruling_text(finding: Finding, lang: str = "en") -> str | None:
    r = finding.ruling
    if r is None or not r.key:
        return None
    return messages.render(r.key, r.params, lang)


#: the standard library's encoder, for what orjson refuses: every character that is not
#: ASCII is escaped (``\\u2663``), so the text is UTF-8 whatever it holds
_compact = json.JSONEncoder(separators=(",", ":")).encode


def json_bytes(value: Any) -> bytes:
    """``value`` as compact JSON, UTF-8, written by orjson: what ``json.dumps(value,
    ensure_ascii=False, separators=(",", ":"))`` writes for the values of a report (a
    float may be spelled otherwise, ``1.5e-7`` for ``1.5e-07``, and NaN is ``null``). What
    orjson refuses (an integer beyond 64 bits, text that is not Unicode, a key that is
    not text) the standard library writes, in ASCII."""
    try:
        return orjson.dumps(value)
    except TypeError:  # (orjson.JSONEncodeError is one)
        return _compact(value).encode("ascii")


_PLAIN = (str, int, float, bool, type(None))
_PLAIN_TYPES = frozenset(_PLAIN)
_DICT = frozenset((dict,))


def _jsonable(value: Any, lang: str) -> Any:
    if type(value) in _PLAIN:  # the usual value: as it is (a subclass goes the long way)
        return value
    if isinstance(value, messages.Msg):
        return messages.render(value.key, value.params, lang)
    if isinstance(value, dict):
        if type(value) is dict and _PLAIN_TYPES.issuperset(map(type, value.values())):
            return value  # plain already (the cards of a finding): shared, never changed
        return {k: v if type(v) in _PLAIN else _jsonable(v, lang) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _PLAIN else _jsonable(v, lang) for v in value]
    if hasattr(value, "pbn") and callable(value.pbn):
        return value.pbn()
    return value


def _is_plain(value: Any) -> bool:
    """Whether ``value`` goes into the JSON as it is (`_jsonable` would give the same): a
    plain value, a list of them or of dictionaries of them, a dictionary of them (asked
    with the types' own functions, without walking through the value in Python)."""
    t = type(value)
    if t is PlainRows:
        return True
    if t is list:
        types = set(map(type, value))
        if types <= _PLAIN_TYPES:
            return True
        return types == _DICT and _PLAIN_TYPES.issuperset(
            map(type, chain.from_iterable(map(dict.values, value))))
    if t is dict:
        return _PLAIN_TYPES.issuperset(map(type, value.values()))
    return t in _PLAIN_TYPES


def finding_json(f: Finding, lang: str = "en") -> dict[str, Any]:
    """The JSON of a finding (the README's fields, then the kind's data, then the
    ruling), its texts in ``lang``. Plain data (the cards of a finding) are shared with
    the finding, not copied: neither changes them."""
    out: dict[str, Any] = {"path": f.path, "board": f.board, "record": f.record,
                           "line": f.line, "section": f.section, "table": f.table,
                           "round": f.round, "ns_pair": f.ns_pair, "ew_pair": f.ew_pair,
                           "kind": f.kind, "law": f.law, "message": finding_text(f, lang)}
    for k, v in f.data.items():
        if k not in out or (out[k] is None and k in PLACE_FIELDS):
            out[k] = v if type(v) in _PLAIN_TYPES or _is_plain(v) else _jsonable(v, lang)
    if f.ruling is not None:
        out["ruling"] = {"laws": f.ruling.laws, "text": ruling_text(f, lang)}
    return out


def place_label(finding: dict[str, Any], lang: str = "en") -> str:
    """Where a finding's board was played, from its JSON (`finding_json`), for people in
    ``lang``: ``Section A, Table 3, Round 2, NS 5, EW 12``; what the source does not say
    is left out (empty when it says none of them)."""
    parts = [Place(section=_text(finding.get("section")), table=_text(finding.get("table")),
                   round=finding.get("round")).label(lang)]
    if parts[0] == "–":
        parts = []
    for side in ("ns", "ew"):
        pair = finding.get(f"{side}_pair")
        if pair is not None and pair != "":
            parts.append(messages.render(f"report.pair.{side}", {"pair": pair_number(pair)},
                                         lang))
    return ", ".join(parts)


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
