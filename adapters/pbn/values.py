"""Tag values of PBN: what each standard tag may hold, and how to read it.

Each ``check_*`` function returns None for a good value, else a message naming the
value; the parsers return domain objects. Unknown (``?``) and inappropriate (empty)
values of the mandatory tags are accepted everywhere (PBN 2.1 §3.4).

Leniencies, each seen in real files: ``Contract "3N"`` and ``"3NR"`` (rpbridge.net
writes ``N`` for notrump and ``R`` for redoubled), ISO dates with a time
(``"2013-08-24 18:36"``, PbnTools), dates with a single ``?`` (``"2015.09.?"``), and a
``+`` sign in scores (``"NS +550"``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from td_plugin.errors import InputError
from td_plugin.messages import MsgText, seat_name
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import SEATS, SUITS, Card, Seat, Side, Strain
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal, Hand
from td_plugin.model.numbers import MAX_DIGITS, parse_whole

__all__ = ["Sided", "parse_sided", "parse_result", "parse_score", "parse_contract",
           "parse_seat_value", "parse_note", "rubber_vulnerability", "TAG_CHECKS", "check_tag",
           "NO_INHERITANCE", "UNKNOWN", "declarer_tricks_of", "score_ns_of", "parse_deal",
           "VULNERABLE"]

_T = TypeVar("_T")
_m = MsgText.of

#: values meaning "unknown" (``?``) or "inappropriate" (empty) for any tag
UNKNOWN = frozenset(("", "?"))

#: tags that may not use ``#`` or ``##`` (§4.8)
NO_INHERITANCE = frozenset(("Dealer", "Vulnerable", "Deal", "Declarer", "Contract",
                            "Auction", "Play", "Note"))

_SEAT = re.compile(r"[NESWnesw]\Z")
_SIDE = r"(NS|EW|ns|ew)"


@dataclass(frozen=True)
class Sided:
    """A value given for declarer (``plain``), for one side, or for both sides.

    ``form`` is how it was written: ``""`` (plain), ``"NS"``, ``"EW"``, ``"NS EW"`` or
    ``"EW NS"``; ``caret`` marks a leading ``^``; ``plus`` an explicit ``+`` sign.
    """

    form: str
    plain: str | None = None
    ns: str | None = None
    ew: str | None = None
    caret: bool = False
    plus: bool = False


def _sided_re(number: str) -> re.Pattern[str]:
    return re.compile(
        rf"\s*(\^)?\s*(?:{_SIDE}\s+)?({number})(?:\s+{_SIDE}\s+({number}))?\s*\Z")


def _memo(parse: Callable[[str], _T]) -> Callable[[str], _T]:
    """Remember the parse of each value text (the same few values recur in every file)."""
    cache: dict[str, _T] = {}

    def parse_once(value: str) -> _T:
        hit = cache.get(value)
        if hit is None:
            if len(cache) >= 4096:
                cache.clear()
            hit = cache[value] = parse(value)
        return hit

    parse_once.__doc__ = parse.__doc__
    parse_once.__name__ = parse.__name__
    return parse_once


# ASCII digits only, and few enough of them for `int` (`td_plugin.model.numbers`)
_D = "[0-9]{1,%d}" % MAX_DIGITS
_NUM = {
    "tricks": r"[0-9]{1,2}",
    "integer": rf"[+-]?{_D}",
    "decimal": rf"[+-]?(?:{_D}(?:\.[0-9]{{0,{MAX_DIGITS}}})?|\.{_D})",
    "percentage": rf"\+?(?:{_D}(?:\.[0-9]{{0,{MAX_DIGITS}}})?|\.{_D})",
    "rubber": rf"{_D}\s*/\s*{_D}",
}
_SIDED_RE = {kind: _sided_re(num) for kind, num in _NUM.items()}


def parse_sided(value: str, kind: str) -> Sided | None:
    """Parse ``"9"``, ``"NS 9"``, ``"EW 4"``, ``"NS 9 EW 4"``, ``"EW 4 NS 9"`` (with an
    optional ``^``) where the numbers are of ``kind`` (see ``_NUM``); None if malformed."""
    m = _SIDED_RE[kind].match(value)
    if m is None:
        return None
    caret, side1, num1, side2, num2 = m.groups()
    side1 = side1.upper() if side1 else None
    side2 = side2.upper() if side2 else None
    plus = "+" in (num1 or "") or "+" in (num2 or "")
    if side1 is None:
        if side2 is not None:
            return None
        return Sided("", plain=num1, caret=bool(caret), plus=plus)
    if side2 is not None and side2 == side1:
        return None
    values = {side1: num1}
    if side2:
        values[side2] = num2
    form = side1 + (" " + side2 if side2 else "")
    return Sided(form, ns=values.get("NS"), ew=values.get("EW"), caret=bool(caret), plus=plus)


@_memo
def parse_result(value: str) -> tuple[Sided | None, str | None]:
    """A Result tag value: ``(parsed, problem)``; both None for unknown/empty values."""
    if value.strip() in UNKNOWN:
        return None, None
    sided = parse_sided(value, "tricks")
    if sided is None:
        return None, _m("problem.pbn.result_not_tricks", {"value": repr(value)})
    numbers = [int(v) for v in (sided.plain, sided.ns, sided.ew) if v is not None]
    if any(n > 13 for n in numbers):
        return None, _m("problem.pbn.result_over_13", {"value": repr(value)})
    if sided.ns is not None and sided.ew is not None and int(sided.ns) + int(sided.ew) != 13:
        return None, _m("problem.pbn.result_not_13", {"value": repr(value)})
    return sided, None


def declarer_tricks_of(result: Sided, declarer: Seat | None) -> int | None:
    """Declarer's tricks from a parsed Result (None when a side form meets an unknown declarer)."""
    if result.plain is not None:
        return int(result.plain)
    if declarer is None:
        return None
    if declarer.side is Side.NS:
        return int(result.ns) if result.ns is not None else 13 - _number(result.ew)
    return int(result.ew) if result.ew is not None else 13 - _number(result.ns)


