"""Table rulings in the session's own file: the rulings given at the table (the rulings
log of ``td-plugin serve``, or one case of ``td-plugin rule``) matched to the session's
records and written back through the plugin host.

Each ruling is ruled again through the host (`td_incident_reported`), so a club's plugin
rules as it did at the table and sees it; matched to the record of its board (and
section, table, round where given); turned into a `RecordChange` (the ruling's outcome,
when it changes the result, and the ruling itself as commentary); announced to
write-back adapters and stores (`td_adjustment_decided`); and written with the session's
format's writer (`td_write_changes`): for PBN the ruling as commentary on the board's
record and, where it changes the result, adjusted Result and Score; for USEBIO the
rescored traveller line; for a Bridgemate file the corrected row (ODBC, opted in).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from td_plugin import messages
from td_plugin.errors import CaseFileError, InputError
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import BoardRecord
from td_plugin.model.changes import Annotation, GivenIn, RecordChange
from td_plugin.model.names import join_msgs
from td_plugin.model.place import Place, pair_number, place_msg
from td_plugin.model.rulings import Ruling

if TYPE_CHECKING:  # the log itself (sqlite) is read only where a session has one
    from td_plugin.cases.log import LogEntry
    from td_plugin.host.manager import PluginHost
    from td_plugin.model.place import Place

__all__ = ["MatchedRuling", "match", "results_at", "by_pairs", "rule_entries", "rule_case", "changes_of",
           "announce", "records_of"]


@dataclass(frozen=True)
class MatchedRuling:
    """A ruling given at the table, matched to the session: the log entry (or the case)
    it comes from, the ruling, the session's record at its place and that record's index
    (None, with ``problem`` saying why, when it matches no record or several)."""

    place: Place
    kind: str
    ruling: Ruling | None
    record: BoardRecord | None = None
    index: int | None = None
    problem: str | messages.Msg | None = None
    entry: LogEntry | None = None
    #: the table's pairs (North-South, East-West) as the Director named them, for a
    #: record that lists several tables' results (a PBN ``ScoreTable``)
    pairs: tuple[str, str] | None = None

    @property
    def change(self) -> RecordChange | None:
        """What writing it back changes in its record (None: nothing to write): an
        artificial or assigned score goes into the table's row when the record names no
        pairs of its own and the Director named them."""
        if self.ruling is None or self.index is None:
            return None
        own = self.record is not None and (self.record.ns_pair or self.record.ew_pair)
        # written in the language the ruling was given in, whatever the write's
        given: Annotation = (GivenIn(self.ruling, self.entry.lang) if self.entry is not None
                             else self.ruling)
        return RecordChange(record=self.index, outcome=self.ruling.outcome,
                            law=self.ruling.law, annotations=(given,),
                            pairs=None if own else self.pairs)

    def problem_text(self, lang: str = "en") -> str:
        """Why it could not be written back, in ``lang`` ("" when it could)."""
        problem = self.problem
        if isinstance(problem, messages.Msg):
            return messages.render(problem.key, problem.params, lang)
        return problem or ""

    def heading(self, lang: str = "en") -> str:
        """One line: where, what kind, its status and clauses."""
        status = self.entry.status.value if self.entry else "ruled"
        return messages.render("report.table_ruling", {
            "place": self.place.label(lang),
            "kind": messages.Msg(f"app.kind.{self.kind}"),
            "status": messages.Msg(f"app.status.{status}"),
            "laws": messages.laws_ref(self.ruling.laws if self.ruling else [], lang)}, lang)

    def to_json(self, lang: str) -> dict[str, Any]:
        return {**self.place.to_json(), "kind": self.kind,
                "id": self.entry.id if self.entry else None,
                "version": self.entry.version if self.entry else None,
                "status": self.entry.status.value if self.entry else None,
                "at": self.entry.at if self.entry else None,
                "record": self.index, "problem": self.problem_text(lang) or None,
                "laws": self.ruling.laws if self.ruling is not None else [],
                "text": self.ruling.render(lang) if self.ruling is not None else None}


def _fits(record: BoardRecord, place: Place) -> bool:
    return (record.board == place.board
            and (place.section is None or (record.section or "") == place.section)
            and (place.table is None or str(record.table or "") == str(place.table))
            and (place.round is None or record.round == place.round))


def results_at(place: Place, records: Iterable[tuple[int, BoardRecord]]
               ) -> list[tuple[int, BoardRecord]]:
    """The records of the board at ``place`` that fit its section, table and round as far
    as they are given."""
    return [(i, r) for i, r in records if _fits(r, place)]


def match(place: Place, records: Iterable[tuple[int, BoardRecord]]
          ) -> tuple[int | None, BoardRecord | None, messages.Msg | None]:
    """The record of the session at ``place``: (index, record, None), or (None, None,
    why) when there is none or several fit (a message, in any language)."""
    if place.board is None:
        return None, None, messages.Msg("table_ruling.no_board")
    if place.record is not None:  # the result the Director picked in the session
        fits = [(i, r) for i, r in records if i == place.record and r.board == place.board]
        if fits:
            return fits[0][0], fits[0][1], None
    fits = results_at(place, records)
    if len(fits) == 1:
        return fits[0][0], fits[0][1], None
    if not fits:
        return None, None, messages.Msg("table_ruling.no_result", {"place": place_msg(place)})
    tables = join_msgs([place_msg(Place.of(r)) for _, r in fits[:6]])
    return None, None, messages.Msg("table_ruling.several", {
        "n": len(fits), "place": place_msg(place), "tables": tables})


def by_pairs(place: Place, pairs: str, records: Iterable[tuple[int, BoardRecord]]) -> Place:
    """``place`` with the record of its board where pairs ``"NS-EW"`` played (``"3-12"``
    matches ``3NS`` against ``12EW``); unchanged when no single record fits."""
    ns, sep, ew = pairs.partition("-")
    if not sep:
        return place
    fits = [i for i, r in records if r.board == place.board
            and pair_number(r.ns_pair or "") == pair_number(ns)
            and pair_number(r.ew_pair or "") == pair_number(ew)]
    return replace(place, record=fits[0]) if len(fits) == 1 else place


def rule_entries(host: PluginHost, entries: Iterable[LogEntry], records: list[tuple[int, BoardRecord]],
                 context: ReviewContext = ReviewContext()) -> list[MatchedRuling]:
    """Rule each logged ruling again through the host (language and regulation from
    ``context``) and match it to the records."""
    out = []
    for entry in entries:
        out.append(rule_case(host, entry.case, entry.place, records, context, entry=entry,
                             kind=entry.kind))
    return out


def rule_case(host: PluginHost, case: Mapping[str, Any], place: Place,
              records: list[tuple[int, BoardRecord]],
              context: ReviewContext = ReviewContext(), *,
              entry: LogEntry | None = None, kind: str | None = None) -> MatchedRuling:
    """One case ruled through the host and matched to the records at ``place``."""
    kind = kind or str(case.get("kind") or "auction")
    try:
        from td_plugin.cases.files import parse_case  # the case engine, only for a ruling

        ruling, _errors = host.report_incident(parse_case(case), context)
    except CaseFileError as exc:
        return MatchedRuling(place, kind, None, problem=str(exc), entry=entry)
    if ruling is None:
        return MatchedRuling(place, kind, None, problem="no plugin ruled on this case",
                           entry=entry)
    index, record, problem = match(place, records)
    return MatchedRuling(place, kind, ruling, record, index, problem, entry)


def changes_of(rulings: Iterable[MatchedRuling]) -> dict[int, list[RecordChange]]:
    """The changes the matched rulings ask for, keyed by record index."""
    out: dict[int, list[RecordChange]] = {}
    for t in rulings:
        change = t.change
        if change is not None:
            out.setdefault(change.record, []).append(change)
    return out


def announce(host: PluginHost, rulings: Iterable[MatchedRuling]) -> list[Any]:
    """Tell write-back adapters and stores about each change (`td_adjustment_decided`);
    the plugins that failed."""
    errors: list[Any] = []
    for t in rulings:
        change = t.change
        if change is not None and t.record is not None:
            errors += host.adjustment_decided(t.record, change)
    return errors


def records_of(host: PluginHost, path: str) -> list[tuple[int, BoardRecord]]:
    """The records of a session file with their indexes, read through the host.

    :raises InputError: no such file, or no adapter knows it.
    """
    if not os.path.isfile(path):
        raise InputError(f"no such file: {path!r}")
    return list(enumerate(host.open_source(path).records(), 1))
