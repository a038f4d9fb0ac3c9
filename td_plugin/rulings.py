"""Rulings, findings and adjusted scores as data.

A law function returns values from this module; text for the players is rendered later
from message keys (`td_plugin.messages`) in the chosen language. Nothing here is a string
built for display.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from td_plugin.cards import Seat
from td_plugin.contract import Contract
from td_plugin.sources import RecordChange

__all__ = ["Attention", "ReviewContext", "Clause", "AssignedResult", "ArtificialScore",
           "WeightedScore", "Outcome", "Ruling", "Finding"]


class Attention(enum.Enum):
    """When attention was first drawn to an irregularity (Law 64B4/B5 turn on it)."""

    DURING_ROUND = "during-round"
    AFTER_NEXT_DEAL_CALLED = "after-next-deal-called"  # 64B4
    AFTER_ROUND = "after-round"  # 64B5


@dataclass(frozen=True)
class ReviewContext:
    """What the Laws need that a record does not carry. Travels explicitly, never guessed.

    ``attention``: when attention was drawn (the default suits a post-session audit).
    ``language``: "en" or "da" for texts. ``equity``: run the 64C double-dummy check
    when the optional extra is installed. ``regulation``: name of the regulations in
    force ("wbf" by default).
    """

    attention: Attention = Attention.AFTER_ROUND
    language: str = "en"
    equity: bool = True
    regulation: str = "wbf"


@dataclass(frozen=True)
class Clause:
    """A law clause applied (``"64A1"``) with the facts that triggered it and the
    message key of its text. ``params`` are the text's parameters where they differ
    from the facts (seat names to render per language, ...)."""

    law: str
    key: str
    facts: Mapping[str, Any] = field(default_factory=dict)
    params: Mapping[str, Any] | None = None

    @property
    def message_params(self) -> Mapping[str, Any]:
        return self.facts if self.params is None else self.params


@dataclass(frozen=True)
class AssignedResult:
    """A result assigned by the Director (12C1) or by a trick transfer: the contract, its
    declarer and the tricks declarer is credited with; ``score_ns`` from North-South."""

    contract: Contract
    declarer_tricks: int
    score_ns: int


@dataclass(frozen=True)
class ArtificialScore:
    """An artificial adjusted score (12C2): percentages for each side. ``variable``: an
    average-plus that is the pair's session percentage when that is higher (Avg+/Avg-)."""

    ns_percent: int
    ew_percent: int
    variable: bool = False


@dataclass(frozen=True)
class WeightedScore:
    """A weighted assigned score (12C1(c)): results with weights summing to one."""

    components: tuple[tuple[Fraction, AssignedResult], ...]

    def __post_init__(self) -> None:
        total = sum(w for w, _ in self.components)
        if total != 1:
            raise ValueError(f"weights of a weighted score must sum to 1, not {total}")


Outcome = AssignedResult | ArtificialScore | WeightedScore


@dataclass(frozen=True)
class Ruling:
    """A ruling: the clauses in the order applied, the outcome (None: the result stands),
    and the message key of the text for the players with its parameters."""

    clauses: tuple[Clause, ...]
    outcome: Outcome | None = None
    key: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def laws(self) -> list[str]:
        return [c.law for c in self.clauses]


@dataclass(frozen=True)
class Finding:
    """Something the audit found in a record: ``kind`` (``revoke``, ``score_mismatch``,
    ...), the deciding ``law`` clause (or None), a message key with its parameters, where
    it was, the ruling when there is one, ``data``: the kind's own JSON fields, and
    ``change``: what writing the adjusted copy changes in the record (None: nothing)."""

    kind: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    law: str | None = None
    board: int | None = None
    record: int | None = None
    path: str | None = None
    line: int | None = None
    ruling: Ruling | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    seat: Seat | None = None
    change: RecordChange | None = None
