"""Supplemental sections of PBN read as tables (PBN 2.1 §5): ScoreTable, TotalScoreTable,
OptimumResultTable, ActionTable, ...

The tag value names the columns, ``;``-separated, each optionally prefixed ``+``
(descending) or ``-`` (ascending) and suffixed ``\\<width>`` with ``L``/``R`` alignment
(``"Rank\\3R;PairId_NS\\2R;Names_NS\\20L"``). The data are section tokens and strings
read in column order; a string cell keeps its quotes so that ``"Ann Smith;Bob Jones"``
stays one cell and is written back as it came. ``^`` before a cell marks an artificial
score (§5.2).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice

from adapters.pbn.game import PbnComment, PbnSection
from adapters.pbn.sections import too_many_tokens
from adapters.pbn.tokens import unescape
from td_plugin.messages import MsgText

__all__ = ["Column", "PbnTable", "parse_header", "build_table", "cell_value", "format_row",
           "MAX_TABLE_CELLS"]


@dataclass(frozen=True)
class Column:
    """A table column: ``order`` ``"+"`` (descending), ``"-"`` (ascending) or None;
    ``width`` the minimum width; ``align`` ``"L"``, ``"R"`` or None."""

    name: str
    order: str | None = None
    width: int | None = None
    align: str | None = None

    def pbn(self) -> str:
        out = (self.order or "") + self.name
        if self.width is not None:
            out += f"\\{self.width}{self.align or ''}"
        return out


@dataclass
class PbnTable:
    """A table: ``header_value`` as written (after ``#`` inheritance), the parsed
    ``columns``, and ``rows`` of cells as written (quoted cells keep their quotes)."""

    name: str
    header_value: str
    columns: list[Column]
    rows: list[list[str]]
    line: int = 0

    def column_index(self, name: str) -> int | None:
        for i, c in enumerate(self.columns):
            if c.name == name:
                return i
        return None

    def dicts(self) -> Iterator[dict[str, str]]:
        """Rows as ``{column name: cell value}`` with quotes removed."""
        names = [c.name for c in self.columns]
        for row in self.rows:
            yield {n: cell_value(c) for n, c in zip(names, row)}


def cell_value(cell: str) -> str:
    """A cell without its quotes (and string escapes); ``^`` and the rest stay."""
    if len(cell) >= 2 and cell[0] == '"' and cell[-1] == '"':
        return unescape(cell[1:-1])
    return cell


_COLUMN = re.compile(r"([+-]?)([^\\]*)(?:\\(.*))?\Z", re.S)
_WIDTH = re.compile(r"([0-9]{1,3})([LR]?)\Z")


def parse_header(value: str) -> tuple[list[Column], list[str]]:
    """Columns of a table header, and problems with it."""
    columns = []
    problems: list[str] = []
    for token in value.split(";"):
        m = _COLUMN.match(token)
        assert m is not None  # the pattern matches any text
        order, name, width = m.group(1) or None, m.group(2), m.group(3)
        if width is None:
            columns.append(Column(name, order))
            continue
        w = _WIDTH.match(width)
        if w is None:
            problems.append(MsgText.of("problem.pbn.column_width",
                                       {"column": repr(token)}))
            columns.append(Column(name, order))
        else:
            columns.append(Column(name, order, int(w.group(1)), w.group(2) or None))
    return columns, problems


#: cells of a table read (a real ScoreTable or TotalScoreTable has a few thousand)
MAX_TABLE_CELLS = 20_000
_CELL = re.compile(r'"[^"\\\r\n]*+(?:\\.[^"\\\r\n]*+)*+"?|\S+')  # (no frame per escape)
_NUMBER = re.compile(r"\^?[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\Z")


def build_table(section: PbnSection, header: str,
                report: Callable[[int, str], None]) -> PbnTable:
    """Read a table section whose (inherited) header is ``header``; ``report(pos, message)``
    receives problems with the offset in the game's text they concern."""
    columns, header_problems = parse_header(header)
    for p in header_problems:
        report(section.tag.start, p)
    cells = list(islice(_cells(section), MAX_TABLE_CELLS + 1))
    if len(cells) > MAX_TABLE_CELLS:
        report(cells.pop()[0], too_many_tokens(section, MAX_TABLE_CELLS))
    width = len(columns) or 1
    if len(cells) % width:
        report(cells[-1][0], MsgText.of("problem.pbn.table_rows", {
            "table": section.tag.name, "cells": len(cells), "columns": width}))
    rows = [[c for _, c in cells[i:i + width]] for i in range(0, len(cells), width)]
    _check_order(section, columns, cells, width, report)
    return PbnTable(section.tag.name, header, columns, rows, section.tag.line)


def _cells(section: PbnSection) -> Iterator[tuple[int, str]]:
    """The cells of a table section, with their offsets in the game's text."""
    for piece in section.pieces:
        if not isinstance(piece, PbnComment):
            base, run = piece
            for m in _CELL.finditer(run):
                yield base + m.start(), m.group()


def _check_order(section: PbnSection, columns: list[Column], cells: list[tuple[int, str]],
                 width: int, report: Callable[[int, str], None]) -> None:
    """A column marked ``+``/``-`` must be in descending/ascending order (numbers only)."""
    for ci, col in enumerate(columns):
        if col.order is None:
            continue
        previous = None
        for pos, cell in cells[ci::width]:
            value = cell_value(cell)
            if not _NUMBER.match(value):
                continue
            number = float(value.lstrip("^"))
            if previous is not None and (number > previous if col.order == "+"
                                         else number < previous):
                way = "descending" if col.order == "+" else "ascending"
                report(pos, MsgText.of(f"problem.pbn.column_order.{way}", {
                    "table": section.tag.name, "column": col.name, "order": col.order,
                    "value": value, "previous": f"{previous:g}"}))
                break
            previous = number


def format_row(columns: list[Column], row: list[str]) -> str:
    """A row in export format: cells separated by one space, padded to column widths."""
    out = []
    for i, cell in enumerate(row):
        col = columns[i] if i < len(columns) else Column("")
        if col.width and len(cell) < col.width:
            cell = cell.ljust(col.width) if col.align == "L" else cell.rjust(col.width)
        out.append(cell)
    return " ".join(out).rstrip()
