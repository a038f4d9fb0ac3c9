"""Scoring a fouled board in groups (Law 87B).

A fouled board was not played in the same form at every table (Law 87A): the Director
divides its results into groups, one for the board's correct form and one for each
changed form, and each group is scored separately "as provided in the regulations for
the tournament" (87B; without one, the Director selects and announces his method).

The method here, where no regulation says otherwise, is the one the WBF, the ACBL and
the EBU publish for matchpoints: each group is matchpointed among itself and factored to
the board's full top with Neuberg's formula, ``M' = (M + 1) * N / n - 1`` in
matchpoints of 2 a result beaten, where ``n`` is the number of results in the group and
``N`` on the whole board. The WBF/ACBL write the same formula in matchpoints of 1 a
result beaten, ``S * N / n + (N - n) / 2n``, and the EBU (its Neuberg article, and
NZ Bridge's manual after it) as ``((M * E) + (E - A)) / A`` with ``E`` results expected
and ``A`` actual; `td_plugin.model.rescoring.neuberg` is all three (the tests show it).
A group of one then scores exactly half the top: it was compared with nobody.

A regulation may treat groups too small to score otherwise (`SmallGroupRule`). The one
named here, ``acbl-1991``, is the ACBL's, as its Bulletin of June 1991 (pp. 15-16)
published it and the ASE Scorer's documentation quotes it ("Assigning average scores",
asecomputing.com): the formula for groups of four or more results, and for a group of
three when it is the largest group; otherwise a group of three gets 70 %, 60 % and
50 %, a group of two 65 % and 55 %, a single result 60 %, each direction ranked among
the group (equal results share the percentages of the places they cover).

At IMPs each group has its own comparison: a Butler datum of its own results
(`td_plugin.model.rescoring.butler_board`) or cross-IMPs among its own results; a
result alone in its group scores 0 IMPs (its own datum).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from td_plugin.model.rescoring import (
    Line,
    LineScore,
    butler_board,
    cross_imp_board,
    matchpoint_board,
)

__all__ = ["SmallGroupRule", "SMALL_GROUP_RULES", "ScoringGroup", "score_groups"]


@dataclass(frozen=True)
class SmallGroupRule:
    """A regulation's fixed percentages for groups too small to score by the formula:
    ``fixed[size]`` the percentages by rank (best first) of a group of that many
    results; sizes in ``formula_when_largest`` are scored by the formula when the group
    is the board's largest. ``source`` names where the rule is published."""

    name: str
    fixed: Mapping[int, tuple[int, ...]]
    formula_when_largest: frozenset[int]
    source: str

    def percentages(self, size: int, largest: bool) -> tuple[int, ...] | None:
        """The fixed percentages of a group of ``size`` results, or None: the formula."""
        if size in self.formula_when_largest and largest:
            return None
        return self.fixed.get(size)


#: The rules for small groups by name (an adjustments entry's ``small_groups``, a
#: regulation's ``fouled_small_groups``); read-only.
SMALL_GROUP_RULES: Mapping[str, SmallGroupRule] = MappingProxyType({
    "acbl-1991": SmallGroupRule(
        "acbl-1991", MappingProxyType({1: (60,), 2: (65, 55), 3: (70, 60, 50)}),
        frozenset({3}),
        "ACBL Bulletin, June 1991, pp. 15-16 (as quoted by the ASE Scorer's help, "
        "\"Assigning average scores\")"),
})


@dataclass(frozen=True)
class ScoringGroup:
    """The group a table's result is scored in on a fouled board (Law 87B): ``form``
    1, 2, ... for the changed forms the Director listed (the results not listed are the
    board's correct form), and the rule for groups too small to score (None: the
    formula for every group)."""

    board: int
    form: int
    rule: SmallGroupRule | None = None


def _fixed(lines: Sequence[Line], percents: tuple[int, ...], expected: int,
           scale: int) -> list[LineScore]:
    """Each direction ranked among the group and given the percentage of its place
    (equal results share those of the places they cover)."""
    top = Fraction(scale * (expected - 1))
    scores = [line.result.ns_score() if line.result is not None else None for line in lines]

    def share(mine: int, others: Sequence[int]) -> Fraction:
        better = sum(1 for s in others if s > mine)
        tied = sum(1 for s in others if s == mine)
        covered = percents[better:better + tied]
        return Fraction(sum(covered), len(covered))

    played = [s for s in scores if s is not None]
    out = []
    for score in scores:
        if score is None:
            out.append(LineScore(None, None))
            continue
        ns = share(score, played)
        ew = share(-score, [-s for s in played])
        out.append(LineScore(ns * top / 100, ew * top / 100, ns, ew))
    return out


def score_groups(lines: Sequence[Line], forms: Sequence[int], kind: str, *,
                 rule: SmallGroupRule | None = None, scale: int = 2,
                 session: Mapping[str, Fraction] | None = None,
                 artificial_imps: int = 3) -> tuple[list[LineScore], dict[int, int | None]]:
    """The scores of a fouled board's lines, each scored among its group (``forms[i]``
    is line i's form, 0 the correct one), and the Butler datum of each group.

    :param kind: ``matchpoints`` (each group factored to the board's full top, or the
        rule's fixed percentages), ``butler`` or ``cross_imps``.
    """
    if len(forms) != len(lines):
        raise ValueError("one form a line")
    expected = sum(1 for line in lines if line.result is not None)
    groups: dict[int, list[int]] = {}
    for i, form in enumerate(forms):
        groups.setdefault(form, []).append(i)
    sizes = {form: sum(1 for i in idx if lines[i].result is not None)
             for form, idx in groups.items()}
    largest = max(sizes.values(), default=0)
    out = [LineScore(None, None)] * len(lines)
    datums: dict[int, int | None] = {}
    for form, idx in groups.items():
        group = [lines[i] for i in idx]
        if kind == "matchpoints":
            fixed = rule.percentages(sizes[form], sizes[form] == largest) if rule else None
            plain = all(line.result is None or (line.result.artificial() is None
                                                and line.result.ns_score() is not None)
                        for line in group)
            scores = (_fixed(group, fixed, expected, scale) if fixed and plain
                      else matchpoint_board(group, expected=expected, scale=scale,
                                            session=session))
        elif kind == "butler":
            datums[form], scores = butler_board(group, session=session,
                                                artificial_imps=artificial_imps)
        else:
            scores = cross_imp_board(group, session=session, artificial_imps=artificial_imps)
        for i, score in zip(idx, scores):
            out[i] = score
    return out, datums
