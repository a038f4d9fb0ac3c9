"""Where a case happened: the board, section, table and round a ruling is given for.

`read_place` reads them as the JSON API takes them beside a case (numbers or text); it
refuses what no session can hold (board 0, a table ``-1``, 1.5). `check_place` checks a
place against the session when one is known: a board the session does not hold, or a
section, table or round that did not play the board, is refused, saying which the
session has. The table app's pages and the JSON API both call it before a ruling is
logged. Each mistake is a `CaseFileError` naming the fact (``board: ...``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from td_plugin.errors import CaseFileError
from td_plugin.model.board import BoardRecord
from td_plugin.model.numbers import parse_whole
from td_plugin.model.place import Place

__all__ = ["read_place", "check_place", "MAX_PLACE_DIGITS", "MAX_NAME"]

#: the most digits of a board or round number
MAX_PLACE_DIGITS = 6
#: the longest section or table name
MAX_NAME = 20


def _whole(value: Any, name: str) -> int | None:
    """A board or round number: a whole number from 1, or None when not given."""
    if value is None or value == "":
        return None
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value if abs(value) < 10 ** MAX_PLACE_DIGITS else None
    elif isinstance(value, str):
        number = parse_whole(value, MAX_PLACE_DIGITS)
    if number is None:
        raise CaseFileError(f"{name}: expected a whole number (a {name} number), not "
                            f"{value!r}")
    if number < 1:
        raise CaseFileError(f"{name}: expected a {name} number from 1, not {number}")
    return number


def _name(value: Any, name: str) -> str | None:
    """A section or table: a short name or a number (a number from 1)."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)) \
            or len(str(value)) > MAX_NAME:
        raise CaseFileError(f"{name}: expected a short name or number, not {value!r}")
    text = str(value).strip()
    signed = text[1:] if text[:1] in "+-" else text
    if signed.isascii() and signed.isdigit() and (text[:1] == "-" or int(signed) == 0):
        raise CaseFileError(f"{name}: expected a {name} number from 1 or a {name}'s name, "
                            f"not {text!r}")
    return text or None


def read_place(board: Any = None, section: Any = None, table: Any = None,
               round: Any = None) -> Place:
    """The place of a ruling from values as posted: board and round whole numbers from
    1 (or their digits), section and table short names or numbers from 1; None or
    ``""`` for a fact not given.

    :raises CaseFileError: naming the fact and what was expected.
    """
    return Place(_whole(board, "board"), _name(section, "section"), _name(table, "table"),
                 _whole(round, "round"))


def check_place(place: Place, records: Iterable[BoardRecord]) -> None:
    """Refuse a place that does not fit the session whose ``records`` are given: a board
    it does not hold, a section, table or round that did not play that board (or none
    of the session's boards, when no board is given), and, with or without a session,
    what `read_place` refuses. Facts the session does not record (a PBN file without
    tables) are not checked against it.

    :raises CaseFileError: naming the fact and what the session has.
    """
    read_place(place.board, place.section, place.table, place.round)
    fits = list(records)
    if not fits:
        return
    of = "this session"
    if place.board is not None:
        boards = {r.board for r in fits if r.board is not None}
        if place.board not in boards:
            raise CaseFileError(f"board: {place.board} is not a board of this session "
                                f"(boards {_listing(boards)})")
        fits = [r for r in fits if r.board == place.board]
        of = f"board {place.board} in this session"
    for name, wanted, value_of in (
            ("section", place.section, lambda r: r.section or None),
            ("table", place.table, lambda r: None if r.table is None else str(r.table)),
            ("round", place.round, lambda r: r.round)):
        known = {value_of(r) for r in fits} - {None}
        if wanted is None or not known:
            continue
        if wanted not in known:
            raise CaseFileError(f"{name}: {wanted!r} did not play {of} "
                                f"({name}s {_listing(known)})")
        fits = [r for r in fits if value_of(r) == wanted]


def _listing(values: Iterable[Any]) -> str:
    """Numbers as runs (``1-16, 19, 21-24``), names in order (``A, B``)."""
    values = list(values)
    if not all(isinstance(v, int) or parse_whole(str(v)) is not None for v in values):
        return ", ".join(sorted(map(str, values)))
    numbers = sorted({int(v) for v in values})
    runs: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(runs)
