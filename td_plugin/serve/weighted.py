"""The Director's Law 64C judgement as a weighted score (Law 12C1(c)), entered by taps on
the ruling's page: the tricks of a first result, its weight, then the tricks of the result
that takes the rest ("60 % of 11 tricks, 40 % of 10": four taps with the one that opens
it). The rest may be split again for a third result.

The weights are checked as they are entered: only weights that leave some of the score
for another result are offered, the last result takes exactly what is left (so they sum
to 100 %), and no tricks are offered twice. What has been tapped so far travels in the
page's address (`Weighing.text`, ``?weigh=11:60``); only the last tap posts, the
judgement as the case file writes it (`equity_weighted`: ``[{result: "4H N 11", weight:
"60%"}, ...]``, `td_plugin.model.outcomes.WeightedScore`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from td_plugin.errors import DraftError

__all__ = ["Weighing", "WEIGHTS", "PREFIX", "read_weighing", "weighted_judgement"]

#: The weights offered, in per cent.
WEIGHTS = (10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90)
#: How the posted answer of a weighted judgement starts (``w:11@60,10@40``).
PREFIX = "w:"
_TRICKS = range(14)


@dataclass(frozen=True)
class Weighing:
    """A weighted judgement being tapped: the results weighed so far (tricks, per cent),
    the tricks of the next one when its weight is still to come, and whether the rest is
    being split again (a third result) rather than given to one result."""

    parts: tuple[tuple[int, int], ...] = ()
    pending: int | None = None
    split: bool = False

    @property
    def left(self) -> int:
        """The per cent not given to a result yet."""
        return 100 - sum(w for _, w in self.parts)

    def tricks(self) -> list[int]:
        """The tricks that may be tapped next (not those weighed already)."""
        taken = {t for t, _ in self.parts}
        return [n for n in _TRICKS if n not in taken]

    def weights(self) -> list[int]:
        """The weights offered for the pending result: each leaves some for another."""
        return [w for w in WEIGHTS if w < self.left]

    @property
    def completing(self) -> bool:
        """Whether a tap on the tricks gives that result the rest (and posts)."""
        return bool(self.parts) and self.pending is None and not self.split

    def text(self) -> str:
        """The state as the page's address carries it."""
        items = [f"{t}:{w}" for t, w in self.parts]
        if self.pending is not None:
            items.append(str(self.pending))
        return ",".join(items) + ("+" if self.split else "")

    def choose(self, tricks: int) -> str:
        """The address state after a tap on ``tricks``."""
        return replace(self, pending=tricks, split=False).text()

    def weigh(self, weight: int) -> str:
        """The address state after a tap on ``weight`` for the pending result."""
        assert self.pending is not None
        return Weighing((*self.parts, (self.pending, weight))).text()

    def split_rest(self) -> str:
        return replace(self, split=True).text()

    def complete(self, tricks: int) -> str:
        """The posted answer: the results so far and ``tricks`` with the rest."""
        parts = (*self.parts, (tricks, self.left))
        return PREFIX + ",".join(f"{t}@{w}" for t, w in parts)


def read_weighing(text: str | None) -> Weighing | None:
    """The state of the address (`Weighing.text`): None when there is none (the page
    offers whole tricks), an empty one when it does not make sense (start again)."""
    if text is None:
        return None
    split = text.endswith("+")
    items = [i for i in text[:200].removesuffix("+").split(",") if i]
    parts: list[tuple[int, int]] = []
    pending = None
    for n, item in enumerate(items):
        tricks, sep, weight = item.partition(":")
        if not (tricks.isascii() and tricks.isdigit() and int(tricks) in _TRICKS) \
                or int(tricks) in {t for t, _ in parts}:
            return Weighing()
        if not sep and n == len(items) - 1:
            pending = int(tricks)
        elif weight.isascii() and weight.isdigit() and 0 < int(weight) < 100:
            parts.append((int(tricks), int(weight)))
        else:
            return Weighing()
    state = Weighing(tuple(parts), pending, split and pending is None and bool(parts))
    return state if state.left > 0 else Weighing()


def weighted_judgement(case: Mapping[str, Any], value: str) -> list[dict[str, str]]:
    """The judgement posted (``w:11@60,10@40``) as a case file writes it, in the case's
    contract and declarer.

    :raises DraftError: two results or more are not given, a weight is not above 0, the
        weights do not sum to 100 %, tricks are given twice or are not 0 to 13.
    """
    contract, declarer = case.get("contract"), case.get("declarer")
    if not (isinstance(contract, str) and isinstance(declarer, str)):
        raise DraftError("a weighted score needs the contract and declarer",
                         "app.problem.stale")
    parts: list[tuple[int, int]] = []
    for item in value.removeprefix(PREFIX).split(","):
        tricks, _, weight = item.partition("@")
        if not (tricks.isascii() and tricks.isdigit() and weight.isascii()
                and weight.isdigit() and len(tricks) <= 2 and len(weight) <= 3):
            raise DraftError(f"{item!r} is not tricks@per cent", "app.weighted.bad")
        parts.append((int(tricks), int(weight)))
    tricks_given = [t for t, _ in parts]
    if len(parts) < 2 or any(w <= 0 for _, w in parts) or sum(w for _, w in parts) != 100 \
            or len(set(tricks_given)) != len(parts) or any(t not in _TRICKS for t in tricks_given):
        raise DraftError(f"not a weighted score: {value!r}", "app.weighted.bad")
    return [{"result": f"{contract} {declarer} {t}", "weight": f"{w}%"} for t, w in parts]
