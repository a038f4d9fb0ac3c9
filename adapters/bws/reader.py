"""The Bridgemate ``.bws`` adapter: a scorer's live session file, read into board records.

A ``.bws`` is the MS Access database a club's scorer shares with the table terminals
(Bridgemate Control Software). This module reads it (through `adapters.bws.tables`):

- ``Session``, ``Section`` (letters), ``RoundData`` (the movement), ``Tables`` (the round
  each table is playing), ``Settings``;
- ``ReceivedData``: one row per result; a correction erases the row (``Erased``) and
  adds a new one, so only rows not erased are results, and a later row at the same
  table, round and board replaces the one erased before it;
- ``BiddingData`` and ``PlayData``: the calls and the cards in the order made, per
  table, round and board (``Counter``), each with the seat that made it;
- ``HandRecord`` (the deals), ``PlayerNumbers`` (who sat where).

A result's record has the lead card entered (``lead``), an artificial score entered as a
remark (``artificial``) and the remark itself (``remarks``); ``extra`` has what only a
Bridgemate file says: ``bws_id`` (the row), ``time`` (when it was entered),
``declaring_pair``, ``not_played`` (the remark says so) and, for a board still being
played, ``in_play``.

It decides nothing: the findings come from the rulers. `BwsData` is one reading of the
file; `BwsSource` is the `td_plugin.host.sources.Source` the audit uses; `BwsData.timeline`
orders every row by its ``DateLog``/``TimeLog`` for a replay.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from adapters.bws import values as v
from adapters.bws.tables import (
    AccessParserTables,
    BackendFailed,
    DamagedTable,
    TableReader,
    open_tables,
)
from td_plugin.errors import InputError, Location
from td_plugin.messages import MsgText
from td_plugin.model.auction import Auction, AuctionEntry
from td_plugin.model.board import BoardRecord, RecordProblem, standard_dealer, standard_vulnerability
from td_plugin.model.cards import Seat
from td_plugin.model.deal import Deal
from td_plugin.model.movement import Movement, Slot
from td_plugin.model.play import Play, PlayedCard, Trick
from td_plugin.model.session import SectionInfo, Session

__all__ = ["Place", "ResultRow", "ActionRow", "BwsData", "BwsSource", "read_bws"]

#: (section letter, table, round, board): where one table's play of a board belongs
Place = tuple[str, str, int, int]


@dataclass(frozen=True)
class ResultRow:
    """One ``ReceivedData`` row, its values as stored."""

    id: int
    place: Place
    ns_pair: str
    ew_pair: str
    declaring_pair: str | None
    declarer: str
    contract: str
    result: str
    lead_card: str
    remarks: str
    time: dt.datetime | None
    erased: bool


@dataclass(frozen=True)
class ActionRow:
    """One ``BiddingData`` or ``PlayData`` row: a call or a card, with its seat."""

    id: int
    place: Place
    counter: int
    direction: str
    value: str
    time: dt.datetime | None
    erased: bool


@dataclass
class BwsData:
    """One reading of a ``.bws``: every table the adapter uses, as typed rows; a
    `td_plugin.host.sources.SessionSource`.

    ``problems`` holds what could not be read (a row with a bad value, a backend
    warning); the rest is read on.
    """

    format: ClassVar[str] = "bws"

    path: str
    backend: str = ""
    name: str = ""
    date: str | None = None
    guid: str | None = None
    section_letters: dict[int, str] = field(default_factory=dict)
    sections: tuple[SectionInfo, ...] = ()
    movement: Movement = field(default_factory=lambda: Movement(()))
    current_rounds: dict[tuple[str, str], int] = field(default_factory=dict)
    results: list[ResultRow] = field(default_factory=list)
    bids: dict[Place, list[ActionRow]] = field(default_factory=dict)
    cards: dict[Place, list[ActionRow]] = field(default_factory=dict)
    deals: dict[tuple[str, int], Deal] = field(default_factory=dict)
    players: dict[tuple[str, str], list[tuple[int, Seat, str]]] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    problems: list[RecordProblem] = field(default_factory=list)
    #: what the database reader complained about (a damaged or truncated file); also
    #: among ``problems``
    reader_warnings: list[str] = field(default_factory=list)

    # --- reading ----------------------------------------------------------------------

    @classmethod
    def read(cls, tables: TableReader, path: str | None = None) -> BwsData:
        """Read every table the adapter uses from ``tables``.

        :raises InputError: naming every table the file does not hold whole (a file cut
            short or damaged is not a session with fewer results).
        """
        data = cls(path=path or str(getattr(tables, "path", None) or "<bws>"),
                   backend=tables.backend)
        whole = _WholeTables(tables)
        data._read_all(whole)
        if whole.damaged:
            raise InputError("the file is damaged or cut short (being written?): "
                             + "; ".join(f"table {d.table}: {d.why}" for d in whole.damaged),
                             Location(path=data.path))
        return data

    def _read_all(self, tables: TableReader) -> None:
        self._read_session(tables)
        self._read_sections(tables)
        self._read_movement(tables)
        self._read_tables(tables)
        self._read_results(tables)
        self.bids = self._read_actions(tables, "BiddingData", "Bid")
        self.cards = self._read_actions(tables, "PlayData", "Card")
        self._read_hands(tables)
        self._read_players(tables)
        rows = tables.rows("Settings")
        self.settings = dict(rows[0]) if rows else {}
        self.reader_warnings = tables.warnings()
        for w in self.reader_warnings:
            self.problems.append(RecordProblem(w, Location(path=self.path)))

    def _problem(self, message: str, board: int | None = None) -> None:
        self.problems.append(RecordProblem(message, Location(path=self.path, board=board)))

    def _letter(self, section: Any) -> str:
        number = v.to_int(section)
        if number is None:
            return "?"
        return self.section_letters.get(number) or str(number)

    def _read_session(self, tables: TableReader) -> None:
        rows = tables.rows("Session")
        if rows:
            row = rows[0]
            self.name = v.to_text(row.get("Name"))
            when = v.to_datetime(row.get("Date"))
            self.date = when.date().isoformat() if when else None
            self.guid = v.to_text(row.get("GUID")) or None

    def _read_sections(self, tables: TableReader) -> None:
        self._missing_pairs: dict[str, int] = {}
        counts: dict[str, int] = {}
        for row in tables.rows("Section"):
            number = v.to_int(row.get("ID"))
            if number is None:
                continue
            letter = v.to_text(row.get("Letter")) or str(number)
            self.section_letters[number] = letter
            counts[letter] = v.to_int(row.get("Tables")) or 0
            self._missing_pairs[letter] = v.to_int(row.get("MissingPair")) or 0
        self._table_counts = counts

    def _read_movement(self, tables: TableReader) -> None:
        slots = []
        for row in tables.rows("RoundData"):
            try:
                letter = self._letter(row.get("Section"))
                ns, ew = v.to_int(row.get("NSPair")) or 0, v.to_int(row.get("EWPair")) or 0
                boards = _boards(row.get("LowBoard"), row.get("HighBoard"),
                                 row.get("CustomBoards"))
                missing = self._missing_pairs.get(letter, 0)
                slots.append(Slot(letter, str(v.to_int(row.get("Table"))),
                                  v.to_int(row.get("Round")) or 0, str(ns), str(ew), boards,
                                  sitout=(ns == 0 or ew == 0 or (missing != 0
                                                                 and missing in (ns, ew)))))
            except (ValueError, TypeError) as exc:
                self._problem(MsgText.of("problem.bws.row_unread", {
                    "table": "RoundData", "row": repr(row), "problem": _said(exc)}))
        self.movement = Movement(slots)
        infos = []
        for letter in sorted(set(self.section_letters.values()) | set(self.movement.sections())):
            rounds = self.movement.rounds(letter)
            infos.append(SectionInfo(letter, self._table_counts.get(letter)
                                     or len({s.table for s in self.movement if s.section == letter})
                                     or None, len(rounds) or None))
        self.sections = tuple(infos)

    def _read_tables(self, tables: TableReader) -> None:
        for row in tables.rows("Tables"):
            current = v.to_int(row.get("CurrentRound"))
            table = v.to_int(row.get("Table"))
            if current and table is not None:
                self.current_rounds[(self._letter(row.get("Section")), str(table))] = current

    def _place(self, row: Mapping[str, Any]) -> Place:
        return (self._letter(row.get("Section")), str(v.to_int(row.get("Table"))),
                v.to_int(row.get("Round")) or 0, v.to_int(row.get("Board")) or 0)

    def _read_results(self, tables: TableReader) -> None:
        out = []
        for index, row in enumerate(tables.rows("ReceivedData"), start=1):
            try:
                declaring = v.to_int(row.get("Declarer"))
                out.append(ResultRow(
                    id=v.to_int(row.get("ID")) or index, place=self._place(row),
                    ns_pair=str(v.to_int(row.get("PairNS"))),
                    ew_pair=str(v.to_int(row.get("PairEW"))),
                    declaring_pair=str(declaring) if declaring else None,
                    declarer=v.to_text(row.get("NS/EW")), contract=v.to_text(row.get("Contract")),
                    result=v.to_text(row.get("Result")), lead_card=v.to_text(row.get("LeadCard")),
                    remarks=v.to_text(row.get("Remarks")),
                    time=v.log_time(row.get("DateLog"), row.get("TimeLog")),
                    erased=v.to_bool(row.get("Erased"))))
            except (ValueError, TypeError) as exc:
                board_text = str(row.get("Board", "")).strip()
                self._problem(MsgText.of("problem.bws.row_unread", {
                    "table": "ReceivedData", "row": index, "problem": _said(exc)}),
                              v.to_int(row.get("Board")) if board_text.isdigit() else None)
        out.sort(key=lambda r: r.id)
        self.results = out

    def _read_actions(self, tables: TableReader, table: str, column: str) -> dict[Place, list[ActionRow]]:
        out: dict[Place, list[ActionRow]] = {}
        for index, row in enumerate(tables.rows(table), start=1):
            try:
                action = ActionRow(id=v.to_int(row.get("ID")) or index, place=self._place(row),
                                   counter=v.to_int(row.get("Counter")) or 0,
                                   direction=v.to_text(row.get("Direction")),
                                   value=v.to_text(row.get(column)),
                                   time=v.log_time(row.get("DateLog"), row.get("TimeLog")),
                                   erased=v.to_bool(row.get("Erased")))
            except (ValueError, TypeError) as exc:
                self._problem(MsgText.of("problem.bws.row_unread", {
                    "table": table, "row": index, "problem": _said(exc)}))
                continue
            out.setdefault(action.place, []).append(action)
        for rows in out.values():
            rows.sort(key=lambda a: (a.counter, a.id))
        return out

    def _read_hands(self, tables: TableReader) -> None:
        for row in tables.rows("HandRecord"):
            board = v.to_int(row.get("Board"))
            try:
                deal = v.hand_record_deal(row)
            except ValueError as exc:
                self._problem(MsgText.of("problem.bws.hand_record", {
                    "board": board, "problem": _said(exc)}), board)
                continue
            if deal is not None and board is not None:
                self.deals[(self._letter(row.get("Section")), board)] = deal

    def _read_players(self, tables: TableReader) -> None:
        for row in tables.rows("PlayerNumbers"):
            try:
                seat = v.parse_seat(row.get("Direction"))
            except ValueError:
                continue
            name = v.to_text(row.get("Name")) or v.to_text(row.get("Number"))
            if seat is None or not name:
                continue
            key = (self._letter(row.get("Section")), str(v.to_int(row.get("Table"))))
            self.players.setdefault(key, []).append((v.to_int(row.get("Round")) or 0, seat, name))

    # --- records ----------------------------------------------------------------------

    def session(self) -> Session:
        """A fresh `Session` for this file: name, date, sections, movement; no results."""
        return Session(name=self.name, date=self.date, path=self.path, format="bws",
                       sections=self.sections, movement=self.movement,
                       extra={"guid": self.guid, "backend": self.backend},
                       current_rounds=dict(self.current_rounds))

    def file_problems(self) -> list[RecordProblem]:
        return list(self.problems)

    def current_results(self) -> list[ResultRow]:
        """The rows that are results now: not erased, in ID order."""
        return [r for r in self.results if not r.erased]

    def record(self, row: ResultRow | None, place: Place, *, bids: list[ActionRow] | None = None,
               cards: list[ActionRow] | None = None, index: int | None = None) -> BoardRecord:
        """The board record of one place: its result row (None while the board is being
        played) with the calls and cards made there (default: all in the file)."""
        section, table, round_, board = place
        problems: list[RecordProblem] = []
        loc = Location(path=self.path, board=board, record=index)

        def problem(message: str | BaseException) -> None:
            problems.append(RecordProblem(MsgText.of("problem.bws.at_place", {
                "section": section, "table": table, "round": round_,
                "problem": _said(message)}), loc))

        dealer = standard_dealer(board) if board else None
        extra: dict[str, Any] = {}
        contract = tricks = lead = remark = None
        ns_pair = ew_pair = declaring_pair = None
        if row is not None:
            extra.update(bws_id=row.id)
            ns_pair, ew_pair = row.ns_pair, row.ew_pair
            declaring_pair = str(row.declaring_pair) if row.declaring_pair else None
            try:
                declarer = v.parse_seat(row.declarer)
            except ValueError as exc:
                problem(exc)
                declarer = None
            try:
                contract = v.parse_contract(row.contract, declarer)
            except ValueError as exc:
                problem(exc)
            try:
                delta = v.parse_result(row.result)
            except ValueError as exc:
                problem(exc)
                delta = None
            if contract is not None and not contract.is_passed_out and delta is not None:
                tricks = contract.tricks_needed + delta
            try:
                lead = v.parse_card(row.lead_card)
            except ValueError as exc:
                problem(MsgText.of("problem.bws.lead_card", {"problem": _said(exc)}))
                lead = None
            remark = v.parse_remarks(row.remarks)
        bids = self.bids.get(place, []) if bids is None else bids
        cards = self.cards.get(place, []) if cards is None else cards
        auction = _auction(dealer, [b for b in bids if not b.erased], problem) if bids else None
        if contract is None and auction is not None and auction.is_complete:
            contract = auction.contract()
        play = None
        live_cards = [c for c in cards if not c.erased]
        if live_cards:
            play = _play(live_cards, problem)
        # the result's own time; while the board is played, its last call or card
        times = [a.time for a in bids + cards if a.time is not None]
        time = row.time if row is not None and row.time is not None else max(times, default=None)
        return BoardRecord(
            board=board or None, dealer=dealer,
            vulnerability=standard_vulnerability(board) if board else None,
            deal=self.deals.get((section, board)), auction=auction, play=play,
            contract=contract, declarer_tricks=tricks, lead=lead,
            artificial=remark.artificial if remark is not None else None,
            remarks=remark.text if remark is not None else None,
            players=self._players_at(section, table, round_),
            event=self.name or None, section=section, table=table, round=round_,
            ns_pair=ns_pair, ew_pair=ew_pair, location=loc, problems=tuple(problems),
            extra=extra, declaring_pair=declaring_pair,
            not_played=remark is not None and remark.not_played, in_play=row is None,
            time=time)

    def _players_at(self, section: str, table: str, round_: int) -> dict[Seat, str]:
        out: dict[Seat, str] = {}
        for r, seat, name in sorted(self.players.get((section, table), ()), key=lambda x: x[0]):
            if r <= round_:
                out[seat] = name
        return out

    def records(self) -> Iterator[BoardRecord]:
        """The results of the file as board records, in ``ReceivedData`` ID order."""
        for index, row in enumerate(self.current_results(), start=1):
            yield self.record(row, row.place, index=index)

    def entries(self) -> dict[Any, BoardRecord]:
        """What the file holds now, for the watch: every result (keyed by its row ID)
        and every board still being played (calls or cards in, no result yet; keyed by
        its place)."""
        out: dict[Any, BoardRecord] = {}
        with_result = set()
        for row in self.current_results():
            out[row.id] = self.record(row, row.place)
            with_result.add(row.place)
        for place in sorted(set(self.bids) | set(self.cards)):
            if place not in with_result:
                out[("in_play",) + place] = self.record(None, place)
        return out

    def timeline(self) -> Iterator[tuple[dt.datetime | None, dict[Any, BoardRecord]]]:
        """The session as it grew: after each moment at which rows were written (in
        ``DateLog``/``TimeLog`` order), the entries as `entries` would have given them.

        An erased result row shows from its own time until the row that replaced it
        (the next one at the same place); an erased row that nothing replaced is left
        out. Rows without a time come last.
        """
        events: list[tuple[tuple[int, dt.datetime, int, int], str, Any]] = []

        def key(t: dt.datetime | None, kind: int, ident: int) -> tuple[int, dt.datetime, int, int]:
            return (0 if t is not None else 1, t or dt.datetime.min, kind, ident)

        later_at_place: dict[int, ResultRow] = {}
        by_place: dict[Place, list[ResultRow]] = {}
        for row in self.results:
            by_place.setdefault(row.place, []).append(row)
        for rows in by_place.values():
            for a, b in itertools.pairwise(rows):
                if a.erased:
                    later_at_place[a.id] = b
        for row in self.results:
            if row.erased and row.id not in later_at_place:
                continue
            events.append((key(row.time, 2, row.id), "result", row))
        for kind, table in ((0, self.bids), (1, self.cards)):
            for actions in table.values():
                for action in actions:
                    events.append((key(action.time, kind, action.id),
                                   "bid" if kind == 0 else "card", action))
        events.sort(key=lambda e: e[0])

        shown_bids: dict[Place, list[ActionRow]] = {}
        shown_cards: dict[Place, list[ActionRow]] = {}
        live: dict[Place, list[ResultRow]] = {}
        entries: dict[Any, BoardRecord] = {}
        i = 0
        while i < len(events):
            moment = events[i][0]
            touched: set[Place] = set()
            while i < len(events) and events[i][0][:2] == moment[:2]:
                _, what, row = events[i]
                i += 1
                touched.add(row.place)
                if what == "bid":
                    shown_bids.setdefault(row.place, []).append(row)
                elif what == "card":
                    shown_cards.setdefault(row.place, []).append(row)
                else:
                    rows = live.setdefault(row.place, [])
                    rows[:] = [r for r in rows if later_at_place.get(r.id) is not row]
                    rows.append(row)
            for place in touched:
                bids = sorted(shown_bids.get(place, []), key=lambda a: (a.counter, a.id))
                cards = sorted(shown_cards.get(place, []), key=lambda a: (a.counter, a.id))
                for k in [k for k, r in entries.items()
                          if (r.section, r.table, r.round, r.board or 0) == place]:
                    del entries[k]
                rows = live.get(place, [])
                for row in rows:
                    entries[row.id] = self.record(row, place, bids=bids, cards=cards)
                if not rows:
                    entries[("in_play",) + place] = self.record(None, place, bids=bids, cards=cards)
            yield (None if moment[0] else moment[1]), dict(entries)


class _WholeTables:
    """A `TableReader` that reads on past a damaged table, collecting every one."""

    def __init__(self, tables: TableReader) -> None:
        self._tables = tables
        self.backend = tables.backend
        self.damaged: list[DamagedTable] = []

    def table_names(self) -> set[str]:
        return self._tables.table_names()

    def rows(self, table: str) -> list[dict[str, Any]]:
        try:
            return self._tables.rows(table)
        except DamagedTable as exc:
            self.damaged.append(exc)
            return []

    def warnings(self) -> list[str]:
        return self._tables.warnings()


#: the table every Bridgemate session file has: the results
RESULTS_TABLE = "ReceivedData"


def _boards(low: Any, high: Any, custom: Any) -> tuple[int, ...]:
    text = v.to_text(custom)
    if text:
        return tuple(int(b) for b in text.replace(";", ",").replace(" ", ",").split(",") if b)
    lo, hi = v.to_int(low), v.to_int(high)
    if lo is None or hi is None:
        return ()
    return tuple(range(lo, hi + 1))


def _auction(dealer: Seat | None, bids: list[ActionRow], problem: Any) -> Auction | None:
    if dealer is None:
        return None
    entries: list[AuctionEntry] = []
    for i, b in enumerate(bids):
        try:
            call = v.parse_call(b.value)
        except ValueError as exc:
            problem(MsgText.of("problem.bws.bid", {"n": b.counter, "problem": _said(exc)}))
            return Auction(dealer, tuple(entries), truncated=True)
        expected = dealer.offset(i)
        if b.direction and b.direction.upper() != expected.value:
            problem(MsgText.of("problem.bws.bid_direction", {
                "n": b.counter, "call": b.value, "direction": b.direction, "turn": expected.value}))
        entries.append(AuctionEntry(call))
    return Auction(dealer, tuple(entries))


def _play(cards: list[ActionRow], problem: Any) -> Play:
    played: list[PlayedCard] = []
    for c in cards:
        try:
            seat = v.parse_seat(c.direction)
            card = v.parse_card(c.value)
        except ValueError as exc:
            problem(MsgText.of("problem.bws.card", {"n": c.counter, "problem": _said(exc)}))
            break
        if seat is None or card is None:
            problem(MsgText.of("problem.bws.card_missing", {
                "n": c.counter, "direction": repr(c.direction), "card": repr(c.value)}))
            break
        played.append(PlayedCard(seat, card))
    trick_list = tuple(Trick(tuple(played[i:i + 4])) for i in range(0, len(played), 4))
    # The terminals' play data has no claim mark: a play that stops before the last card,
    # whether or not the result was entered, is incomplete, never a claim (Law 63A3/A4
    # cannot follow a claim the file does not record).
    return Play(trick_list, incomplete=len(played) < 52)


def read_bws(path: str, backend: str = "auto", label: str | None = None) -> BwsData:
    """Read a ``.bws`` file; ``label`` is the path to name in records and problems
    (the live file when ``path`` is a private copy of it). When mdbtools, chosen by
    ``"auto"``, fails or exceeds its bounds (`adapters.bws.tables`), the file is read with
    access-parser instead and the data's problems say so.

    :raises InputError: the file is missing, not a readable Access database, has no
        results table, or does not hold all of a table the adapter reads (each named).
    """
    label = label or path
    tables = open_tables(path, backend)
    try:
        data = _read_session_file(tables, label)
    except BackendFailed as exc:
        if backend != "auto" or tables.backend == "access-parser":
            raise
        data = _read_session_file(AccessParserTables(path), label)
        data.problems.insert(0, RecordProblem(MsgText.of(
            "problem.bws.fallback", {"problem": MsgText.param(exc.bare_message)}),
            Location(path=label)))
    return data


def _read_session_file(tables: TableReader, label: str) -> BwsData:
    if RESULTS_TABLE not in tables.table_names():
        raise InputError(f"no {RESULTS_TABLE} table: not a Bridgemate session file, or its "
                         "catalog is damaged", Location(path=label))
    return BwsData.read(tables, label)


class BwsSource:
    """A ``.bws`` file as a `td_plugin.host.sources.SessionSource` (its results, ID order;
    its session, entries and timeline for the watch)."""

    format = "bws"
    #: a ``.bws`` stores results: a ruling's text has nowhere to go
    keeps_commentary = False

    def __init__(self, path: str, strict: bool = False, data: BwsData | None = None) -> None:
        self.path = path
        self.strict = strict
        self.data = data if data is not None else read_bws(path)
        if strict and self.data.problems:
            p = self.data.problems[0]
            raise InputError(p.message, p.location)

    @property
    def current_rounds(self) -> Mapping[tuple[str, str], int]:
        return self.data.current_rounds

    def session(self) -> Session:
        return self.data.session()

    def write_problem(self) -> str | None:
        """Why a changed copy cannot be written on this machine (the Access ODBC driver
        missing), or None (`adapters.bws.odbc.odbc_problem`)."""
        from adapters.bws.odbc import odbc_problem

        return odbc_problem()

    def entries(self) -> dict[Any, BoardRecord]:
        return self.data.entries()

    def timeline(self) -> Iterator[tuple[dt.datetime | None, dict[Any, BoardRecord]]]:
        return self.data.timeline()

    def records(self) -> Iterator[BoardRecord]:
        for record in self.data.records():
            if self.strict and record.problems:
                p = record.problems[0]
                raise InputError(p.message, p.location)
            yield record

    def file_problems(self) -> list[RecordProblem]:
        return list(self.data.problems)


def _said(error: str | BaseException) -> Any:
    """An error as a parameter of a problem: the message of a reader's error that has one
    (said in the report's language), else its English text."""
    if isinstance(error, InputError):
        return MsgText.param(error.bare_message)
    return MsgText.param(error) if isinstance(error, str) else str(error)
