"""Scoring a board again after the Director has adjusted one of its results.

An adjusted result changes the score of every pair that played the board (and, in a
matchpoint event, of every pair through the totals). The functions here take the
results of one board and give each pair's score, exactly (as `Fraction`); rounding for
display is the business of the format that prints them.

A table's result on a board (`Result`) is an outcome of `td_plugin.model.outcomes`, or None
when the board was not played at that table (an ``int`` given to `Line` is taken as the
North-South score of a result, `ScoreOnly`). Rescoring asks the outcome, whatever its
kind:

- its North-South scores with their weights (`Outcome.ns_scores`): one for a result
  played or assigned (Law 12C1(a)), several for a weighted score (12C1(c)), where the
  pair scores the weighted sum of what each result would score and the other pairs are
  compared with each result in proportion to its weight;
- or its percentages (`Outcome.artificial`): an artificial score (Law 12C2), fixed
  (40/50/60 % of the top) or variable (average-plus is 60 % or the pair's session
  percentage if higher, average-minus 40 % or the pair's session percentage if lower),
  which is not compared with the other results.

Matchpoints are factored Neuberg-style when fewer results are compared than the board
expects (artificial scores, missing results), the way Compscore and the WBF/ACBL do it:
with *n* results compared and *N* expected, a score of *m* matchpoints (2 a result
beaten, 1 a tie) becomes ``(m + 1) * N / n - 1``. Totals bring every board to the same
top by the same formula and factor a pair's total up for boards it should have played
but did not (``total * expected / played``), which is what real Compscore files show.

Butler datums drop the highest and lowest table result (when there are more than two)
and round the mean to the nearest 10, halves away from zero (as the Compscore files
show). Cross-IMPs are the average of the IMPs against every other result. At IMPs an
artificial score is worth +3 (average-plus), 0 (average) or -3 IMPs (average-minus,
Law 12C2); ``artificial_imps`` changes the 3 where the regulations say otherwise.

`RescoreReport` is what scoring a results file again changed, as the writers that do it
report it (`adapters.usebio.writer`, `adapters.pbn.scoretable`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from td_plugin.model.outcomes import ArtificialScore, Outcome, ScoreOnly
from td_plugin.model.scoring import imps

__all__ = ["Result", "Line", "LineScore", "Award", "PairTotal", "neuberg",
           "artificial_percentages", "matchpoint_board", "butler_datum", "butler_board",
           "cross_imp_board", "team_imps", "imps_for_percent", "matchpoint_totals",
           "imp_totals", "expected_boards", "places", "LineChange", "PairChange",
           "RescoreReport"]

Result = Outcome | None


def _outcome(result: Outcome | int | None) -> Result:
    if isinstance(result, bool) or not isinstance(result, (Outcome, int, type(None))):
        raise TypeError(f"not a result: {result!r}")
    return ScoreOnly(result) if isinstance(result, int) else result


@dataclass(frozen=True)
class Line:
    """One table's result of a board: the pairs and what they scored (an ``int`` is the
    North-South score of a result, `ScoreOnly`)."""

    ns_pair: str
    ew_pair: str
    result: Result

    def __post_init__(self) -> None:
        object.__setattr__(self, "result", _outcome(self.result))


@dataclass(frozen=True)
class LineScore:
    """What each pair of a line scores on the board (None: no result). For an
    artificial score, ``ns_percent``/``ew_percent`` are the percentages awarded after
    the variable rule."""

    ns: Fraction | None
    ew: Fraction | None
    ns_percent: Fraction | None = None
    ew_percent: Fraction | None = None


def neuberg(points: Fraction | int, compared: int, expected: int, scale: int = 2) -> Fraction:
    """Matchpoints scored against ``compared`` results (the pair's own included)
    brought to ``expected`` results: ``(points + s/2) * expected / compared - s/2``
    with ``s`` the points for a result beaten (2, or 1 in the ACBL convention)."""
    half = Fraction(scale, 2)
    if compared <= 0:
        raise ValueError("Neuberg needs at least the pair's own result")
    return (Fraction(points) + half) * expected / compared - half


def artificial_percentages(score: ArtificialScore, ns_session: Fraction | None = None,
                           ew_session: Fraction | None = None) -> tuple[Fraction, Fraction]:
    """The percentages an artificial score gives (Law 12C2). A variable score gives
    average-plus as the pair's session percentage when that is higher, average-minus
    as the session percentage when that is lower; a fixed score, or a pair whose
    session percentage is unknown, gets the percentage as written
    (`ArtificialScore.percentages`)."""
    return score.percentages(ns_session, ew_session)


def _field(lines: Sequence[Line]) -> list[tuple[int, tuple[tuple[Fraction, int], ...]]]:
    """The results other results are compared with: (line index, ((weight, NS score),
    ...)); an artificial score is not compared."""
    out = []
    for i, line in enumerate(lines):
        if line.result is not None and line.result.ns_scores():
            out.append((i, line.result.ns_scores()))
    return out


def _session(session: Mapping[str, Fraction] | None, pair: str) -> Fraction | None:
    return None if session is None else session.get(pair)


def matchpoint_board(lines: Sequence[Line], *, expected: int | None = None, scale: int = 2,
                     session: Mapping[str, Fraction] | None = None) -> list[LineScore]:
    """Matchpoints of every line of a board, Neuberg-factored.

    :param expected: the number of results the board should have (Neuberg's N); by
        default the lines that have a result, artificial ones included.
    :param scale: 2 (a result beaten scores 2, a tie 1; top = 2 * (N - 1)) or 1.
    :param session: each pair's session percentage, for variable artificial scores.
    """
    if scale not in (1, 2):
        raise ValueError("scale must be 1 or 2")
    n_expected = expected if expected is not None else sum(
        1 for line in lines if line.result is not None)
    top = Fraction(scale * (n_expected - 1)) if n_expected else Fraction(0)
    field = _field(lines)
    win, tie = Fraction(scale), Fraction(scale, 2)

    def against(i: int, score: int) -> Fraction:
        others = [comps for j, comps in field if j != i]
        points = sum((w * (win if score > s else tie if score == s else 0)
                      for comps in others for w, s in comps), Fraction(0))
        return neuberg(points, len(others) + 1, n_expected, scale)

    out: list[LineScore] = []
    for i, line in enumerate(lines):
        r = line.result
        artificial = r.artificial() if r is not None else None
        if r is None:
            out.append(LineScore(None, None))
        elif artificial is not None:
            ns_p, ew_p = artificial.percentages(_session(session, line.ns_pair),
                                                _session(session, line.ew_pair))
            out.append(LineScore(ns_p * top / 100, ew_p * top / 100, ns_p, ew_p))
        else:
            ns = sum((w * against(i, s) for w, s in r.ns_scores()), Fraction(0))
            out.append(LineScore(ns, top - ns))
    return out


def imps_for_percent(percent: Fraction | int, artificial_imps: int = 3) -> int:
    """IMPs for an artificial score at IMPs (Law 12C2): +3 above 50 %, 0 at 50 %,
    -3 below."""
    if percent > 50:
        return artificial_imps
    if percent < 50:
        return -artificial_imps
    return 0


def _artificial_imps(line: Line, artificial: ArtificialScore,
                     session: Mapping[str, Fraction] | None, artificial_imps: int) -> LineScore:
    ns_p, ew_p = artificial.percentages(_session(session, line.ns_pair),
                                        _session(session, line.ew_pair))
    return LineScore(Fraction(imps_for_percent(ns_p, artificial_imps)),
                     Fraction(imps_for_percent(ew_p, artificial_imps)), ns_p, ew_p)


def butler_datum(scores: Iterable[int]) -> int:
    """The Butler datum: the mean of the table results without the highest and the
    lowest (when there are more than two), rounded to the nearest 10, halves away
    from zero."""
    ordered = sorted(scores)
    if not ordered:
        raise ValueError("a Butler datum needs at least one result")
    kept = ordered[1:-1] if len(ordered) > 2 else ordered
    mean = Fraction(sum(kept), len(kept)) / 10
    tens = Decimal(mean.numerator) / Decimal(mean.denominator)
    return int(tens.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * 10


def butler_board(lines: Sequence[Line], *, datum: int | None = None,
                 session: Mapping[str, Fraction] | None = None,
                 artificial_imps: int = 3) -> tuple[int | None, list[LineScore]]:
    """Butler IMPs of every line against the datum (computed from the table results
    played or assigned unless given). Returns (datum, scores); the datum is None when
    the board has no table result."""
    scores = [s for s in (line.result.ns_score() for line in lines if line.result is not None)
              if s is not None]
    if datum is None and scores:
        datum = butler_datum(scores)
    out: list[LineScore] = []
    for line in lines:
        r = line.result
        artificial = r.artificial() if r is not None else None
        if r is None:
            out.append(LineScore(None, None))
        elif artificial is not None:
            out.append(_artificial_imps(line, artificial, session, artificial_imps))
        else:
            if datum is None:
                raise ValueError("a Butler score needs a datum")
            ns = sum((w * imps(s - datum) for w, s in r.ns_scores()), Fraction(0))
            out.append(LineScore(ns, -ns))
    return datum, out


def cross_imp_board(lines: Sequence[Line], *, session: Mapping[str, Fraction] | None = None,
                    artificial_imps: int = 3) -> list[LineScore]:
    """Cross-IMPs of every line: the average of the IMPs won against each other result
    (a weighted result counts each of its results in proportion to its weight)."""
    field = _field(lines)

    def against(i: int, score: int) -> Fraction:
        others = [comps for j, comps in field if j != i]
        if not others:
            return Fraction(0)
        total = sum((w * imps(score - s) for comps in others for w, s in comps), Fraction(0))
        return total / len(others)

    out: list[LineScore] = []
    for i, line in enumerate(lines):
        r = line.result
        artificial = r.artificial() if r is not None else None
        if r is None:
            out.append(LineScore(None, None))
        elif artificial is not None:
            out.append(_artificial_imps(line, artificial, session, artificial_imps))
        else:
            ns = sum((w * against(i, s) for w, s in r.ns_scores()), Fraction(0))
            out.append(LineScore(ns, -ns))
    return out


def team_imps(table1: Outcome | int | None, table2: Outcome | int | None, *,
              artificial_imps: int = 3) -> tuple[Fraction, Fraction] | None:
    """IMPs of a teams board: (team A, team B), where team A sat North-South at table 1
    and East-West at table 2. An artificial score at a table gives each team the IMPs
    of its own percentage there (Law 12C2; the two need not balance), averaged over
    the tables where it had one. None when a table has no result."""
    table1, table2 = _outcome(table1), _outcome(table2)
    if table1 is None or table2 is None:
        return None
    art1, art2 = table1.artificial(), table2.artificial()
    if art1 is not None or art2 is not None:
        a_awards, b_awards = [], []
        if art1 is not None:
            a_awards.append(imps_for_percent(art1.ns_percent, artificial_imps))
            b_awards.append(imps_for_percent(art1.ew_percent, artificial_imps))
        if art2 is not None:
            b_awards.append(imps_for_percent(art2.ns_percent, artificial_imps))
            a_awards.append(imps_for_percent(art2.ew_percent, artificial_imps))
        return (Fraction(sum(a_awards), len(a_awards)), Fraction(sum(b_awards), len(b_awards)))
    a = sum((w1 * w2 * imps(s1 - s2) for w1, s1 in table1.ns_scores()
             for w2, s2 in table2.ns_scores()), Fraction(0))
    return a, -a


@dataclass(frozen=True)
class Award:
    """What one pair scored on one board, for the totals: ``points`` (matchpoints on the
    board's own top, or IMPs), the results ``expected`` on the board (its Neuberg N)
    and, for an artificial score, the percentage awarded."""

    pair: str
    points: Fraction
    expected: int
    percent: Fraction | None = None


@dataclass(frozen=True)
class PairTotal:
    """A pair's total (factored for boards not played), its percentage (matchpoints
    only), the boards it played and the boards it was expected to play."""

    pair: str
    total: Fraction
    percentage: Fraction | None
    played: int
    expected: int


def expected_boards(awards: Iterable[Award],
                    group: Callable[[str], Hashable] = lambda pair: None) -> dict[str, int]:
    """How many boards each pair was expected to play: the most played by a pair of
    its group (its direction in a two-winner event, the whole field otherwise)."""
    played: dict[str, int] = {}
    for a in awards:
        played[a.pair] = played.get(a.pair, 0) + 1
    most: dict[Hashable, int] = {}
    for pair, n in played.items():
        g = group(pair)
        most[g] = max(most.get(g, 0), n)
    return {pair: most[group(pair)] for pair in played}


def matchpoint_totals(awards: Iterable[Award], expected: Mapping[str, int] | None = None,
                      *, scale: int = 2,
                      group: Callable[[str], Hashable] = lambda pair: None) -> dict[str, PairTotal]:
    """Each pair's matchpoint total and percentage.

    Every board is brought to the event's top (the largest board's): matchpoints by
    Neuberg's formula, an artificial score by its percentage. A pair's total is then
    factored by ``expected / played`` for boards it did not play, and its percentage is
    the total over ``expected`` tops. ``expected`` defaults to `expected_boards`.
    """
    awards = list(awards)
    if not awards:
        return {}
    most = max(a.expected for a in awards)
    top = Fraction(scale * (most - 1))
    exp = dict(expected) if expected is not None else expected_boards(awards, group)
    sums: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for a in awards:
        if a.percent is not None:
            value = a.percent * top / 100
        else:
            value = neuberg(a.points, a.expected, most, scale)
        sums[a.pair] = sums.get(a.pair, Fraction(0)) + value
        played[a.pair] = played.get(a.pair, 0) + 1
    out = {}
    for pair, s in sums.items():
        boards = exp.get(pair, played[pair])
        total = s * boards / played[pair]
        pct = total * 100 / (boards * top) if top else None
        out[pair] = PairTotal(pair, total, pct, played[pair], boards)
    return out


def imp_totals(awards: Iterable[Award], expected: Mapping[str, int] | None = None,
               *, group: Callable[[str], Hashable] = lambda pair: None) -> dict[str, PairTotal]:
    """Each pair's IMP total (Butler or cross-IMPs), factored by ``expected / played``
    for boards it did not play."""
    awards = list(awards)
    exp = dict(expected) if expected is not None else expected_boards(awards, group)
    sums: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for a in awards:
        sums[a.pair] = sums.get(a.pair, Fraction(0)) + a.points
        played[a.pair] = played.get(a.pair, 0) + 1
    return {pair: PairTotal(pair, s * exp.get(pair, played[pair]) / played[pair], None,
                            played[pair], exp.get(pair, played[pair]))
            for pair, s in sums.items()}


def places(totals: Mapping[str, Fraction],
           group: Callable[[str], Hashable] = lambda pair: None) -> dict[str, int]:
    """Places by total, highest first, within each group; equal totals share a place
    and the next place is skipped (1, 2, 2, 4)."""
    out: dict[str, int] = {}
    by_group: dict[Hashable, list[str]] = {}
    for pair in totals:
        by_group.setdefault(group(pair), []).append(pair)
    for pairs in by_group.values():
        for pair in pairs:
            out[pair] = 1 + sum(1 for other in pairs if totals[other] > totals[pair])
    return out


# --- what scoring a file again changed --------------------------------------------------

@dataclass(frozen=True)
class LineChange:
    """An adjusted table: the result before and after (as the report shows them), why,
    and its points before and after (texts as written in the file)."""

    board: int
    ns_pair: str
    ew_pair: str
    before: str
    after: str
    law: str
    note: str | None
    points_before: tuple[str | None, ...] | None  # North-South's and East-West's
    points_after: tuple[str | None, ...] | None


@dataclass(frozen=True)
class PairChange:
    """A pair whose total, percentage or place changed (texts as written in the file)."""

    pair: str
    total: tuple[str | None, str]
    percentage: tuple[str | None, str | None]
    place: tuple[str | None, str | None]


@dataclass
class RescoreReport:
    """What adjusting a results file changed: the adjusted tables, the other tables whose
    points changed (board, pairs, before, after), the pairs, and notes for the Director
    as message keys with their parameters (``adjust.note.*``, rendered by the command)."""

    lines: list[LineChange] = field(default_factory=list)
    points: list[tuple[int, str, str, tuple[str | None, ...] | None,
                       tuple[str | None, ...]]] = field(
        default_factory=list)
    pairs: list[PairChange] = field(default_factory=list)
    notes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
