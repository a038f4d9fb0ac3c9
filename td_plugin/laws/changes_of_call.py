"""Law 25: legal and illegal changes of call.

25A (unintended call: a mechanical error or a slip of the tongue, never a change of
mind, 25A2): the player may substitute his intended call until his partner calls (25A1,
25A4), whatever made him aware of the error (25A3); if the auction ended before
partner's turn, until the end of the auction period, i.e. until the opening lead is
faced (25A5, 17D). The intended call stands and is subject to the appropriate law
(an insufficient intended bid goes to Law 27), there are no lead restrictions and the
unintended call gives no unauthorized information. LHO may withdraw a call he made
over the unintended call (25A6); that information is authorized to his side and
unauthorized to the opponents.

25B (the first call was intended): LHO may accept the substituted call, and does so
by calling over it intentionally (25B1): the first call is withdrawn, the second
stands. Otherwise the substitution is cancelled and the first call stands (25B2). In
both cases Law 16C applies to the call withdrawn or cancelled (25B3) and Law 26 may
apply; partner is never obliged to pass.
"""

from __future__ import annotations


__all__ = ["unintended_correction", "change_of_call"]


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