def _number(text: str | None) -> int:
    """The number of a `Sided` value's one remaining form (a `Sided` holds at least one)."""
    assert text is not None
    return int(text)


@_memo
def parse_score(value: str) -> tuple[Sided | None, str | None]:
    """A Score tag value (integers, §4.2.1): ``(parsed, problem)``."""
    if value.strip() in UNKNOWN:
        return None, None
    sided = parse_sided(value, "integer")
    if sided is None:
        return None, _m("problem.pbn.score_not_score", {"value": repr(value)})
    return sided, None


def score_ns_of(score: Sided, declarer: Seat | None) -> int | None:
    """North-South's score from a parsed Score.

    A plain number is "score of declarer" (PBN 2.1 §4.2.1), so it is turned round when
    East-West declared, and unknown (None) when the record names no declarer; a passed-out
    board scores 0 whoever is named.
    """
    if score.ns is not None:
        return int(score.ns)
    if score.ew is not None:
        return -int(score.ew)
    n = _number(score.plain)
    if n == 0:
        return 0
    if declarer is None:
        return None
    return n if declarer.side is Side.NS else -n


_CONTRACT = re.compile(r"\s*([1-7])\s*(NT|N|[SHDC])\s*(XX|X|R)?\s*\Z", re.I)
_STRAIN_ONLY = re.compile(r"\s*(NT|[SHDC])\s*\Z", re.I)


@_memo
def parse_contract(value: str) -> tuple[Contract | None, Strain | None, str | None]:
    """``(contract, strain, problem)``. ``Pass`` is `Contract.PASSED_OUT`; a strain alone
    (an end position, §3.10) gives only the strain."""
    v = value.strip()
    if v in UNKNOWN:
        return None, None, None
    if v.upper() == "PASS":
        return Contract.PASSED_OUT, None, None
    m = _CONTRACT.match(v)
    if m:
        risk = {"": 0, "X": 1, "XX": 2, "R": 2}[(m.group(3) or "").upper()]
        strain = Strain.from_pbn(m.group(2))
        return Contract(int(m.group(1)), strain, risk), strain, None
    m = _STRAIN_ONLY.match(v)
    if m:
        return None, Strain.from_pbn(m.group(1)), None
    return None, None, _m("problem.pbn.contract_not_contract", {"value": repr(value)})


