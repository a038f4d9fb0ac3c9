"""What the records of a file or a session held, and so what could be checked: a report
that finds nothing is no clean bill of health when nothing could be checked (a file of
results alone has no deal to check, no play to find a revoke in).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from td_plugin.model.board import BoardRecord

__all__ = ["Coverage"]


@dataclass
class Coverage:
    """What the records of an input held, and so what could be checked: how many have a
    complete deal (the deal, the leads and revokes need one), an auction, a play, a
    result or a score. An auction holding a call that could not be read is not checked:
    it counts in ``auctions_unread``, not in ``auctions``."""

    deals: int = 0
    auctions: int = 0
    auctions_unread: int = 0
    plays: int = 0
    results: int = 0
    scores: int = 0

    def add(self, record: BoardRecord) -> None:
        deal = record.deal
        if deal is not None and deal.is_complete:
            self.deals += 1
        auction = record.auction
        if auction is not None and auction.unread:
            self.auctions_unread += 1
        elif auction is not None and len(auction):
            self.auctions += 1
        if record.play is not None and record.play.tricks:
            self.plays += 1
        if record.declarer_tricks is not None or (
                record.contract is not None and record.contract.is_passed_out):
            self.results += 1
        if record.score_ns is not None:
            self.scores += 1

    def merge(self, other: Coverage) -> None:
        self.deals += other.deals
        self.auctions += other.auctions
        self.auctions_unread += other.auctions_unread
        self.plays += other.plays
        self.results += other.results
        self.scores += other.scores

    def not_checked(self) -> list[str]:
        """What no record allowed to check (``deals``, ``auctions``, ``play``,
        ``revokes``, ``results``, ``scores``), in that order."""
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
        return out

    def to_json(self) -> dict[str, Any]:
        out = {"deals": self.deals, "auctions": self.auctions, "plays": self.plays,
               "results": self.results, "scores": self.scores,
               "not_checked": self.not_checked()}
        if self.auctions_unread:
            out["auctions_not_checked"] = self.auctions_unread
        return out
