"""What to enter in the club's scorer for a ruling, in the scorer's own terms.

No Windows scorer takes adjustments from outside, so the TD report says exactly what to
type: "Board 7, section A, table 3, round 2: 4S= becomes 4S-1 (Law 64A2, one trick)",
or an artificial score as the scorers write it, ``60%-40%`` (Ave+/Ave-). A trick
transfer is not an artificial score: it changes the result, and so the score. The entry
follows from what the ruling's outcome is made of (`td_plugin.model.outcomes`): a result, an
artificial score, or weighted results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from td_plugin import messages
from td_plugin.model.board import BoardRecord
from td_plugin.model.contract import Contract
from td_plugin.model.findings import Finding
from td_plugin.model.names import artificial_text
from td_plugin.model.outcomes import ArtificialScore
from td_plugin.model.rulings import Ruling

__all__ = ["ScorerEntry", "scorer_entry", "ruling_entry", "result_notation", "average_words"]


_AVERAGE_WORDS = {60: "Ave+", 50: "Ave", 40: "Ave-"}


def result_notation(contract: Contract | None, tricks: int | None) -> str:
    """``4S=``, ``4SX-1``, ``3NT+2``; ``Pass`` for a passed-out board; ``?`` unknown."""
    if contract is None:
        return "?"
    if contract.is_passed_out:
        return "Pass"
    if tricks is None:
        return contract.pbn()
    delta = tricks - contract.tricks_needed
    return contract.pbn() + ("=" if delta == 0 else f"{delta:+d}")


def average_words(score: ArtificialScore) -> str | None:
    """``Ave+/Ave-`` for 60%-40% and the like; None where a side's percentage has no name."""
    ns, ew = _AVERAGE_WORDS.get(score.ns_percent), _AVERAGE_WORDS.get(score.ew_percent)
    return f"{ns}/{ew}" if ns and ew else None


@dataclass(frozen=True)
class ScorerEntry:
    """One line for the scorer: the message key and parameters, the law clauses cited,
    and the values typed."""

    key: str
    params: dict[str, Any]
    laws: tuple[str, ...] = ()
    before: str | None = None
    after: str | None = None

    def text(self, lang: str = "en") -> str:
        return messages.render(self.key, {**self.params,
                                          "laws": messages.laws_ref(self.laws, lang)}, lang)


def _place(record: BoardRecord) -> messages.Msg:
    section = (messages.Msg("scorer.place.section", {"section": record.section})
               if record.section else "")
    return messages.Msg("scorer.place", {"board": record.board, "section": section,
                                         "table": record.table or "?",
                                         "round": record.round if record.round is not None else "?"})


def scorer_entry(record: BoardRecord, finding: Finding) -> ScorerEntry | None:
    """The entry a finding's ruling asks for, or None when the result stands (or its
    outcome is a score alone, which a scorer takes from a result)."""
    if finding.ruling is None:
        return None
    return ruling_entry(record, finding.ruling, [finding.law] if finding.law else [])


def ruling_entry(record: BoardRecord, ruling: Ruling,
                 laws: Sequence[str] = ()) -> ScorerEntry | None:
    """The entry a ruling asks for (an audit's, or one given at the table), or None when
    the result stands. ``laws``: the clauses to cite when the ruling has none."""
    outcome = ruling.outcome
    if outcome is None:
        return None
    laws = tuple(ruling.laws or laws)
    place = _place(record)
    result = outcome.result()
    artificial = outcome.artificial()
    if result is not None:
        before = result_notation(record.contract, record.declarer_tricks)
        after = result_notation(result.contract, result.declarer_tricks)
        moved = (record.declarer_tricks - result.declarer_tricks
                 if record.declarer_tricks is not None and result.declarer_tricks is not None
                 and record.contract is not None and result.contract.same_as(record.contract)
                 else 0)
        transfer = (messages.Msg("scorer.transfer.1") if abs(moved) == 1 else
                    messages.Msg("scorer.transfer.n", {"n": abs(moved)}) if moved else "")
        return ScorerEntry("scorer.assigned", {"place": place, "before": before, "after": after,
                                               "transfer": transfer},
                           laws=laws, before=before, after=after)
    if artificial is not None:
        score = artificial_text(artificial)
        words = average_words(artificial)
        return ScorerEntry("scorer.artificial", {"place": place, "score": score,
                                                 "words": f" ({words})" if words else ""},
                           laws=laws, after=score)
    results = outcome.results()
    if len(results) > 1:
        parts = ", ".join(f"{w} \u00d7 {result_notation(r.contract, r.declarer_tricks)}"
                          for w, r in results)
        return ScorerEntry("scorer.weighted", {"place": place, "parts": parts}, laws=laws,
                           after=parts)
    return None