_SEAT_TEXT = {t: Seat(t.upper()) for t in "NESWnesw"}


def parse_seat_value(name: str, value: str) -> tuple[Seat | None, str | None]:
    """A seat tag (Dealer, Auction, Play): ``(seat, problem)``."""
    seat = _SEAT_TEXT.get(value)
    if seat is not None:
        return seat, None
    v = value.strip()
    if v in UNKNOWN:
        return None, None
    if v in _SEAT_TEXT:
        return _SEAT_TEXT[v], None
    return None, _m("problem.pbn.not_seat", {"tag": name, "value": repr(value)})


_NOTE = re.compile(r"([0-9]+):(.*)\Z", re.S)


def parse_note(value: str) -> tuple[int | None, str, str | None]:
    """A Note tag ``"<index>:<text>"``: ``(index, text, problem)``."""
    m = _NOTE.match(value)
    if m is None:
        return None, value, _m("problem.pbn.note_form", {"value": repr(value)})
    n = parse_whole(m.group(1), 2)
    if n is None or not 1 <= n <= 32:
        return None, m.group(2), _m("problem.pbn.note_number", {"value": repr(value)})
    return n, m.group(2), None


_RUBBER_HISTORY = re.compile(
    rf"\s*{_SIDE}\s+([0-9\s]*?)\s*/\s*([0-9\s]*?)\s+{_SIDE}\s+([0-9\s]*?)\s*/\s*([0-9\s]*?)\s*\Z")


def rubber_vulnerability(value: str) -> Vulnerability | None:
    """The vulnerability a ScoreRubberHistory implies (§4.2.6): a side that has won a game
    of the rubber (100 or more below the line in a finished game) is vulnerable."""
    m = _RUBBER_HISTORY.match(value)
    if m is None:
        return None
    side1, _a1, below1, side2, _a2, below2 = m.groups()
    parsed = {side1.upper(): [parse_whole(x) for x in below1.split()],
              side2.upper(): [parse_whole(x) for x in below2.split()]}
    below = {side: [n for n in scores if n is not None] for side, scores in parsed.items()}
    if below != parsed or set(below) != {"NS", "EW"}:
        return None
    games = min(len(below["NS"]), len(below["EW"]))
    won = set()
    for g in range(games - 1):
        for side in ("NS", "EW"):
            if below[side][g] >= 100:
                won.add(side)
    if won == {"NS", "EW"}:
        return Vulnerability.ALL
    if won == {"NS"}:
        return Vulnerability.NS
    if won == {"EW"}:
        return Vulnerability.EW
    return Vulnerability.NONE


# -- checks of single tag values -------------------------------------------------------

_DATE = re.compile(r"([0-9]{4}|\?{4})[.-]([0-9]{1,2}|\?{1,2})[.-]([0-9]{1,2}|\?{1,2})(?:[ T].*)?\Z",
                   re.S)
_ROUND = re.compile(r"[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*\Z")
_SCORING_FIELD = re.compile(r"[A-Za-z0-9_+-]+\Z")
VULNERABLE = {"none": Vulnerability.NONE, "love": Vulnerability.NONE, "-": Vulnerability.NONE,
              "ns": Vulnerability.NS, "ew": Vulnerability.EW, "all": Vulnerability.ALL,
              "both": Vulnerability.ALL}
_DECLARER = re.compile(r"\^?[NESWnesw]\Z")


