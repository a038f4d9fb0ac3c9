"""Laws 35-39: inadmissible calls (the cheap part: 36, 37 and 39).

- 36: a double or redouble Law 19 does not permit. If the offender's LHO calls before
  rectification, both are cancelled and the auction continues as though nothing had
  happened, without Law 26B (36A). Otherwise it is cancelled, the offender makes a legal
  call and his partner passes for the rest of the auction; 26B and 72C may apply (36B);
  out of rotation, the auction first reverts to the player whose turn it was (36B4).
  It can never be accepted.
- 37: a bid, double or redouble by a player required to pass. If LHO called before
  rectification, the calls stand (the offender still passes where he must); otherwise
  it is cancelled and both members of the offending side pass for the rest of the
  auction; 26B and 72C may apply.
- 39: a call after the final pass is cancelled (39A); no further rectification for a
  pass by a defender, any call by declarer or dummy, or when LHO called after it (39B);
  a defender's bid, double or redouble otherwise lets Law 26B apply (39C).

Law 38 (a bid above seven) has no bidding card and is not modelled.
"""

from __future__ import annotations

from td_plugin.auction import Call

__all__ = ["inadmissible_double", "obligation_violated", "after_final_pass"]


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
