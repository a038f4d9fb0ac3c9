"""Outcomes: what a table is credited with on a board, as one typed family.

- `TableResult`: the result obtained at the table: contract, declarer, declarer's tricks
  and North-South's score;
- `AssignedResult`: a result the Director assigns (Law 12C1(a), or to each side under
  12C1(b)) or that a trick transfer gives (64A);
- `ArtificialScore`: percentages for each side (12C2): fixed (60 %/40 %, Avg+/Avg-) or
  variable;
- `WeightedScore`: results with weights summing to one (12C1(c));
- `ScoreOnly`: a North-South score with nothing else known (a score corrected alone).

The rulings, the adjustments list, rescoring, the watch's scorer entries, the reports and
every writer ask an outcome what they need instead of testing its class:

- `Outcome.results`: the results (contract, declarer, tricks) that make up the outcome,
  with their weights; `Outcome.result`: the one result, when the outcome is one;
- `Outcome.ns_score`: the one North-South score, when there is one and it is known;
- `Outcome.ns_scores`: the North-South scores, with weights summing to one, that the
  other results of the board are compared with (none for an artificial score);
- `Outcome.artificial`: the percentages awarded, for an artificial score;
- `Outcome.scored`: the outcome with the scores its results lack worked out for the
  board's vulnerability;
- `Outcome.notation` (as the Director writes it in an adjustments list: ``4S S 9``,
  ``60/40``, ``3/5 x 4S S 10 + 2/5 x 4S S 9``) and `Outcome.describe` (as a report
  shows it: ``60/40 (variable)``, ``weighted 3/5 x ...``).

A kind that the Director's adjustments list can give names its entry key
(``entry_key``: ``assigned``, ``artificial``, ``weighted``) and reads its entry
(`Outcome.from_entry`); `ENTRY_KINDS` lists them. A new kind of adjustment is a class
here that answers these questions, listed in `ENTRY_KINDS`.
"""

from __future__ import annotations

import abc
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from td_plugin.model.cards import Seat
from td_plugin.model.contract import Contract
from td_plugin.model.numbers import parse_number
from td_plugin.model.scoring import score_ns as _score_ns

if TYPE_CHECKING:
    from td_plugin.model.board import Vulnerability

__all__ = ["Outcome", "TableResult", "AssignedResult", "ArtificialScore", "WeightedScore",
           "ScoreOnly", "ENTRY_KINDS"]

_RESULT_RE = re.compile(r"^\s*(?P<contract>\S+)\s+(?P<declarer>[NESWnesw])\s+(?P<tricks>\d{1,2})\s*$")
_ARTIFICIAL_RE = re.compile(r"^\s*A?(?P<ns>\d{2,3})\s*%?\s*[/\-]?\s*(?P<ew>\d{2,3})\s*%?\s*$")

_R = TypeVar("_R", bound="TableResult")

class Outcome(abc.ABC):
    """The base of the family: what every outcome answers (see the module docstring).
    The defaults are those of an outcome that is neither a result nor scored; each kind
    says how it is written (`notation`)."""

    __slots__ = ()

    #: the key of an adjustments-list entry that gives this kind (None: none does), the
    #: other keys such an entry may have, and the kind's name in an error message
    entry_key: ClassVar[str | None] = None
    entry_options: ClassVar[tuple[str, ...]] = ()
    entry_name: ClassVar[str] = ""

    @classmethod
    def from_entry(cls, value: Any, entry: Mapping[str, Any]) -> Outcome:
        """The outcome an adjustments-list entry gives: ``value`` is the entry's value
        under `entry_key`, ``entry`` the whole entry (for `entry_options`).

        :raises ValueError: naming what is wrong with the value.
        """
        raise TypeError(f"no adjustments-list entry gives {cls.__name__} (entry_key is None)")

    def results(self) -> tuple[tuple[Fraction, TableResult], ...]:
        """The results (contract, declarer, declarer's tricks) that make up the outcome,
        with their weights; none for an artificial score or a score alone."""
        return ()

    def result(self) -> TableResult | None:
        """The contract, declarer and declarer's tricks, when the outcome is one result."""
        results = self.results()
        return results[0][1] if len(results) == 1 else None

    def ns_scores(self) -> tuple[tuple[Fraction, int], ...]:
        """North-South's scores with their weights (summing to one) that the board's other
        results are compared with; empty when the outcome is not compared (an artificial
        score).

        :raises ValueError: a result of the outcome is not scored yet (see `scored`).
        """
        return tuple((w * inner, s) for w, r in self.results() for inner, s in r.ns_scores())

    def ns_score(self) -> int | None:
        """The one North-South score: None for several weighted scores, an artificial
        score, or a result not scored yet."""
        try:
            scores = self.ns_scores()
        except ValueError:
            return None
        return scores[0][1] if len(scores) == 1 else None

    def artificial(self) -> ArtificialScore | None:
        """The percentages awarded, when the outcome is an artificial score (Law 12C2)."""
        return None

    def scored(self, vulnerability: Vulnerability) -> Outcome:
        """The outcome with the North-South score of each of its results that has none
        worked out on a board of ``vulnerability``; scores already known are kept."""
        return self

    @abc.abstractmethod
    def notation(self) -> str:
        """The outcome as the Director writes it (see the module docstring)."""

    def describe(self) -> str:
        """The outcome as a report shows it (language-free)."""
        return self.notation()


