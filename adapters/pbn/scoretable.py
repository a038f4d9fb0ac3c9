"""Adjusted scores written into the ScoreTable of PBN games (PBN 2.1 §5.9).

A game that carries a ScoreTable lists every table's result of its board: pairs,
contract, declarer, tricks, score and the points each pair scored. A change for one of
those tables (a `RecordChange` naming its ``pairs``) is written by `scoretable_edits`: it
finds the row by ``PairId_NS``/``PairId_EW``, writes what the change's outcome holds (a
result in the Contract, Declarer, Result and Score cells; ``-`` in those cells for an
artificial score; a weighted score keeps the table result), scores the board again
(`td_plugin.model.rescoring`) and writes every row's points. Cells holding an artificial score,
or the points of a weighted score, are marked ``^`` (§5.2); a ``{}`` commentary gives the
ruling, its law and the change's annotations (right after the table's tag, the one place
§5.1 allows commentary in a section). Only the changed cells and the commentary differ
from the input (`adapters.pbn.writer` applies the edits). A TotalScoreTable is not
recomputed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from adapters.pbn.game import PbnComment, PbnGame, PbnSection
from adapters.pbn.tables import cell_value, parse_header
from adapters.pbn.tokens import brace_comment
from td_plugin import messages
from td_plugin.errors import InputError, Location
from td_plugin.model.board import standard_vulnerability
from td_plugin.model.changes import RecordChange
from td_plugin.model.fouled import ScoringGroup, score_groups
from td_plugin.model.numbers import parse_number, parse_whole
from td_plugin.model.outcomes import ArtificialScore, Outcome, ScoreOnly
from td_plugin.model.place import pair_number
from td_plugin.model.rescoring import (
    Line,
    LineChange,
    LineScore,
    RescoreReport,
    butler_board,
    cross_imp_board,
    matchpoint_board,
)

__all__ = ["scoretable_edits", "adjusted_text"]


_CELL_RE = re.compile(r'"[^"\\\r\n]*+(?:\\.[^"\\\r\n]*+)*+"?|\S+')  # (no frame per escape)
_INT_RE = re.compile(r"[+-]?[0-9]{1,9}\Z")
_RESULT_CELLS = ("Contract", "Declarer", "Result", "Score_NS", "Score_EW")
_POINT_COLUMNS = {"matchpoints": ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"),
                  "butler": ("IMP_NS", "IMP_EW"), "cross_imps": ("IMP_NS", "IMP_EW")}


@dataclass
class _Cell:
    pos: int
    text: str


def _cells(section: PbnSection) -> list[_Cell]:
    out: list[_Cell] = []
    for piece in section.pieces:
        if isinstance(piece, PbnComment):
            continue
        base, run = piece
        out.extend(_Cell(base + m.start(), m.group()) for m in _CELL_RE.finditer(run))
    return out


def _number(text: str) -> Fraction | None:
    return parse_number(cell_value(text).lstrip("^"), ratio=True)


def _decimals(cells: Sequence[str]) -> int | None:
    places = [len(c.split(".", 1)[1]) for c in (cell_value(x).lstrip("^") for x in cells) if "." in c]
    return max(places) if places else None


def _format(value: Fraction, decimals: int | None, half_even: bool) -> str:
    """A number with ``decimals`` places (None: a whole number); matchpoints round
    halves to even as Compscore does, percentages and IMPs halves up."""
    if decimals is None:
        return str(round(value))
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    q = Decimal(1).scaleb(-decimals)
    return str(exact.quantize(q, rounding=ROUND_HALF_EVEN if half_even else ROUND_HALF_UP))


class _Table:
    """The ScoreTable of one game, with the place of every cell in the game's text."""

    def __init__(self, game: PbnGame, section: PbnSection, board: int) -> None:
        self.game = game
        self.section = section
        self.board = board
        self.columns, problems = parse_header(section.tag.resolved)
        self.names = [c.name for c in self.columns]
        where = Location(path=game.path, line=section.tag.line, board=board)
        if problems:
            raise InputError(f"ScoreTable header: {problems[0]}", where)
        for needed in ("PairId_NS", "PairId_EW"):
            if needed not in self.names:
                raise InputError(f"the ScoreTable has no {needed} column: the adjusted table "
                                 "cannot be found", where)
        cells = _cells(section)
        width = len(self.columns)
        self.rows = [cells[i:i + width] for i in range(0, len(cells) - width + 1, width)]
        if "Multiplicity" in self.names:
            i = self.names.index("Multiplicity")
            if any(cell_value(r[i].text) not in ("1", "-") for r in self.rows):
                raise InputError("the ScoreTable groups tables (Multiplicity): the adjusted "
                                 "table cannot be told apart", where)
        scoring = game.values.get("Scoring", "")
        if any(n in self.names for n in _POINT_COLUMNS["matchpoints"]):
            self.kind = "matchpoints"
        elif "IMP_NS" in self.names or "IMP_EW" in self.names:
            if "butler" in scoring.lower():
                self.kind = "butler"
            elif "cross" in scoring.lower():
                self.kind = "cross_imps"
            else:
                raise InputError(f"IMPs in the ScoreTable with Scoring {scoring!r}: only "
                                 "Butler and cross-IMPs can be scored again", where)
        else:
            raise InputError("the ScoreTable has no points (MP, Percentage or IMP columns) "
                             "to score again", where)

    def get(self, row: list[_Cell], name: str) -> str | None:
        if name not in self.names:
            return None
        return cell_value(row[self.names.index(name)].text)

    def row_of(self, pairs: tuple[str, str]) -> list[_Cell] | None:
        """The row of the table played by ``pairs`` (North-South, East-West)."""
        wanted = (pair_number(pairs[0]), pair_number(pairs[1]))
        for row in self.rows:
            ns, ew = self.get(row, "PairId_NS"), self.get(row, "PairId_EW")
            if ns is not None and ew is not None and (pair_number(ns), pair_number(ew)) == wanted:
                return row
        return None

    def result_of(self, row: list[_Cell]) -> Outcome | None:
        """The row's result as written: a score, an artificial score (``^`` points) or None."""
        point_names = [n for n in _POINT_COLUMNS[self.kind] if n in self.names]
        if any(row[self.names.index(n)].text.startswith("^") for n in point_names):
            return self._artificial(row)
        ns = self.get(row, "Score_NS")
        if ns is not None and _INT_RE.match(ns):
            return ScoreOnly(int(ns))
        ew = self.get(row, "Score_EW")
        if ew is not None and _INT_RE.match(ew):
            return ScoreOnly(-int(ew))
        return None

    def _artificial(self, row: list[_Cell]) -> ArtificialScore:
        def percent(side: str) -> int:
            pct = _number(self.get(row, f"Percentage_{side}") or "")
            if pct is not None:
                return round(pct)
            points = _number(self.get(row, f"MP_{side}") or self.get(row, f"IMP_{side}") or "")
            if points is None:
                return 50
            if self.kind == "matchpoints":
                top = 2 * (len(self.rows) - 1)
                return round(points * 100 / top) if top > 0 else 50
            return 60 if points > 0 else 40 if points < 0 else 50
        return ArtificialScore(percent("NS"), percent("EW"))


