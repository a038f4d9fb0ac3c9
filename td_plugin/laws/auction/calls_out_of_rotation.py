"""Laws 28-32: calls out of rotation.

28A: a call at RHO's turn is in rotation when RHO is required to pass. 28B: a call by
the player whose turn it was, before the call out of rotation is rectified, is in
rotation; the opponent's call out of rotation is then treated as not made (no
rectification, 16C2 applies, Law 26 does not).

29A: offender's LHO may accept the call out of rotation by calling over it. 29B:
otherwise it is cancelled and the auction reverts to the player whose turn it was;
Laws 30 (pass), 31 (bid, or an artificial pass) and 32 (double, redouble) apply.
29C: an artificial call out of rotation is judged by the denominations it specified.

Each of 30, 31 and 32 distinguishes a call at the offender's RHO's turn (A) from one at
his partner's turn, or at his LHO's turn when he had not called yet (B); a later call at
LHO's turn is a change of call (Law 25). A call at partner's turn is a call out of
rotation whether or not LHO has called since the offender's last call.

The walk over a case's calls (`td_plugin.laws.auction.situations`) asks this module about a call by a
player whose turn it is not (`SITUATIONS`: 28A, else 28B/29/30-32), about the call an
offender must repeat (31A1, 32A1), and about the offender's own call at his turn after
his call out of rotation was cancelled (30B1(b), 31A2, 32A2).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from td_plugin.laws.auction.inadmissible_calls import rule_inadmissible
from td_plugin.laws.auction.insufficient_bids import rule_correction, rule_insufficient
from td_plugin.laws.auction.ruling import CoorEffect, DecisionKind, Note
from td_plugin.laws.auction.walk import Pending, Situation, Walk, rule_facts
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.cards import Seat
from td_plugin.model.names import call_msg, join_msgs, law_msg, seat_call_msg, seat_msg
from td_plugin.model.obligations import PassUntil

if TYPE_CHECKING:
    from td_plugin.laws.auction.incident import IncidentCall

__all__ = ["Turn", "CoorEffect", "CoorRule", "OffenderCall", "turn_of", "family_of", "rectification",
           "offender_call", "SITUATIONS"]


class Turn(enum.Enum):
    """Whose turn it was when the offender called, seen from the offender."""

    RHO = "rho"
    PARTNER = "partner"
    LHO = "lho"


def turn_of(offender: Seat, turn: Seat) -> Turn:
    """The offender called at ``turn``'s turn: his RHO's, his partner's or his LHO's."""
    return {1: Turn.RHO, 2: Turn.PARTNER, 3: Turn.LHO}[(offender.index - turn.index) % 4]


def family_of(call: Call, artificial: bool, passes_artificial_call: bool) -> str:
    """The law that governs a cancelled call out of rotation: "30" for a pass, "31" for a
    bid or an artificial pass or a pass of partner's artificial call (30C), "32" for a
    double or redouble."""
    if call.is_pass:
        return "31" if artificial or passes_artificial_call else "30"
    return "31" if call.is_bid else "32"


@dataclass(frozen=True)
class CoorRule:
    """The rectification of a cancelled call out of rotation.

    ``law``/``key``: the clause applied at once; ``effect``: what it brings
    (`CoorEffect`). ``law_comparable``/``law_not_comparable`` rule on the offender's call
    at his proper turn, under the heading ``law_offender_call``.
    """

    family: str
    law: str
    key: str
    effect: CoorEffect
    law_repeat: str | None = None
    law_comparable: str | None = None
    law_not_comparable: str | None = None
    law_offender_call: str | None = None


_RULES = {
    ("30", True): CoorRule("30", "30A", "coor.pass_rho", CoorEffect.MUST_PASS_NEXT),
    ("30", False): CoorRule("30", "30B1(a)", "coor.partner_free", CoorEffect.PARTNER_FREE,
                            law_comparable="30B1(b)(i)", law_not_comparable="30B1(b)(ii)",
                            law_offender_call="30B1(b)"),
    ("31", True): CoorRule("31", "31A", "coor.await_rho", CoorEffect.AWAIT_RHO, law_repeat="31A1",
                           law_comparable="31A2(a)", law_not_comparable="31A2(b)",
                           law_offender_call="31A2"),
    ("31", False): CoorRule("31", "31B", "coor.partner_free", CoorEffect.PARTNER_FREE,
                            law_comparable="31A2(a)", law_not_comparable="31A2(b)",
                            law_offender_call="31A2"),
    ("32", True): CoorRule("32", "32A", "coor.await_rho", CoorEffect.AWAIT_RHO, law_repeat="32A1",
                           law_comparable="32A2(a)", law_not_comparable="32A2(b)",
                           law_offender_call="32A2"),
    ("32", False): CoorRule("32", "32B", "coor.partner_free", CoorEffect.PARTNER_FREE,
                            law_comparable="32A2(a)", law_not_comparable="32A2(b)",
                            law_offender_call="32A2"),
}


def rectification(call: Call, turn: Turn, artificial: bool = False,
                  passes_artificial_call: bool = False) -> CoorRule:
    """The rule for a cancelled call out of rotation made at ``turn``'s turn, the
    offender not having called before when ``turn`` is his LHO (otherwise it is a change
    of call, Law 25, and not for this function)."""
    family = family_of(call, artificial, passes_artificial_call)
    return _RULES[(family, turn is Turn.RHO)]


@dataclass(frozen=True)
class OffenderCall:
    """The ruling on the offender's call at his proper turn (after 30B1, 31A2/31B,
    32A2/32B): the clause, whether his partner must pass at his next turn, whether Law
    26B may apply, whether the information from the cancelled call stays unauthorized
    (16C; after a comparable call it does not, 23B), and the adjustment kept open."""

    law: str
    key: str
    partner_passes_next: bool
    lead_restriction: bool
    unauthorized: bool
    adjustment: str


def offender_call(rule: CoorRule, comparable: bool,
                  lead_restriction_after_32: bool = True) -> OffenderCall:
    """(a)/(b)(i): a comparable call ends the matter (26B does not apply, see 23C).
    (b)/(b)(ii): otherwise partner passes when next it is his turn; 16C and 72C may
    apply, and 26B, which the translations disagree on for 32A2(b) (see
    ``lead_restriction_after_32``)."""
    if comparable:
        return OffenderCall(rule.law_comparable or "", "coor.comparable", False, False, False,
                            "23C")
    lead = lead_restriction_after_32 or rule.family != "32"
    return OffenderCall(rule.law_not_comparable or "",
                        "coor.not_comparable" if lead else "coor.not_comparable_no26b",
                        True, lead, True, "72C")


# --- the walk: calls at another player's turn -----------------------------------------

def _at_another_turn(walk: Walk, ic: IncidentCall) -> bool:
    return ic.seat is not walk.auction.next_seat


def _rho_required_to_pass(walk: Walk, ic: IncidentCall) -> bool:
    turn = walk.auction.next_seat
    return ic.seat is not turn and bool(walk.outstanding.get(turn)) and ic.seat is turn.lho


def rule_rho_required_to_pass(walk: Walk) -> None:
    """28A: the player whose turn it was must pass, so a call at his turn by his LHO is
    in rotation: his pass is entered, then the call is ruled at its turn."""
    _, ic = walk.current()
    turn = walk.auction.next_seat
    walk.clause("28A", "law28.a", turn=seat_msg(turn), source=seat_call_msg(ic.seat, ic.call))
    walk.append(type(ic)(turn, Call.PASS))  # type: ignore[attr-defined]


def _inadmissible_at_own_seat(walk: Walk, ic: IncidentCall) -> bool:
    """Would this double or redouble be inadmissible (Law 36) at its own seat?"""
    a = walk.auction
    entries = list(a.entries)
    while a.next_seat is not ic.seat:
        entries.append(AuctionEntry(None, skipped=True))
        a = Auction(a.dealer, tuple(entries))
    problem = a.check_next(ic.call)
    return problem is not None and problem.law == "36"


def rule_out_of_rotation(walk: Walk) -> None:
    """Laws 28B-32 on a call by a player whose turn it is not."""
    idx, ic = walk.current()
    s = ic.seat
    turn_seat = walk.auction.next_seat
    turn = turn_of(s, turn_seat)
    if turn is Turn.LHO and walk.last_call_of(s) is not None:
        # a later call at LHO's turn is a change of call (30B2, 31C, 32C): of the last
        # call of the legal auction, which is his; rule on the two calls together
        first = walk.meta[-1] if walk.meta else None
        if first is not None and first.seat is s:
            walk.meta.pop()
            first_idx = walk.meta_index.pop()
            walk.entries.pop()
            walk.queue.insert(walk.pos, (first_idx, first))
            return
        raise walk.err(idx, f"{s.english} calls again at {turn_seat.english}'s turn: a later "
                            f"call at his LHO's turn is a change of call (Laws 30B2, 31C, "
                            f"32C, 25), but his last call can no longer be changed here")
    nxt = walk.peek()
    lho_called = walk.lho_calls_next(s)
    accepted = walk.take_accept(ic)
    facts = dict(walk.facts(ic), turn=seat_msg(turn_seat))
    if not (ic.call.is_bid or ic.call.is_pass) and _inadmissible_at_own_seat(walk, ic):
        if accepted:
            raise walk.err(idx, "an inadmissible double or redouble can never be accepted "
                                "(Laws 32, 36)")
        rule_inadmissible(walk, out_of_rotation=True)
        return
    if accepted is None and lho_called:
        accepted = True
    if accepted:
        if nxt is not None and not lho_called:
            raise walk.err(nxt[0], f"accept: true, but this is {nxt[1].seat.english}'s call; "
                                   f"{s.lho.english} accepts by calling over it (Law 29A)")
        accept_out_of_rotation(walk, facts)
        return
    if accepted is None and turn is Turn.RHO and nxt is not None and nxt[1].seat is turn_seat:
        walk.clause("28B", "law28.b", **facts)
        walk.cancel(ic)
        walk.ui(ic, offender=s)
        walk.pos += 1
        return
    if accepted is None and nxt is None:
        walk.clause("29A", "law29.offer", **facts)
        walk.decide(s.lho, DecisionKind.ACCEPT, "29A",
                    {"seat": seat_msg(s.lho), "source": seat_call_msg(s, ic.call)},
                    {"call": walk.ref(ic)})
    walk.clause("29B", "law29.cancelled", **facts)
    walk.cancel(ic)
    if ic.artificial:
        walk.clause("29C", "law29.artificial", **facts)
    partner = walk.last_call_of(s.partner)
    rule = rectification(ic.call, turn, ic.artificial,
                         partner is not None and partner.artificial)
    p = Pending(s, ic, rule)
    if rule.effect is CoorEffect.MUST_PASS_NEXT:
        walk.clause(rule.law, rule.key, **facts)
        walk.impose(s, PassUntil.NEXT_TURN, rule.law)
        walk.adjust("72C")
    elif rule.effect is CoorEffect.AWAIT_RHO:
        walk.await_rho[turn_seat] = p
    else:  # CoorEffect.PARTNER_FREE
        walk.clause(rule.law, rule.key, **rule_facts(walk, p))
        walk.ui(ic, offender=s)
        walk.pending[s] = p
    walk.pos += 1


def accept_out_of_rotation(walk: Walk, facts: dict[str, Any]) -> None:
    """29A: the call out of rotation stands; the players between lose their turn (an
    insufficient bid so accepted stands as accepted, 27A1). Nobody's earlier call is
    withdrawn by it."""
    _, ic = walk.current()
    skipped = walk.skip_to(ic.seat)
    for seat in skipped:  # a turn lost: a replacement still owed is owed no more
        owed = walk.pending_ib.pop(seat, None)
        if owed is not None:
            walk.ui(owed.ib, offender=seat)
    problem = walk.auction.check_next(ic.call)
    walk.clause("29A", "law29.accepted", **facts,
                skipped=join_msgs([seat_msg(x) for x in skipped]))
    walk.append_current(insufficient=problem is not None and problem.law == "27")


def _must_repeat(walk: Walk, ic: IncidentCall) -> bool:
    return ic.seat in walk.must_repeat


def rule_repeat(walk: Walk) -> None:
    """31A1, 32A1: RHO passed, so the offender must repeat his call out of rotation; when
    it is legal there is no rectification. Repeated but now insufficient, Law 27 rules on
    it; inadmissible, Law 36. Another call instead is cancelled while his LHO has not
    called over it, and he must still repeat; once LHO has called over it, the right to
    rectification is forfeited (11A) and the Director may adjust (12A1)."""
    _, ic = walk.current()
    p = walk.must_repeat[ic.seat]
    law = p.rule.law_repeat or ""
    facts = dict(walk.facts(ic), withdrawn=call_msg(p.withdrawn.call), law=law_msg(law))
    problem = walk.auction.check_next(ic.call)
    if ic.call is p.withdrawn.call:
        del walk.must_repeat[ic.seat]
        if problem is None:
            walk.append_current()
        elif problem.law == "27":
            walk.clause(law, "coor.repeat_insufficient", **facts)
            rule_insufficient(walk)
        else:
            walk.clause(law, "coor.repeat_inadmissible", **facts)
            rule_inadmissible(walk, out_of_rotation=False)
        return
    if not walk.lho_calls_next(ic.seat):
        walk.clause(law, "coor.not_repeated", **facts)
        walk.cancel(ic)
        walk.ui(ic, offender=ic.seat)
        walk.pos += 1
        return
    del walk.must_repeat[ic.seat]
    walk.clause("11A", "coor.not_repeated_forfeited", **facts)
    walk.adjust("12A1")
    if problem is not None and problem.law == "36":
        rule_inadmissible(walk, out_of_rotation=False)
    else:  # a legal call, or an insufficient bid LHO accepted by calling over it (27A1)
        if problem is not None:
            walk.clause("27A1", "law27.accepted", **walk.facts(ic))
        walk.append_current(insufficient=problem is not None)


def _offenders_call(walk: Walk, ic: IncidentCall) -> bool:
    return ic.seat in walk.pending


def rule_offenders_call(walk: Walk) -> None:
    """30B1(b), 31A2, 32A2: the offender's legal call at his proper turn, comparable with
    his cancelled call or not (Law 23A)."""
    _, ic = walk.current()
    p = walk.pending.pop(ic.seat)
    walk.append_current()
    _rule_call_at_turn(walk, p, ic)


def _offenders_insufficient(walk: Walk, ic: IncidentCall) -> bool:
    if ic.seat not in walk.pending:
        return False
    if ic.seat in walk.pending_ib:
        return True
    problem = walk.auction.check_next(ic.call)
    return problem is not None and problem.law == "27"


def rule_offenders_insufficient(walk: Walk) -> None:
    """31B (30B1(b), 32A2 alike) when the offender's call at his proper turn is itself an
    insufficient bid: Law 27 rules on it first (acceptance, the correction), and the call
    that then stands at his turn is his call for the out-of-rotation law: comparable with
    his cancelled call or not (23A), his partner's obligation, the lead restrictions."""
    _, ic = walk.current()
    before = len(walk.entries)
    (rule_correction if ic.seat in walk.pending_ib else rule_insufficient)(walk)
    if not walk.halted and len(walk.entries) > before and walk.meta[-1] is ic \
            and ic.seat in walk.pending:
        _rule_call_at_turn(walk, walk.pending.pop(ic.seat), ic)


