"""Rulings, findings and adjusted scores as data.

A law function returns values from this module; text for the players is rendered later
from message keys (`td_plugin.messages`) in the chosen language. Nothing here is a string
built for display. The outcomes a ruling gives (an assigned result, an artificial or a
weighted score) are the family of `td_plugin.model.outcomes`, re-exported here.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from td_plugin import messages
from td_plugin._quick_init import quick_init
from td_plugin.host.sources import RecordChange
from td_plugin.laws.regulations import Regulation, regulation
from td_plugin.model.cards import Card, Seat
from td_plugin.model.outcomes import (
    ArtificialScore,
    AssignedResult,
    Outcome,
    ScoreOnly,
    TableResult,
    WeightedScore,
)
from td_plugin.model.revoke_outcome import RevokeOutcome

__all__ = ["Attention", "ReviewContext", "Clause", "AssignedResult", "ArtificialScore",
           "WeightedScore", "TableResult", "ScoreOnly", "Outcome", "Ruling", "Finding",
           "FindingKind", "TextEnum", "PlainRows"]


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
    status of every ruling, of the auction, of the play period and of a revoke case."""

    RULED = "ruled"
    NEEDS_DECISION = "needs_decision"


class Attention(enum.Enum):
    """When attention was first drawn to an irregularity (Law 64B4/B5 turn on it)."""

    DURING_ROUND = "during-round"
    AFTER_NEXT_DEAL_CALLED = "after-next-deal-called"  # 64B4
    AFTER_ROUND = "after-round"  # 64B5


@dataclass(frozen=True)
class ReviewContext:
    """What the Laws need that a record does not carry. Travels explicitly, never guessed.

    ``attention``: when attention was drawn (the default suits a post-session audit);
    ``attention_by_board``: the same per board number, where the Director said so for a
    board (`attention_for` gives a record's). ``language``: "en" or "da" for texts.
    ``equity``: run the 64C double-dummy check when the optional extra is installed.
    ``regulation``: the regulation in force, as a `Regulation` (the commands give the one
    the host found for ``--regulation``, `PluginHost.regulation`) or by the name of a
    built-in one ("wbf" by default); `in_force` gives the object.
    """

    attention: Attention = Attention.AFTER_ROUND
    language: str = "en"
    equity: bool = True
    regulation: str | Regulation = "wbf"
    attention_by_board: Mapping[int, Attention] = field(default_factory=dict, hash=False)

    @property
    def in_force(self) -> Regulation:
        """The regulation in force (`td_plugin.laws.regulations`).

        :raises InputError: no regulation has the name given.
        """
        return regulation(self.regulation)

    def attention_for(self, record: Any) -> Attention:
        """When attention was drawn on ``record``'s board: what the Director gave for its
        board number, else what the record itself says (a Director's note in the file),
        else ``attention``."""
        board = record.board if record.board is not None else record.location.board
        if board in self.attention_by_board:
            return self.attention_by_board[board]
        own = getattr(record, "attention", None)
        return own if own is not None else self.attention


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


class FindingKind(TextEnum):
    """The kinds of finding the built-in rulers report (a plugin's own kinds are plain
    strings). The README's table says what each means."""

    REVOKE = "revoke"
    REVOKE_MARKER_MISMATCH = "revoke_marker_mismatch"
    DEAL_INVALID = "deal_invalid"
    AUCTION_ILLEGAL = "auction_illegal"
    RECORDED_IRREGULARITY = "recorded_irregularity"
    CONTRACT_MISMATCH = "contract_mismatch"
    CARD_NOT_HELD = "card_not_held"
    RESULT_MISMATCH = "result_mismatch"
    SCORE_MISMATCH = "score_mismatch"
    IMPOSSIBLE_RESULT = "impossible_result"
    DECLARER_MISMATCH = "declarer_mismatch"
    ARTIFICIAL_SCORE = "artificial_score"
    NOT_PLAYED = "not_played"
    LEAD_NOT_HELD = "lead_not_held"
    LEAD_MISMATCH = "lead_mismatch"
    MOVEMENT_MISMATCH = "movement_mismatch"
    DUPLICATE_RESULT = "duplicate_result"
    MISSING_RESULT = "missing_result"


_KINDS = {k.value: k for k in FindingKind}


class PlainRows(list[dict[str, Any]]):
    """A value of a finding's ``data``: rows of plain JSON values (text, numbers, None),
    so made by the ruler that wrote them. A report takes them as they are, without looking
    through each (`td_plugin.audit.reports.findings.finding_json`): worth it where a finding lists many,
    as the cards a file's leader-first rows leave not held."""

    __slots__ = ()


@quick_init
@dataclass(frozen=True)
class Finding:
    """Something the audit found in a record: ``kind`` (a `FindingKind`, or a plugin's
    own kind as text), the deciding ``law`` clause (or None), a message key with its
    parameters, where it was, the ruling when there is one, ``data``: the kind's own JSON
    fields (what the JSON report writes; no report reads facts back from it), and
    ``change``: what writing the adjusted copy changes in the record (None: nothing).

    The facts the reports show are typed: the ``seat`` the finding is about, the
    ``trick`` and ``card`` at fault (the HTML report marks that seat's card at that trick
    in the play), and for a revoke its ``revoke`` outcome (transfer, exception, results
    and 64C figures, `RevokeOutcome`)."""

    kind: FindingKind | str
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
    trick: int | None = None
    card: Card | None = None
    revoke: RevokeOutcome | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, FindingKind) and self.kind in _KINDS:
            object.__setattr__(self, "kind", _KINDS[self.kind])

    def render(self, lang: str = "en") -> str:
        """The ruling's text for the players in ``lang``, else the finding's own message;
        as an annotation of a `RecordChange`, what a writer adds as commentary."""
        text = self.ruling.render(lang) if self.ruling is not None else ""
        return text or messages.render(self.key, self.params, lang)