def adjusted_text(change: RecordChange, outcome: Outcome, board: int | str, ns: str, ew: str,
                  lang: str) -> str:
    """The commentary of an adjusted table: the adjustment with its law, then the
    change's annotations."""
    params: dict[str, Any] = {"board": board, "ns": ns, "ew": ew,
                              "law": messages.law_ref(change.law or "", lang)}
    artificial = outcome.artificial()
    if artificial is not None:
        key = "pbn.adjusted.artificial"
        params.update(ns_percent=artificial.ns_percent, ew_percent=artificial.ew_percent)
    elif len(outcome.ns_scores()) > 1:
        key = "pbn.adjusted.weighted"
        params["result"] = outcome.notation()
    else:
        key = "pbn.adjusted.assigned"
        params["result"] = outcome.notation()
    return " ".join([messages.render(key, params, lang), *change.texts(lang)])


class _GameEditor:
    """Edits of one game's text: replaced cells and inserted commentary."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.edits: list[tuple[int, int, str]] = []

    def cell(self, cell: _Cell, value: str, align: str | None) -> None:
        old = cell.text
        if value == old:
            return
        start = cell.pos
        if len(value) < len(old):
            value = value.ljust(len(old)) if align == "L" else value.rjust(len(old))
        elif len(value) > len(old):
            spaces = 0
            while start - spaces - 1 >= 0 and self.text[start - spaces - 1] == " ":
                spaces += 1
            take = min(len(value) - len(old), max(spaces - 1, 0))
            start -= take
        self.edits.append((start, cell.pos + len(old), value))

    def insert(self, pos: int, text: str) -> None:
        self.edits.append((pos, pos, text))

    def result(self) -> str:
        out, pos = [], 0
        for start, end, value in sorted(self.edits, key=lambda e: (e[0], e[1])):
            out.append(self.text[pos:start])
            out.append(value)
            pos = end
        out.append(self.text[pos:])
        return "".join(out)


def _score(table: _Table, results: list[Any],
           groups: dict[int, ScoringGroup] | None = None) -> list[LineScore]:
    lines = [Line(table.get(r, "PairId_NS") or "", table.get(r, "PairId_EW") or "", res)
             for r, res in zip(table.rows, results)]
    if groups and table.kind is not None:  # a fouled board (Law 87B)
        rule = next(iter(groups.values())).rule
        forms = [groups[i].form if i in groups else 0 for i in range(len(lines))]
        return score_groups(lines, forms, table.kind, rule=rule)[0]
    if table.kind == "matchpoints":
        return matchpoint_board(lines)
    if table.kind == "butler":
        return butler_board(lines)[1]
    return cross_imp_board(lines)


def _adjust_game(game: PbnGame, table: _Table, changes: dict[int, RecordChange],
                 report: RescoreReport, lang: str,
                 groups: dict[int, ScoringGroup] | None = None) -> list[tuple[int, int, str]]:
    """The edits of the game's text for ``changes`` (by row), and the report's lines;
    ``groups`` (by row): a fouled board's groups, each scored among itself."""
    vul = game.record.vulnerability or standard_vulnerability(table.board)
    rows = table.rows
    results: list[Outcome | None] = [table.result_of(r) for r in rows]
    adjusted: dict[int, Outcome] = {}
    for i, change in changes.items():
        assert change.outcome is not None
        adjusted[i] = results[i] = change.outcome.scored(vul)
    scores = _score(table, results, groups)
    editor = _GameEditor(game.text)
    align = {c.name: c.align for c in table.columns}
    point_names = [n for n in _POINT_COLUMNS[table.kind] if n in table.names]
    expected = sum(1 for r in results if r is not None)
    top = Fraction(2 * (expected - 1)) if expected else Fraction(0)
    values_of = {"MP_NS": [s.ns for s in scores], "MP_EW": [s.ew for s in scores],
                 "IMP_NS": [s.ns for s in scores], "IMP_EW": [s.ew for s in scores],
                 "Percentage_NS": [s.ns * 100 / top if top and s.ns is not None else None
                                   for s in scores],
                 "Percentage_EW": [s.ew * 100 / top if top and s.ew is not None else None
                                   for s in scores]}
    decimals: dict[str, int | None] = {}
    for n in point_names:
        # the column's own number of decimals; else whole numbers while the board's
        # points are whole, one decimal (two for percentages and IMPs) when not
        fallback = 2 if n.startswith(("Percentage", "IMP")) else 1
        written = _decimals([r[table.names.index(n)].text for r in rows])
        whole = all(v is None or v.denominator == 1 for v in values_of[n])
        decimals[n] = written if written is not None else (None if whole else fallback)
    comments = []
    for i, (row, result, score) in enumerate(zip(rows, results, scores)):
        if score.ns is None:
            continue
        outcome = adjusted.get(i)
        before = [table.get(row, n) for n in point_names]
        if outcome is not None:
            _write_result(editor, table, row, outcome, align)
        marked = (result is not None and result.artificial() is not None) or (
            outcome is not None and len(outcome.ns_scores()) > 1) or i in (groups or {})
        after = []
        for name in point_names:
            value = values_of[name][i]
            if value is None:
                after.append(before[point_names.index(name)])
                continue
            text = _format(value, decimals[name], half_even=name.startswith("MP"))
            text = ("^" if marked else "") + text
            editor.cell(row[table.names.index(name)], text, align.get(name))
            after.append(text)
        ns, ew = table.get(row, "PairId_NS") or "", table.get(row, "PairId_EW") or ""
        pair_points = (tuple(before[:2]), tuple(after[:2]))
        if outcome is not None:
            change = changes[i]
            report.lines.append(LineChange(table.board, ns, ew, _describe(table, row),
                                           outcome.describe(), change.law or "",
                                           " ".join(change.texts(lang)) or None,
                                           pair_points[0], pair_points[1]))
            comments.append(adjusted_text(change, outcome, table.board, ns, ew, lang))
        elif pair_points[0] != pair_points[1]:
            report.points.append((table.board, ns, ew, pair_points[0], pair_points[1]))
    _write_rank(editor, table, scores, align)
    # only the table's tag may carry commentary (§5.1): it goes right after the tag
    eol = "\r\n" if "\r\n" in game.text else "\n"
    editor.insert(table.section.tag.end, "".join(eol + brace_comment(c, eol) for c in comments))
    return editor.edits


