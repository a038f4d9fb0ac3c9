"""Adjusted scores written into the ScoreTable of PBN games (PBN 2.1 §5.9).

A game that carries a ScoreTable lists every table's result of its board: pairs,
contract, declarer, tricks, score and the points each pair scored. `adjust_pbn` finds the
row of each adjusted table by ``PairId_NS``/``PairId_EW``, writes the new result (an
assigned result in the Contract, Declarer, Result and Score cells; ``-`` in those cells
for an artificial score), scores the board again (`td_plugin.rescoring`) and writes every
row's points. Cells holding an artificial score, or the points of a weighted score, are
marked ``^`` (§5.2); a ``{}`` commentary gives the ruling, its law and the Director's
note (right after the table's tag, the one place §5.1 allows commentary in a
section). Only the changed cells and the commentary differ from the input; every
other game comes out byte for byte. A TotalScoreTable is not recomputed.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, Sequence

from adapters.pbn_game import PbnComment, PbnGame, PbnSection
from adapters.pbn_reader import PbnSource
from adapters.pbn_tables import cell_value, parse_header
from adapters.pbn_tokens import encode
from adapters.usebio_writer import LineChange, RescoreReport
from td_plugin import messages
from td_plugin.adjustments import Adjustment, TableResult, Weighted
from td_plugin.board import standard_vulnerability
from td_plugin.errors import InputError, Location
from td_plugin.rescoring import (Line, LineScore, butler_board, cross_imp_board,
                                 matchpoint_board)
from td_plugin.rulings import ArtificialScore

__all__ = ["adjust_pbn"]


_CELL_RE = re.compile(r'"(?:[^"\\\r\n]|\\.)*"?|\S+')
_INT_RE = re.compile(r"[+-]?\d+\Z")
_RESULT_CELLS = ("Contract", "Declarer", "Result", "Score_NS", "Score_EW")
_POINT_COLUMNS = {"matchpoints": ("MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"),
                  "butler": ("IMP_NS", "IMP_EW"), "cross_imps": ("IMP_NS", "IMP_EW")}


@dataclass
class _Cell:
    pos: int
    text: str


def _cells(section: PbnSection) -> list[_Cell]:
    out = []
    for piece in section.pieces:
        if isinstance(piece, PbnComment):
            continue
        base, run = piece
        out.extend(_Cell(base + m.start(), m.group()) for m in _CELL_RE.finditer(run))
    return out


def _number(text: str) -> Fraction | None:
    t = cell_value(text).lstrip("^")
    try:
        return Fraction(t)
    except (ValueError, ZeroDivisionError):
        return None


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

    def row_of(self, adj: Adjustment) -> list[_Cell] | None:
        for row in self.rows:
            ns, ew = self.get(row, "PairId_NS"), self.get(row, "PairId_EW")
            if ns is not None and ew is not None and adj.matches(self.board, ns, ew):
                return row
        return None

    def result_of(self, row: list[_Cell]) -> int | ArtificialScore | None:
        """The row's result as written: a score, an artificial score (``^`` points) or None."""
        point_names = [n for n in _POINT_COLUMNS[self.kind] if n in self.names]
        if any(row[self.names.index(n)].text.startswith("^") for n in point_names):
            return self._artificial(row)
        ns = self.get(row, "Score_NS")
        if ns is not None and _INT_RE.match(ns):
            return int(ns)
        ew = self.get(row, "Score_EW")
        if ew is not None and _INT_RE.match(ew):
            return -int(ew)
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


def _comment(adj: Adjustment, ns: str, ew: str, lang: str) -> str:
    params: dict[str, Any] = {"board": adj.board, "ns": ns, "ew": ew,
                              "law": messages.law_ref(adj.law, lang)}
    outcome = adj.outcome
    if isinstance(outcome, ArtificialScore):
        key = "pbn.adjusted.artificial"
        params.update(ns_percent=outcome.ns_percent, ew_percent=outcome.ew_percent)
    elif isinstance(outcome, Weighted):
        key = "pbn.adjusted.weighted"
        params["result"] = outcome.text()
    else:
        key = "pbn.adjusted.assigned"
        params["result"] = outcome.text()
    text = messages.render(key, params, lang)
    if adj.note:
        text += " " + adj.note
    return text.replace("}", ")")


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


def _score(table: _Table, results: list[Any]) -> list[LineScore]:
    lines = [Line(table.get(r, "PairId_NS") or "", table.get(r, "PairId_EW") or "", res)
             for r, res in zip(table.rows, results)]
    if table.kind == "matchpoints":
        return matchpoint_board(lines)
    if table.kind == "butler":
        return butler_board(lines)[1]
    return cross_imp_board(lines)


