"""Writing USEBIO: adjusted, rescored copies that keep every byte they do not change.

The text itself is edited (`adapters.usebio.xmlspans`): the traveller lines of the adjusted
tables, the points of every line on those boards (scored again by
`td_plugin.model.rescoring`), the Butler datum, and the pairs' totals, percentages, places and
master points. Scoring follows what the Compscore files show: matchpoints Neuberg-factored
and written to 0.1 (halves to even) on a board with missing or artificial results and as
integers otherwise; totals brought to the event's top, factored for boards not played
and written to 0.01; master points re-awarded on the scale the file itself shows per
place. Points the scorer awarded by hand (an artificial line whose points are not its
percentage, a line whose points are not what its score gives) are kept where their board
is not adjusted.

USEBIO has no element for a weighted score or for the Director's note: a weighted score
keeps the table result on its line with the weighted points, and the notes go to the
report of ``td-plugin adjust``. What a line is given is an outcome of
`td_plugin.model.outcomes`, asked for what USEBIO holds: percentages (``A6040``), a result
(contract, declarer, tricks and score), or a score alone.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from adapters.usebio.reader import (
    POINT_ELEMENTS,
    TravellerLine,
    UsebioEvent,
    child_text,
    load_usebio,
    read_event,
)
from adapters.usebio.xmlspans import Span, TextEditor, scan, spans_for
from td_plugin.cases.adjustments import Entry, record_changes
from td_plugin.errors import InputError, Location
from td_plugin.model.board import BoardRecord, standard_vulnerability
from td_plugin.model.changes import RecordChange
from td_plugin.model.fouled import ScoringGroup, score_groups
from td_plugin.model.numbers import parse_whole
from td_plugin.model.outcomes import Outcome
from td_plugin.model.place import pair_number
from td_plugin.model.rescoring import (
    Award,
    Line,
    LineChange,
    LineScore,
    PairChange,
    RescoreReport,
    butler_board,
    cross_imp_board,
    expected_boards,
    imp_totals,
    matchpoint_board,
    matchpoint_totals,
    places,
)
from td_plugin.safe_output import atomic_write, check_outputs

__all__ = ["LineChange", "PairChange", "RescoreReport", "rescore_usebio", "adjust_usebio",
           "write_changes"]

#: The order of a traveller line's children, for inserting a missing one in its place.
_LINE_ORDER = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS",
               "SCORE", "NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_BUTLER_POINTS",
               "EW_BUTLER_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS")


def _half_even(value: Fraction, places: int) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)


def _half_up_binary(value: Fraction, places: int) -> Decimal:
    """Rounded the way a scorer printing a binary floating-point number does."""
    return Decimal(float(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _format_points(kind: str, value: Fraction, decimals: bool) -> str:
    """Points as Compscore writes them: matchpoints as integers on a board scored
    without factoring and to 0.1 (halves to even) otherwise; IMPs as integers when
    whole and to 0.01 otherwise."""
    if kind == "matchpoints":
        if value.denominator == 1 and not decimals:
            return str(value.numerator)
        return str(_half_even(value, 1))
    if value.denominator == 1:
        return str(value.numerator)
    return str(_half_up_binary(value, 2))


def _points_equal(kind: str, computed: Fraction, stored: Fraction) -> bool:
    if kind == "matchpoints":
        return _half_even(computed, 1) == _half_even(stored, 1)
    return _half_up_binary(computed, 2) == _half_up_binary(stored, 2)


class _Writer:
    """Applies line outcomes to an event, rescores and edits the text."""

    def __init__(self, event: UsebioEvent) -> None:
        self.event = event
        self.doc = event.doc
        self.text = self.doc.text
        self.editor = TextEditor(self.text)
        self.spans: dict[Any, Span] = spans_for(self.doc.root.iter(), scan(self.text))
        self.report = RescoreReport()
        self.groups: dict[int, ScoringGroup] = {}

    # -- editing a line ----------------------------------------------------------------

    def _span(self, el: Any) -> Span:
        return self.spans[el]

    def _set(self, line: TravellerLine, tag: str, value: str) -> None:
        el = line.child(tag)
        if el is not None:
            if (el.text or "") != value:
                self.editor.set_text(self._span(el), value)
            return
        position = _LINE_ORDER.index(tag) if tag in _LINE_ORDER else len(_LINE_ORDER)
        children = [c for c in line.element if isinstance(c.tag, str)]
        after = [c for c in children if c.tag in _LINE_ORDER and _LINE_ORDER.index(c.tag) > position]
        if after:
            self.editor.insert_before(self._span(after[0]), tag, value)
        elif children:
            self.editor.insert_after(self._span(children[-1]), tag, value)
        else:
            raise ValueError("a traveller line without children")

    def _remove(self, line: TravellerLine, *tags: str) -> None:
        for tag in tags:
            el = line.child(tag)
            if el is not None:
                self.editor.remove(self._span(el))

    def _write_outcome(self, line: TravellerLine, outcome: Outcome,
                       score: LineScore | None) -> str:
        """Edit a line's result elements; returns the result as now written."""
        artificial = outcome.artificial()
        result = outcome.result()
        if artificial is not None:
            self._remove(line, "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS")
            ns_p: Fraction | int = artificial.ns_percent
            ew_p: Fraction | int = artificial.ew_percent
            if score is not None and score.ns_percent is not None and score.ew_percent is not None:
                ns_p, ew_p = score.ns_percent, score.ew_percent  # after the variable rule
            text = f"A{round(ns_p):02d}{round(ew_p):02d}"
            self._set(line, "SCORE", text)
            return text + (" (variable)" if artificial.variable else "")
        if result is None:
            score_ns = outcome.ns_score()
            if score_ns is not None:
                self._set(line, "SCORE", str(score_ns))
            else:
                self.report.notes.append(("adjust.note.weighted_usebio", {
                    "board": line.board, "ns": line.ns_pair, "ew": line.ew_pair}))
            return outcome.describe()
        contract = result.contract
        if contract.is_passed_out:
            self._set(line, "CONTRACT", "PASS")
            self._set(line, "PLAYED_BY", "N")
            self._remove(line, "LEAD")
            self._set(line, "TRICKS", "0")
            self._set(line, "SCORE", "0")
            return "PASS"
        self._set(line, "CONTRACT", contract.pbn().upper())
        declarer = contract.declarer
        assert declarer is not None and result.score_ns is not None
        if line.contract is None or line.contract.declarer is not declarer:
            self._remove(line, "LEAD")
        self._set(line, "PLAYED_BY", declarer.value)
        self._set(line, "TRICKS", str(result.declarer_tricks))
        self._set(line, "SCORE", str(result.score_ns))
        return f"{result.notation()} {result.score_ns:+d}"

    # -- rescoring ---------------------------------------------------------------------

    def apply(self, outcomes: Mapping[int, tuple[Outcome, str, str | None]],
              groups: Mapping[int, ScoringGroup] | None = None) -> None:
        """Apply ``outcomes`` (keyed by line index: outcome, scored; law; note) and
        rescore; a fouled board's lines in ``groups`` (by line index) are scored among
        the group of their form, the others of the board in the correct form's."""
        event = self.event
        if event.kind is None:
            raise InputError(f"cannot rescore a USEBIO event of type {event.event_type!r}: "
                             "only matchpoint, Butler and cross-IMP pairs events are scored",
                             Location(path=self.doc.path))
        by_index = {line.index: line for line in event.lines}
        new_results = {index: outcome for index, (outcome, _, _) in outcomes.items()}
        self.groups = groups = dict(groups or {})
        adjusted_boards = {by_index[i].board for i in (*outcomes, *groups)}
        self._note_groups(by_index)
        variable = any(_variable(o) for o in new_results.values())
        session = self._session_percentages(new_results) if variable else None
        awards: list[Award] = []
        board_numbers = sorted({line.board for line in event.lines if line.board is not None})
        for board in board_numbers:
            lines = event.lines_of(board)
            results = [new_results.get(line.index, line.result) for line in lines]
            scores, datum = self._score_board(lines, results, session)
            adjusted = board in adjusted_boards
            expected = sum(1 for r in results if r is not None)
            compared = sum(1 for r in results if r is not None and r.artificial() is None)
            decimals = compared < expected or any(line.index in groups for line in lines) or any(
                r is not None and len(r.ns_scores()) > 1 for r in results)
            for line, result, score in zip(lines, results, scores):
                if (score.ns is None or score.ew is None or line.ns_pair is None
                        or line.ew_pair is None):
                    continue
                ns, ew = score.ns, score.ew
                if line.index not in outcomes and line.points is not None and (
                        _artificial(line.result)
                        or (not adjusted and not _points_equal(event.kind, ns, line.points[0]))):
                    ns, ew = line.points  # as the scorer awarded them
                elif adjusted:
                    self._write_line(line, ns, ew, decimals, outcomes.get(line.index), result, score)
                percent: tuple[Fraction | None, Fraction | None] = (None, None)
                if event.kind == "matchpoints" and _artificial(result):
                    top = Fraction(2 * (expected - 1))
                    percent = (ns * 100 / top, ew * 100 / top) if top else (Fraction(50), Fraction(50))
                elif score.ns_percent is not None and line.index in groups:
                    percent = (score.ns_percent, score.ew_percent)  # a small group's
                awards.append(Award(line.ns_pair, ns, expected, percent[0]))
                awards.append(Award(line.ew_pair, ew, expected, percent[1]))
            if adjusted and datum is not None and event.kind == "butler":
                self._write_datum(board, datum)
        self._write_totals(awards)

    def _score_board(self, lines: Sequence[TravellerLine], results: Sequence[Outcome | None],
                     session: Mapping[str, Fraction] | None) -> tuple[list[LineScore], int | None]:
        rows = [Line(line.ns_pair or "", line.ew_pair or "", r) for line, r in zip(lines, results)]
        groups = [self.groups.get(line.index) for line in lines]
        if any(groups) and self.event.kind is not None:
            rule = next(g.rule for g in groups if g is not None)
            scores, datums = score_groups(rows, [g.form if g else 0 for g in groups],
                                          self.event.kind, rule=rule, session=session)
            return scores, None  # no one datum: one a group
        if self.event.kind == "matchpoints":
            return matchpoint_board(rows, session=session), None
        if self.event.kind == "butler":
            datum, scores = butler_board(rows, session=session)
            return scores, datum
        return cross_imp_board(rows, session=session), None

    def _note_groups(self, by_index: Mapping[int, TravellerLine]) -> None:
        """A note for each fouled board: its groups, the tables of each changed form."""
        boards: dict[int, dict[int, list[str]]] = {}
        rules: dict[int, str] = {}
        for index, group in sorted(self.groups.items()):
            line = by_index[index]
            boards.setdefault(group.board, {}).setdefault(group.form, []).append(
                f"{line.ns_pair} v {line.ew_pair}")
            if group.rule is not None:
                rules[group.board] = group.rule.source
        for board, forms in sorted(boards.items()):
            tables = "; ".join(f"{form}: {', '.join(t)}" for form, t in sorted(forms.items()))
            self.report.notes.append(("adjust.note.fouled", {
                "board": board, "groups": len(forms) + 1, "tables": tables,
                "rule": rules.get(board, "Neuberg")}))

    def _session_percentages(self, new_results: Mapping[int, Outcome]) -> dict[str, Fraction]:
        """Each pair's percentage on the boards without a variable artificial score."""
        awards: list[Award] = []
        for board in sorted({line.board for line in self.event.lines if line.board is not None}):
            lines = [line for line in self.event.lines_of(board)
                     if not _variable(new_results.get(line.index))]
            results = [new_results.get(line.index, line.result) for line in lines]
            scores, _ = self._score_board(lines, results, None)
            expected = sum(1 for r in results if r is not None)
            for line, result, score in zip(lines, results, scores):
                if score.ns is None or score.ew is None or not line.ns_pair or not line.ew_pair:
                    continue
                pct = (score.ns_percent, score.ew_percent) if _artificial(result) else (None, None)
                awards.append(Award(line.ns_pair, score.ns, expected, pct[0]))
                awards.append(Award(line.ew_pair, score.ew, expected, pct[1]))
        if self.event.kind != "matchpoints":
            return {}
        totals = matchpoint_totals(awards, group=self.event.group)
        return {pair: t.percentage for pair, t in totals.items() if t.percentage is not None}

    def _write_line(self, line: TravellerLine, ns: Fraction, ew: Fraction, decimals: bool,
                    index_outcome: tuple[Outcome, str, str | None] | None,
                    result: Outcome | None, score: LineScore) -> None:
        """Write a line's new points (and its new result when it is the adjusted one)."""
        kind = self.event.kind
        assert kind is not None
        ns_tag, ew_tag = next((a, b) for a, b, k in POINT_ELEMENTS if k == kind)
        if _artificial(result):
            decimals = False
        new = (_format_points(kind, ns, decimals), _format_points(kind, ew, decimals))
        old = line.points_text
        if index_outcome is not None:
            outcome, law, note = index_outcome
            before = line.describe_result()
            after = self._write_outcome(line, outcome, score)
            self.report.lines.append(LineChange(line.board or 0, line.ns_pair or "", line.ew_pair or "",
                                                before, after, law, note, old, new))
        if old != new:
            self._set(line, ns_tag, new[0])
            self._set(line, ew_tag, new[1])
            if index_outcome is None:
                self.report.points.append((line.board or 0, line.ns_pair or "", line.ew_pair or "", old, new))

    def _write_datum(self, board: int, datum: int) -> None:
        el = self.event.board_elements[board].find("BOARD_AVERAGE")
        if el is not None and (el.text or "").strip() != str(datum):
            self.editor.set_text(self._span(el), str(datum))
            self.report.notes.append(("adjust.note.datum", {
                "board": board, "before": (el.text or "").strip(), "after": datum}))

    def _write_totals(self, awards: list[Award]) -> None:
        event = self.event
        group = event.group
        exp = expected_boards(awards, lambda p: event.direction(p) if event.two_winners else None)
        if event.kind == "matchpoints":
            totals = matchpoint_totals(awards, exp)
        else:
            totals = imp_totals(awards, exp)
        ranks = places({p: t.total for p, t in totals.items()}, group)
        tie_mark = any((child_text(el, "PLACE") or "").endswith("=") for el in event.pairs.values())
        counts: dict[tuple[Any, int], int] = {}
        for pair, place in ranks.items():
            counts[(group(pair), place)] = counts.get((group(pair), place), 0) + 1
        for pair, pair_el in event.pairs.items():
            if pair not in totals:
                continue
            t = totals[pair]
            changes = {}
            new_total = f"{_half_up_binary(t.total, 2):.2f}"
            changes["TOTAL_SCORE"] = new_total
            if t.percentage is not None and pair_el.find("PERCENTAGE") is not None:
                changes["PERCENTAGE"] = f"{_half_up_binary(t.percentage, 2):.2f}"
            if pair_el.find("PLACE") is not None:
                place = ranks[pair]
                tied = counts[(group(pair), place)] > 1
                changes["PLACE"] = f"{place}=" if tied and tie_mark else str(place)
            old = {tag: child_text(pair_el, tag) for tag in changes}
            for tag, value in changes.items():
                el = pair_el.find(tag)
                if el is not None and (el.text or "").strip() != value:
                    self.editor.set_text(self._span(el), value)
            if any(old[tag] != value for tag, value in changes.items()):
                self.report.pairs.append(PairChange(
                    pair, (old.get("TOTAL_SCORE"), new_total),
                    (old.get("PERCENTAGE"), changes.get("PERCENTAGE")),
                    (old.get("PLACE"), changes.get("PLACE"))))
        self._write_masterpoints(ranks, counts)

    def _write_masterpoints(self, ranks: Mapping[str, int],
                            counts: Mapping[tuple[Any, int], int]) -> None:
        """Award master points by the new places, on the scale the file itself shows:
        the points of each untied place, per group size (equal places share the points
        of the places they cover). Pairs whose award cannot be derived keep theirs."""
        event = self.event
        group = event.group
        elements = {pair: _masterpoints_element(el) for pair, el in event.pairs.items()}
        if not any(el is not None for el in elements.values()):
            return
        size: dict[Any, int] = {}
        for pair in event.pairs:
            size[group(pair)] = size.get(group(pair), 0) + 1
        old_places: dict[Any, dict[str, int]] = {}
        for pair, el in event.pairs.items():
            place = parse_whole((child_text(el, "PLACE") or "").rstrip("="))
            if place is not None:
                old_places.setdefault(group(pair), {})[pair] = place
        scale: dict[int, dict[int, int | None]] = {}
        for g, by_pair in old_places.items():
            taken = list(by_pair.values())
            for pair, place in by_pair.items():
                award = elements[pair]
                points = parse_whole(award.text or "") if award is not None else None
                if taken.count(place) != 1 or points is None:
                    continue
                known = scale.setdefault(size[g], {})
                known[place] = points if known.get(place, points) == points else None
        unknown = []
        for pair, place in ranks.items():
            el = elements.get(pair)
            if el is None or pair not in event.pairs:
                continue
            known = scale.get(size[group(pair)], {})
            covered = [known.get(p) for p in range(place, place + counts[(group(pair), place)])]
            if any(a is None for a in covered):
                old_place = old_places.get(group(pair), {}).get(pair)
                if old_place != place or list(old_places.get(group(pair), {}).values()).count(
                        place) != counts[(group(pair), place)]:
                    unknown.append(pair)
                continue
            share = Fraction(sum(covered), len(covered))  # type: ignore[arg-type]
            value = str(int((Decimal(share.numerator) / Decimal(share.denominator)).quantize(
                Decimal(1), rounding=ROUND_HALF_UP)))
            if (el.text or "").strip() != value:
                self.editor.set_text(self._span(el), value)
        if unknown:
            self.report.notes.append(("adjust.note.masterpoints",
                                      {"pairs": ", ".join(sorted(unknown))}))

    def output(self) -> bytes:
        return self.editor.result().encode(_python_encoding(self.doc.encoding))


