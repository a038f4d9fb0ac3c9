"""Laws 35-39: inadmissible calls (the cheap part: 36, 37 and 39).

- 36: a double or redouble Law 19 does not permit. If the offender's LHO calls before
  rectification, both are cancelled and the auction continues as though nothing had
  happened, without Law 26B (36A). Otherwise it is cancelled, the offender makes a legal
  call and his partner passes for the rest of the auction; 26B and 72C may apply (36B);
  out of rotation, the auction first reverts to the player whose turn it was (36B4).
  It can never be accepted. Found only after the opening lead was faced (the case's
  ``opening_lead_faced``), the auction is over and stands, and the contract is scored as
  if the double or redouble had not been made (36C); one made out of rotation as well is
  ruled as before (the case says the rotation broke, which 36C does not mend).
- 37: a bid, double or redouble by a player required to pass. If LHO called before
  rectification, the calls stand (the offender still passes where he must); otherwise
  it is cancelled, a pass is substituted and the auction continues with his LHO, and
  both members of the offending side pass for the rest of the auction; 26B and 72C may
  apply. ``accept: false`` on the call says it was rectified before the LHO's call the
  case gives next (which then comes after the substituted pass). The 2017 English text
  of 37 was not seen: this follows the Laws' structure as the digest gives it and the
  reviewers' reading (the pass substituted).
- 39: a call after the final pass is cancelled (39A); no further rectification for a
  pass by a defender, any call by declarer or dummy, or when LHO called after it (39B);
  a defender's bid, double or redouble otherwise lets Law 26B apply (39C).

- 38: a bid of more than seven (spoken bidding, a bidding pad) is never played (38A); it
  is cancelled, and with it a call his LHO made over it before rectification (38B); a
  pass is substituted, the auction continues and both members of the offending side
  pass whenever it is their turn (38C); 26B and 72C may apply, but not when the LHO had
  called over it (38D). It can never be accepted. One made out of rotation is refused:
  the case does not say where the rotation resumes, which the Director establishes.

The walk over a case's calls (`td_plugin.laws.auction.situations`) asks this module about a call after
the final pass, a bid, double or redouble by a player required to pass, and an
inadmissible double or redouble (`SITUATIONS`). A call by a player required to pass that
is itself insufficient is accepted with the calls that stand (37A, 27A1) or cancelled
with them (37B); an inadmissible one is Law 36's.
"""

from __future__ import annotations

from td_plugin.laws.auction.incident import IncidentCall
from td_plugin.laws.auction.walk import Situation, Walk
from td_plugin.model.auction import PASS, Auction, Call
from td_plugin.model.names import call_msg, seat_msg
from td_plugin.model.obligations import PassUntil

__all__ = ["inadmissible_double", "obligation_violated", "after_final_pass", "SITUATIONS",
           "rule_inadmissible", "rule_call_after_final_pass", "rule_above_seven"]


def inadmissible_double(lho_called: bool, out_of_rotation: bool) -> str:
    """The clause for an inadmissible double or redouble: 36A, 36B or 36B4."""
    if lho_called:
        return "36A"
    return "36B4" if out_of_rotation else "36B"


def obligation_violated(lho_called: bool) -> str:
    """The clause for a bid, double or redouble by a player required to pass."""
    return "37A" if lho_called else "37B"


def after_final_pass(call: Call, declaring_side: bool, passed_out: bool,
                     lho_called: bool) -> str:
    """The clause that ends the matter for a call after the final pass: 39B (no further
    rectification) or 39C (26B may apply)."""
    if passed_out or call.is_pass or declaring_side or lho_called:
        return "39B"
    return "39C"


# --- the walk -----------------------------------------------------------------------

def _inadmissible(walk: Walk, ic: IncidentCall) -> bool:
    problem = walk.auction.check_next(ic.call)
    return problem is not None and problem.law == "36"


def rule_inadmissible(walk: Walk, out_of_rotation: bool = False) -> None:
    """36: an inadmissible double or redouble (in rotation, or out of rotation: 36B4)."""
    idx, ic = walk.current()
    s = ic.seat
    if ic.accept:
        raise walk.err(idx, "an inadmissible double or redouble can never be accepted "
                            "(Law 36)")
    facts = dict(walk.facts(ic), turn=seat_msg(walk.auction.next_seat))
    if walk.incident.opening_lead_faced and not out_of_rotation:
        walk.clause("36C", "law36.c", **facts)  # the auction is over: nothing reopens
        walk.append_current(void=True)
        return
    nxt = walk.peek()
    law = inadmissible_double(walk.lho_calls_next(s), out_of_rotation)
    walk.cancel(ic)
    if law == "36A":
        assert nxt is not None
        walk.clause(law, "law36.a", **facts)
        walk.ui(ic, offender=s)
        walk.cancel(nxt[1])
        walk.ui(nxt[1], offender=s)
        walk.pos += 2
        return
    walk.clause(law, "law36.b4" if out_of_rotation else "law36.b", **facts)
    walk.ui(ic, offender=s)
    walk.impose(s.partner, PassUntil.END_OF_AUCTION, law)
    walk.lead(s, law)
    walk.adjust("72C")
    walk.pos += 1


