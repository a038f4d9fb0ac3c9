"""Rulings as data: the clauses applied, the outcome, the text's message key.

A law function returns values from this module; text for the players is rendered later
from message keys (`td_plugin.messages`) in the chosen language. Nothing here is a string
built for display. The outcomes a ruling gives (an assigned result, an artificial or a
weighted score) are the family of `td_plugin.model.outcomes`; what a ruler finds is a
`td_plugin.model.findings.Finding`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from td_plugin import messages
from td_plugin.model.outcomes import (
    Outcome,
)

__all__ = ["TextEnum", "RulingStatus", "Attention", "Clause", "Ruling"]


class TextEnum(str, enum.Enum):
    """An enum whose members are their text: they compare, hash, format and go into
    JSON as their value (``FindingKind.REVOKE == "revoke"``)."""

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class RulingStatus(TextEnum):
    """Whether a ruling is complete or waits for a decision (its ``decisions``): the one
    status of every ruling, of the auction, of the play period and of a revoke case. The
    rulings log also says `ADJUSTED` of a complete ruling that changes the table result or
    score (`td_plugin.cases.log.status_of`); the log keeps the values as they are."""

    RULED = "ruled"
    NEEDS_DECISION = "needs_decision"
    ADJUSTED = "adjusted"


class Attention(enum.Enum):
    """When attention was first drawn to an irregularity (Law 64B4/B5 turn on it)."""

    DURING_ROUND = "during-round"
    AFTER_NEXT_DEAL_CALLED = "after-next-deal-called"  # 64B4
    AFTER_ROUND = "after-round"  # 64B5


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

    @property
    def law(self) -> str | None:
        """The clause that decides the ruling (the first applied, unless the kind of
        ruling knows better); None for a ruling without clauses."""
        return self.clauses[0].law if self.clauses else None

    def render(self, lang: str = "en") -> str:
        """The text for the players in ``lang`` ("" when the ruling has none); as an
        annotation of a `RecordChange`, what a writer adds as commentary."""
        return messages.render(self.key, self.params, lang) if self.key else ""