def _describe(table: _Table, row: list[_Cell]) -> str:
    cells = [table.get(row, n) for n in ("Contract", "Declarer", "Result", "Score_NS")]
    return " ".join(c for c in cells if c not in (None, "")) or "-"


def _write_result(editor: _GameEditor, table: _Table, row: list[_Cell], outcome: Outcome,
                  align: dict[str, str | None]) -> None:
    """The table result cells of an adjusted row: ``-`` for an artificial score, the
    result for a result, the score for a score alone; a weighted score keeps them."""
    result, score = outcome.result(), outcome.ns_score()
    values: dict[str, str]
    if outcome.artificial() is not None:
        values = dict.fromkeys(_RESULT_CELLS, "-")
    elif result is not None:
        c = result.contract
        assert score is not None  # scored for the board
        values = {"Contract": c.pbn(),
                  "Declarer": c.declarer.value if c.declarer else "-",
                  "Result": "-" if result.declarer_tricks is None else str(result.declarer_tricks),
                  "Score_NS": str(score), "Score_EW": str(-score)}
    elif score is not None:
        values = {"Score_NS": str(score), "Score_EW": str(-score)}
    else:
        return
    for name, value in values.items():
        if name in table.names:
            editor.cell(row[table.names.index(name)], value, align.get(name))