@dataclass(frozen=True)
class TableResult(Outcome):
    """A result obtained at the table: the contract (with its declarer), the tricks
    declarer took, North-South's score (None: not scored yet, see `scored`). A board
    passed out is `Contract.PASSED_OUT` with no tricks (None) and a score of 0."""

    contract: Contract
    declarer_tricks: int | None
    score_ns: int | None = None

    @classmethod
    def parse(cls: type[_R], text: str) -> _R:
        """A result as the Director writes it: ``"4S S 9"``, ``"3NTX W 7"``, ``"PASS"``
        (contract, declarer, tricks taken by declarer); not scored.

        :raises ValueError: with the text, when it is not a result.
        """
        if not isinstance(text, str):
            raise ValueError(f"a result is written like \"4S S 9\", not {text!r}")
        if text.strip().upper() in ("PASS", "P", "PASSED OUT"):
            return cls(Contract.PASSED_OUT, None, 0)
        m = _RESULT_RE.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a result like \"4S S 9\" "
                             "(contract, declarer, tricks taken by declarer)")
        contract = Contract.from_pbn(m["contract"], Seat.from_pbn(m["declarer"]))
        tricks = int(m["tricks"])
        if tricks > 13:
            raise ValueError(f"{text!r}: declarer cannot take {tricks} tricks")
        return cls(contract, tricks)

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer

    def results(self) -> tuple[tuple[Fraction, TableResult], ...]:
        return ((Fraction(1), self),)

    def ns_scores(self) -> tuple[tuple[Fraction, int], ...]:
        if self.score_ns is None:
            raise ValueError(f"{self.notation()} is not scored: its board's vulnerability "
                             "is needed")
        return ((Fraction(1), self.score_ns),)

    def scored(self, vulnerability: Vulnerability) -> TableResult:
        if self.score_ns is not None:
            return self
        if self.contract.is_passed_out or self.declarer_tricks is None:
            return replace(self, score_ns=0)
        declarer = self.contract.declarer
        if declarer is None:
            raise ValueError(f"{self.contract.pbn()} has no declarer to score it")
        return replace(self, score_ns=_score_ns(self.contract, self.declarer_tricks,
                                                vulnerability.is_vulnerable(declarer)))

    def notation(self) -> str:
        if self.contract.is_passed_out:
            return "PASS"
        declarer = self.contract.declarer.value if self.contract.declarer else "?"
        return f"{self.contract.pbn()} {declarer} {self.declarer_tricks}"


@dataclass(frozen=True)
class AssignedResult(TableResult):
    """A result assigned by the Director (Law 12C1(a); to each side under 12C1(b)) or
    given by a trick transfer (64A): the contract, its declarer, the tricks declarer is
    credited with, North-South's score (None: not scored yet)."""

    entry_key = "assigned"
    entry_name = "an assigned result"

    @classmethod
    def from_entry(cls, value: Any, entry: Mapping[str, Any]) -> AssignedResult:
        return cls.parse(value)


