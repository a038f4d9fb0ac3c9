"""Values as a Bridgemate ``.bws`` file stores them, turned into the domain model.

The table terminals write text: ``Contract "4 S x"``, ``Result "=" "+1" "-2"``,
``NS/EW "N"`` (declarer's seat), ``LeadCard "S7"`` (ten as ``T`` or ``10``; empty or
``SKIP`` when not entered), ``Remarks`` from a fixed list (``60%-40%``, ``Not played``,
...), calls ``1S`` ``1NT`` ``PASS`` ``x`` ``xx``. Dates and times are two columns:
``DateLog`` the date and ``TimeLog`` a time on Access' zero date 1899-12-30. The readers
(access-parser, mdbtools) hand values on in different types; the converters here accept
each.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from typing import Any

from td_plugin.errors import InvalidTokenError
from td_plugin.messages import MsgText
from td_plugin.model.auction import Call
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal, Hand
from td_plugin.model.outcomes import ArtificialScore

__all__ = ["to_int", "to_bool", "to_text", "to_datetime", "log_time", "parse_contract",
           "parse_result", "parse_seat", "parse_card", "parse_call", "parse_remarks",
           "Remark", "hand_record_deal", "holdings_deal", "contract_text", "result_text",
           "remarks_text"]

_ACCESS_ZERO = dt.date(1899, 12, 30)
#: the zero date as mdb-export writes it by default, two-digit year: ``12/30/99``
_ACCESS_ZERO_2DIGIT = dt.date(1999, 12, 30)


def to_int(value: Any) -> int | None:
    """An Integer column: int, numeric text, or None for an empty cell."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    return int(str(value).strip())


def to_bool(value: Any) -> bool:
    """A Boolean column: bool, ``0``/``1`` (mdb-export) or ``True``/``False`` text."""
    if isinstance(value, bool):
        return value
    if value is None or value == "":
        return False
    text = str(value).strip().lower()
    return text not in ("0", "false", "no")


def to_text(value: Any) -> str:
    """A Text column, stripped (``Section.Letter`` is padded: ``"A  "``)."""
    return "" if value is None else str(value).strip()


_DATE_FORMATS = ("%Y-%m-%d %H:%M:%S.%f", "%Y-%m-%d %H:%M:%S", "%m/%d/%y %H:%M:%S",
                 "%m/%d/%Y %H:%M:%S", "%Y-%m-%d")


def to_datetime(value: Any) -> dt.datetime | None:
    """A DateTime column, rounded to the second (Access stores a float of days, so the
    readers hand out ``10:51:37.995840`` for ``10:51:38``)."""
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        moment = value
    else:
        text = str(value).strip()
        for fmt in _DATE_FORMATS:
            try:
                moment = dt.datetime.strptime(text, fmt)
                break
            except ValueError:
                continue
        else:
            raise InvalidTokenError(MsgText.of("error.token.not_datetime", {"text": repr(value)}))
    return (moment + dt.timedelta(microseconds=500_000)).replace(microsecond=0)


def log_time(date_log: Any, time_log: Any) -> dt.datetime | None:
    """When a row was written: ``DateLog``'s date with ``TimeLog``'s time of day. A
    ``TimeLog`` that carries its own date (not Access' zero date) is taken whole."""
    date_part = to_datetime(date_log)
    time_part = to_datetime(time_log)
    if time_part is None:
        return date_part
    if time_part.date() not in (_ACCESS_ZERO, _ACCESS_ZERO_2DIGIT) or date_part is None:
        return time_part
    return dt.datetime.combine(date_part.date(), time_part.time())


def parse_contract(text: str, declarer: Seat | None) -> Contract | None:
    """``"4 S x"`` -> 4SX by ``declarer``; ``"PASS"`` -> passed out; empty -> None."""
    t = to_text(text)
    if not t:
        return None
    contract = Contract.from_pbn(t)
    return contract if contract.is_passed_out else contract.with_declarer(declarer)


_RESULT_RE = re.compile(r"^([+-]?)(\d{1,2})$")


def parse_result(text: str) -> int | None:
    """Tricks over (+) or under (-) the contract: ``"="`` 0, ``"+1"`` 1, ``"-2"`` -2;
    empty -> None."""
    t = to_text(text)
    if not t:
        return None
    if t == "=":
        return 0
    m = _RESULT_RE.match(t.replace(" ", ""))
    if not m or not m.group(1):
        raise InvalidTokenError(MsgText.of("error.token.not_bws_result", {"text": repr(text)}))
    return int(m.group(2)) * (-1 if m.group(1) == "-" else 1)


