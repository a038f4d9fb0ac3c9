"""Ruler plugin ``auction``: irregularities a record's auction itself marks, explained as
audit findings.

PBN marks an insufficient bid that was accepted with ``^I`` (Law 27A1: the offender's
LHO accepted it by calling over it) and a player's turn lost to a call out of rotation
with ``^S`` (Law 29A: the call out of rotation was accepted by calling over it; the
skipped players lost their turn). Such an auction is legal as recorded; each marker
becomes a ``recorded_irregularity`` finding that says what happened and under which
clause, so the Director reading the audit knows the auction was not a slip of the scorer.
"""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl, messages
from td_plugin.laws.context import ReviewContext
from td_plugin.model.auction import Auction, Call
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Seat
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.names import call_msg, join_msgs, seat_call_msg, seat_msg
from td_plugin.model.rulings import Clause, Ruling

__all__ = ["explain_recorded_irregularities", "KIND", "td_review_board"]

KIND = FindingKind.RECORDED_IRREGULARITY


def _last_bid(auction: Auction, before: int) -> Call | None:
    for e in reversed(auction.entries[:before]):
        if e.call is not None and e.call.is_bid:
            return e.call
    return None


def _finding(record: BoardRecord, law: str, key: str, params: dict[str, Any], seat: Seat,
             data: dict[str, Any]) -> Finding:
    loc = record.location
    ruling = Ruling((Clause(law, key, params),), key=key, params=params)
    return Finding(kind=KIND, key=key, params=params, law=law, board=record.board,
                   record=loc.record, path=loc.path, line=loc.line, ruling=ruling, data=data,
                   seat=seat)


def explain_recorded_irregularities(record: BoardRecord,
                                    context: ReviewContext | None = None) -> list[Finding]:
    """One finding per ``^I`` (law ``"27A1"``) and per run of ``^S`` (law ``"29A"``) in the
    record's auction, in auction order. ``context`` is accepted for the ruler interface;
    the explanation does not depend on it. None for an auction with a call that could not
    be read: the seat of each marker is not known."""
    auction = record.auction
    if auction is None or auction.unread:
        return []
    entries = auction.entries
    for e in entries:
        if e.call is None or e.insufficient:
            break
    else:  # the usual auction: nothing recorded
        return []
    out: list[Finding] = []
    i = 0
    while i < len(entries):
        e = entries[i]
        if e.call is not None and not e.insufficient:  # the usual call: nothing recorded
            i += 1
            continue
        seat = auction.seat_of(i)
        if e.call is None:
            j = i
            while j < len(entries) and entries[j].call is None:
                j += 1
            skipped = [auction.seat_of(k) for k in range(i, j)]
            lost = join_msgs([seat_msg(s) for s in skipped])
            data = {"index": i + 1, "skipped": [s.value for s in skipped]}
            if j < len(entries):
                offender = auction.seat_of(j)
                call = entries[j].call
                assert call is not None  # the first call after the skipped ones
                params = {"source": seat_call_msg(offender, call), "turn": seat_msg(seat),
                          "lho": seat_msg(offender.lho), "skipped": lost}
                data.update(seat=offender.value, call=call.pbn(), accepted_by=offender.lho.value)
                out.append(_finding(record, "29A", "recorded.out_of_rotation_accepted", params,
                                    offender, data))
            else:
                out.append(_finding(record, "29A", "recorded.turn_skipped", {"skipped": lost},
                                    seat, data))
            i = j
            continue
        if e.insufficient:
            over = _last_bid(auction, i)
            params = {"source": seat_call_msg(seat, e.call), "lho": seat_msg(seat.lho),
                      "over": call_msg(over) if over is not None else messages.Msg(
                          "recorded.no_bid")}
            data = {"index": i + 1, "seat": seat.value, "call": e.call.pbn(),
                    "over": over.pbn() if over is not None else None,
                    "accepted_by": seat.lho.value}
            out.append(_finding(record, "27A1", "recorded.insufficient_accepted", params, seat,
                                data))
        i += 1
    return out


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    if record.auction is None:
        return []
    return explain_recorded_irregularities(record, context)
