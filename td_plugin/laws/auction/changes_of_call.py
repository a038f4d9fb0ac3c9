"""Law 25: legal and illegal changes of call.

25A (unintended call: a mechanical error or a slip of the tongue, never a change of
mind, 25A2; the call he meant is the call's ``intended``, or his next entry): the player
may substitute his intended call until his partner calls (25A1, 25A4), whatever made him
aware of the error (25A3); if the auction ended before partner's turn, until the end of
the auction period, i.e. until the opening lead is faced (25A5, 17D). The intended call
stands and is subject to the appropriate law (an insufficient intended bid goes to Law
27), there are no lead restrictions and the unintended call gives no unauthorized
information. LHO may withdraw a call he made over the unintended call (25A6); that
information is authorized to his side and unauthorized to the opponents. Too late
(25A4), the unintended call stands; what the player said he meant is information to his
partner (16C) and is never ruled as a call.

25B (the first call was intended): LHO may accept the substituted call, and does so
by calling over it intentionally (25B1): the first call is withdrawn, the second
stands. Otherwise the substitution is cancelled and the first call stands (25B2). In
both cases Law 16C applies to the call withdrawn or cancelled (25B3) and Law 26 may
apply; partner is never obliged to pass.

A change of call is the same player calling again at his LHO's turn, nobody having
called in between (30B2, 31C, 32C send a later call at LHO's turn here). Once his LHO has
called, his next call is at his partner's turn: a call out of rotation (Laws 29-32);
except with screens, where a call his LHO made on his side of the screen before the tray
passed has not reached his partner, and the second call is still a change (seed article
000's example).

A partner's call after the final pass is cancelled (39A). Whether it is a "subsequent
call" that ends the time for correcting an unintended call (25A4) is a reading the
regulation chooses (``cancelled_call_bars_correction``, `td_plugin.laws.regulations`); by
default it is not, the auction having ended before it reached partner (25A5).

The walk over a case's calls (`td_plugin.laws.auction.situations`) asks this module about a call the
Director judged unintended, and about a call the same player changed (`SITUATIONS`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from td_plugin.laws.auction.inadmissible_calls import rule_call_after_final_pass
from td_plugin.laws.auction.ruling import DecisionKind, SeatCall
from td_plugin.laws.auction.walk import QueuedCall, Situation, Walk
from td_plugin.model.auction import Auction, AuctionEntry
from td_plugin.model.cards import Seat
from td_plugin.model.names import call_msg, join_msgs, seat_call_msg, seat_msg, side_msg

if TYPE_CHECKING:
    from td_plugin.laws.auction.incident import IncidentCall

__all__ = ["unintended_correction", "change_of_call", "SITUATIONS"]


def unintended_correction(partner_called: bool, auction_ended: bool, lead_faced: bool) -> str:
    """The clause for a call the Director judged unintended: ``"25A1"`` (it is corrected),
    ``"25A4"`` (too late: partner has called since), ``"25A5"`` (too late: the auction
    ended before partner's turn and the opening lead has been faced)."""
    if partner_called:
        return "25A4"
    if auction_ended and lead_faced:
        return "25A5"
    return "25A1"


def change_of_call(accepted: bool | None) -> str:
    """The clause for an intended call that the player changed: ``"25B1"`` when his LHO
    accepts the substitution, else ``"25B2"`` (also while LHO has not decided: the
    substitution is cancelled unless he accepts it)."""
    return "25B1" if accepted else "25B2"


# --- the walk -----------------------------------------------------------------------

def _unintended(walk: Walk, ic: IncidentCall) -> bool:
    return ic.unintended


def _ended_before(walk: Walk, ic: IncidentCall, between: list[IncidentCall]) -> int | None:
    """How many of ``between`` were made before the auction ended, ``ic`` standing, when
    it ended before ``ic``'s partner called (None: it did not)."""
    entries = tuple(walk.entries) + (AuctionEntry(ic.call),)
    for n, b in enumerate([*between, None]):
        if Auction(walk.incident.dealer, entries).is_complete:
            return n
        if b is None or b.seat is ic.seat.partner:
            return None
        entries += (AuctionEntry(b.call),)
    return None


def rule_unintended(walk: Walk) -> None:
    """25A: a call judged unintended, and the same player's next call (the intended
    one)."""
    idx, ic = walk.current()
    s = ic.seat
    if ic.accept is not None:
        raise walk.err(idx, "an unintended call is corrected, not accepted (Law 25A1): "
                            "remove accept from it")
    j, (jdx, intended), between = _intended(walk, idx, ic)
    given = ic.intended is not None  # the intended call a fact of this call, not an entry
    in_turn = ic.seat is walk.auction.next_seat
    ended_at = _ended_before(walk, ic, [b for _, b in between]) if in_turn else None
    late = []  # partner's calls after the final pass: cancelled (39A)
    if ended_at is not None and not walk.regulation.cancelled_call_bars_correction:
        late = [(k, b) for k, b in between[ended_at:] if b.seat is s.partner]
        between = [(k, b) for k, b in between if (k, b) not in late]
    partner_called = any(b.seat is s.partner for _, b in between)
    strays = [(k, b) for k, b in between if b.seat not in (s.lho, s.partner)]
    if strays and not partner_called:
        k, b = strays[0]
        raise walk.err(k, f"{b.seat.english} calls between {s.english}'s unintended call "
                          f"and its correction, before {s.partner.english} has called: the "
                          f"sequence makes no sense")
    ended = ended_at is not None and not partner_called
    law = unintended_correction(partner_called, ended, walk.incident.opening_lead_faced)
    facts = dict(walk.facts(ic), intended=call_msg(intended.call))
    if law != "25A1":
        _too_late(walk, law, ic, facts, intended, j)
        return
    _corrected(walk, ic, facts, in_turn, ended, late, between)
    if j is None:
        rest: list[QueuedCall] = []
    else:
        rest = walk.queue[j:] if given else walk.queue[j + 1:]
    kept = _lho_calls(walk, s, facts, intended, between, rest) if between else []
    walk.queue[walk.pos:] = [(jdx, intended)] + kept + rest


def _intended(walk: Walk, idx: int, ic: IncidentCall
              ) -> tuple[int | None, QueuedCall, list[QueuedCall]]:
    """The intended call of the unintended call ``ic`` (entry ``idx``): the index in the
    walk's queue of the player's next entry (None: he has none), the intended call with
    its entry's index (the call's own ``intended`` first, else that next entry), and the
    calls between the two."""
    s = ic.seat
    j = next((k for k in range(walk.pos + 1, len(walk.queue))
              if walk.queue[k][1].seat is s), None)
    if ic.intended is not None:
        intended = replace(ic, call=ic.intended, unintended=False, intended=None)
        return j, (idx, intended), walk.queue[walk.pos + 1:len(walk.queue) if j is None else j]
    if j is None:
        raise walk.err(idx, f"unintended: true, but {s.english}'s intended call (his next "
                            f"entry in calls, or intended on this call) is missing")
    return j, walk.queue[j], walk.queue[walk.pos + 1:j]


def _too_late(walk: Walk, law: str, ic: IncidentCall, facts: dict[str, Any],
              intended: IncidentCall, j: int | None) -> None:
    """Too late to correct the unintended call ``ic``, which stands: 25A4, his partner has
    called since (what he says he meant is information to his partner, 16C); 25A5, the
    auction ended before his partner's turn and the opening lead has been faced (his next
    entry, ``j``, meant as the correction, is cancelled)."""
    idx, s = walk.current()[0], ic.seat
    given = ic.intended is not None
    if law == "25A4":
        walk.clause("25A4", "law25.too_late_partner", **facts)
        if given:  # what he says he meant is information to his partner
            walk.clause("16C", "law25.too_late_statement", **facts,
                        side=side_msg(s.side), other=side_msg(s.side.other))
    else:
        walk.clause("25A5", "law25.too_late_lead", **facts)
        if j is not None and not given:
            walk.cancel(intended)
            del walk.queue[j]
    walk.queue[walk.pos] = (idx, replace(ic, unintended=False, intended=None))


def _corrected(walk: Walk, ic: IncidentCall, facts: dict[str, Any], in_turn: bool,
               ended: bool, late: list[QueuedCall], between: list[QueuedCall]) -> None:
    """25A1: the unintended call ``ic`` is corrected in time, and cancelled, whatever made
    the player aware of the error (25A3). When the auction ended before his partner's turn
    it is in time until the opening lead is faced (25A5), and partner's ``late`` calls after
    the final pass are ruled as made (39A)."""
    if ended:
        walk.clause("25A5", "law25.auction_ended", **facts)
        if late:
            walk.clause("25A5", "law25.partner_call_cancelled", **facts, calls=join_msgs(
                [seat_call_msg(b.seat, b.call) for _, b in late]))
    walk.clause("25A1", "law25.unintended", **facts)
    if ic.aware_from:
        walk.clause("25A3", "law25.aware", **facts)
    if not in_turn or walk.auction.check_next(ic.call) is not None:
        walk.clause("25A1", "law25.not_acceptable", **facts)
    if late:  # ruled as made, over the auction as it stood then (39A)
        stood = tuple(walk.entries) + (AuctionEntry(ic.call),) + tuple(
            AuctionEntry(b.call) for _, b in between)
        for _, b in late:
            rule_call_after_final_pass(walk, b, Auction(walk.incident.dealer, stood),
                                       lho_called=False)
    walk.cancel(ic)


def _lho_calls(walk: Walk, s: Seat, facts: dict[str, Any], intended: IncidentCall,
               between: list[QueuedCall], rest: list[QueuedCall]) -> list[QueuedCall]:
    """25A6: the calls ``s``'s LHO made over his unintended call (``between``), the walk
    going on with ``rest`` after the intended call: withdrawn (illegal over the intended
    call, or LHO's choice), kept, or LHO's decision still to make. The calls kept."""
    lho = s.lho
    calls = join_msgs([seat_call_msg(lho, b.call) for _, b in between])
    lho_facts = dict(facts, calls=calls, lho_side=side_msg(lho.side), side=side_msg(s.side),
                     own_calls=join_msgs([call_msg(b.call) for _, b in between]))
    decided = next((b.withdraw for _, b in between if b.withdraw is not None), None)
    if not _legal_after(walk, intended, [b for _, b in between]):
        walk.clause("25A6", "law25.lho_must_withdraw", **lho_facts)
        withdraw = True
    elif decided is True or (decided is None and rest and rest[0][1].seat is lho):
        # LHO's answer is his decision, whatever is entered after it; without one,
        # his calling again at once says he withdrew
        walk.clause("25A6", "law25.lho_withdrew", **lho_facts)
        withdraw = True
    elif rest or decided is False:
        walk.clause("25A6", "law25.lho_kept", **lho_facts)
        withdraw = False
    else:
        walk.clause("25A6", "law25.lho_may_withdraw", **lho_facts)
        walk.lho_may_withdraw.extend(SeatCall(b.seat, b.call) for _, b in between)
        walk.decide(lho, DecisionKind.WITHDRAW, "25A6",
                    {"seat": seat_msg(lho), "calls": calls},
                    {"calls": [walk.ref(b) for _, b in between]})
        withdraw = False
    if not withdraw:
        return between
    for _, b in between:
        walk.cancel(b)
        walk.ui(b, offender=s)
    return []


def _legal_after(walk: Walk, intended: IncidentCall, calls: list[IncidentCall]) -> bool:
    """Are LHO's calls over the unintended call still legal over the intended one?"""
    a = walk.auction
    if intended.seat is not a.next_seat or a.check_next(intended.call):
        return True  # the intended call is itself irregular: its own law rules first
    entries = tuple(walk.entries) + (AuctionEntry(intended.call),)
    for c in calls:
        a = Auction(walk.incident.dealer, entries)
        if a.next_seat is not c.seat or a.check_next(c.call) is not None:
            return False
        entries += (AuctionEntry(c.call),)
    return True


def change_target(walk: Walk) -> int | None:
    """The index in the walk's queue of the same player's substituted call, when the
    current (legal) call is changed before his partner could see it (25B): at once, at
    his LHO's turn; with screens also after his LHO, on his side of the screen, called
    over it before the tray passed. None otherwise."""
    _, ic = walk.current()
    s = ic.seat
    between: list[IncidentCall] = []
    for k in range(walk.pos + 1, len(walk.queue)):
        e = walk.queue[k][1]
        if e.seat is s:
            trial = Auction(walk.incident.dealer, tuple(walk.entries) + tuple(
                AuctionEntry(c.call) for c in [ic] + between))
            return None if trial.is_complete else k
        if e.seat is not s.lho or not walk.incident.screens:
            return None
        between.append(e)
    return None


def _changed(walk: Walk, ic: IncidentCall) -> bool:
    return change_target(walk) is not None


def rule_change(walk: Walk) -> None:
    """25B: a legal call the same player changed; his LHO accepts the change (calling
    over it, or per the case) or not. Accepted, a call LHO made over the first call (with
    screens, on the same side) is withdrawn with it."""
    j = change_target(walk)
    assert j is not None
    idx, first = walk.current()
    jdx, second = walk.queue[j]
    s = first.seat
    between = walk.queue[walk.pos + 1:j]
    rest = walk.queue[j + 1:]
    lho_after = bool(rest) and rest[0][1].seat is s.lho
    # LHO's own answer on the changed call is his decision, read as given whatever was
    # called afterwards; only the case's ``accept: false`` with LHO calling afterwards
    # says he called without noticing the change (seed article 003)
    answered = next((ic.accept for ic in (second, first) if ic.accept is not None), None)
    accepted = walk.take_accept(second, first)
    if accepted is None and lho_after:
        accepted = True
    facts = dict(walk.facts(first), first=call_msg(first.call), second=call_msg(second.call))
    law = change_of_call(accepted)
    if accepted:
        walk.clause(law, "law25.change_accepted", **facts)
        walk.cancel(first)
        walk.ui(first, offender=s)
        if between:
            walk.clause(law, "law25.lho_call_withdrawn", **facts, calls=join_msgs(
                [seat_call_msg(b.seat, b.call) for _, b in between]))
            for _, b in between:
                walk.cancel(b)
                walk.ui(b, offender=s)
        walk.queue[walk.pos:] = [(jdx, second)] + rest
    else:
        key = ("law25.change_pending" if accepted is None else
               "law25.change_not_noticed" if lho_after and answered is None
               else "law25.change_not_accepted")
        walk.clause(law, key, **facts)
        if accepted is None:
            walk.decide(s.lho, DecisionKind.ACCEPT, "25B1",
                        {"seat": seat_msg(s.lho), "source": seat_call_msg(s, second.call)},
                        {"call": walk.ref(second)})
        walk.cancel(second)
        walk.ui(second, offender=s)
        walk.queue[walk.pos:] = [(idx, first)] + between + rest
    walk.lead(s, law)


#: This module's situations, in the order the walk asks them (`td_plugin.laws.auction.situations`).
UNINTENDED = Situation("25A", _unintended, rule_unintended)
CHANGE = Situation("25B", _changed, rule_change)
SITUATIONS = (UNINTENDED, CHANGE)
