"""The boards of the session the table app serves: what the session file knows of each
table's play of each board, so the Director picks board, table and round and finds the
dealer, vulnerability, contract and result filled in.

Any file the plugin host reads will do (PBN, BWS, USEBIO, LIN); it is read once, when the
app starts, through the host (`PluginHost.open_source`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from td_plugin.audit.table_rulings import match
from td_plugin.host.sources import WritableSource
from td_plugin.model.board import BoardRecord, standard_dealer, standard_vulnerability
from td_plugin.model.cards import Seat, Suit
from td_plugin.model.place import Place

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost
    from td_plugin.model.hand_record import HandRecord

__all__ = ["BoardResult", "SessionBoards", "Row"]

#: The seats in the order a pair is named (North-South, East-West).
_PAIRS = ((Seat.N, Seat.S), (Seat.E, Seat.W))


@dataclass(frozen=True)
class BoardResult:
    """One table's result of one board as the session file has it."""

    index: int  # 1-based place of the record in its file
    record: BoardRecord

    @property
    def place(self) -> Place:
        r = self.record
        return Place(r.board, r.section, r.table, r.round, self.index)

    def facts(self) -> dict[str, Any]:
        """What a case can take from the record: dealer, vulnerability, and the
        contract, declarer, tricks and score when the file has them."""
        r = self.record
        out: dict[str, Any] = {}
        if r.board is not None:
            out["dealer"] = (r.dealer or standard_dealer(r.board)).value
            out["vulnerable"] = (r.vulnerability or standard_vulnerability(r.board)).value
        elif r.dealer is not None:
            out["dealer"] = r.dealer.value
        if r.contract is not None and not r.contract.is_passed_out and r.declarer is not None:
            out["contract"] = r.contract.pbn()
            out["declarer"] = r.declarer.value
        if r.declarer_tricks is not None:
            out["declarer_tricks"] = r.declarer_tricks
        if r.score_ns is not None:
            out["score_ns"] = r.score_ns
        return out

    @property
    def where(self) -> list[tuple[str, str]]:
        """Section, table and round as the file gives them: (message key, value) pairs."""
        r = self.record
        return [(key, str(value)) for key, value in (("app.section", r.section),
                                                     ("app.table", r.table),
                                                     ("app.round", r.round))
                if value not in (None, "")]

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """North-South's and East-West's pair numbers (may be empty) and players' names
        (``Hansen – Holm``, empty when the file has none)."""
        r = self.record
        out = []
        for number, seats in zip((r.ns_pair, r.ew_pair), _PAIRS, strict=True):
            names = [r.players[s] for s in seats if r.players.get(s)]
            out.append((number or "", " – ".join(names)))
        return out if any(n or names for n, names in out) else []

    @property
    def hands(self) -> dict[str, list[tuple[str, str]]] | None:
        """The deal by seat: each suit's ranks as PBN writes them (``AKT5``), or None
        when the file has no complete deal for this board."""
        deal = self.record.deal
        if deal is None or not deal.is_complete:
            return None
        out = {}
        for seat in Seat:
            hand = deal[seat]
            assert hand is not None
            out[seat.value] = [(suit.value, "".join(r.pbn() for r in hand.ranks(suit)))
                               for suit in Suit]
        return out

    def holding(self, seat: str) -> set[str] | None:
        """The cards ``seat`` was dealt (PBN, ``SA``), or None when the deal is unknown."""
        deal = self.record.deal
        if deal is None or seat not in ("N", "E", "S", "W"):
            return None
        hand = deal[Seat(seat)]
        return None if hand is None else {c.pbn() for c in hand}

    def identity(self) -> str:
        """What the picker shows of the result, as one text (equal for two results
        the Director cannot tell apart)."""
        return repr((self.where, self.pairs, self.label()))

    def label(self) -> str:
        """``table 3, round 2: 4HX N 10`` (pairs when there is no table)."""
        r = self.record
        parts = []
        if r.section:
            parts.append(f"{r.section}")
        if r.table:
            parts.append(f"T{r.table}")
        if r.round is not None:
            parts.append(f"R{r.round}")
        if not r.table and (r.ns_pair or r.ew_pair):
            parts.append(f"{r.ns_pair or '?'}-{r.ew_pair or '?'}")
        result = ""
        if r.contract is not None:
            result = "PASS" if r.contract.is_passed_out else (
                f"{r.contract.pbn()} {r.declarer.value if r.declarer else ''}".strip())
            if r.declarer_tricks is not None and not r.contract.is_passed_out:
                result += f" {r.declarer_tricks}"
        return " ".join(parts) + (f": {result}" if result else "")


@dataclass(frozen=True)
class Row:
    """A result as the board picker shows it: ``ordinal`` tells apart results the
    session describes alike (the ``n``-th of the board in the file), else None."""

    result: BoardResult
    ordinal: int | None = None


class SessionBoards:
    """The results of a session file, by board."""

    def __init__(self, path: str | None = None, fmt: str | None = None,
                 results: Iterable[BoardResult] = (), *, keeps_commentary: bool = True,
                 write_problem: str | None = None) -> None:
        self.path = path
        self.format = fmt
        self.results = list(results)
        #: whether writing the rulings into the file keeps a ruling that changes no
        #: result (as commentary; a .bws does not)
        self.keeps_commentary = keeps_commentary
        #: why no copy of the file can be written on this machine, found when it was read
        self.write_problem = write_problem

    @classmethod
    def read(cls, host: PluginHost, path: str,
             hand_record: HandRecord | None = None) -> SessionBoards:
        """Read every record of ``path`` through the host; with ``hand_record``, each
        with its board's deal as dealt where it has none (``--hand-record``).

        :raises InputError: no adapter knows the file.
        """
        source = host.open_source(path)
        records: Iterable[BoardRecord] = source.records()
        if hand_record is not None:
            records = map(hand_record.join, records)
        results = [BoardResult(i, record) for i, record in enumerate(records, 1)
                   if record.board is not None]
        if isinstance(source, WritableSource):
            return cls(path, source.format, results, keeps_commentary=source.keeps_commentary,
                       write_problem=source.write_problem())
        return cls(path, source.format, results)

    def indexed(self) -> list[tuple[int, BoardRecord]]:
        """The records with their indexes in the file, for matching table rulings."""
        return [(r.index, r.record) for r in self.results]

    def __bool__(self) -> bool:
        return bool(self.results)

    def boards(self) -> list[int]:
        return sorted({r.record.board for r in self.results if r.record.board is not None})

    def of_board(self, board: int) -> list[BoardResult]:
        return [r for r in self.results if r.record.board == board]

    def rows(self, board: int) -> list[Row]:
        """The results of ``board`` for the picker, each told apart from the others by
        what the session knows (place, pairs, contract and result) or, where that is
        the same, by its place among the board's results."""
        results = self.of_board(board)
        seen: dict[str, int] = {}
        for r in results:
            seen[r.identity()] = seen.get(r.identity(), 0) + 1
        return [Row(r, n if seen[r.identity()] > 1 else None)
                for n, r in enumerate(results, 1)]

    def find(self, place: Place) -> BoardResult | None:
        """The result at ``place`` (the one picked there, else board and
        section/table/round as far as given); None when there is none or several fit."""
        index, _, _ = match(place, self.indexed())
        return None if index is None else self.result(index)

    def result(self, index: int) -> BoardResult | None:
        for r in self.results:
            if r.index == index:
                return r
        return None
