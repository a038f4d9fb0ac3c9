"""Findings as data: what a ruler found in a record (`Finding`), of a kind
(`FindingKind`, or a plugin's own kind as text), with the ruling when there is one and
what writing the adjusted copy changes.

A ruler returns these; the reports render them from message keys (`td_plugin.messages`)
in the chosen language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from td_plugin import messages
from td_plugin._quick_init import quick_init
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Card, Seat
from td_plugin.model.changes import RecordChange
from td_plugin.model.revoke_outcome import RevokeOutcome
from td_plugin.model.rulings import Ruling, TextEnum

__all__ = ["Finding", "FindingKind", "PlainRows", "PLACE_FIELDS", "placed"]


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
    RESULT_CONFLICT = "result_conflict"
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
    HAND_RECORD_DIFFERS = "hand_record_differs"
    FOULED_BOARD = "fouled_board"
    CLAIM_DOUBLE_DUMMY = "claim_double_dummy"


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
    and 64C figures, `RevokeOutcome`).

    Where the board was played, as far as the record says: ``section``, ``table``,
    ``round`` and the pairs ``ns_pair`` and ``ew_pair`` (None: the source does not say;
    `placed` takes them from the record reviewed)."""

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
    section: str | None = None
    table: str | None = None
    round: int | None = None
    ns_pair: str | None = None
    ew_pair: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, FindingKind) and self.kind in _KINDS:
            object.__setattr__(self, "kind", _KINDS[self.kind])

    def render(self, lang: str = "en") -> str:
        """The ruling's text for the players in ``lang``, else the finding's own message;
        as an annotation of a `RecordChange`, what a writer adds as commentary."""
        text = self.ruling.render(lang) if self.ruling is not None else ""
        return text or messages.render(self.key, self.params, lang)


#: the fields of a finding that say where its board was played (`placed`)
PLACE_FIELDS = ("section", "table", "round", "ns_pair", "ew_pair")


def placed(findings: list[Finding], record: BoardRecord) -> list[Finding]:
    """``findings`` about ``record`` with the section, table, round and pairs the record
    gives (`BoardRecord.section` ...), where a finding says none of them itself: a finding
    about another record of the file (another index) is left as it is, and so is
    everything when the record says none of them."""
    where = {name: getattr(record, name) for name in PLACE_FIELDS}
    if not findings or all(v is None or v == "" for v in where.values()):
        return findings
    where = {k: v for k, v in where.items() if v is not None and v != ""}
    index = record.location.record
    out = []
    for f in findings:
        if (index is None or f.record is None or f.record == index) \
                and all(getattr(f, name) is None for name in PLACE_FIELDS):
            f = replace(f, **where)
        out.append(f)
    return out