def _adjust_game(game: PbnGame, table: _Table, adjustments: Sequence[Adjustment],
                 report: RescoreReport, lang: str) -> str:
    vul = game.record.vulnerability or standard_vulnerability(table.board)
    rows = table.rows
    results: list[Any] = [table.result_of(r) for r in rows]
    adjusted: dict[int, Adjustment] = {}
    for adj in adjustments:
        row = table.row_of(adj)
        assert row is not None
        i = rows.index(row)
        adjusted[i] = adj
        outcome = adj.outcome
        if isinstance(outcome, ArtificialScore):
            results[i] = outcome
        elif isinstance(outcome, Weighted):
            results[i] = outcome.score(vul)
        else:
            results[i] = outcome.score_ns(vul)
    scores = _score(table, results)
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
        adj = adjusted.get(i)
        before = [table.get(row, n) for n in point_names]
        if adj is not None:
            _write_result(editor, table, row, adj, align)
        marked = isinstance(result, ArtificialScore) or (
            adj is not None and isinstance(adj.outcome, Weighted))
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
        if adj is not None:
            report.lines.append(LineChange(table.board, ns, ew, _describe(table, row),
                                           _describe_outcome(adj), adj.law, adj.note,
                                           pair_points[0], pair_points[1]))
            comments.append(_comment(adj, ns, ew, lang))
        elif pair_points[0] != pair_points[1]:
            report.points.append((table.board, ns, ew, pair_points[0], pair_points[1]))
    _write_rank(editor, table, scores, align)
    # only the table's tag may carry commentary (§5.1): it goes right after the tag
    eol = "\r\n" if "\r\n" in game.text else "\n"
    editor.insert(table.section.tag.end, "".join(f"{eol}{{{c}}}" for c in comments))
    return editor.result()


def _describe(table: _Table, row: list[_Cell]) -> str:
    cells = [table.get(row, n) for n in ("Contract", "Declarer", "Result", "Score_NS")]
    return " ".join(c for c in cells if c not in (None, "")) or "-"


def _describe_outcome(adj: Adjustment) -> str:
    o = adj.outcome
    if isinstance(o, ArtificialScore):
        return f"{o.ns_percent}/{o.ew_percent}" + (" (variable)" if o.variable else "")
    if isinstance(o, Weighted):
        return "weighted " + o.text()
    return o.text()


def _write_result(editor: _GameEditor, table: _Table, row: list[_Cell], adj: Adjustment,
                  align: dict[str, str | None]) -> None:
    outcome = adj.outcome
    if isinstance(outcome, Weighted):
        return
    values: dict[str, str]
    if isinstance(outcome, ArtificialScore):
        values = {name: "-" for name in _RESULT_CELLS}
    else:
        assert isinstance(outcome, TableResult)
        vul = standard_vulnerability(table.board) if table.game.record.vulnerability is None \
            else table.game.record.vulnerability
        score = outcome.score_ns(vul)
        c = outcome.contract
        values = {"Contract": c.pbn(),
                  "Declarer": c.declarer.value if c.declarer else "-",
                  "Result": str(outcome.tricks) if outcome.tricks is not None else "-",
                  "Score_NS": str(score), "Score_EW": str(-score)}
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


def adjust_pbn(path: str | os.PathLike[str], adjustments: Sequence[Adjustment],
               lang: str = "en") -> tuple[bytes, RescoreReport]:
    """The PBN file with the adjustments written into the ScoreTables of their boards.

    :raises InputError: an adjustment names a table no ScoreTable lists, or a table
        cannot be scored again; every adjustment that cannot be placed is named.
    """
    path = os.fspath(path)
    report = RescoreReport()
    out: list[bytes] = []
    found: set[int] = set()
    errors: list[str] = []
    for block, game in PbnSource(path).blocks():
        if game is None:
            out.append(block.data)
            continue
        board_text = game.values.get("Board", "")
        section = next((s for s in game.sections if s.tag.name == "ScoreTable"), None)
        here = [a for a in adjustments if board_text.isdigit() and a.board == int(board_text)]
        if section is None or not here:
            out.append(block.data)
            continue
        try:
            table = _Table(game, section, int(board_text))
        except InputError as exc:
            errors.append(str(exc))
            out.append(block.data)
            continue
        mine = [a for a in here if table.row_of(a) is not None]
        found.update(a.entry for a in mine)
        if not mine:
            out.append(block.data)
            continue
        out.append(encode(_adjust_game(game, table, mine, report, lang), game.encoding))
    for adj in adjustments:
        if adj.entry not in found:
            errors.append(f"{adj.describe()}: no ScoreTable of board {adj.board} lists "
                          "this table")
    if errors:
        raise InputError("; ".join(errors), Location(path=path))
    report.notes.append(("adjust.note.totals_pbn", {}))
    return b"".join(out), report
