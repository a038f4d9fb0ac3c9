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
LHO's turn is a change of call (Law 25).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from td_plugin.auction import Call
from td_plugin.cards import Seat

__all__ = ["Turn", "CoorRule", "OffenderCall", "turn_of", "family_of", "rectification",
           "offender_call"]


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

    ``law``/``key``: the clause applied at once. Exactly one of these holds:
    ``must_pass_next`` (30A: the offender passes at his next turn), ``await_rho``
    (31A/32A: what happens depends on RHO's call; ``law_repeat`` if RHO passes),
    ``partner_free`` (30B1/31B/32B: partner calls freely under 16C2; the offender's own
    call is then judged). ``law_comparable``/``law_not_comparable`` rule on the
    offender's call at his proper turn, under the heading ``law_offender_call``.
    """

    family: str
    law: str
    key: str
    must_pass_next: bool = False
    await_rho: bool = False
    partner_free: bool = False
    law_repeat: str | None = None
    law_comparable: str | None = None
    law_not_comparable: str | None = None
    law_offender_call: str | None = None


_RULES = {
    ("30", True): CoorRule("30", "30A", "coor.pass_rho", must_pass_next=True),
    ("30", False): CoorRule("30", "30B1(a)", "coor.partner_free", partner_free=True,
                            law_comparable="30B1(b)(i)", law_not_comparable="30B1(b)(ii)",
                            law_offender_call="30B1(b)"),
    ("31", True): CoorRule("31", "31A", "coor.await_rho", await_rho=True, law_repeat="31A1",
                           law_comparable="31A2(a)", law_not_comparable="31A2(b)",
                           law_offender_call="31A2"),
    ("31", False): CoorRule("31", "31B", "coor.partner_free", partner_free=True,
                            law_comparable="31A2(a)", law_not_comparable="31A2(b)",
                            law_offender_call="31A2"),
    ("32", True): CoorRule("32", "32A", "coor.await_rho", await_rho=True, law_repeat="32A1",
                           law_comparable="32A2(a)", law_not_comparable="32A2(b)",
                           law_offender_call="32A2"),
    ("32", False): CoorRule("32", "32B", "coor.partner_free", partner_free=True,
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
    32A2/32B)."""

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
