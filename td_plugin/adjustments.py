"""The Director's list of adjusted scores, as given to ``td-plugin adjust``.

A list (JSON or YAML) of entries, each naming a board and the two pairs of a table, with
exactly one of:

- ``assigned: "4S S 9"``: an assigned result (Law 12C1(a)): contract, declarer, tricks
  taken by declarer (``"PASS"`` for a board passed out);
- ``artificial: "60/40"``: an artificial score (Law 12C2), North-South's percentage
  first; ``variable: true`` makes average-plus the pair's session percentage when
  higher (and average-minus the session percentage when lower);
- ``weighted: [{result: "4S S 10", weight: 0.6}, {result: "4S S 9", weight: 0.4}]``: a
  weighted score (Law 12C1(c)); weights are numbers, fractions ``"1/3"`` or
  percentages ``"60%"`` and must sum to exactly 1;

with the ``law`` behind it and an optional ``note`` (the text for the players). For
example::

    - {board: 1, ns_pair: 2, ew_pair: 15, artificial: "60/40", law: "12C2"}

Pairs are matched by number; ``"2"`` matches ``"2NS"`` of a Mitchell file. Every
mistake in the list is reported at once, each naming its entry.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence, Union

import yaml

from td_plugin.board import Vulnerability
from td_plugin.cards import Seat
from td_plugin.contract import Contract
from td_plugin.errors import InputError, Location
from td_plugin.rulings import ArtificialScore, AssignedResult, WeightedScore
from td_plugin.scoring import score_ns

__all__ = ["TableResult", "Weighted", "Adjustment", "AdjustmentFileError",
           "parse_adjustments", "parse_adjustments_text", "parse_weighted", "pair_key", "find"]

_RESULT_RE = re.compile(r"^\s*(?P<contract>\S+)\s+(?P<declarer>[NESWnesw])\s+(?P<tricks>\d{1,2})\s*$")
_ARTIFICIAL_RE = re.compile(r"^\s*A?(?P<ns>\d{2,3})\s*%?\s*[/\-]?\s*(?P<ew>\d{2,3})\s*%?\s*$")
_KNOWN_KEYS = {"board", "ns_pair", "ew_pair", "assigned", "artificial", "variable",
               "weighted", "law", "note"}


class AdjustmentFileError(InputError):
    """An adjustments list that cannot be applied; the message names every bad entry."""


@dataclass(frozen=True)
class TableResult:
    """A result as the Director writes it: ``"4S S 9"`` (or ``"PASS"``)."""

    contract: Contract
    tricks: int | None  # None when passed out

    @classmethod
    def parse(cls, text: str) -> "TableResult":
        """Parse ``"4S S 9"``, ``"3NTX W 7"``, ``"PASS"``.

        :raises ValueError: with the text, when it is not a result.
        """
        if not isinstance(text, str):
            raise ValueError(f"a result is written like \"4S S 9\", not {text!r}")
        if text.strip().upper() in ("PASS", "P", "PASSED OUT"):
            return cls(Contract.PASSED_OUT, None)
        m = _RESULT_RE.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a result like \"4S S 9\" "
                             "(contract, declarer, tricks taken by declarer)")
        contract = Contract.from_pbn(m["contract"], Seat.from_pbn(m["declarer"]))
        tricks = int(m["tricks"])
        if tricks > 13:
            raise ValueError(f"{text!r}: declarer cannot take {tricks} tricks")
        return cls(contract, tricks)

    def score_ns(self, vulnerability: Vulnerability) -> int:
        """The North-South score of this result on a board of that vulnerability."""
        if self.contract.is_passed_out or self.tricks is None:
            return 0
        declarer = self.contract.declarer
        assert declarer is not None
        return score_ns(self.contract, self.tricks, vulnerability.is_vulnerable(declarer))

    def assigned(self, vulnerability: Vulnerability) -> AssignedResult:
        return AssignedResult(self.contract, self.tricks or 0, self.score_ns(vulnerability))

    def text(self) -> str:
        if self.contract.is_passed_out:
            return "PASS"
        return f"{self.contract.pbn()} {self.contract.declarer.value} {self.tricks}"


@dataclass(frozen=True)
class Weighted:
    """A weighted score as written: results with weights summing to 1."""

    components: tuple[tuple[Fraction, TableResult], ...]

    def score(self, vulnerability: Vulnerability) -> WeightedScore:
        return WeightedScore(tuple((w, r.assigned(vulnerability)) for w, r in self.components))

    def text(self) -> str:
        return " + ".join(f"{w} x {r.text()}" for w, r in self.components)


Outcome = Union[TableResult, ArtificialScore, Weighted]


@dataclass(frozen=True)
class Adjustment:
    """One entry of the list: which table, what the Director gave, under which law.
    ``entry`` is its 1-based position in the list."""

    entry: int
    board: int
    ns_pair: str
    ew_pair: str
    outcome: Outcome
    law: str
    note: str | None = None

    def describe(self) -> str:
        return f"entry {self.entry} (board {self.board}, {self.ns_pair} v {self.ew_pair})"

    def matches(self, board: int, ns_pair: str, ew_pair: str) -> bool:
        return (board == self.board and pair_key(ns_pair) == pair_key(self.ns_pair)
                and pair_key(ew_pair) == pair_key(self.ew_pair))


def pair_key(pair: object) -> str:
    """A pair number without its direction: ``"2NS"`` and ``2`` are both ``"2"``."""
    text = str(pair).strip().upper()
    for suffix in ("NS", "EW"):
        if text.endswith(suffix) and text[:-len(suffix)]:
            return text[:-len(suffix)].strip()
    return text


def _weight(value: Any) -> Fraction:
    if isinstance(value, bool):
        raise ValueError(f"weight {value!r} is not a number")
    if isinstance(value, (int, float)):
        return Fraction(str(value))
    if isinstance(value, str):
        text = value.strip()
        if text.endswith("%"):
            return Fraction(text[:-1].strip()) / 100
        return Fraction(text)
    raise ValueError(f"weight {value!r} is not a number")


def _artificial(value: Any, variable: Any) -> ArtificialScore:
    if not isinstance(variable, bool):
        raise ValueError(f"variable must be true or false, not {variable!r}")
    m = _ARTIFICIAL_RE.match(str(value))
    if not m:
        raise ValueError(f"artificial score {value!r} is not like \"60/40\" "
                         "(North-South's percentage first)")
    ns, ew = int(m["ns"]), int(m["ew"])
    for p in (ns, ew):
        if not 0 <= p <= 100:
            raise ValueError(f"artificial score {value!r}: {p} is not a percentage")
    return ArtificialScore(ns, ew, variable)


def parse_weighted(value: Any) -> Weighted:
    """A weighted score as a list gives it: ``[{result, weight}, ...]``, weights summing
    to exactly 1. Also read by revoke case files (an equity judgement under Law 64C).

    :raises ValueError: saying what is wrong with the list.
    """
    if not isinstance(value, list) or len(value) < 2:
        raise ValueError("weighted needs a list of at least two {result, weight} items")
    comps = []
    for k, item in enumerate(value, 1):
        if not isinstance(item, dict) or set(item) != {"result", "weight"}:
            raise ValueError(f"weighted item {k} must have exactly 'result' and 'weight'")
        w = _weight(item["weight"])
        if not 0 < w <= 1:
            raise ValueError(f"weighted item {k}: weight {item['weight']!r} is not in (0, 1]")
        comps.append((w, TableResult.parse(item["result"])))
    total = sum((w for w, _ in comps), Fraction(0))
    if total != 1:
        raise ValueError(f"weights sum to {float(total):g}, not 1")
    return Weighted(tuple(comps))


def _pair(value: Any, name: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip():
        raise ValueError(f"{name} must be a pair number, not {value!r}")
    return str(value).strip()


def _entry(n: int, item: Any) -> Adjustment:
    if not isinstance(item, dict):
        raise ValueError("an entry is a mapping with board, ns_pair, ew_pair, law and "
                         "one of assigned/artificial/weighted")
    unknown = sorted(set(map(str, item)) - _KNOWN_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(unknown)}")
    for key in ("board", "ns_pair", "ew_pair", "law"):
        if key not in item:
            raise ValueError(f"{key} is missing")
    board = item["board"]
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise ValueError(f"board must be a board number, not {board!r}")
    kinds = [k for k in ("assigned", "artificial", "weighted") if k in item]
    if len(kinds) != 1:
        raise ValueError("give exactly one of assigned, artificial, weighted"
                         + (f" (found {', '.join(kinds)})" if kinds else ""))
    if "variable" in item and kinds[0] != "artificial":
        raise ValueError("variable applies only to an artificial score")
    law = item["law"]
    if not isinstance(law, (str, int)) or not str(law).strip():
        raise ValueError(f"law must name a clause like \"12C2\", not {law!r}")
    note = item.get("note")
    if note is not None and not isinstance(note, str):
        raise ValueError(f"note must be text, not {note!r}")
    outcome: Outcome
    if kinds[0] == "assigned":
        outcome = TableResult.parse(item["assigned"])
    elif kinds[0] == "artificial":
        outcome = _artificial(item["artificial"], item.get("variable", False))
    else:
        outcome = parse_weighted(item["weighted"])
    return Adjustment(n, board, _pair(item["ns_pair"], "ns_pair"),
                      _pair(item["ew_pair"], "ew_pair"), outcome, str(law).strip(), note)


def parse_adjustments(data: Any, source: str | None = None) -> list[Adjustment]:
    """Check and build the adjustments from loaded JSON/YAML data.

    :raises AdjustmentFileError: listing every bad entry, each by its number (and board
        and pairs where they could be read).
    """
    if isinstance(data, dict) and set(data) == {"adjustments"}:
        data = data["adjustments"]
    if not isinstance(data, list):
        raise AdjustmentFileError("the adjustments must be a list of entries",
                                  Location(path=source))
    out, errors = [], []
    seen: dict[tuple[int, str, str], int] = {}
    for n, item in enumerate(data, 1):
        try:
            adj = _entry(n, item)
        except (ValueError, TypeError, ZeroDivisionError) as exc:
            where = f"entry {n}"
            if isinstance(item, dict) and "board" in item:
                where += f" (board {item.get('board')}, {item.get('ns_pair')} v {item.get('ew_pair')})"
            errors.append(f"{where}: {exc}")
            continue
        key = (adj.board, pair_key(adj.ns_pair), pair_key(adj.ew_pair))
        if key in seen:
            errors.append(f"{adj.describe()}: the same table as entry {seen[key]}")
            continue
        seen[key] = n
        out.append(adj)
    if errors:
        raise AdjustmentFileError("; ".join(errors), Location(path=source))
    return out


def parse_adjustments_text(text: str, source: str | None = None) -> list[Adjustment]:
    """Parse an adjustments list written as JSON or YAML (JSON is tried first)."""
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise AdjustmentFileError(f"neither JSON nor YAML: {exc}",
                                      Location(path=source)) from None
    return parse_adjustments(data, source)


def find(adjustments: Sequence[Adjustment], board: int, ns_pair: str,
         ew_pair: str) -> Adjustment | None:
    """The adjustment for a table, if any."""
    for adj in adjustments:
        if adj.matches(board, ns_pair, ew_pair):
            return adj
    return None
