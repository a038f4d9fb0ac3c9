"""Law 17: the auction period, and 17D3, three passes that do not end the auction.

17D1: the auction period ends when, after the auction has ended (three passes after a
call, Law 22A), either defender faces an opening lead; a passed-out board's, when the
hands are returned to the board (17D2). Law 25A5 turns on it (an unintended call
corrected until the opening lead is faced).

17D3: when a call has been followed by three passes and one of them was out of rotation,
depriving a player of his turn, the auction has not ended: it reverts to the player who
missed his turn, every later pass is cancelled (a pass the case gives at its turn after
the three, made before the rectification, as well) and the auction proceeds normally. Law 16C
applies to the cancelled passes, and its 16C2 to whoever passed out of rotation: the
information is unauthorized to his side. `td_plugin.model.auction.Auction.deprived_turn`
recognizes such an end in a recorded auction (the audit's ``auction_illegal`` finding);
`revert_deprived_turn` applies 17D3 in the walk over a case's calls. When the pass out of
rotation is itself the third ("one or more being out of rotation", Law 34), no one can
accept it by calling over it: `ends_out_of_rotation` recognizes it before Laws 29-30 do,
and `rule_ending_pass` applies 17D3 to it (no 30A obligation, no acceptance to ask).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from td_plugin.model.auction import Auction, AuctionEntry
from td_plugin.model.names import join_msgs, seat_call_msg, seat_msg

if TYPE_CHECKING:
    from td_plugin.laws.auction.incident import IncidentCall
    from td_plugin.laws.auction.walk import Walk

__all__ = ["revert_deprived_turn", "ends_out_of_rotation", "rule_ending_pass"]


def ends_out_of_rotation(walk: Walk, ic: IncidentCall) -> bool:
    """Whether ``ic``, a pass at another player's turn, is the third pass after a call
    (the fourth to start with): the auction would seem to end, depriving a player of his
    turn (17D3)."""
    auction = walk.auction
    if not ic.call.is_pass or auction.is_complete or ic.seat is auction.next_seat:
        return False
    entries = list(auction.entries)
    seat = auction.next_seat
    while seat is not ic.seat:
        entries.append(AuctionEntry(None, skipped=True))
        seat = seat.lho
    entries.append(AuctionEntry(ic.call))
    return Auction(auction.dealer, tuple(entries)).deprived_turn() is not None


def rule_ending_pass(walk: Walk) -> None:
    """17D3 for the pass out of rotation that ends the auction: the turns it skipped are
    the ones the auction reverts to, the passes from there are cancelled."""
    _, ic = walk.current()
    walk.skip_to(ic.seat)
    walk.append_current()  # revert_deprived_turn rules on it


def revert_deprived_turn(walk: Walk) -> None:
    """17D3, when the call just added to the walk's legal auction ended it with a pass out
    of rotation among the last three: the auction reverts to the player who lost his turn
    and the passes from his turn on are cancelled (16C; unauthorized to the side of the
    player who passed out of rotation)."""
    k = walk.auction.deprived_turn()
    if k is None:
        return
    deprived = walk.auction.seat_of(k)
    cancelled = [m for m in walk.meta[k:] if m is not None]
    offender = cancelled[0].seat
    del walk.entries[k:], walk.meta[k:], walk.meta_index[k:]
    # passes the case gives after these, each at its turn in the rotation that went on,
    # were made before the rectification: "all subsequent passes" are cancelled with them
    later = walk.pos + 1
    while later < len(walk.queue):
        ic = walk.queue[later][1]
        if not ic.call.is_pass or ic.seat is not cancelled[-1].seat.lho or ic.seat is deprived:
            break  # the deprived player's own call is the auction proceeding normally
        cancelled.append(ic)
        del walk.queue[later]
    walk.clause("17D3", "law17.d3", turn=seat_msg(deprived),
                source=seat_call_msg(offender, cancelled[0].call),
                calls=join_msgs([seat_call_msg(m.seat, m.call) for m in cancelled]))
    for m in cancelled:
        walk.cancel(m)
        walk.ui(m, offender=offender)