def _write_rank(editor: _GameEditor, table: _Table, scores: list[LineScore],
                align: dict[str, str | None]) -> None:
    if "Rank" not in table.names:
        return
    i = table.names.index("Rank")
    for row, score in zip(table.rows, scores):
        if score.ns is None:
            continue
        rank = 1 + sum(1 for other in scores if other.ns is not None and other.ns > score.ns)
        editor.cell(row[i], str(rank), align.get("Rank"))


def scoretable_edits(game: PbnGame, changes: Sequence[RecordChange], report: RescoreReport,
                     lang: str = "en") -> tuple[list[tuple[int, int, str]], list[RecordChange]]:
    """The edits of a game's text (start, end, replacement) that write ``changes`` (each
    naming its table's ``pairs``) into the game's ScoreTable, and the changes placed: those
    whose table the ScoreTable lists. A change without an outcome adds its annotations as
    commentary only. The report gets the adjusted tables and the points that changed.

    :raises InputError: the ScoreTable cannot be scored again (no pair columns, grouped
        tables, no points).
    """
    section = next((s for s in game.sections if s.tag.name == "ScoreTable"), None)
    board = parse_whole(game.values.get("Board", ""), strip=False)
    if section is None or board is None:
        return [], []
    table = _Table(game, section, board)
    by_row: dict[int, RecordChange] = {}
    notes: list[RecordChange] = []
    groups: dict[int, ScoringGroup] = {}
    for change in changes:
        row = table.row_of(change.pairs) if change.pairs is not None else None
        if row is None:
            continue
        if change.group is not None:
            groups[table.rows.index(row)] = change.group
        if change.outcome is None:
            notes.append(change)
        else:
            by_row[table.rows.index(row)] = change
    edits = _adjust_game(game, table, by_row, report, lang, groups) if by_row or groups else []
    eol = "\r\n" if "\r\n" in game.text else "\n"
    texts = list(dict.fromkeys(text for change in notes for text in change.texts(lang)))
    if texts:
        edits.append((table.section.tag.end, table.section.tag.end,
                      "".join(eol + brace_comment(text, eol) for text in texts)))
    return edits, [*by_row.values(), *notes]
