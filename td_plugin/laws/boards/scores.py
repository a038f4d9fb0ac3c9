"""The scores the board's Laws end in: an artificial adjusted score by each side's fault
(Law 12C2(a)), an assigned adjusted score (12C1), and each as an entry of the Director's
adjustments list (`td_plugin.cases.adjustments`) and of ``td-plugin adjust``.

Law 12C2(a) as the 2017 text reads (digest [M], the wording given from general knowledge
and the Polish translation at pzbs.pl): when no result can be obtained, average-plus (at
least 60 % in pairs) to a contestant in no way at fault, average (50 %) to one only partly
at fault, average-minus (at most 40 %) to one directly at fault; the two sides' scores need
not balance. A regulation may make the averages variable (`Regulation.variable_averages`:
average-plus is the pair's session percentage when that is higher, average-minus when that
is lower); the percentages written are then the floor and the ceiling, and the scorer
works out the pair's own (`td_plugin.model.outcomes.ArtificialScore.percentages`).

Each side's fault is a fact the Director gives (``ns_fault``, ``ew_fault``: ``none``,
``partly``, ``direct``); a case without it is a question, never a default.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, TypeVar

from td_plugin.errors import FactError, QuestionError
from td_plugin.laws.facts import Choice, FactField, table_text
from td_plugin.laws.play.ruling import RulingBuilder
from td_plugin.laws.regulations import Regulation
from td_plugin.messages import Msg
from td_plugin.model.outcomes import ArtificialScore, AssignedResult, Outcome
from td_plugin.model.rulings import TextEnum

__all__ = ["Fault", "PERCENT", "fault_fields", "variable_field", "award", "entry_of",
           "under_regulation", "adjusted_score", "assigned_fields", "assigned_of", "Score", "score_field",
           "pairs_of", "pair_entry"]


class Fault(TextEnum):
    """A side's part in what made a result impossible (12C2(a))."""

    NONE = "none"
    PARTLY = "partly"
    DIRECT = "direct"


#: The percentage 12C2(a) gives in pairs for each fault (at least 60, 50, at most 40).
PERCENT = {Fault.NONE: 60, Fault.PARTLY: 50, Fault.DIRECT: 40}

_Case = Mapping[str, Any]


def fault_fields(law: str, when: Callable[[_Case], bool] | None = None,
                 only: str = "") -> tuple[FactField, ...]:
    """The two sides' faults, asked under ``law`` (when ``when`` says so)."""
    def field(key: str) -> FactField:
        return FactField(key, "choice", f"board.q.{key}", law, when=when, only=only,
                         choices=tuple(Choice(str(f), Msg(f"board.fault.{f}"),
                                              ("12C2(a)", Msg(f"board.leads.{f}")))
                                       for f in Fault))
    return field("ns_fault"), field("ew_fault")


def variable_field(when: Callable[[_Case], bool] | None = None, only: str = "") -> FactField:
    """Whether the averages are variable (a case file's own reading over the
    regulation's; the app takes the regulation's)."""
    return FactField("variable", "bool", "board.q.variable", "12C2(a)", required=False,
                     ask=False, when=when, only=only)


def award(b: RulingBuilder, ns_fault: Fault, ew_fault: Fault,
          variable: bool | None) -> ArtificialScore:
    """12C2(a): the artificial adjusted score for the two sides' faults, its clause added
    to ``b``."""
    score = ArtificialScore(PERCENT[ns_fault], PERCENT[ew_fault], bool(variable))
    b.clause("12C2(a)", "board.12C2a", {"ns_fault": str(ns_fault), "ew_fault": str(ew_fault),
                                        "artificial": score.notation()},
             {"ns": score.ns_percent, "ew": score.ew_percent,
              "ns_fault": Msg(f"board.fault.{ns_fault}"),
              "ew_fault": Msg(f"board.fault.{ew_fault}")})
    if variable:
        b.notes.append(Msg("board.12C2a.variable"))
    return score


