"""A pattern said once per file: the text and HTML reports of ``td-plugin audit`` say a
cause that explains many records of a file once, with its count and one example, and an
identical problem once with the records it concerns; the JSON reports keep every finding
and every problem.

A finding about the data (`DATA_KINDS`: a contract the auction does not give, a card not
held, a result or score that does not match) has a cause (`cause_of`): its kind, and for
some kinds what the finding's own data say explains it (an auction that gives the
recorded contract read from another seat; a contract that leaves out the auction's
double; rows written leader-first). `Patterns` gathers one input's data findings by
cause: a cause met on fewer than `GROUP_AT` records keeps its findings, to be said one by
one; from `GROUP_AT` on, it keeps the first as its example and counts the rest, with the
first `LISTED` record numbers. A finding with a ruling (a revoke, an irregularity in the
auction) is never grouped: each is a ruling of its own.

`ProblemGroups` gathers one input's problems by their shape, their text without the
tokens it quotes (the first `MAX_DISTINCT` shapes; the rest are counted only): problems
that all say the same are said once with their count, and `GROUP_AT` or more of one shape
as problems like the first.

Memory stays bounded whatever the file: a few findings per cause, a bounded number of
causes, texts and record numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from td_plugin import messages

__all__ = ["DATA_KINDS", "GROUP_AT", "LISTED", "MAX_DISTINCT", "cause_of", "Patterns",
           "Pattern", "ProblemGroups", "ProblemGroup", "pattern_text", "records_text",
           "problem_shape"]

#: the kinds of finding about the data, which a cause may explain on many records
DATA_KINDS = frozenset({"contract_mismatch", "card_not_held", "result_mismatch",
                        "result_conflict", "score_mismatch", "deal_invalid", "lead_not_held",
                        "lead_mismatch", "declarer_mismatch", "impossible_result"})
#: records of one cause from which the cause is said once for the file
GROUP_AT = 5
#: record numbers a pattern lists (the JSON lists every finding)
LISTED = 30
#: problem shapes told apart per input; the problems of any other are counted only
MAX_DISTINCT = 1000


def cause_of(finding: dict[str, Any]) -> str | None:
    """The cause of a finding (its JSON, `td_plugin.audit.reports.findings.finding_json`)
    that explains it: its kind, or the key of the text that says the cause
    (``report.pattern.KIND.CAUSE``); None for a finding that is not about the data or
    carries a ruling."""
    kind = str(finding.get("kind"))
    if kind not in DATA_KINDS or finding.get("ruling"):
        return None
    if kind == "contract_mismatch":
        if finding.get("consistent_from"):
            return "report.pattern.contract_mismatch.seat"
        said, recorded = finding.get("auction_contract"), finding.get("recorded_contract")
        if isinstance(said, str) and isinstance(recorded, str) and _unrisked(said) == \
                _unrisked(recorded) and said != recorded:
            return "report.pattern.contract_mismatch.risk"
    elif kind == "card_not_held" and finding.get("leader_first_consistent"):
        return "report.pattern.card_not_held.leader_first"
    return kind


def _unrisked(contract: str) -> str:
    """A contract's text (``4SX N``) without its double or redouble."""
    return contract.replace("X", "")


@dataclass
class Pattern:
    """The findings of one cause in an input: how many, the first (its example), the
    findings kept while fewer than `GROUP_AT`, and the first `LISTED` records."""

    cause: str
    count: int = 0
    example: dict[str, Any] | None = None
    held: list[dict[str, Any]] = field(default_factory=list)
    records: list[Any] = field(default_factory=list)

    @property
    def grouped(self) -> bool:
        """Whether the cause is said once (`GROUP_AT` records or more)."""
        return self.count >= GROUP_AT

    def add(self, finding: dict[str, Any]) -> None:
        self.count += 1
        if self.example is None:
            self.example = finding
        if len(self.records) < LISTED:
            self.records.append(finding.get("record"))
        if self.grouped:
            self.held.clear()
        else:
            self.held.append(finding)