_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
#: the other forms of a date the programs write, each read as a date whatever the order of
#: day and month (the audit checks a Date tag, and judges nothing by it): ``2/8/2023``,
#: ``02.08.2023``, ``2023/08/02``, ``2-Aug-2023``, ``2 August 2023``, ``Aug 2, 2023``,
#: ``20230802``
_OTHER_DATES = re.compile(
    r"(?:[0-9]{1,2}[./-][0-9]{1,2}[./-][0-9]{4}|[0-9]{4}/[0-9]{1,2}/[0-9]{1,2}"
    r"|[0-9]{1,2}[ -](?:" + _MONTHS + r")[a-z]*\.?[ -][0-9]{4}"
    r"|(?:" + _MONTHS + r")[a-z]*\.? [0-9]{1,2},? [0-9]{4}"
    r"|(?:19|20)[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01]))(?:[ T].*)?\Z",
    re.S | re.I)


def _check_date(name: str, v: str) -> str | None:
    if _DATE.match(v) or _OTHER_DATES.match(v.strip()):
        return None
    return _m("problem.pbn.not_date", {"tag": name, "value": repr(v)})


def _check_board(name: str, v: str) -> str | None:
    n = parse_whole(v)
    return None if n is not None and n > 0 else _m("problem.pbn.board_not_number", {"value": repr(v)})


def _check_round(name: str, v: str) -> str | None:
    return None if _ROUND.match(v) else _m(
        "problem.pbn.not_round", {"value": repr(v)})


def _check_scoring(name: str, v: str) -> str | None:
    bad = [f for f in v.split(";") if not _SCORING_FIELD.match(f)]
    return _m(
        "problem.pbn.not_scoring", {"value": repr(v), "part": repr(bad[0])}) if bad else None


def _check_seat(name: str, v: str) -> str | None:
    return None if _SEAT.match(v) else _m(
        "problem.pbn.not_seat", {"tag": name, "value": repr(v)})


def _check_declarer(name: str, v: str) -> str | None:
    return None if _DECLARER.match(v) else _m(
        "problem.pbn.declarer_not_seat", {"value": repr(v)})


def _check_vulnerable(name: str, v: str) -> str | None:
    return None if v.lower() in VULNERABLE else _m(
        "problem.pbn.not_vulnerable", {"value": repr(v)})


def _sided_check(kind: str, example: str, *, side_needed: bool = False,
                 maximum: float | None = None) -> Callable[[str, str], str | None]:
    def check(name: str, v: str) -> str | None:
        sided = parse_sided(v, kind)
        if sided is None or (side_needed and sided.plain is not None):
            return _m("problem.pbn.not_score_example",
                      {"tag": name, "value": repr(v), "example": example})
        if maximum is not None:
            for x in (sided.plain, sided.ns, sided.ew):
                if x is not None and float(x) > maximum:
                    return _m("problem.pbn.over_maximum",
                              {"tag": name, "value": repr(v), "maximum": f"{maximum:g}"})
        return None
    return check


#: per tag: a check of an explicit, known value (not ``?``/empty)
TAG_CHECKS: dict[str, Callable[[str, str], str | None]] = {
    "Date": _check_date,
    "EventDate": _check_date,
    "UTCDate": _check_date,
    "Board": _check_board,
    "Round": _check_round,
    "Scoring": _check_scoring,
    "Dealer": _check_seat,
    "Declarer": _check_declarer,
    "Vulnerable": _check_vulnerable,
    "ScoreIMP": _sided_check("decimal", '"NS 4.5"'),
    "ScoreMP": _sided_check("decimal", '"NS 12.5"'),
    "ScorePercentage": _sided_check("percentage", '"NS 52.5"', maximum=100),
    "ScoreRubber": _sided_check("rubber", '"NS 300/40"'),
    "OptimumScore": _sided_check("integer", '"NS 620"', side_needed=True),
}


_CHECKED: dict[tuple[str, str], str | None] = {}


def check_tag(name: str, value: str) -> str | None:
    """The problem with a tag's value by `TAG_CHECKS` (None: a good, unknown or unchecked
    value); remembered, as the same values recur game after game."""
    key = (name, value)
    problem = _CHECKED.get(key, "")
    if problem == "":
        check = TAG_CHECKS.get(name)
        v = value.strip()
        problem = check(name, v) if check is not None and v not in UNKNOWN else None
        if len(_CHECKED) >= 4096:
            _CHECKED.clear()
        _CHECKED[key] = problem
    return problem


# -- the Deal tag ------------------------------------------------------------------------