def _masterpoints_element(pair_el: Any) -> Any:
    el = pair_el.find("MASTER_POINTS_AWARDED")
    return el if el is not None else pair_el.find("MASTER_POINTS/MASTER_POINTS_AWARDED")


def _python_encoding(encoding: str) -> str:
    return "utf-8" if encoding.lower().replace("-", "") == "utf8" else encoding


def _artificial(result: Outcome | None) -> bool:
    return result is not None and result.artificial() is not None


def _variable(result: Outcome | None) -> bool:
    artificial = result.artificial() if result is not None else None
    return artificial is not None and artificial.variable


def _line_records(event: UsebioEvent) -> list[BoardRecord]:
    """The traveller lines as far as finding a table needs: board, pairs, index."""
    return [BoardRecord(board=line.board, ns_pair=line.ns_pair, ew_pair=line.ew_pair,
                        vulnerability=standard_vulnerability(line.board) if line.board else None,
                        location=Location(path=event.doc.path, record=line.index))
            for line in event.lines]


def _outcomes(event: UsebioEvent, changes: Mapping[int, Sequence[RecordChange]],
              lang: str) -> dict[int, tuple[Outcome, str, str | None]]:
    """The outcome each changed line is given (the last change's, scored for the board),
    with the laws behind the changes and their annotations as the note."""
    by_index = {line.index: line for line in event.lines}
    out: dict[int, tuple[Outcome, str, str | None]] = {}
    for index, line_changes in changes.items():
        line = by_index.get(index)
        if line is None:
            raise InputError(f"no traveller line {index}", Location(path=event.doc.path))
        for change in line_changes:
            if change.pairs is not None and not (
                    line.ns_pair and line.ew_pair and line.board is not None
                    and (pair_number(line.ns_pair), pair_number(line.ew_pair))
                    == (pair_number(change.pairs[0]), pair_number(change.pairs[1]))):
                raise InputError(f"{change.describe()}: no such table in the file",
                                 Location(path=event.doc.path, board=line.board))
        outcome = next((c.outcome for c in reversed(line_changes) if c.outcome is not None), None)
        if outcome is None:
            continue
        laws = [c.law for c in line_changes if c.law]
        notes = [text for c in line_changes for text in c.texts(lang)]
        out[index] = (outcome.scored(standard_vulnerability(line.board or 1)), ", ".join(laws),
                      " ".join(notes) or None)
    return out


