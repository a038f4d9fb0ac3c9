"""Law 23: comparable calls.

A call that replaces a withdrawn call is *comparable* (23A) when it

1. has the same or a similar meaning as the one attributable to the withdrawn call, or
2. defines a subset of the possible meanings of the withdrawn call, or
3. has the same purpose (an asking bid, a relay, ...) as the withdrawn call.

The three tests are alternatives: one suffices (the WBF asks Directors to apply them
generously). Comparability is a Director's judgement; the engine takes it as given
(``comparable: true|false`` in a case), or, when the meanings of both calls are given,
applies the tests to them and says which one decided. After a comparable replacement
the auction continues without further rectification; at the end of play the Director
may adjust the score if the infraction helped the offending side (23C).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.model.cards import SUITS, Suit
from td_plugin.model.rulings import TextEnum

__all__ = ["Meaning", "ComparableTest", "Comparability", "judge_comparable", "is_subset",
           "HCP_RANGE", "LENGTH_RANGE"]

#: The widest ranges: a meaning that says nothing about strength or about a suit.
HCP_RANGE = (0, 40)
LENGTH_RANGE = (0, 13)


@dataclass(frozen=True)
class Meaning:
    """What a call shows by the partnership's agreements: a range of high-card points,
    length ranges per suit (suits not named: any length), and a purpose ("Stayman",
    "relay", "take-out") for calls that ask rather than describe."""

    hcp: tuple[int, int] | None = None
    suits: tuple[tuple[Suit, tuple[int, int]], ...] = ()
    purpose: str | None = None

    @classmethod
    def of(cls, hcp: tuple[int, int] | None = None,
           suits: Mapping[Suit, tuple[int, int]] | None = None,
           purpose: str | None = None) -> Meaning:
        ordered = tuple((s, tuple(suits[s])) for s in SUITS if suits and s in suits)
        return cls(tuple(hcp) if hcp is not None else None, ordered,  # type: ignore[arg-type]
                   purpose.strip() if purpose else None)

    def hcp_range(self) -> tuple[int, int]:
        return self.hcp if self.hcp is not None else HCP_RANGE

    def length(self, suit: Suit) -> tuple[int, int]:
        for s, rng in self.suits:
            if s is suit:
                return rng
        return LENGTH_RANGE

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.hcp is not None:
            out["hcp"] = list(self.hcp)
        if self.suits:
            out["suits"] = {s.value: list(r) for s, r in self.suits}
        if self.purpose:
            out["purpose"] = self.purpose
        return out


class ComparableTest(TextEnum):
    """What decided whether a call is comparable (23A): the same meaning (23A1), a
    subset (23A2), the same purpose (23A3), the Director's judgement as entered, or none
    of the tests met."""

    SAME_MEANING = "23A1"
    SUBSET = "23A2"
    SAME_PURPOSE = "23A3"
    DIRECTOR = "director"
    NONE = "none"


_KEYS = {ComparableTest.SAME_MEANING: "law23.same_meaning", ComparableTest.SUBSET: "law23.subset",
         ComparableTest.SAME_PURPOSE: "law23.same_purpose"}


@dataclass(frozen=True)
class Comparability:
    """The outcome of a Law 23A judgement.

    ``comparable`` is None when it could not be decided (neither the Director's
    judgement nor both meanings were given). ``test`` says what decided: ``"23A1"``
    (same meaning), ``"23A2"`` (subset), ``"23A3"`` (same purpose), ``"director"``
    (the Director's judgement as entered), ``"none"`` (meanings given, no test met).
    """

    comparable: bool | None
    test: ComparableTest | None = None

    @property
    def key(self) -> str:
        """The message key explaining this judgement."""
        if self.comparable is None:
            return "law23.undecided"
        if self.test is ComparableTest.DIRECTOR:
            return "law23.director_yes" if self.comparable else "law23.director_no"
        return _KEYS.get(self.test, "law23.none") if self.test is not None else "law23.none"

    @property
    def law(self) -> str:
        """The clause the judgement applied: the sub-clause of the test that was met
        (23A1, 23A2, 23A3), else 23A."""
        return self.test.value if self.test in _KEYS else "23A"


def _within(inner: tuple[int, int], outer: tuple[int, int]) -> bool:
    return outer[0] <= inner[0] and inner[1] <= outer[1]


def is_subset(replacement: Meaning, withdrawn: Meaning) -> bool:
    """23A2: every hand that makes ``replacement`` would also have made ``withdrawn``:
    its strength range and each suit's length range lie inside the withdrawn call's.
    Two calls with different stated purposes describe different things: no subset."""
    if replacement.purpose and withdrawn.purpose and replacement.purpose != withdrawn.purpose:
        return False
    if not _within(replacement.hcp_range(), withdrawn.hcp_range()):
        return False
    return all(_within(replacement.length(s), withdrawn.length(s)) for s in SUITS)


def judge_comparable(withdrawn: Meaning | None, replacement: Meaning | None,
                     director: bool | None = None) -> Comparability:
    """Law 23A: is ``replacement`` comparable with the withdrawn call?

    The Director's judgement (``director``) decides when given. Otherwise, with both
    meanings, the tests are applied in the order of the Law: same meaning (23A1),
    subset (23A2), same purpose (23A3)."""
    if director is not None:
        return Comparability(director, ComparableTest.DIRECTOR)
    if withdrawn is None or replacement is None:
        return Comparability(None)
    if replacement == withdrawn:
        return Comparability(True, ComparableTest.SAME_MEANING)
    if is_subset(replacement, withdrawn):
        return Comparability(True, ComparableTest.SUBSET)
    if replacement.purpose and replacement.purpose == withdrawn.purpose:
        return Comparability(True, ComparableTest.SAME_PURPOSE)
    return Comparability(False, ComparableTest.NONE)