def parse_seat(text: object) -> Seat | None:
    t = to_text(text)
    return Seat.from_pbn(t) if t else None


def parse_card(text: str) -> Card | None:
    """``"S7"``, ``"HT"``, ``"H10"``, ``"dq"`` -> the card; empty or ``SKIP`` -> None."""
    t = to_text(text).upper()
    if not t or t in ("SKIP", "-"):
        return None
    return Card.from_pbn(t.replace("10", "T"))


def parse_call(text: str) -> Call:
    """``"1S"``, ``"1NT"``, ``"1 NT"``, ``"PASS"``, ``"x"``, ``"xx"`` -> the call."""
    t = to_text(text).replace(" ", "")
    return Call.from_pbn(t)


class Remark:
    """What a ``Remarks`` cell says: an artificial score, not played, or another note."""

    __slots__ = ("text", "artificial", "not_played")

    def __init__(self, text: str, artificial: ArtificialScore | None = None,
                 not_played: bool = False) -> None:
        self.text = text
        self.artificial = artificial
        self.not_played = not_played

    def __repr__(self) -> str:
        return f"parse_remarks({self.text!r})"


_PERCENT_RE = re.compile(r"^(\d{2,3})\s*%?\s*[-/\u2013]\s*(\d{2,3})\s*%?$")
_AVERAGES = {"AVE+": 60, "AVG+": 60, "A+": 60, "AVE": 50, "AVG": 50, "A=": 50,
             "AVE-": 40, "AVG-": 40, "A-": 40}


def parse_remarks(text: str) -> Remark | None:
    """``"60%-40%"`` (North-South first; also ``60/40``), ``"Ave+/Ave-"``,
    ``"Not played"``; other remarks are kept as text. Empty -> None."""
    t = to_text(text)
    if not t:
        return None
    m = _PERCENT_RE.match(t)
    if m:
        return Remark(t, ArtificialScore(int(m.group(1)), int(m.group(2))))
    parts = [p.strip().upper() for p in re.split(r"[/-]\s*(?=A)", t)]
    if len(parts) == 2 and all(p in _AVERAGES for p in parts):
        return Remark(t, ArtificialScore(_AVERAGES[parts[0]], _AVERAGES[parts[1]], variable=True))
    if t.lower() in ("not played", "notplayed", "np"):
        return Remark(t, not_played=True)
    return Remark(t)


def hand_record_deal(row: dict[str, Any]) -> Deal | None:
    """A ``HandRecord`` row (``NorthSpades`` ... ``WestClubs``) -> the deal; None when the
    row holds no cards."""
    return holdings_deal(lambda seat, suit: to_text(row.get(f"{seat.title()}{suit.title()}")))


def holdings_deal(holding: Callable[[str, str], str]) -> Deal | None:
    """The deal of a hand record of Bridgemate's, a ``.bws`` file's row or the Data
    Connector's alike: ``holding(seat, suit)`` is what the record holds for a seat in a suit
    (``"north"``, ``"spades"``), ranks like ``AKT5`` or ``AK105`` (spaces and dashes passed
    over); None when no seat holds a card.

    :raises InputError: a holding that is not ranks, or a card twice in a hand.
    """
    hands: dict[Seat, Hand | None] = {}
    for seat, name in ((Seat.N, "north"), (Seat.E, "east"), (Seat.S, "south"), (Seat.W, "west")):
        suits = [holding(name, suit).upper().replace("10", "T").replace(" ", "").replace("-", "")
                 for suit in ("spades", "hearts", "diamonds", "clubs")]
        hand = Hand.from_pbn(".".join(suits))
        hands[seat] = hand if len(hand) else None
    if all(hand is None for hand in hands.values()):
        return None
    return Deal(hands)


# --- the other way: domain values as a terminal writes them ----------------------------

def contract_text(contract: Contract) -> str:
    """4SX -> ``"4 S x"``; passed out -> ``"PASS"``."""
    if contract.is_passed_out:
        return "PASS"
    assert contract.strain is not None
    return f"{contract.level} {contract.strain.value} {'x' * contract.risk}".rstrip()


def result_text(contract: Contract, tricks: int) -> str:
    """Declarer's tricks against the contract: ``"="``, ``"+1"``, ``"-2"``."""
    delta = tricks - contract.tricks_needed
    return "=" if delta == 0 else f"{delta:+d}"


def remarks_text(score: ArtificialScore) -> str:
    """An artificial score as the ``Remarks`` vocabulary writes it: ``"60%-40%"``."""
    return f"{score.ns_percent}%-{score.ew_percent}%"