def _rule_call_at_turn(walk: Walk, p: Pending, ic: IncidentCall) -> None:
    """The offender's call ``ic``, standing at his proper turn, against his cancelled
    call out of rotation (``p``)."""
    j = walk.judge(p.withdrawn, ic)
    if j.comparable is None:
        walk.undecided(p.withdrawn, ic)
        return
    walk.judgement_clause(j, p.withdrawn, ic)
    s = p.offender
    ruling = offender_call(p.rule, j.comparable,
                           walk.regulation.lead_restriction_after_32)
    walk.clause(ruling.law, ruling.key, **walk.facts(p.withdrawn), law=law_msg(ruling.law),
                replacement=call_msg(ic.call), withdrawn=call_msg(p.withdrawn.call))
    if ruling.partner_passes_next:
        walk.impose(s.partner, PassUntil.NEXT_TURN, ruling.law)
    if ruling.unauthorized:
        walk.ui(p.withdrawn, offender=s)
    else:
        walk.clause("26A", "law26.comparable", offender=seat_msg(s))
        walk.drop_ui(p.withdrawn)
    if ruling.lead_restriction:
        walk.lead(s, ruling.law)
    if p.rule.family == "32" and not j.comparable:
        walk.notes.append(Note("incident.note.law32_26b" if ruling.lead_restriction
                               else "incident.note.law32_no_26b"))
    walk.adjust(ruling.adjustment)


#: This module's situations, in the order the walk asks them (`td_plugin.laws.auction.situations`).
RHO_REQUIRED_TO_PASS = Situation("28A", _rho_required_to_pass, rule_rho_required_to_pass)
OUT_OF_ROTATION = Situation("28-32", _at_another_turn, rule_out_of_rotation)
REPEAT = Situation("31A1/32A1", _must_repeat, rule_repeat)
OFFENDERS_CALL = Situation("30B1(b)/31A2/32A2", _offenders_call, rule_offenders_call)
OFFENDERS_INSUFFICIENT = Situation("27 then 30B1(b)/31A2/32A2", _offenders_insufficient,
                                   rule_offenders_insufficient)
SITUATIONS = (RHO_REQUIRED_TO_PASS, OUT_OF_ROTATION, REPEAT, OFFENDERS_INSUFFICIENT,
              OFFENDERS_CALL)
