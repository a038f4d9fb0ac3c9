"""What the records of a file or a session held, and so what could be checked: a report
that finds nothing is no clean bill of health when nothing could be checked (a file of
results alone has no deal to check, no play to find a revoke in).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from td_plugin.model.board import UNREAD_PARTS, BoardRecord

__all__ = ["Coverage"]


#: the records not checked whole that the coverage lists one by one (the rest counted)
MAX_LISTED = 1000


@dataclass
class Coverage:
    """What the records of an input held, and so what could be checked: how many have a
    complete deal (the deal, the leads and revokes need one), an auction, a play, a
    result or a score. A part of a record holding a token that could not be read
    (`BoardRecord.not_read`) is not checked: it counts in ``unread`` by part
    (``auctions_unread`` for the auction, and not in ``auctions``), and the record is
    listed in ``unread_records`` (its index, board and the parts; the first
    `MAX_LISTED`). ``with_data`` counts the records that hold any of a deal (even a part
    of one), an auction, a lead, a play, a contract, a result or a score: a file none of
    whose records does is no session (`nothing_to_check`)."""

    deals: int = 0
    auctions: int = 0
    plays: int = 0
    results: int = 0
    scores: int = 0
    unread: dict[str, int] = field(default_factory=dict)
    unread_records: list[tuple[int | None, int | None, tuple[str, ...]]] = field(
        default_factory=list)
    with_data: int = 0
    #: boards whose results could not be held against double dummy (Law 87A's possible
    #: fouled board): the solver is not installed
    dd_unchecked: int = 0

    def add(self, record: BoardRecord) -> None:
        if _holds_data(record):
            self.with_data += 1
        deal = record.deal
        if deal is not None and deal.is_complete:
            self.deals += 1
        auction = record.auction
        if auction is not None and not auction.unread and len(auction):
            self.auctions += 1
        if record.play is not None and record.play.tricks:
            self.plays += 1
        if record.declarer_tricks is not None or (
                record.contract is not None and record.contract.is_passed_out):
            self.results += 1
        if record.score_ns is not None:
            self.scores += 1
        parts = record.not_read()
        if parts:
            for part in parts:
                self.unread[part] = self.unread.get(part, 0) + 1
            if len(self.unread_records) < MAX_LISTED:
                self.unread_records.append((record.location.record, record.board, parts))

    @property
    def auctions_unread(self) -> int:
        """The auctions not checked: a call in them could not be read."""
        return self.unread.get("auction", 0)

    def merge(self, other: Coverage, offset: int = 0) -> None:
        """Add ``other``'s counts, its records' indexes shifted by ``offset``."""
        self.deals += other.deals
        self.auctions += other.auctions
        self.plays += other.plays
        self.results += other.results
        self.scores += other.scores
        for part, n in other.unread.items():
            self.unread[part] = self.unread.get(part, 0) + n
        room = MAX_LISTED - len(self.unread_records)
        self.unread_records += [(None if i is None else i + offset, board, parts)
                                for i, board, parts in other.unread_records[:max(room, 0)]]
        self.with_data += other.with_data
        self.dd_unchecked += other.dd_unchecked

    def not_checked(self) -> list[str]:
        """What no record allowed to check (``deals``, ``auctions``, ``play``,
        ``revokes``, ``results``, ``scores``), in that order, and ``double_dummy`` when
        results were not held against double dummy for want of the solver."""
        out = []
        if not self.deals:
            out.append("deals")
        if not self.auctions:
            out.append("auctions")
        if not self.plays:
            out.append("play")
        if not (self.plays and self.deals):
            out.append("revokes")
        if not self.results:
            out.append("results")
        if not self.scores:
            out.append("scores")
        if self.dd_unchecked:
            out.append("double_dummy")
        return out

    def unread_counts(self) -> dict[str, int]:
        """The records whose part could not be read whole, by part, in the order of
        `td_plugin.model.board.UNREAD_PARTS`."""
        return {part: self.unread[part] for part in UNREAD_PARTS if self.unread.get(part)}

    def nothing_to_check(self, records: int) -> str | None:
        """Why ``records`` records of which these are the coverage are no session (none,
        or none holding a deal, an auction, a play, a contract, a result or a score: a
        note quoting a few tags), or None when at least one holds one of them."""
        if self.with_data:
            return None
        if not records:
            return "no record in it: nothing to check"
        return ("no deal, auction, play, contract, result or score in "
                f"{'its record' if records == 1 else f'any of its {records:,} records'}: "
                "nothing to check (tags alone are no session)")

    def to_json(self) -> dict[str, Any]:
        out = {"deals": self.deals, "auctions": self.auctions, "plays": self.plays,
               "results": self.results, "scores": self.scores,
               "not_checked": self.not_checked()}
        if self.auctions_unread:
            out["auctions_not_checked"] = self.auctions_unread
        if self.unread:
            out["not_read"] = self.unread_counts()
            out["records_not_checked"] = [
                {"record": index, "board": board, "not_checked": list(parts)}
                for index, board, parts in self.unread_records]
        return out


def _holds_data(record: BoardRecord) -> bool:
    return (record.deal is not None or record.auction is not None or record.play is not None
            or record.contract is not None or record.declarer_tricks is not None
            or record.score_ns is not None or record.artificial is not None
            or record.lead is not None)
