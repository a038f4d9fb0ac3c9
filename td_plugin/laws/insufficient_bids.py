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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from td_plugin.auction import Call
from td_plugin.cards import Strain, Suit
from td_plugin.laws.lead_restrictions import specified_denominations

__all__ = ["Correction", "CORRECTIONS", "lowest_sufficient_bid", "lowest_same_denomination",
           "corrects_27b1a", "correction_for"]


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
