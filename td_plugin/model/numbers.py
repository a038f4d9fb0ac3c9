"""Whole numbers as files write them: ASCII digits, of a bounded length.

`str.isdigit` accepts superscripts (``"²"``) and `int` accepts other scripts' digits and
refuses more than 4,300 of them with an error, so a reader that checks with one and
converts with the other fails on a mutated file. Every board, round, note, claim and
count a reader takes from a file goes through `parse_whole` instead, and every exact
number (a weight, a score's points) through `parse_number`: the number, or None for
anything else, never an exception, in time linear in the text's length.
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["parse_whole", "parse_number", "MAX_DIGITS", "ASCII_DIGITS"]

#: the most digits a number read from a file may have (a board number, a score)
MAX_DIGITS = 9
#: the characters `parse_whole` accepts
ASCII_DIGITS = frozenset("0123456789")


def parse_whole(text: str, max_digits: int = MAX_DIGITS, *, strip: bool = True) -> int | None:
    """``text`` as a whole number of at most ``max_digits`` ASCII digits (no sign; spaces
    around it ignored unless ``strip`` is false), else None."""
    if strip:
        text = text.strip()
    if not text or len(text) > max_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


_DECIMAL = re.compile(r"([+-]?)([0-9]{0,%d})(?:\.([0-9]{0,%d}))?\Z" % (MAX_DIGITS * 2, MAX_DIGITS * 2))
_RATIO = re.compile(r"([+-]?[0-9]{1,%d})\s*/\s*([0-9]{1,%d})\Z" % (MAX_DIGITS, MAX_DIGITS))


def parse_number(text: str, *, ratio: bool = False) -> Fraction | None:
    """``text`` as an exact number: ``"12"``, ``"-2.5"``, ``".5"`` (at most 18 digits on
    each side of the point) and, with ``ratio``, ``"1/3"``; else None. Unlike
    `fractions.Fraction`, no exponent (``"1e-999999999"`` would take minutes), no other
    script's digits, no exception."""
    text = text.strip()
    m = _DECIMAL.match(text)
    if m is not None:
        sign, whole, decimals = m.groups()
        if not whole and not decimals:
            return None
        value = Fraction(int(whole or "0")) + (
            Fraction(int(decimals), 10 ** len(decimals)) if decimals else 0)
        return -value if sign == "-" else value
    m = _RATIO.match(text) if ratio else None
    if m is None or int(m.group(2)) == 0:
        return None
    return Fraction(int(m.group(1)), int(m.group(2)))