def adjusted_score(b: RulingBuilder, score: Score | None, assigned: Outcome | None,
                   ns_fault: Fault | None, ew_fault: Fault | None,
                   variable: bool | None) -> Outcome:
    """An adjusted score the Director awards: the result he assigns (12C1(a)), or else an
    artificial one by the two sides' faults (12C2(a)), its clause added to ``b``."""
    if score is Score.ASSIGNED:
        assert assigned is not None
        b.clause("12C1(a)", "board.12C1a", {"assigned": assigned.notation()},
                 {"result": assigned.notation()})
        return assigned
    assert ns_fault is not None and ew_fault is not None
    return award(b, ns_fault, ew_fault, variable)


def entry_of(outcome: Outcome) -> dict[str, Any]:
    """The outcome as an adjustments-list entry gives it: ``{"artificial": "60/40"}`` (with
    ``variable: true``), ``{"assigned": "4S S 9"}``."""
    artificial = outcome.artificial()
    if artificial is not None:
        out: dict[str, Any] = {"artificial": artificial.notation()}
        if artificial.variable:
            out["variable"] = True
        return out
    return {"assigned": outcome.notation()}


_C = TypeVar("_C")


def under_regulation(case: _C, regulation: Regulation) -> _C:
    """The case with the regulation's averages (fixed or variable) where the case file did
    not say (``variable`` None)."""
    if getattr(case, "variable", False) is None:
        return replace(case, variable=regulation.variable_averages)  # type: ignore[type-var]
    return case


class Score(TextEnum):
    """What the Director awards where the Law says an adjusted score (12C1(a), 12C1(d))."""

    ASSIGNED = "assigned"
    ARTIFICIAL = "artificial"


def score_field(law: str, when: Callable[[_Case], bool], only: str) -> FactField:
    """The Director's choice between an assigned and an artificial adjusted score."""
    return FactField("score", "choice", "board.q.score", law, when=when, only=only,
                     choices=(Choice(str(Score.ASSIGNED), Msg("board.score.assigned"),
                                     ("12C1(a)", Msg("board.leads.assigned"))),
                              Choice(str(Score.ARTIFICIAL), Msg("board.score.artificial"),
                                     ("12C1(d)", Msg("board.leads.artificial")))))


def assigned_fields(when: Callable[[_Case], bool], only: str) -> tuple[FactField, ...]:
    """An assigned result (12C1(a)): its declarer, contract and declarer's tricks."""
    return (FactField("declarer", "seat", "board.q.declarer", "12C1(a)", when=when, only=only),
            FactField("contract", "contract", "board.q.contract", "12C1(a)", when=when,
                      only=only),
            FactField("declarer_tricks", "count", "board.q.declarer_tricks", "12C1(a)",
                      when=when, only=only, low=0))


def assigned_of(values: Mapping[str, Any]) -> AssignedResult:
    """The assigned result the case gives (declarer, contract, declarer's tricks)."""
    contract = values["contract"]
    return AssignedResult(contract, values["declarer_tricks"])


def pairs_of(raw: Any, where: str) -> tuple[tuple[int, int], ...]:
    """A list of tables as a case file gives them: ``[{ns_pair: 1, ew_pair: 9}, ...]`` (or
    ``["1-9", ...]`` as the table app enters them).

    :raises FactError: naming the item at fault.
    """
    if not isinstance(raw, list) or not raw:
        raise FactError(where, "expected a non-empty list of {ns_pair, ew_pair}")
    out: list[tuple[int, int]] = []
    for i, item in enumerate(raw):
        if isinstance(item, str):  # as the table app enters it: "3-12"
            try:
                item = dict(zip(("ns_pair", "ew_pair"), map(int, table_text(item).split("-"))))
            except QuestionError as exc:
                raise FactError(f"{where}[{i}]", str(exc)) from None
        if not isinstance(item, Mapping) or set(item) != {"ns_pair", "ew_pair"}:
            raise FactError(f"{where}[{i}]", "expected exactly ns_pair and ew_pair")
        pair = tuple(item[k] for k in ("ns_pair", "ew_pair"))
        if not all(isinstance(p, int) and not isinstance(p, bool) and p > 0 for p in pair):
            raise FactError(f"{where}[{i}]", "pair numbers are whole numbers from 1")
        if pair in out:
            raise FactError(f"{where}[{i}]", f"{pair[0]} v {pair[1]} is given twice")
        out.append((pair[0], pair[1]))
    return tuple(out)


def pair_entry(pair: tuple[int, int]) -> dict[str, int]:
    return {"ns_pair": pair[0], "ew_pair": pair[1]}