class Patterns:
    """One input's data findings by cause (see the module docstring)."""

    def __init__(self) -> None:
        self.by_cause: dict[str, Pattern] = {}

    def take(self, finding: dict[str, Any]) -> bool:
        """Keep ``finding`` when a cause explains it (True); False when it is said on
        its own, as it comes."""
        cause = cause_of(finding)
        if cause is None:
            return False
        pattern = self.by_cause.get(cause)
        if pattern is None:
            pattern = self.by_cause[cause] = Pattern(cause)
        pattern.add(finding)
        return True

    def single(self) -> list[dict[str, Any]]:
        """The findings of the causes met on fewer than `GROUP_AT` records, in file order."""
        held = [f for p in self.by_cause.values() if not p.grouped for f in p.held]
        return sorted(held, key=lambda f: (f.get("record") is None, f.get("record") or 0))

    def grouped(self) -> list[Pattern]:
        """The causes said once, the most records first."""
        return sorted((p for p in self.by_cause.values() if p.grouped),
                      key=lambda p: (-p.count, p.cause))


def records_text(pattern_records: list[Any], count: int, lang: str) -> str:
    """``"records 1, 2, 5, … (3,647 in all)"``: the records a pattern lists."""
    listed = ", ".join(str(r) for r in pattern_records if r is not None)
    more = count > len(pattern_records)
    return messages.render("report.pattern.records", {
        "records": listed + (", …" if more else ""), "count": f"{count:,}"}, lang)


def pattern_text(pattern: Pattern, lang: str) -> str:
    """What a cause means, said once for the file (empty for a cause that is its kind
    alone: the kind's name says it)."""
    if "." not in pattern.cause:
        return ""
    return messages.render(pattern.cause, None, lang)


#: what tells problems of one shape apart: quoted values, cards, numbers and seats
_SHAPE = re.compile(r"'[^']*'|\b(?:[SHDC][2-9TJQKA]|[0-9][0-9,]*|North|South|East|West)\b")


def problem_shape(message: str) -> str:
    """A problem's text with its quoted values, cards, numbers and seats left out: the
    problems of one shape say the same thing of different tokens."""
    return _SHAPE.sub("#", message)


@dataclass
class ProblemGroup:
    """The problems of one shape (`problem_shape`) in an input: how many, where the first
    stands and what it says, whether all say the same (``same``), and the problems kept
    while fewer than `GROUP_AT` (said one by one when they differ)."""

    message: str
    line: Any
    board: Any
    count: int = 0
    same: bool = True
    held: list[dict[str, Any]] = field(default_factory=list)
    #: the records the problems concern (those of one record come together)
    records: int = 0
    last: Any = None

    @property
    def like(self) -> bool:
        """Whether the group is said as problems like its first (`GROUP_AT` or more that
        do not all say the same)."""
        return not self.same and self.count >= GROUP_AT


class ProblemGroups:
    """One input's problems by their shape, in the order each shape first came (the
    first `MAX_DISTINCT` shapes); ``others`` keeps the first problems of any further
    shape, ``other_count`` counts them."""

    def __init__(self) -> None:
        self.by_shape: dict[str, ProblemGroup] = {}
        self.others: list[dict[str, Any]] = []
        self.other_count = 0

    def take(self, problem: dict[str, Any], keep_others: int, record: Any = None) -> None:
        """Count ``problem`` of the record of index ``record`` (None: of no record); of
        the shapes beyond `MAX_DISTINCT`, keep the first ``keep_others`` problems as they
        are."""
        text = problem["message"]
        shape = problem_shape(text)
        group = self.by_shape.get(shape)
        if group is None and len(self.by_shape) < MAX_DISTINCT:
            group = self.by_shape[shape] = ProblemGroup(text, problem.get("line"),
                                                        problem.get("board"))
        if group is None:
            self.other_count += 1
            if len(self.others) < keep_others:
                self.others.append(problem)
            return
        group.count += 1
        if record is None or record != group.last:
            group.records += 1
            group.last = record
        group.same = group.same and text == group.message
        if group.count < GROUP_AT:
            group.held.append(problem)
        else:
            group.held.clear()

    def entries(self) -> list[ProblemGroup]:
        """What a report says, in the order each shape first came: a group of problems
        that all say the same, or `GROUP_AT` or more alike, as one entry; the few of a
        shape that differ one by one (``count`` 1 each)."""
        out: list[ProblemGroup] = []
        for g in self.by_shape.values():
            if g.same or g.like:
                out.append(g)
            else:
                out += [ProblemGroup(p["message"], p.get("line"), p.get("board"), 1,
                                     records=1) for p in g.held]
        return out
