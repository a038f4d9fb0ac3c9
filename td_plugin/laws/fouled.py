"""Law 87: a fouled board found in the session's own records.

A board is fouled when a card was displaced in it, or its dealer or vulnerability
differed between copies, so that contestants who should have had a score comparison
did not play it in identical form (87A). Where a session records the deal of each table
(PBN and LIN per-table records, BBO), `BoardVersions` gathers, board by board, the forms
the tables played (cards, dealer, vulnerability) as the records are read, and
`BoardVersions.findings` compares them at the end of the file:

- a form that differs from the board's correct form by a few displaced cards (at most
  `MAX_DISPLACED`: a card or a few exchanged between hands), by whole hands in the
  wrong pockets (a rotated board, two hands exchanged), or by its dealer or
  vulnerability alone, is a changed form of that board: a finding ``fouled_board``
  (87A) names each form with the tables that played it (section, table, round, both
  pairs, the record), which cards differ, which form is correct and how to score it
  (87B), with the adjustments entry that scores it in groups for ``td-plugin adjust``
  (`td_plugin.cases.adjustments.FouledBoard`);
- forms farther apart are other deals (a file holding several sessions or segments
  under the same name), not a fouled board: they are not compared.

The correct form is the hand record where the session has one; within a file's own
records that is the form most tables played (the majority). Where no form has a
majority, the first form in the file is proposed as the correct one and the finding
says that the Director decides.

Where only results and lead cards are known against the hand record (a Bridgemate
file, a USEBIO file with its hand records), leads the leaders did not hold are a
*possible* fouled board (key ``fouled.possible``), said as such, when at least two
tables of the board led a card that the hand record gives to one same other seat (as
when cards moved between those two hands). A single lead not held is most often a slip
of entry (the real Compscore files show one in ten leads so): it stays the record's own
``lead_not_held``.

Where the records give only each table's contract, declarer and tricks (a Bridgemate
file with its hand record, results without play), results that double dummy makes
implausible at consecutive tables are a *possible* fouled board too (the same key,
``data["signal"]`` ``"double_dummy"``; the lead signal is ``"leads"``). A result's
*departure* is declarer's tricks less the tricks double dummy gives that declarer in
that strain on the hand record's deal (one solver table per board, the strains played
only). The pattern, all of it needed:

- every result of the board has its round, no two the same (the board's order of play;
  without rounds nothing is judged: a fact not given; nor where two tables played the
  board in one round, as with several copies of it in play: the real ACBL club
  ``.bws`` plays each board at up to five tables a round, so no copy's order is known);
- two or more results, at consecutive rounds of the board's play, depart by at least
  `DD_IMPLAUSIBLE` tricks (4) in the same direction, and no other result does;
- every other result, at least `DD_OTHERS` of them (2), departs by at most `DD_FIT`
  (2) tricks: the board fits double dummy where it was not fouled.

Four tricks from double dummy is far outside normal play: on the real Compscore USEBIO
and Polish club PBN files (4,773 results of 359 boards) 96 % of results depart by at
most 2 tricks and 1 % (47) by 4 or more (a defence's or declarer's gross error, or a
wrong entry); such departures at two consecutive tables in the same direction while
the rest of the room fits is what a changed deal leaves. With 3 tricks instead, the
same files (each board's results in file order taken as its rounds: they record no
rounds) gave 4 boards of 359; with 4, one (a Howell's board, whose file order is not
its order of play), and 3 with the order ignored altogether. A card or two displaced
seldom moves double dummy by 4 tricks: the signal finds gross fouling (hands exchanged
or rotated) and is no proof of a clean board. Without the solver (the extra
``td-plugin[dds]``) the check is not made, and the input's coverage says so
(``double_dummy`` not checked).

Memory stays bounded: per board at most `MAX_VERSIONS` forms are kept, and per form at
most `MAX_TABLES` tables are named (the others counted).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import BoardRecord, Vulnerability
from td_plugin.model.cards import ALL_CARDS, SEATS, Seat, Suit
from td_plugin.model.deal import Deal
from td_plugin.model.findings import Finding, FindingKind, PlainRows

__all__ = ["TableRef", "BoardVersions", "MAX_DISPLACED", "MAX_VERSIONS", "MAX_TABLES",
           "DD_FIT", "DD_IMPLAUSIBLE", "DD_OTHERS", "compare_forms"]

#: at most this many cards in other hands make a changed form of the same board
MAX_DISPLACED = 8
MAX_VERSIONS = 64
MAX_TABLES = 64
#: tricks from double dummy that make a result implausible (see the module's text)
DD_IMPLAUSIBLE = 4
#: tricks from double dummy within which the board's other results fit it
DD_FIT = 2
#: the board's other results, fitting double dummy, that the pattern needs at least
DD_OTHERS = 2

Masks = tuple[int, int, int, int]  # the hands of N, E, S, W
Form = tuple[Masks, Seat | None, Vulnerability | None]  # the hands, dealer, vulnerability
BoardKey = tuple[str | None, str | None, int]  # event, section, board


_N, _E, _S, _W = SEATS
_ref = tuple.__new__


class TableRef(NamedTuple):
    """A table that played a form of a board: where, who, and its record."""

    record: int | None
    line: int | None
    section: str | None
    table: str | None
    round: int | None
    ns_pair: str | None
    ew_pair: str | None

    def shifted(self, offset: int) -> TableRef:
        return self._replace(record=None if self.record is None else self.record + offset)

    def to_json(self) -> dict[str, Any]:
        return self._asdict()

    def message(self) -> Msg:
        """Where, for people: ``table 3, round 2, 5 v 2, record 17``."""
        parts = [Msg(f"fouled.at.{name}", {name: value}) for name, value in
                 (("section", self.section), ("table", self.table), ("round", self.round))
                 if value not in (None, "")]
        if self.ns_pair and self.ew_pair:
            parts.append(Msg("fouled.at.pairs", {"ns": self.ns_pair, "ew": self.ew_pair}))
        if self.record is not None:
            parts.append(Msg("fouled.at.record", {"record": self.record}))
        return _joined(parts, "fouled.comma")


Result = tuple[TableRef, Suit | None, Seat, int]  # the table, strain, declarer, tricks


def _joined(parts: list[Msg], key: str) -> Msg:
    """The parts joined by the message ``key`` (``{a}, {b}``), halves within halves so
    that a long list nests only as deep as its logarithm."""
    if not parts:
        return Msg("fouled.unknown_table")
    if len(parts) == 1:
        return parts[0]
    middle = len(parts) // 2
    return Msg(key, {"a": _joined(parts[:middle], key), "b": _joined(parts[middle:], key)})


@dataclass(slots=True)
class _Form:
    count: int = 0
    tables: list[TableRef] = field(default_factory=list)
    first: int = 0  # the order in which forms were first seen


@dataclass
class _Differences:
    """How a changed form differs from the correct one."""

    cards: list[tuple[int, Seat, Seat]]  # card index, correct holder, holder here
    hands: dict[Seat, Seat]  # seat here -> seat whose hand it holds (whole hands moved)
    rotated: int | None  # seats turned clockwise when the whole board was rotated
    dealer: tuple[str | None, str | None] | None
    vulnerability: tuple[str | None, str | None] | None


def _holder_counts(a: Masks, b: Masks) -> list[tuple[int, Seat, Seat]]:
    out = []
    for i, seat_a in enumerate(SEATS):
        for j, seat_b in enumerate(SEATS):
            if i == j:
                continue
            bits = a[i] & b[j]
            while bits:
                low = bits & -bits
                out.append((low.bit_length() - 1, seat_a, seat_b))
                bits ^= low
    return out


def compare_forms(correct: Form, other: Form) -> _Differences | None:
    """How ``other`` differs from ``correct``; None when it is another deal altogether
    (more than `MAX_DISPLACED` cards elsewhere, not whole hands moved)."""
    (a, dealer_a, vul_a), (b, dealer_b, vul_b) = correct, other
    hands: dict[Seat, Seat] = {}
    rotated = None
    cards: list[tuple[int, Seat, Seat]] = []
    if a != b:
        kept = ((a[0] & b[0]).bit_count() + (a[1] & b[1]).bit_count()
                + (a[2] & b[2]).bit_count() + (a[3] & b[3]).bit_count())
        if 52 - kept <= MAX_DISPLACED:
            cards = _holder_counts(a, b)
        elif a[0] in b and a[1] in b and a[2] in b and a[3] in b:  # whole hands moved
            hands = {SEATS[j]: SEATS[a.index(mask)] for j, mask in enumerate(b)
                     if a.index(mask) != j}
            turns = {(j - a.index(mask)) % 4 for j, mask in enumerate(b)}
            rotated = turns.pop() if len(turns) == 1 else None
        else:
            return None  # another deal: told apart without listing its cards
    return _Differences(cards, hands, rotated,
                        (_value(dealer_a), _value(dealer_b)) if dealer_a != dealer_b else None,
                        (_value(vul_a), _value(vul_b)) if vul_a != vul_b else None)


def _value(item: Seat | Vulnerability | None) -> str | None:
    return None if item is None else item.value


class BoardVersions:
    """The forms of each board the records of one input show, gathered record by record
    (`add`), merged across the parts of a file read on several processes (`merge`), and
    compared at the end (`findings`)."""

    def __init__(self) -> None:
        self.boards: dict[BoardKey, dict[Form, _Form]] = {}
        #: the tables whose leader did not hold the lead: (table, holder, leader)
        self.leads: dict[BoardKey, list[tuple[TableRef, str, str]]] = {}
        #: the results known without their play: contract, declarer and tricks
        self.results: dict[BoardKey, list[Result]] = {}
        #: boards the double-dummy pattern could not be checked on (no solver)
        self.dd_unchecked = 0
        self.seen = 0
        self._last_deal: Deal | None = None
        self._last_masks: Masks = (0, 0, 0, 0)

    def __getstate__(self) -> dict[str, Any]:  # sent from a worker: not the last deal
        return {**self.__dict__, "_last_deal": None}

    def add(self, record: BoardRecord) -> None:
        """Note the form of the board a record's table played (a record without a
        complete deal says nothing of it). Runs for every record of an audit: kept
        short (the records of a board mostly share one deal object, whose hands are
        read once)."""
        deal = record.deal
        board = record.board
        if deal is None or board is None:
            return
        if deal is self._last_deal:
            masks = self._last_masks
        else:
            if not deal.is_complete:
                return
            hands = deal.hands
            masks = (hands[_N].mask, hands[_E].mask,  # type: ignore[union-attr]
                     hands[_S].mask, hands[_W].mask)  # type: ignore[union-attr]
            self._last_deal, self._last_masks = deal, masks
        form = (masks, record.dealer, record.vulnerability)
        key = (record.event, record.section, board)
        forms = self.boards.get(key)
        if forms is None:
            forms = self.boards[key] = {}
        entry = forms.get(form)
        if entry is None:
            if len(forms) >= MAX_VERSIONS:
                return
            entry = forms[form] = _Form(first=self.seen)
        self.seen += 1
        entry.count += 1
        loc = record.location
        ref = _ref(TableRef, (loc.record, loc.line, record.section, record.table,
                              record.round, record.ns_pair, record.ew_pair))
        if len(entry.tables) < MAX_TABLES:
            entry.tables.append(ref)
        if record.play is None:
            if record.lead is not None:
                self._lead(key, record, deal, ref)
            contract, tricks = record.contract, record.declarer_tricks
            if (contract is not None and contract.strain is not None and tricks is not None
                    and contract.declarer is not None):
                self.results.setdefault(key, []).append(
                    (ref, contract.strain.suit, contract.declarer, tricks))

    def _lead(self, key: BoardKey, record: BoardRecord, deal: Deal, ref: TableRef) -> None:
        lead, declarer = record.lead, record.declarer
        if lead is None or declarer is None:
            return
        leader = declarer.lho
        hand = deal.hands[leader]
        holder = deal.holder(lead)
        if hand is not None and lead not in hand and holder is not None:
            self.leads.setdefault(key, []).append((ref, holder.value, leader.value))

    def merge(self, other: BoardVersions, offset: int) -> None:
        """Take in the forms of a later part of the file, its records ``offset`` on."""
        for key, forms in other.boards.items():
            mine = self.boards.setdefault(key, {})
            for form, entry in forms.items():
                have = mine.get(form)
                if have is None:
                    if len(mine) >= MAX_VERSIONS:
                        continue
                    have = mine[form] = _Form(first=self.seen + entry.first)
                have.count += entry.count
                room = MAX_TABLES - len(have.tables)
                have.tables.extend(t.shifted(offset) for t in entry.tables[:max(room, 0)])
        for key, leads in other.leads.items():
            self.leads.setdefault(key, []).extend((t.shifted(offset), holder, leader)
                                                  for t, holder, leader in leads)
        for key, results in other.results.items():
            self.results.setdefault(key, []).extend(
                (t.shifted(offset), strain, declarer, tricks)
                for t, strain, declarer, tricks in results)
        self.seen += other.seen

    def findings(self, path: str | None = None) -> list[Finding]:
        """A ``fouled_board`` finding for each board played in more than one form of
        the same deal, and a possible one for each board whose lead was not held."""
        out = []
        for key, forms in self.boards.items():
            if len(forms) > 1:
                out.extend(_fouled(key, forms, path))
                continue
            tables = _lead_pattern(self.leads[key]) if key in self.leads else []
            if tables:
                out.append(_possible(key, tables, path, "leads"))
                continue
            results = self.results.get(key)
            if results and _may_show(results):
                departed = self._departures(next(iter(forms))[0], results)
                if departed:
                    out.append(_possible(key, departed, path, "double_dummy"))
        return out

    def _departures(self, masks: Masks, results: list[Result]) -> list[TableRef]:
        """The tables of the double-dummy pattern on the board (see the module's text),
        or none; without the solver none, counted in `dd_unchecked`."""
        from td_plugin.laws.revokes.double_dummy import DoubleDummyUnavailable, tricks_table

        try:
            table = tricks_table(masks, {strain for _, strain, _, _ in results})
        except DoubleDummyUnavailable:
            self.dd_unchecked += 1
            return []
        except ValueError:
            return []
        ordered = sorted(results, key=lambda r: r[0].round or 0)
        return dd_pattern([(r[0], r[3] - table[r[1], r[2]]) for r in ordered])


def _may_show(results: list[Result]) -> bool:
    """Whether the board's results could show the double-dummy pattern at all (checked
    before the solver is called): enough of them, each with its own round."""
    rounds = {r[0].round for r in results}
    return (len(results) >= 2 + DD_OTHERS and None not in rounds
            and len(rounds) == len(results))


def dd_pattern(departures: list[tuple[TableRef, int]]) -> list[TableRef]:
    """The tables of the double-dummy pattern among the board's results in the order
    of play, each with its departure from double dummy (tricks made less double
    dummy's), or none: one run of consecutive results at least `DD_IMPLAUSIBLE` off in
    one direction, every other result (at least `DD_OTHERS`) within `DD_FIT` tricks."""
    off = [i for i, (_, d) in enumerate(departures) if abs(d) >= DD_IMPLAUSIBLE]
    if (len(off) < 2 or off[-1] - off[0] != len(off) - 1
            or len(departures) - len(off) < DD_OTHERS):
        return []
    if len({departures[i][1] > 0 for i in off}) != 1 or any(
            abs(d) > DD_FIT for i, (_, d) in enumerate(departures) if i not in off):
        return []
    return [departures[i][0] for i in off]


def _lead_pattern(leads: list[tuple[TableRef, str, str]]) -> list[TableRef]:
    """The tables of the most frequent (holder, leader) among the leads not held, when
    at least two share one."""
    by_move: dict[tuple[str, str], list[TableRef]] = {}
    for table, holder, leader in leads:
        by_move.setdefault((holder, leader), []).append(table)
    best = max(by_move.values(), key=len)
    return best if len(best) >= 2 else []


def _families(forms: Mapping[Form, _Form]) -> list[list[tuple[Form, _Form, _Differences | None]]]:
    """The forms grouped by deal: each family led by its most played form (the first
    in the file among equals), with how each other form differs from it."""
    ordered = sorted(forms.items(), key=lambda item: (-item[1].count, item[1].first))
    families: list[list[tuple[Form, _Form, _Differences | None]]] = []
    for form, entry in ordered:
        for family in families:
            differences = compare_forms(family[0][0], form)
            if differences is not None:
                family.append((form, entry, differences))
                break
        else:
            families.append([(form, entry, None)])
    return [family for family in families if len(family) > 1]


def _differs_message(d: _Differences) -> Msg:
    parts = []
    if d.rotated:
        parts.append(Msg("fouled.differs.rotated", {"turns": d.rotated}))
    elif d.hands:
        parts.append(Msg("fouled.differs.hands", {"moves": _joined(
            [Msg("fouled.differs.hand", {"here": seat_name(here), "from": seat_name(src)})
             for here, src in d.hands.items()], "fouled.comma")}))
    if d.cards:
        parts.append(Msg("fouled.differs.cards", {"moves": _joined(
            [Msg("fouled.differs.card", {"card": ALL_CARDS[i].pbn(), "from": seat_name(a),
                                         "to": seat_name(b)}) for i, a, b in d.cards],
            "fouled.comma")}))
    if d.dealer:
        parts.append(Msg("fouled.differs.dealer", {"correct": d.dealer[0] or "?",
                                                   "here": d.dealer[1] or "?"}))
    if d.vulnerability:
        parts.append(Msg("fouled.differs.vulnerability", {"correct": d.vulnerability[0] or "?",
                                                          "here": d.vulnerability[1] or "?"}))
    return _joined(parts, "fouled.semicolon")


def _differs_json(d: _Differences) -> dict[str, Any]:
    return {"cards": [{"card": ALL_CARDS[i].pbn(), "correct": a.value, "here": b.value}
                      for i, a, b in d.cards],
            "hands": {here.value: src.value for here, src in d.hands.items()},
            "rotated": d.rotated,
            "dealer": list(d.dealer) if d.dealer else None,
            "vulnerability": list(d.vulnerability) if d.vulnerability else None}


def _tables_message(entry: _Form) -> Msg:
    msg = _joined([t.message() for t in entry.tables], "fouled.semicolon")
    if entry.count > len(entry.tables):
        msg = Msg("fouled.more", {"tables": msg, "more": entry.count - len(entry.tables)})
    return msg


def _proposal(board: int, groups: list[list[TableRef]]) -> dict[str, Any] | None:
    """The adjustments entry that scores the board in groups, or None: a table without
    both pairs cannot be named in one."""
    if not groups or any(not (t.ns_pair and t.ew_pair) for g in groups for t in g):
        return None
    lists = [[{"ns_pair": t.ns_pair, "ew_pair": t.ew_pair} for t in g] for g in groups]
    return {"board": board, "fouled": lists[0] if len(lists) == 1 else lists, "law": "87B"}


def _proposal_message(entry: dict[str, Any] | None) -> Msg:
    if entry is None:
        return Msg("fouled.proposal.no_pairs")
    return Msg("fouled.proposal", {"entry": json.dumps(entry, ensure_ascii=False)})


def _fouled(key: BoardKey, forms: Mapping[Form, _Form], path: str | None) -> list[Finding]:
    out = []
    board = key[2]
    for family in _families(forms):
        (_, correct, _), changed = family[0], family[1:]
        total = sum(entry.count for _, entry, _ in family)
        majority = correct.count * 2 > total
        versions = [Msg("fouled.version", {"form": n, "tables": _tables_message(entry),
                                           "differs": _differs_message(d)})
                    for n, (_, entry, d) in enumerate(changed, 1) if d is not None]
        rows = PlainRows([{"form": 0, "correct": True, "tables": [t.to_json() for t in correct.tables],
                           "count": correct.count, "differs": None}])
        rows.extend({"form": n, "correct": False, "tables": [t.to_json() for t in entry.tables],
                     "count": entry.count, "differs": _differs_json(d) if d else None}
                    for n, (_, entry, d) in enumerate(changed, 1))
        proposal = _proposal(board, [entry.tables for _, entry, _ in changed])
        if any(entry.count > len(entry.tables) for _, entry, _ in changed):
            proposal = None  # not every table is named
        first = changed[0][1].tables[0]
        correct_msg = Msg("fouled.correct.majority" if majority else "fouled.correct.first",
                          {"count": correct.count, "total": total,
                           "tables": _tables_message(correct)})
        out.append(Finding(
            kind=FindingKind.FOULED_BOARD, key="fouled.board", law="87A", board=board,
            record=first.record, path=path, line=first.line,
            params={"board": board, "versions": _joined(versions, "fouled.space"),
                    "correct": correct_msg, "proposal": _proposal_message(proposal)},
            data={"board": board, "section": key[1], "event": key[0], "possible": False,
                  "correct_by": "majority" if majority else "first_in_file",
                  "forms": rows, "adjustment": proposal}))
    return out


def _possible(key: BoardKey, tables: list[TableRef], path: str | None,
              signal: str) -> Finding:
    board = key[2]
    named = tables[:MAX_TABLES]
    proposal = _proposal(board, [named]) if len(named) == len(tables) else None
    entry = _Form(len(tables), named)
    return Finding(
        kind=FindingKind.FOULED_BOARD,
        key="fouled.possible" if signal == "leads" else "fouled.possible.double_dummy",
        law="87A", board=board,
        record=named[0].record, path=path, line=named[0].line,
        params={"board": board, "tables": _tables_message(entry),
                "proposal": _proposal_message(proposal)},
        data={"board": board, "section": key[1], "event": key[0], "possible": True,
              "signal": signal, "tables": PlainRows(t.to_json() for t in named), "adjustment": proposal})


def versions_of(records: Iterable[BoardRecord]) -> BoardVersions:
    """The forms of every board of ``records`` (for a library's own use and the tests)."""
    versions = BoardVersions()
    for record in records:
        versions.add(record)
    return versions
