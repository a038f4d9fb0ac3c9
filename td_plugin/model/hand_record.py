"""The club's hand records: the deals of a session as the dealing machine dealt them, by
board number (`HandRecord`), joined to results that carry no deal (most Bridgemate files)
and compared with the deals the results carry.

A result whose own deal is not the hand record's is found (``hand_record_differs``): the
cards played may not have been the cards dealt, a board possibly fouled (Law 87A), or the
hand record is another session's. Which it was is the Director's to find out; the finding
names the hands that differ and leaves the result's own deal as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import SEATS
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.names import join_msgs, seat_msg

__all__ = ["HandRecord"]


@dataclass(frozen=True)
class HandRecord:
    """The deals of a session by board number: each board's record in the hand record
    file (its deal, dealer and vulnerability), and the file's ``path``."""

    path: str
    boards: Mapping[int, BoardRecord] = field(default_factory=dict, hash=False)

    def join(self, record: BoardRecord) -> BoardRecord:
        """``record`` with the hand record's deal of its board where it has none (and the
        dealer and vulnerability where it says neither); as it is otherwise."""
        dealt = self.boards.get(record.board) if record.board is not None else None
        if dealt is None or record.deal is not None or dealt.deal is None:
            return record
        return record.evolve(deal=dealt.deal,
                             dealer=record.dealer if record.dealer is not None else dealt.dealer,
                             vulnerability=(record.vulnerability if record.vulnerability
                                            is not None else dealt.vulnerability))

    def differences(self, record: BoardRecord) -> list[Finding]:
        """A ``hand_record_differs`` finding when ``record`` has a deal of its own and a
        hand of it is not the hand record's (only hands both give are compared)."""
        dealt = self.boards.get(record.board) if record.board is not None else None
        if dealt is None or dealt.deal is None or record.deal is None:
            return []
        seats = [s for s in SEATS if (mine := record.deal[s]) is not None
                 and (theirs := dealt.deal[s]) is not None and mine != theirs]
        if not seats:
            return []
        loc = record.location
        return [Finding(kind=FindingKind.HAND_RECORD_DIFFERS, key="hand_record.differs",
                        params={"board": record.board, "seats": join_msgs(map(seat_msg, seats)),
                                "hand_record": self.path},
                        law="87A", board=record.board, record=loc.record, path=loc.path,
                        line=loc.line,
                        data={"hand_record": self.path, "seats": [s.value for s in seats],
                              "deal": record.deal.pbn(), "hand_record_deal": dealt.deal.pbn()})]
