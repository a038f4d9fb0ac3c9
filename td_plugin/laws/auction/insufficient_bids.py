"""Law 27: insufficient bids (in rotation; out of rotation see Law 31 via 27A2).

27A1: offender's LHO may accept an insufficient bid; it is accepted if he calls.
27B: not accepted, it must be corrected with a legal call:

- B1(a) the lowest sufficient bid that specifies the same denomination(s): no further
  rectification, Laws 26B and 16C do not apply (see 27D);
- B1(b) otherwise a comparable call (Law 23A): no further rectification, 16C does not
  apply (see 27D);
- B2 any other sufficient bid or a pass: offender's partner must pass for the rest of
  the auction; 26B may apply (see 72C);
- B3 an attempted double or redouble (not comparable) is cancelled; the offender must
  replace it, partner passes for the rest of the auction; 26B may apply (see 72C);
- B4 a second insufficient bid is ruled as B3 unless LHO accepts it.

27C: a replacement made before the Director ruled stands (if legal) unless the
insufficient bid is accepted. 27D: after B1 the Director may adjust at the end of play.

The walk over a case's calls (`td_plugin.laws.auction.situations`) asks this module about an
insufficient bid in rotation (also a call out of rotation repeated under 31A1 that has
become insufficient) and about the offender's next call, its correction (`SITUATIONS`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from td_plugin.laws.auction.changes_of_call import change_target, rule_change
from td_plugin.laws.auction.lead_restrictions import specified_denominations
from td_plugin.laws.auction.ruling import DecisionKind
from td_plugin.laws.auction.walk import PendingInsufficient, Situation, Walk
from td_plugin.model.auction import Call
from td_plugin.model.cards import Strain, Suit
from td_plugin.model.names import call_msg, seat_call_msg, seat_msg
from td_plugin.model.obligations import PassUntil

if TYPE_CHECKING:
    from td_plugin.laws.auction.incident import IncidentCall

__all__ = ["Correction", "CORRECTIONS", "lowest_sufficient_bid", "lowest_same_denomination",
           "corrects_27b1a", "correction_for", "SITUATIONS"]


@dataclass(frozen=True)
class Correction:
    """What a correction of an insufficient bid entails: the clause, whether the
    replacement is itself cancelled (B3, B4), whether partner must pass for the rest of
    the auction, whether 26B and 16C apply, and which adjustment the Director keeps."""

    law: str
    key: str
    replacement_cancelled: bool
    partner_passes: bool
    lead_restriction: bool
    unauthorized: bool
    adjustment: str


CORRECTIONS = {c.law: c for c in (
    Correction("27B1(a)", "law27.b1a", False, False, False, False, "27D"),
    Correction("27B1(b)", "law27.b1b", False, False, False, False, "27D"),
    Correction("27B2", "law27.b2", False, True, True, True, "72C"),
    Correction("27B3", "law27.b3", True, True, True, True, "72C"),
    Correction("27B4", "law27.b4", True, True, True, True, "72C"),
)}


def lowest_sufficient_bid(strain: Strain, over: Call | None) -> Call | None:
    """The lowest bid in ``strain`` that is sufficient over ``over`` (None above 7)."""
    for level in range(1, 8):
        bid = Call.bid(level, strain)
        if over is None or bid.rank > over.rank:
            return bid
    return None


def lowest_same_denomination(ib: Call, ib_shows: Iterable[Suit] | None,
                             over: Call | None) -> Call | None:
    """27B1(a): the lowest sufficient natural bid in the one denomination the
    insufficient bid specified (None when it specified none or several)."""
    dens = specified_denominations(ib, ib_shows)
    if len(dens) != 1:
        return None
    return lowest_sufficient_bid(next(iter(dens)), over)


def corrects_27b1a(ib: Call, ib_shows: Iterable[Suit] | None, replacement: Call,
                   replacement_shows: Iterable[Suit] | None, over: Call | None) -> bool:
    """Is ``replacement`` the lowest sufficient bid that specifies the same
    denomination(s) as the insufficient ``ib``?

    It must be a sufficient bid specifying exactly the same denominations, and no
    higher than the lowest sufficient natural bid in that denomination (so a transfer
    below it qualifies). An insufficient bid that specified several denominations
    (a two-suiter) is taken at the Director's word that no lower sufficient bid shows
    the same suits; one that specified none cannot be corrected under B1(a)."""
    if not replacement.is_bid or (over is not None and replacement.rank <= over.rank):
        return False
    dens = specified_denominations(ib, ib_shows)
    if not dens or specified_denominations(replacement, replacement_shows) != dens:
        return False
    if len(dens) == 1:
        lowest = lowest_sufficient_bid(next(iter(dens)), over)
        return lowest is not None and replacement.rank <= lowest.rank
    return True


def correction_for(replacement: Call, b1a: bool, comparable: bool | None,
                   second_insufficient: bool = False) -> Correction | None:
    """The clause of 27B that governs a correction (None: comparability undecided)."""
    if second_insufficient:
        return CORRECTIONS["27B4"]
    if b1a:
        return CORRECTIONS["27B1(a)"]
    if comparable is None:
        return None
    if comparable:
        return CORRECTIONS["27B1(b)"]
    return CORRECTIONS["27B2"] if replacement.is_bid or replacement.is_pass else CORRECTIONS["27B3"]


# --- the walk -----------------------------------------------------------------------

def _insufficient(walk: Walk, ic: IncidentCall) -> bool:
    problem = walk.auction.check_next(ic.call)
    return problem is not None and problem.law == "27"


def rule_insufficient(walk: Walk) -> None:
    """27A1: LHO may accept the insufficient bid (calling over it accepts it); 27B: else
    it is cancelled and must be replaced; 27C: a replacement made already."""
    idx, ic = walk.current()
    s = ic.seat
    nxt = walk.peek()
    lho_called = walk.lho_calls_next(s)
    replaced = nxt is not None and nxt[1].seat is s
    accepted = walk.take_accept(ic)
    if accepted is None and lho_called:
        accepted = True
    if accepted is False and lho_called:
        assert nxt is not None
        raise walk.err(nxt[0], f"{s.lho.english} called over the insufficient {ic.call}, "
                               f"which accepts it (Law 27A1), but the case says accept: false")
    facts = walk.facts(ic)
    if accepted:
        if replaced:
            assert nxt is not None
            walk.clause("27C", "law27.premature_accepted", **facts,
                        replacement=call_msg(nxt[1].call))
            walk.cancel(nxt[1])
            walk.ui(nxt[1], offender=s)
            del walk.queue[walk.pos + 1]
        walk.clause("27A1", "law27.accepted", **facts)
        walk.append_current(insufficient=True)
        return
    if accepted is None:
        if replaced:
            assert nxt is not None
            walk.clause("27C", "law27.premature", **facts, replacement=call_msg(nxt[1].call))
        else:
            walk.clause("27A1", "law27.offer", **facts)
        walk.decide(s.lho, DecisionKind.ACCEPT, "27A1",
                    {"seat": seat_msg(s.lho), "source": seat_call_msg(s, ic.call)},
                    {"call": walk.ref(ic)})
    over = walk.last_bid()
    walk.cancel(ic)
    walk.pending_ib[s] = PendingInsufficient(ic, over)
    if not replaced:
        lowest = lowest_same_denomination(ic.call, ic.shows, over)
        if lowest is not None:
            walk.clause("27B", "law27.must_correct_lowest", **facts, lowest=call_msg(lowest))
        else:
            walk.clause("27B", "law27.must_correct", **facts)
        walk.decide(s, DecisionKind.REPLACEMENT, "27B",
                    {"seat": seat_msg(s), "source": seat_call_msg(s, ic.call)},
                    {"call": walk.ref(ic),
                     "lowest_same_denomination": lowest.pbn() if lowest else None})
    walk.pos += 1


def _correction(walk: Walk, ic: IncidentCall) -> bool:
    return ic.seat in walk.pending_ib


def rule_correction(walk: Walk) -> None:
    """27B: the offender's call that replaces his insufficient bid."""
    idx, ic = walk.current()
    s = ic.seat
    p = walk.pending_ib[s]
    facts = dict(walk.facts(p.ib), replacement=call_msg(ic.call))
    problem = walk.auction.check_next(ic.call)
    if p.b3:
        if problem is not None:
            raise walk.err(idx, f"{s.english} must replace his insufficient bid with a legal "
                                f"call (Law 27B3): {problem.reason}")
        walk.clause("27B3", "law27.after_b3", **facts)
        del walk.pending_ib[s]
        walk.append_current()
        return
    if not (ic.call.is_bid or ic.call.is_pass):
        j = walk.judge(p.ib, ic)
        if j.comparable is None:
            walk.undecided(p.ib, ic)
            return
        walk.judgement_clause(j, p.ib, ic)
        ok = j.comparable and problem is None
        _apply(walk, CORRECTIONS["27B1(b)" if ok else "27B3"], p, facts)
        return
    if problem is not None:
        nxt = walk.peek()
        accepted = ic.accept
        if accepted is None and nxt is not None and nxt[1].seat is s.lho:
            accepted = True
        if accepted:
            walk.clause("27B4", "law27.b4_accepted", **facts)
            del walk.pending_ib[s]
            walk.append_current(insufficient=True)
            return
        if accepted is None and nxt is None:
            walk.decide(s.lho, DecisionKind.ACCEPT, "27B4",
                        {"seat": seat_msg(s.lho), "source": seat_call_msg(s, ic.call)},
                        {"call": walk.ref(ic)})
        _apply(walk, CORRECTIONS["27B4"], p, facts)
        return
    if change_target(walk) is not None:
        rule_change(walk)
        return
    b1a = corrects_27b1a(p.ib.call, p.ib.shows, ic.call, ic.shows, p.over)
    comparable = None
    if not b1a:
        j = walk.judge(p.ib, ic)
        if j.comparable is None:
            walk.append_current()
            walk.undecided(p.ib, ic)
            return
        walk.judgement_clause(j, p.ib, ic)
        comparable = j.comparable
    correction = correction_for(ic.call, b1a, comparable)
    assert correction is not None
    _apply(walk, correction, p, facts)


def _apply(walk: Walk, c: Correction, p: PendingInsufficient,
           facts: Mapping[str, Any]) -> None:
    _, ic = walk.current()
    s = ic.seat
    walk.clause(c.law, c.key, **facts)
    if c.law == "27B1(b)":
        walk.clause("26A", "law26.comparable", offender=seat_msg(s))
    if c.partner_passes:
        walk.impose(s.partner, PassUntil.END_OF_AUCTION, c.law)
    if c.unauthorized:
        walk.ui(p.ib, offender=s)
    if c.replacement_cancelled:
        walk.cancel(ic)
        walk.ui(ic, offender=s)
        p.b3 = True
        walk.pos += 1
    else:
        del walk.pending_ib[s]
        walk.append_current()
    if c.lead_restriction:
        walk.lead(s, c.law)
    walk.adjust(c.adjustment)


#: This module's situations, in the order the walk asks them (`td_plugin.laws.auction.situations`).
CORRECTION = Situation("27B", _correction, rule_correction)
INSUFFICIENT = Situation("27", _insufficient, rule_insufficient)
SITUATIONS = (CORRECTION, INSUFFICIENT)
