"""Every reader reads in time linear in its input: for each family of pathological
inputs (`tests.pathological_inputs`: runs of each character class inside each kind of
token, unterminated or closed), twice the input takes about twice as long, not four
times. The processor times of this process are compared with each other, at two sizes,
never with a clock's limit.

The sizes make a linear reading take a few milliseconds at most. A family whose ratio
comes out high from short readings is measured again at larger sizes (a busy machine
can slow one reading down): a quadratic reading keeps its ratio of about 4 at every
size, a linear one does not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pathological_inputs import (
    FLOOR,
    READERS,
    Family,
    Read,
    Reading,
    families,
    ratio,
    seconds,
)

#: the size ``n`` (runs) each reader is read at, and at ``2 n``
SIZES = {"pbn": 1500, "lin": 8000, "usebio": 4000, "bws": 4000, "case": 1000,
         "adjustments": 1000}
#: twice the input may take at most this many times as long
BOUND = 3.0


#: a reading this long is no timer's noise: its ratio is not measured again
CLEAR = 0.05


def _ratio(read: Reading, family: Family, n: int) -> float:
    """The ratio of ``family`` at ``n``; measured again at 4 n and 16 n when high and
    the readings are short."""
    for size in (n, 4 * n, 16 * n):
        small, large = seconds(read, family, size), seconds(read, family, 2 * size)
        measured = max(large, FLOOR) / max(small, FLOOR)
        if measured < BOUND or large > CLEAR:
            break
    return measured


@pytest.mark.parametrize("reader", READERS)
def test_twice_a_pathological_input_takes_about_twice_as_long(reader: str,
                                                             tmp_path: Path) -> None:
    read = Reading(tmp_path)
    slow = {}
    for family in families(reader):
        measured = _ratio(read, family, SIZES[reader])
        if measured >= BOUND:
            slow[family.name] = round(measured, 1)
    assert not slow, f"{reader}: twice the input takes this many times as long: {slow}"


@pytest.mark.parametrize(("reader", "family", "n"), [
    ("pbn", 'a tag name: spaces', 2000),  # [Event "x"] then [Decla and N spaces
    ("pbn", "an Auction section: CR", 2000),
    ("lin", "a hand: dashes", 40000),  # md|4S5 and a run of dashes
    ("usebio", "a board: traveller lines, three comments each", 4000),  # its average
])
def test_the_inputs_that_were_quadratic_are_read_in_linear_time(
        reader: str, family: str, n: int, tmp_path: Path) -> None:
    (found,) = [f for f in families(reader) if f.name == family]
    assert _ratio(Reading(tmp_path), found, n) < BOUND


def test_the_ratio_tells_a_quadratic_reading(tmp_path: Path) -> None:
    """The measure itself: a reading that rescans its input from each position fails."""

    def quadratic(family: Family, data: bytes) -> Read:
        # each step copies and scans the rest of the input: the work of a step grows with
        # the input as the number of steps does, whatever the loop's own cost
        return lambda: sum(data[i:].find(b"b") for i in range(0, len(data), 64))

    def linear(family: Family, data: bytes) -> Read:
        return lambda: data.count(b"a")

    family = Family("pbn", "letters", b"", b"a")
    # four times the input: 16 times the work, where a linear reading's 4 stays under 9
    assert seconds(quadratic, family, 400_000) / seconds(quadratic, family, 100_000) > BOUND ** 2
    assert ratio(linear, family, 4_000_000) < BOUND
