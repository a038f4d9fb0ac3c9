"""What every case file's reader shares: the mistake that names its entry, and the reading
of a mapping's keys, a seat, a call, a suit, a card, a contract, a flag, a number and the
Director's own notes (``board``, ``description``), each refused with a `CaseFileError`
that says what was expected. `td_plugin.cases.files` (auction cases),
`td_plugin.cases.revoke` and `td_plugin.cases.play` read their kinds with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from td_plugin.errors import PROBLEM_LIMIT, CaseFileError, InvalidTokenError, Location, clip_echo
from td_plugin.model.auction import Call
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import SEAT_NAMES, SUIT_NAMES, SYMBOLS_AS_LETTERS, Card, Seat, Suit
from td_plugin.model.contract import Contract

__all__ = ["CaseReader", "type_name", "MAX_BOARD"]

#: the largest board number a case may name
MAX_BOARD = 999_999

_CALL_ALIASES = {"PAS": "Pass", "DOBL": "X", "REDOBL": "XX"}


class CaseReader:
    """Reads the entries of one case file (``source`` names it in each mistake)."""

    def __init__(self, source: str | None) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> CaseFileError:
        text = f"{where}: {message}" if where else message
        return CaseFileError(clip_echo(text, PROBLEM_LIMIT), Location(path=self.source))

    def mapping(self, value: Any, where: str, allowed: tuple[str, ...]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"expected a mapping of keys, not {type_name(value)}")
        for key in value:
            if key not in allowed:
                raise self.fail(where, f"unknown key {key!r} (known keys: {', '.join(allowed)})")
        return value

    def seat(self, value: Any, where: str) -> Seat:
        seat = SEAT_NAMES.get(str(value).strip().upper()) if isinstance(value, str) else None
        if seat is None:
            raise self.fail(where, f"unknown seat {value!r} (N, E, S or W)")
        return seat

    def call(self, value: Any, where: str) -> Call:
        if not isinstance(value, str):
            raise self.fail(where, f"expected a call such as '1D', 'Pass', 'X', not {type_name(value)}")
        text = value.strip()
        text = _CALL_ALIASES.get(text.upper(), text)
        if text[:1].isdigit() and text[1:].upper() in ("UT", "SA"):
            text = text[0] + "NT"
        try:
            return Call.said(text)  # a bid of more than seven as well: Law 38 rules on it
        except InvalidTokenError:
            raise self.fail(where, f"impossible call {value!r}") from None

    def flag(self, value: Any, where: str, optional: bool = True) -> bool | None:
        if value is None and optional:
            return None
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, not {value!r}")
        return value

    def suit(self, value: Any, where: str) -> Suit:
        suit = SUIT_NAMES.get(str(value).strip().upper()) if isinstance(value, str) else None
        if suit is None:
            raise self.fail(where, f"unknown suit {value!r} (S, H, D or C)")
        return suit

    def suits(self, value: Any, where: str) -> frozenset[Suit]:
        if isinstance(value, str):
            value = list(value.replace(",", " ").split())
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list of suits, not {type_name(value)}")
        return frozenset(self.suit(v, f"{where}[{i}]") for i, v in enumerate(value))

    def range(self, value: Any, where: str, limits: tuple[int, int]) -> tuple[int, int]:
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise self.fail(where, f"expected [low, high], not {value!r}")
        lo, hi = value
        if not limits[0] <= lo <= hi <= limits[1]:
            raise self.fail(where, f"[{lo}, {hi}] is not a range within "
                                   f"[{limits[0]}, {limits[1]}]")
        return lo, hi

    def vulnerability(self, value: Any) -> Vulnerability:
        try:
            return Vulnerability.from_pbn(str(value))
        except InvalidTokenError:
            raise self.fail("vulnerable", f"unknown vulnerability {value!r} "
                                          f"(None, NS, EW or All)") from None

    def notes(self, m: Mapping[str, Any]) -> tuple[int | None, str | None]:
        """The Director's own notes: ``board`` and ``description``."""
        board = m.get("board")
        if board is not None and (not isinstance(board, int) or isinstance(board, bool)
                                  or not 1 <= board <= MAX_BOARD):
            raise self.fail("board", f"expected a board number (a whole number from 1), "
                                     f"not {board!r}")
        description = m.get("description")
        if description is not None and not isinstance(description, str):
            raise self.fail("description", f"expected text, not {type_name(description)}")
        return board, description

    def number(self, value: Any, where: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            got = repr(value) if isinstance(value, float) else type_name(value)
            raise self.fail(where, f"expected a whole number from {low} to {high}, not {got}")
        if not low <= value <= high:
            raise self.fail(where, f"{value} is not between {low} and {high}")
        return value

    def card(self, value: Any, where: str) -> Card:
        try:
            if isinstance(value, str):
                return Card.from_pbn(value.translate(SYMBOLS_AS_LETTERS))
        except InvalidTokenError:
            pass
        raise self.fail(where, f"unknown card {value!r} (suit then rank: 'H5', 'DT', 'SA')")

    def cards(self, value: Any, where: str) -> tuple[Card, ...]:
        items = value if isinstance(value, list) else [value]
        return tuple(self.card(v, f"{where}[{i}]" if isinstance(value, list) else where)
                     for i, v in enumerate(items))

    def contract(self, value: Any, declarer: Seat) -> Contract:
        if not isinstance(value, str):
            raise self.fail("contract", f"expected a contract such as '4H' or '3NTX', not "
                                        f"{type_name(value)}")
        try:
            contract = Contract.from_pbn(value.translate(SYMBOLS_AS_LETTERS), declarer)
        except InvalidTokenError:
            contract = None
        if contract is None or contract.is_passed_out:
            raise self.fail("contract", f"not a contract played: {value!r} (such as '4H', "
                                        f"'3NTX')")
        return contract


def type_name(value: Any) -> str:
    """What ``value`` is, as a mistake says it (``a mapping``, ``text``, ``nothing``)."""
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "text", bool: "true/false", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)