def _groups(changes: Mapping[int, Sequence[RecordChange]]) -> dict[int, ScoringGroup]:
    """The fouled board's group of each line a change puts in one (Law 87B)."""
    return {index: change.group for index, line_changes in changes.items()
            for change in line_changes if change.group is not None}


def rescore_usebio(path: str | os.PathLike[str], adjustments: Sequence[Entry] = ()
                   ) -> tuple[bytes, RescoreReport]:
    """The file with the adjustments applied and every score of the event recomputed
    (points of the adjusted boards, totals, percentages, places), and a report of what
    changed. Without adjustments this checks the scorer's arithmetic: where the file
    already agrees, its bytes come back unchanged.

    :raises InputError: an adjustment names a table the file does not have, or the
        event is not a pairs event scored by matchpoints, Butler or cross-IMPs.
    """
    event = read_event(load_usebio(path))
    changes: dict[int, list[RecordChange]] = {}
    for _, change in record_changes(adjustments, _line_records(event), event.doc.path):
        changes.setdefault(change.record, []).append(change)
    writer = _Writer(event)
    writer.apply(_outcomes(event, changes, "en"), _groups(changes))
    return writer.output(), writer.report


def adjust_usebio(path: str | os.PathLike[str],
                  adjustments: Sequence[Entry]) -> tuple[bytes, RescoreReport]:
    """`rescore_usebio` with at least one adjustment; without any, the file's own bytes."""
    if not adjustments:
        return load_usebio(path).data, RescoreReport()
    return rescore_usebio(path, adjustments)


def write_changes(source_path: str, dest_path: str,
                  changes: Mapping[int, Sequence[RecordChange]],
                  lang: str = "en") -> RescoreReport:
    """The writer of USEBIO for the hook ``td_write_changes``: write a copy of
    ``source_path`` with the changes (keyed by record index = traveller line) applied and
    the event rescored; annotations become the notes of the report, in ``lang``.

    ``dest_path`` is written whole or not at all (`td_plugin.safe_output`).

    :raises InputError: when ``dest_path`` is the source itself, or a change names a
        line the file does not have (then nothing is written).
    """
    check_outputs([source_path], [(dest_path, "the rescored copy")])
    doc = load_usebio(source_path)
    data = doc.data
    event = read_event(doc)
    outcomes = _outcomes(event, changes, lang)
    groups = _groups(changes)
    report = RescoreReport()
    if outcomes or groups:
        writer = _Writer(event)
        writer.apply(outcomes, groups)
        data, report = writer.output(), writer.report
    atomic_write(dest_path, data)
    return report
