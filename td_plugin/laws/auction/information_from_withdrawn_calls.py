"""Law 16C: information from withdrawn (or cancelled) calls.

For the non-offending side all information from a withdrawn action is authorized (16C1);
for the offending side the information from its own withdrawn calls and from the
non-offending side's withdrawn calls is unauthorized (16C2). So whoever withdrew the
call, the information is unauthorized to the offending side. Laws that switch 16C off
(23B, 26A, 27B1) simply record nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from td_plugin.model.auction import Call
from td_plugin.model.cards import Seat, Side
from td_plugin.model.names import seat_call_msg, side_msg

__all__ = ["Unauthorized", "unauthorized_to_offenders"]


@dataclass(frozen=True)
class Unauthorized:
    """Information from ``seat``'s withdrawn ``call`` that is unauthorized to ``side``."""

    side: Side
    seat: Seat
    call: Call

    def to_json(self) -> dict[str, Any]:
        return {"side": self.side.value, "from": {"seat": self.seat.value,
                                                   "call": self.call.pbn()}}

    def facts(self) -> dict[str, Any]:
        return {"side": side_msg(self.side), "nos": side_msg(self.side.other),
                "source": seat_call_msg(self.seat, self.call)}


def unauthorized_to_offenders(seat: Seat, call: Call, offender: Seat) -> Unauthorized:
    """16C2: the information from ``seat``'s withdrawn ``call`` is unauthorized to the
    side of ``offender`` (whether ``seat`` is the offender, his partner or an opponent)."""
    return Unauthorized(offender.side, seat, call)
