"""Law 26: lead restrictions after a withdrawn call (as amended 20 June 2017), and the
value of a lead restriction whichever Law imposes it.

`LeadRestriction` is one value for every restriction on a player's lead: the choice
Law 26B gives declarer (prohibit one of some suits at the offender's partner's first turn
to lead), and a lead an opponent has required or prohibited at a known trick (penalty
cards, leads out of turn), which the revoke detection checks the play against
(`td_plugin.laws.revokes.detection`).

26A: when an offender's withdrawn call is replaced by a comparable call (Law 23A) there
are no lead restrictions; 16C does not apply, but see 23C.

26B: otherwise, if the offender becomes a defender, declarer may, at the offender's
partner's first turn to lead (possibly the opening lead), prohibit him from leading any
*one* suit that the offender has not specified in the legal auction; the prohibition
lasts as long as the partner keeps the lead. Declarer may never *require* a lead (the
2017 amendment).

"Specified" follows the WBF Laws Committee's commentary: a suit is specified when the
offender's legal auction gave information about his actual holding in it. A natural
suit bid specifies its suit; notrump, pass, double and redouble specify none; an
artificial call specifies what it shows (a 2♦ transfer shows hearts), which the case
gives per call. What the withdrawn call showed does not matter.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from td_plugin.model.auction import Auction, Call
from td_plugin.model.cards import SUITS, Seat, Strain, Suit
from td_plugin.model.names import join_msgs, seat_msg, suit_msg
from td_plugin.model.obligations import LeadRestriction

__all__ = ["LeadVerdict", "specified_suits", "specified_denominations",
           "lead_restriction_26b"]


def specified_suits(call: Call, shows: Iterable[Suit] | None = None) -> frozenset[Suit]:
    """The suits a call specifies: ``shows`` when given (an artificial call), else the
    suit of a natural suit bid; notrump, pass, double and redouble specify none."""
    if shows is not None:
        return frozenset(shows)
    if call.is_bid and call.strain is not None and call.strain.suit is not None:
        return frozenset({call.strain.suit})  # a suit bid; notrump specifies no suit
    return frozenset()


def specified_denominations(call: Call, shows: Iterable[Suit] | None = None) -> frozenset[Strain]:
    """The denominations a call specifies for Law 27B1(a): like `specified_suits`, but a
    natural notrump bid specifies notrump."""
    if shows is not None:
        return frozenset(s.strain for s in shows)
    if call.is_bid and call.strain is not None:
        return frozenset({call.strain})
    return frozenset()


@dataclass(frozen=True)
class LeadVerdict:
    """The outcome of Law 26B for one offender: the restriction (None: there is none)
    and the message key with its facts."""

    restriction: LeadRestriction | None
    key: str
    facts: Mapping[str, Any] = field(default_factory=dict)


def lead_restriction_26b(offender: Seat,
                         offender_calls: Iterable[tuple[Call, Iterable[Suit] | None]] | None,
                         declarer: Seat | None = None,
                         passed_out: bool = False, law: str = "") -> LeadVerdict:
    """Law 26B for ``offender`` (``law``: the clause that made it apply).

    ``offender_calls`` are his calls in the final legal auction with what each showed
    (None: the final auction is not known yet). ``declarer`` is the declarer when known.
    """
    partner = offender.partner
    facts: dict[str, Any] = {"offender": seat_msg(offender), "partner": seat_msg(partner)}
    if passed_out:
        return LeadVerdict(None, "law26.passed_out", facts)
    if declarer is not None:
        facts["declarer"] = seat_msg(declarer)
        if declarer.side is offender.side:
            return LeadVerdict(None, "law26.offender_declares", facts)
    if offender_calls is None:
        key = "law26.may_apply" if declarer is None else "law26.defender_known"
        return LeadVerdict(LeadRestriction.law_26b(offender, None, law), key, facts)
    specified: set[Suit] = set()
    for call, shows in offender_calls:
        specified |= specified_suits(call, shows)
    prohibit = tuple(s for s in SUITS if s not in specified)
    if not prohibit:
        return LeadVerdict(None, "law26.all_specified", facts)
    facts["suits"] = join_msgs([suit_msg(s) for s in prohibit], "or")
    return LeadVerdict(LeadRestriction.law_26b(offender, prohibit, law), "law26.prohibit",
                       facts)


def lead_restrictions_26b(offenders: Sequence[tuple[Seat, str]], final: Auction | None,
                          shows: Mapping[int, Iterable[Suit] | None],
                          declarer: Seat | None = None,
                          passed_out: bool = False) -> list[LeadVerdict]:
    """Law 26B for each of ``offenders`` (with the clause that made it apply), in their
    order, judged on the final legal auction ``final`` (None: not known yet) whose calls
    showed ``shows`` (by index in the auction)."""
    out = []
    for offender, law in offenders:
        calls = None
        if final is not None:
            calls = [(e.call, shows.get(i)) for i, (seat, e) in enumerate(final)
                     if seat is offender and e.call is not None]
        out.append(lead_restriction_26b(offender, calls, declarer, passed_out, law))
    return out
