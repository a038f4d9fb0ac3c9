"""Following a session as it is played: changes in the scorer's data become hook calls,
findings and rulings for the TD.

`SessionWatcher` is pure: it is given, again and again, everything the source holds now
(``entries``: an identity per result or board in play, and its `BoardRecord`), works out
what changed since the last time, and fires the events through the plugin host:

- a board whose auction became complete: `td_auction_recorded`;
- a result that arrived (or a corrected result replacing an erased one): first
  `td_play_recorded` when it carries a play, then `td_result_recorded`, then
  `td_review_board` with the attention timing of that moment;
- a round that is now over: `td_round_completed`; `close` fires `td_session_closed`.

Attention timing (Law 64B5): a result seen while its round is still in progress at its
table is reviewed with ``Attention.DURING_ROUND``; one seen after the round ended (the
round was reported over, or the table already has results of a later round: the watch
started late, a correction came after the move) with ``Attention.AFTER_ROUND``.

A record whose ``in_play`` is true is a board still being played (calls or
cards in, no result); every other record is a result. Reading the file, polling and
printing are the caller's (`td_plugin.commands.watch`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from td_plugin.audit.coverage import Coverage
from td_plugin.audit.scorer_entry import ScorerEntry, scorer_entry
from td_plugin.host.manager import PluginError, PluginHost, Review
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import BoardRecord
from td_plugin.model.changes import RecordChange
from td_plugin.model.findings import Finding, placed
from td_plugin.model.place import Place
from td_plugin.model.rulings import Attention
from td_plugin.model.session import Session

__all__ = ["WatchEvent", "WatchReport", "SessionWatcher", "change_for"]


@dataclass(frozen=True)
class WatchEvent:
    """A finding as the TD is told it: where (section, table, round, board), on which
    record (None for a session-level finding such as a missing result), what the scorer
    must be given, which hook produced it, and when it was seen."""

    finding: Finding
    record: BoardRecord | None
    hook: str
    attention: Attention | None = None
    seen_at: dt.datetime | None = None
    entry: ScorerEntry | None = None

    @property
    def place(self) -> Place:
        """Where: the record's place, else the one the finding's data names (a missing
        result's)."""
        if self.record is not None:
            return Place.of(self.record)
        d = self.finding.data
        return Place(d.get("board", self.finding.board), d.get("section"), d.get("table"),
                     d.get("round"))


@dataclass
class WatchReport:
    """The TD report of a watched or replayed session."""

    session: Session
    #: results reviewed per (section, round)
    reviewed: dict[tuple[str, int], int] = field(default_factory=dict)
    events: list[WatchEvent] = field(default_factory=list)
    errors: list[PluginError] = field(default_factory=list)
    corrections: int = 0
    #: what the results reviewed held, and so what could be checked
    coverage: Coverage = field(default_factory=Coverage)

    @property
    def findings(self) -> list[Finding]:
        return [e.finding for e in self.events]

    @property
    def entries(self) -> list[WatchEvent]:
        """The events that ask for something to be entered in the scorer."""
        return [e for e in self.events if e.entry is not None]

    @property
    def total_reviewed(self) -> int:
        return sum(self.reviewed.values())


def _is_result(record: BoardRecord) -> bool:
    return not record.in_play


def _when(record: BoardRecord) -> dt.datetime:
    return record.time or dt.datetime.max


def change_for(event: WatchEvent) -> RecordChange | None:
    """The record change an event's ruling asks for: the finding's own, else one that
    gives the record the ruling's outcome, with the ruling as its commentary."""
    finding = event.finding
    if finding.change is not None:
        return finding.change
    ruling = finding.ruling
    if ruling is None or ruling.outcome is None:
        return None
    index = event.record.location.record if event.record is not None else None
    law = ruling.laws[-1] if ruling.laws else finding.law
    return RecordChange(record=index or 0, outcome=ruling.outcome, law=law,
                        annotations=(ruling,))


class SessionWatcher:
    """Turns successive states of a session into events, findings and a report.

    :param host: the plugin host that fires the hooks.
    :param session: the session (sections, movement); its results are kept up to date.
    :param context: the review context; the watcher sets ``attention`` per result.
    :param on_event: called with each `WatchEvent` as it happens (printing, a log).
    :param on_error: called with each plugin failure as it happens.
    """

    def __init__(self, host: PluginHost, session: Session, context: ReviewContext | None = None,
                 *, on_event: Callable[[WatchEvent], None] | None = None,
                 on_error: Callable[[PluginError], None] | None = None) -> None:
        self.host = host
        self.session = session
        self.context = context or ReviewContext()
        self.report = WatchReport(session)
        self._on_event = on_event
        self._on_error = on_error
        self._entries: dict[Any, BoardRecord] = {}
        #: results deleted with nothing in their place yet, by place: the terminals
        #: delete and insert, and a poll may fall between the two
        self._deleted: dict[tuple[Any, ...], BoardRecord] = {}
        self._opened = False
        self._closed = False

    # --- the three moments ------------------------------------------------------------

    def open(self) -> None:
        """Fire `td_session_opened` (once)."""
        if not self._opened:
            self._opened = True
            self._take(self.host.session_opened(self.session), None, "td_session_opened")

    def observe(self, entries: Mapping[Any, BoardRecord],
                now: dt.datetime | None = None) -> list[WatchEvent]:
        """Take in the source's current state; fire the events for what changed.

        :param entries: every result and board in play the source holds now, by identity
            (a result's row id; a board in play's place). The mapping is copied.
        :param now: when this state was seen (for the report; default: the records' times).
        :return: the events of this observation, in order.
        """
        self.open()
        start = len(self.report.events)
        hand = self.context.hand_record
        if hand is not None:  # the session's deals as dealt (--hand-record)
            entries = {k: hand.join(rec) for k, rec in entries.items()}
        old = self._entries
        changed = [k for k, rec in entries.items()
                   if (prev := old.get(k)) is not rec and prev != rec]
        gone = [k for k in old if k not in entries]
        gone_at: dict[tuple[Any, ...], list[BoardRecord]] = {}
        for k in gone:
            gone_at.setdefault(Place.of(old[k]).key, []).append(old[k])
        changed.sort(key=lambda k: (_when(entries[k]), str(k)))
        latest: dict[tuple[Any, Any], int] = {}
        for rec in entries.values():
            if _is_result(rec) and rec.round is not None:
                where = (rec.section, rec.table)
                latest[where] = max(latest.get(where, rec.round), rec.round)
        taken_over: set[int] = set()
        for k in changed:
            record = entries[k]
            before = old.get(k)
            place = Place.of(record).key
            if before is None and gone_at.get(place):
                before = gone_at[place].pop(0)
                taken_over.add(id(before))
            if before is None and _is_result(record):
                before = self._deleted.pop(place, None)
            self._changed(record, before, now, self._attention(record, latest))
        for k in gone:
            if id(old[k]) not in taken_over and _is_result(old[k]):
                self.session.remove_result(old[k])
                self._deleted[Place.of(old[k]).key] = old[k]
        self._entries = dict(entries)
        for section, round_ in self.session.newly_completed_rounds():
            self._take(self.host.round_completed(self.session, section, round_), None,
                       "td_round_completed", seen_at=now)
        return self.report.events[start:]

    def decide(self, event: WatchEvent) -> RecordChange | None:
        """The Director accepts an event's ruling: its change goes to the write-back
        plugins (`td_adjustment_decided`). Returns the change (None: the ruling changes
        nothing)."""
        change = change_for(event)
        if change is None or event.record is None:
            return None
        for error in self.host.adjustment_decided(event.record, change):
            self.report.errors.append(error)
            if self._on_error is not None:
                self._on_error(error)
        return change

    def close(self) -> WatchReport:
        """Fire `td_session_closed` (once) and return the report."""
        self.open()
        if not self._closed:
            self._closed = True
            self._take(self.host.session_closed(self.session), None, "td_session_closed")
        return self.report

    # --- one changed entry ------------------------------------------------------------

    def _attention(self, record: BoardRecord, latest: Mapping[tuple[Any, Any], int]) -> Attention:
        """When attention is drawn to what a result shows, seen now: after the round once
        the round was reported over, or once the table has results of a later round (or
        the scorer says it plays one); during the round otherwise. Without a section and
        round, the context's own timing."""
        section, table, round_ = record.section, record.table, record.round
        if section is None or round_ is None:
            return self.context.attention
        if (section, round_) in self.session.completed_rounds:
            return Attention.AFTER_ROUND
        moved_on = max(latest.get((section, table), round_),
                       round_ if table is None
                       else self.session.current_rounds.get((section, table), round_))
        return Attention.AFTER_ROUND if moved_on > round_ else Attention.DURING_ROUND

    def _changed(self, record: BoardRecord, before: BoardRecord | None,
                 now: dt.datetime | None, attention: Attention) -> None:
        seen = now or record.time
        auction = record.auction
        if auction is not None and auction.is_complete and not (
                before is not None and before.auction is not None and before.auction.is_complete):
            self._take(self.host.auction_recorded(self.session, record), record,
                       "td_auction_recorded", seen_at=seen)
        if not _is_result(record):
            return
        previous = before if before is not None and _is_result(before) else None
        if previous is not None:
            self.report.corrections += 1
        self.session.record_result(record, previous)
        if record.play is not None and len(record.play) and (
                previous is None or previous.play != record.play):
            self._take(self.host.play_recorded(self.session, record), record,
                       "td_play_recorded", attention, seen)
        self._take(self.host.result_recorded(self.session, record, previous), record,
                   "td_result_recorded", attention, seen)
        context = replace(self.context, attention=attention)
        self._take(self.host.review_board(record, context), record, "td_review_board",
                   attention, seen)
        if self.context.hand_record is not None:
            self._take(Review(placed(self.context.hand_record.differences(record), record)),
                       record, "td_review_board", attention, seen)
        self.report.coverage.add(record)
        if record.section is not None and record.round is not None:
            key = (record.section, record.round)
            self.report.reviewed[key] = self.report.reviewed.get(key, 0) + 1

    def _take(self, review: Review, record: BoardRecord | None, hook: str,
              attention: Attention | None = None, seen_at: dt.datetime | None = None) -> None:
        for error in review.errors:
            self.report.errors.append(error)
            if self._on_error is not None:
                self._on_error(error)
        for finding in review.findings:
            entry = (scorer_entry(record, finding)
                     if record is not None else None)
            event = WatchEvent(finding, record, hook, attention, seen_at, entry)
            self.report.events.append(event)
            if self._on_event is not None:
                self._on_event(event)