_DEAL = re.compile(r"([NESWnesw]):(\S+) (\S+) (\S+) (\S+)\Z")
_RANK_BITS = [{ch: 1 << Card.from_pbn(suit.value + ch).index for ch in "AKQJT98765432"}
              for suit in SUITS]
_DEALS: dict[str, tuple[Deal | None, str | None]] = {}
_DEAL_CACHE_SIZE = 4096
#: per suit, the mask of each holding met so far as written (upper case): a deal is four
#: look-ups per hand instead of a loop over its cards
_HOLDINGS: list[dict[str, int]] = [{}, {}, {}, {}]
_HOLDINGS_SIZE = 16384


def _holding_mask(suit: int, ranks: str) -> int | None:
    """The mask of one suit's holding (upper case), or None for a bad rank or a rank twice."""
    bits = _RANK_BITS[suit]
    mask = 0
    for ch in ranks:
        bit = bits.get(ch)
        if bit is None or mask & bit:
            return None
        mask |= bit
    table = _HOLDINGS[suit]
    if len(table) < _HOLDINGS_SIZE:
        table[ranks] = mask
    return mask


def _hand_mask(text: str) -> int | None:
    """The mask of a hand ``S.H.D.C`` (upper case), or None when it has a bad rank, a
    rank twice or not four suits."""
    suits = text.split(".")
    if len(suits) != 4:
        return None
    mask = 0
    for suit, (table, ranks) in enumerate(zip(_HOLDINGS, suits)):
        bits = table.get(ranks)
        if bits is None:
            bits = _holding_mask(suit, ranks)
            if bits is None:
                return None
        mask |= bits
    return mask


def parse_deal(value: str) -> tuple[Deal | None, str | None]:
    """A Deal tag value (§3.4.11): ``(deal, problem)``; both None for unknown/empty.

    Ranks may come in any order and either case (import format). The deal must be
    four hands (``-`` for an unknown one) with no card twice, at most 13 cards a hand,
    the same number in each known hand, and at least one card.
    """
    hit = _DEALS.get(value)
    if hit is not None:
        return hit
    result = _parse_deal(value)
    if len(_DEALS) >= _DEAL_CACHE_SIZE:
        _DEALS.clear()
    _DEALS[value] = result
    return result


def _parse_deal(value: str) -> tuple[Deal | None, str | None]:
    v = value.strip()
    if v in UNKNOWN:
        return None, None
    m = _DEAL.match(v.upper())
    if m is None:
        return None, _m("problem.pbn.deal_form", {"value": repr(value)})
    first = _SEAT_TEXT[m.group(1)].index
    masks: list[int | None] = [None, None, None, None]  # by seat index
    for k, text in enumerate(m.group(2, 3, 4, 5)):
        if text == "-":
            continue
        mask = _hand_mask(text)
        if mask is None:
            try:
                Hand.from_pbn(text)
            except InputError as exc:
                return None, _m("problem.pbn.deal_problem",
                                {"value": repr(value), "problem": MsgText.param(exc.bare_message)})
            return None, _m("problem.pbn.deal_bad_hand",
                            {"value": repr(value), "hand": repr(text)})
        masks[(first + k) % 4] = mask
    seen = 0
    sizes = set()
    for seat, mask in zip(SEATS, masks):
        if mask is None:
            continue
        if seen & mask:
            twice = " ".join(c.pbn() for c in Hand(mask=seen & mask))
            return None, _m("problem.pbn.deal_twice", {"value": repr(value), "cards": twice})
        seen |= mask
        n = mask.bit_count()
        if n > 13:
            return None, _m("problem.pbn.deal_too_many",
                                        {"value": repr(value), "seat": seat_name(seat), "n": n})
        sizes.add(n)
    if not seen:
        return None, _m("problem.pbn.deal_no_cards", {"value": repr(value)})
    if len(sizes) > 1:
        return None, _m("problem.pbn.deal_sizes", {"value": repr(value)})
    return Deal({s: None if m is None else Hand(mask=m) for s, m in zip(SEATS, masks)}), None