def _above_seven(walk: Walk, ic: IncidentCall) -> bool:
    return ic.call.above_seven


def rule_above_seven(walk: Walk) -> None:
    """38: a bid of more than seven."""
    idx, ic = walk.current()
    s = ic.seat
    if ic.accept:
        raise walk.err(idx, "a bid of more than seven can never be accepted: no such "
                            "contract is played (Law 38A)")
    if s is not walk.auction.next_seat:
        raise walk.err(idx, "a bid of more than seven out of rotation: give the calls in "
                            "the order the Director establishes, from the seat whose turn "
                            "it was (Law 38)")
    facts = walk.facts(ic)
    walk.clause("38A", "law38.a", **facts)
    walk.cancel(ic)
    walk.ui(ic, offender=s)
    nxt = walk.peek()
    lho_called = nxt is not None and nxt[1].seat is s.lho and ic.accept is not False
    walk.pos += 1
    if lho_called:
        assert nxt is not None
        walk.clause("38B", "law38.b_lho", **facts, lho_call=call_msg(nxt[1].call))
        walk.cancel(nxt[1])
        walk.ui(nxt[1], offender=s)
        walk.pos += 1
    else:
        walk.clause("38B", "law38.b", **facts)
    walk.append(IncidentCall(s, PASS))  # the pass substituted: his LHO calls next
    walk.clause("38C", "law38.c", **facts)
    walk.impose(s, PassUntil.END_OF_AUCTION, "38C")
    walk.impose(s.partner, PassUntil.END_OF_AUCTION, "38C")
    if lho_called:
        walk.clause("38D", "law38.d_lho", **facts)
    else:
        walk.lead(s, "38D")
        walk.adjust("72C")


def _required_to_pass(walk: Walk, ic: IncidentCall) -> bool:
    return bool(walk.outstanding.get(ic.seat)) and not ic.call.is_pass


def rule_obligation_violated(walk: Walk) -> None:
    """37: a bid, double or redouble by a player required to pass."""
    _, ic = walk.current()
    s = ic.seat
    problem = walk.auction.check_next(ic.call)
    # ``accept: false`` on the call: rectified before his LHO called (the LHO's call
    # that follows in the case is made after the substituted pass)
    law = obligation_violated(walk.lho_calls_next(s) and ic.accept is not False)
    if law == "37A" and problem is not None and problem.law == "36":
        rule_inadmissible(walk)  # never accepted, LHO's call or not
        return
    facts = walk.facts(ic)
    if law == "37A":
        key = "law37.a_still" if walk.outstanding[s] == PassUntil.END_OF_AUCTION else "law37.a"
        walk.clause(law, key, **facts)
        if problem is not None:  # insufficient as well: LHO's call accepted it
            walk.clause("27A1", "law27.accepted", **facts)
        walk.append_current(insufficient=problem is not None)
        return
    walk.clause(law, "law37.b", **facts)
    walk.cancel(ic)
    walk.ui(ic, offender=s)
    walk.append(IncidentCall(s, PASS))  # the pass substituted: his LHO calls next
    walk.impose(s, PassUntil.END_OF_AUCTION, law)
    walk.impose(s.partner, PassUntil.END_OF_AUCTION, law)
    walk.lead(s, law)
    walk.adjust("72C")
    walk.pos += 1


def _after_final_pass(walk: Walk, ic: IncidentCall) -> bool:
    return walk.auction.is_complete


def rule_call_after_final_pass(walk: Walk, ic: IncidentCall, auction: Auction,
                               lho_called: bool) -> None:
    """39: ``ic``, made after ``auction`` had ended, is cancelled (39A); 39B or 39C."""
    s = ic.seat
    contract = auction.contract()
    assert contract is not None
    passed_out = contract.is_passed_out
    declaring = not passed_out and contract.declarer is not None and \
        contract.declarer.side is s.side
    facts = walk.facts(ic)
    walk.clause("39A", "law39.a", **facts)
    walk.cancel(ic)
    law = after_final_pass(ic.call, declaring, passed_out, lho_called)
    if law == "39C":
        walk.clause(law, "law39.c", **facts)
        walk.ui(ic, offender=s)
        walk.lead(s, law)
    else:
        key = ("law39.b_passed_out" if passed_out else "law39.b_declaring" if declaring
               else "law39.b_pass" if ic.call.is_pass else "law39.b_lho")
        walk.clause(law, key, **facts)


def rule_after_final_pass(walk: Walk) -> None:
    _, ic = walk.current()
    rule_call_after_final_pass(walk, ic, walk.auction, walk.lho_calls_next(ic.seat))
    walk.pos += 1


#: This module's situations, in the order the walk asks them (`td_plugin.laws.auction.situations`).
AFTER_FINAL_PASS = Situation("39", _after_final_pass, rule_after_final_pass)
REQUIRED_TO_PASS = Situation("37", _required_to_pass, rule_obligation_violated)
INADMISSIBLE = Situation("36", _inadmissible, rule_inadmissible)
ABOVE_SEVEN = Situation("38", _above_seven, rule_above_seven)
SITUATIONS = (AFTER_FINAL_PASS, REQUIRED_TO_PASS, INADMISSIBLE)