@dataclass(frozen=True)
class ArtificialScore(Outcome):
    """An artificial adjusted score (Law 12C2): percentages for each side. ``variable``:
    average-plus is the pair's session percentage when that is higher, average-minus the
    session percentage when that is lower (Avg+/Avg- as some regulations apply them)."""

    ns_percent: int
    ew_percent: int
    variable: bool = False

    entry_key = "artificial"
    entry_options = ("variable",)
    entry_name = "an artificial score"

    @classmethod
    def from_entry(cls, value: Any, entry: Mapping[str, Any]) -> ArtificialScore:
        """``"60/40"`` (North-South's percentage first; also ``60-40``, ``A6040``), with
        ``variable: true`` for a variable score."""
        variable = entry.get("variable", False)
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
        return cls(ns, ew, variable)

    def artificial(self) -> ArtificialScore:
        return self

    def percentages(self, ns_session: Fraction | None = None,
                    ew_session: Fraction | None = None) -> tuple[Fraction, Fraction]:
        """The percentages awarded: as written for a fixed score, for a pair whose
        session percentage is unknown and for an average; a variable average-plus is the
        session percentage when higher, a variable average-minus when lower."""
        def one(percent: int, session: Fraction | None) -> Fraction:
            p = Fraction(percent)
            if not self.variable or session is None or p == 50:
                return p
            return max(p, session) if p > 50 else min(p, session)

        return one(self.ns_percent, ns_session), one(self.ew_percent, ew_session)

    def notation(self) -> str:
        return f"{self.ns_percent}/{self.ew_percent}"

    def describe(self) -> str:
        return self.notation() + (" (variable)" if self.variable else "")


@dataclass(frozen=True)
class WeightedScore(Outcome):
    """A weighted assigned score (Law 12C1(c)): results with weights summing to one. The
    pair scores the weighted sum of what each result would score, and the other pairs
    meet each result in proportion to its weight."""

    components: tuple[tuple[Fraction, TableResult], ...]

    entry_key = "weighted"
    entry_name = "a weighted score"

    def __post_init__(self) -> None:
        total = sum(w for w, _ in self.components)
        if total != 1:
            raise ValueError(f"weights of a weighted score must sum to 1, not {total}")

    @classmethod
    def from_entry(cls, value: Any, entry: Mapping[str, Any]) -> WeightedScore:
        """``[{result: "4S S 10", weight: 0.6}, {result: "4S S 9", weight: 0.4}]``:
        weights are numbers, fractions ``"1/3"`` or percentages ``"60%"`` summing to 1."""
        if not isinstance(value, list) or len(value) < 2:
            raise ValueError("weighted needs a list of at least two {result, weight} items")
        comps: list[tuple[Fraction, TableResult]] = []
        for k, item in enumerate(value, 1):
            if not isinstance(item, dict) or set(item) != {"result", "weight"}:
                raise ValueError(f"weighted item {k} must have exactly 'result' and 'weight'")
            w = _weight(item["weight"])
            if not 0 < w <= 1:
                raise ValueError(f"weighted item {k}: weight {item['weight']!r} is not in (0, 1]")
            comps.append((w, AssignedResult.parse(item["result"])))
        total = sum((w for w, _ in comps), Fraction(0))
        if total != 1:
            raise ValueError(f"weights sum to {float(total):g}, not 1")
        return cls(tuple(comps))

    def results(self) -> tuple[tuple[Fraction, TableResult], ...]:
        return tuple((Fraction(w), r) for w, r in self.components)

    def scored(self, vulnerability: Vulnerability) -> WeightedScore:
        return WeightedScore(tuple((w, r.scored(vulnerability)) for w, r in self.components))

    def notation(self) -> str:
        return " + ".join(f"{w} x {r.notation()}" for w, r in self.components)

    def describe(self) -> str:
        return "weighted " + self.notation()


@dataclass(frozen=True)
class ScoreOnly(Outcome):
    """A North-South score with nothing else known: a table's score as a file gives it
    without its result, or a score corrected alone."""

    score_ns: int

    def ns_scores(self) -> tuple[tuple[Fraction, int], ...]:
        return ((Fraction(1), self.score_ns),)

    def notation(self) -> str:
        return f"NS {self.score_ns:+d}" if self.score_ns else "NS 0"


def _weight(value: Any) -> Fraction:
    if isinstance(value, bool):
        raise ValueError(f"weight {value!r} is not a number")
    if isinstance(value, float) and math.isfinite(value):
        return Fraction(str(value))
    text = str(value).strip() if isinstance(value, (int, str)) else ""
    percent = text.endswith("%")
    number = parse_number(text[:-1] if percent else text, ratio=not percent)
    if number is None:
        raise ValueError(f"weight {value!r} is not a number")
    return number / 100 if percent else number


#: The kinds an entry of the adjustments list can give, by entry key, in the order an
#: error message lists them.
ENTRY_KINDS: dict[str, type[Outcome]] = {
    kind.entry_key: kind for kind in (AssignedResult, ArtificialScore, WeightedScore)
    if kind.entry_key is not None}
