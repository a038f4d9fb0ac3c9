"""Law 33: simultaneous calls.

A call made at the same time as one by the player whose turn it was to call is deemed to
be made after it. A case file marks the second of two such calls ``simultaneous: true``
(docs/cases.md); the walk over a case's calls (`td_plugin.laws.auction.situations`) asks this module
first, and it puts the two calls in the order the Law deems them made: the call of the
player whose turn it was first, the other one after it, which its own law then rules on
(usually a call out of rotation, Laws 28-32). When neither player was at his turn the
Law deems nothing, and the Director must enter the calls in the order he establishes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from td_plugin.laws.auction.walk import Situation, Walk
from td_plugin.model.names import seat_call_msg, seat_msg

if TYPE_CHECKING:
    from td_plugin.laws.auction.incident import IncidentCall

__all__ = ["SIMULTANEOUS", "SITUATIONS", "rule_simultaneous"]


def _simultaneous(walk: Walk, ic: IncidentCall) -> bool:
    nxt = walk.peek()
    return nxt is not None and nxt[1].simultaneous


def rule_simultaneous(walk: Walk) -> None:
    """33: of the current call and the next (marked simultaneous with it), the one by
    the player whose turn it was stands first; the other is deemed made after it."""
    idx, a = walk.current()
    jdx, b = walk.queue[walk.pos + 1]
    turn = walk.auction.next_seat
    if a.seat is b.seat:
        raise walk.err(jdx, f"simultaneous: true, but both calls are {a.seat.english}'s")
    if turn not in (a.seat, b.seat):
        raise walk.err(jdx, f"simultaneous: true, but it was {turn.english}'s turn: neither "
                            f"call is deemed first (Law 33); enter them in the order the "
                            f"Director establishes")
    b = replace(b, simultaneous=False)
    first, second = ((jdx, b), (idx, a)) if b.seat is turn else ((idx, a), (jdx, b))
    walk.queue[walk.pos:walk.pos + 2] = [first, second]
    walk.clause("33", "law33.simultaneous", turn=seat_msg(turn),
                first=seat_call_msg(first[1].seat, first[1].call),
                second=seat_call_msg(second[1].seat, second[1].call))


SIMULTANEOUS = Situation("33", _simultaneous, rule_simultaneous)
SITUATIONS = (SIMULTANEOUS,)
