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

from td_plugin import messages
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


messages.register("en", {
    "law28.a": "{turn} is required to pass, so {source} at {turn}'s turn is in rotation "
               "(Law 28A).",
    "law28.b": "{turn} called at his own turn before {source}, made out of rotation, was "
               "rectified: that call is treated as not made and there is no rectification; "
               "Law 16C2 applies, Law 26 does not (Law 28B).",
    "law29.accepted": "{lho} accepts {source}, made out of rotation, by calling over it: the "
                      "call stands and the auction continues from {lho}; {skipped} lost the "
                      "turn (Law 29A).",
    "law29.offer": "{lho} may accept {source}, made out of rotation, by calling over it "
                   "(Law 29A).",
    "law29.cancelled": "{source} was made out of rotation, at {turn}'s turn. Not accepted, it "
                       "is cancelled and the auction reverts to {turn} (Law 29B).",
    "law29.artificial": "{source} is artificial: Laws 30 to 32 apply to the denominations it "
                        "specified, not to the one it named (Law 29C).",
    "coor.pass_rho": "{seat} passed at his right-hand opponent's turn: he must pass when next "
                     "it is his turn to call; Law 72C may apply (Law 30A).",
    "coor.partner_free": "{partner} may make any legal call at his turn, but Law 16C2 applies "
                         "to the information from {source} ({law}). At his own turn {seat} may "
                         "make any legal call: after a comparable call (Law 23A) there is no "
                         "further rectification ({law_a}); after any other call {partner} must "
                         "pass when next it is his turn to call ({law_b}).",
    "coor.await_rho": "{seat} called at his right-hand opponent's turn. If {rho} passes, {seat} "
                      "must repeat {call} and there is no rectification ({law_repeat}). If "
                      "{rho} bids, doubles or redoubles, {seat} may make any legal call: after "
                      "a comparable call (Law 23A) there is no further rectification "
                      "({law_a}); after any other call {partner} must pass when next it is his "
                      "turn to call ({law_b}).",
    "coor.must_repeat": "{rho} passed: {seat} must repeat {call}; that call being legal, there "
                        "is no rectification ({law}).",
    "coor.offender_to_call": "At his turn {seat} may make any legal call: after a comparable "
                             "call (Law 23A) there is no further rectification ({law_a}); after "
                             "any other call {partner} must pass when next it is his turn to "
                             "call ({law_b}).",
    "coor.comparable": "{replacement} is comparable with the cancelled {withdrawn}: there is "
                       "no further rectification and Law 26B does not apply, but see Law 23C "
                       "({law}).",
    "coor.not_comparable": "{replacement} is not comparable with the cancelled {withdrawn}: "
                           "{partner} must pass when next it is his turn to call; Laws 16C, "
                           "26B and 72C may apply ({law}).",
    "coor.not_comparable_no26b": "{replacement} is not comparable with the cancelled "
                                 "{withdrawn}: {partner} must pass when next it is his turn to "
                                 "call; Laws 16C and 72C may apply ({law}).",
})
messages.register("da", {
    "law28.a": "{turn} er forpligtet til at passe, så {source} i {turn}s tur er i tur "
               "(§ 28A).",
    "law28.b": "{turn} meldte i sin egen tur, før {source}, der var afgivet uden for tur, blev "
               "korrigeret: den melding betragtes som ikke afgivet, og der er ingen korrektion; "
               "§ 16C2 finder anvendelse, § 26 gør ikke (§ 28B).",
    "law29.accepted": "{lho} accepterer {source}, der var afgivet uden for tur, ved at melde "
                      "efter den: meldingen står ved magt, og meldeforløbet fortsætter fra "
                      "{lho}; {skipped} mistede turen (§ 29A).",
    "law29.offer": "{lho} kan acceptere {source}, der var afgivet uden for tur, ved at melde "
                   "efter den (§ 29A).",
    "law29.cancelled": "{source} blev afgivet uden for tur, i {turn}s tur. Den accepteres ikke "
                       "og annulleres derfor, og turen går tilbage til {turn} (§ 29B).",
    "law29.artificial": "{source} er kunstig: § 30-32 anvendes på de benævnelser, den viste, "
                        "ikke på den, den nævnte (§ 29C).",
    "coor.pass_rho": "{seat} passede i sin højre modstanders tur: han skal passe, næste gang "
                     "det er hans tur; § 72C kan komme på tale (§ 30A).",
    "coor.partner_free": "{partner} må afgive enhver lovlig melding i sin tur, men § 16C2 gælder "
                         "for oplysningerne fra {source} ({law}). I sin egen tur må {seat} "
                         "afgive enhver lovlig melding: efter en tilsvarende melding (§ 23A) er "
                         "der ingen yderligere korrektion ({law_a}); efter enhver anden melding "
                         "skal {partner} passe, næste gang det er hans tur ({law_b}).",
    "coor.await_rho": "{seat} meldte i sin højre modstanders tur. Hvis {rho} passer, skal "
                      "{seat} gentage {call}, og der er ingen korrektion ({law_repeat}). Hvis "
                      "{rho} melder et bud, dobler eller redobler, må {seat} afgive enhver "
                      "lovlig melding: efter en tilsvarende melding (§ 23A) er der ingen "
                      "yderligere korrektion ({law_a}); efter enhver anden melding skal "
                      "{partner} passe, næste gang det er hans tur ({law_b}).",
    "coor.must_repeat": "{rho} passede: {seat} skal gentage {call}; da meldingen er lovlig, er "
                        "der ingen korrektion ({law}).",
    "coor.offender_to_call": "I sin tur må {seat} afgive enhver lovlig melding: efter en "
                             "tilsvarende melding (§ 23A) er der ingen yderligere korrektion "
                             "({law_a}); efter enhver anden melding skal {partner} passe, næste "
                             "gang det er hans tur ({law_b}).",
    "coor.comparable": "{replacement} er en tilsvarende melding i forhold til den annullerede "
                       "{withdrawn}: der er ingen yderligere korrektion, og § 26B finder ikke "
                       "anvendelse, men se § 23C ({law}).",
    "coor.not_comparable": "{replacement} er ikke en tilsvarende melding i forhold til den "
                           "annullerede {withdrawn}: {partner} skal passe, næste gang det er "
                           "hans tur; § 16C, § 26B og § 72C kan komme på tale ({law}).",
    "coor.not_comparable_no26b": "{replacement} er ikke en tilsvarende melding i forhold til den "
                                 "annullerede {withdrawn}: {partner} skal passe, næste gang det "
                                 "er hans tur; § 16C og § 72C kan komme på tale ({law}).",
})
