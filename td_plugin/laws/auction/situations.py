"""Auction irregularities reported by the Director, and the walk that rules on them.

An `Incident` (`td_plugin.laws.auction.incident`) is what the Director enters at the table:
the dealer, and the calls in the order they happened (each with the Director's findings:
unintended, what an artificial call showed, its meaning, whether it was made at the same
time as the call before it), plus the decisions taken (LHO accepts or not; the Director's
Law 23 judgement), readings of the Laws over the regulation's (``options``) and, when
known, the final auction.

`rule_incident` walks the calls (`td_plugin.laws.auction.walk.Walk` keeps the legal auction
and what rectification left pending) and, for each, asks the laws in `SITUATIONS`
whose situation it is: the first law that recognizes it rules on it (simultaneous calls
33; a call after the final pass 39; an unintended call 25A; a call at another player's
turn 28-32; the replacement of an insufficient bid 27B; a call to repeat 31A1/32A1; a
call by a player required to pass 37; an insufficient bid 27; an inadmissible double
36; a changed call 25B; an offender's call at his turn after his call out of rotation
30B1(b)/31A2/32A2). A legal call in rotation that no law claims joins the auction. The
walk ends with the ruling, an `AuctionRuling`, whose lead restrictions Law 26 gives.
"""

from __future__ import annotations

from td_plugin.laws.auction import (
    auction_period,
    calls_out_of_rotation,
    changes_of_call,
    inadmissible_calls,
    insufficient_bids,
    simultaneous_calls,
)
from td_plugin.laws.auction.comparable_calls import Meaning
from td_plugin.laws.auction.incident import Incident, IncidentCall, Options
from td_plugin.laws.auction.ruling import AuctionRuling
from td_plugin.laws.auction.walk import Situation, Walk
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.regulations import Regulation, regulation
from td_plugin.messages import LANGUAGES

__all__ = ["IncidentCall", "Incident", "Options", "Meaning", "AuctionRuling", "rule_incident",
           "SITUATIONS"]


#: The laws the walk asks about each call, in this order: the first whose situation it
#: is rules on it (see the module docstring).
SITUATIONS: tuple[Situation, ...] = (
    simultaneous_calls.SIMULTANEOUS,
    inadmissible_calls.AFTER_FINAL_PASS,
    changes_of_call.UNINTENDED,
    inadmissible_calls.ABOVE_SEVEN,
    Situation("17D3", auction_period.ends_out_of_rotation, auction_period.rule_ending_pass),
    calls_out_of_rotation.RHO_REQUIRED_TO_PASS,
    calls_out_of_rotation.OUT_OF_ROTATION,
    calls_out_of_rotation.OFFENDERS_INSUFFICIENT,
    insufficient_bids.CORRECTION,
    calls_out_of_rotation.REPEAT,
    inadmissible_calls.REQUIRED_TO_PASS,
    insufficient_bids.INSUFFICIENT,
    inadmissible_calls.INADMISSIBLE,
    changes_of_call.CHANGE,
    calls_out_of_rotation.OFFENDERS_CALL,
)


def rule_incident(incident: Incident,
                  lang: str | ReviewContext = "en",
                  regulation_in_force: str | Regulation | None = None) -> AuctionRuling:
    """The ruling on ``incident`` (a case file's data is read into one by
    `td_plugin.cases.files.load_case`). ``lang`` is a
    language code or a `ReviewContext` (whose language and regulation are used);
    ``regulation_in_force`` (a name or a `Regulation`; default the context's, else WBF)
    gives the readings the case's ``options`` do not. Raises `CaseFileError` when the
    calls make no sense, naming the entry."""
    if isinstance(lang, ReviewContext):
        if regulation_in_force is None:
            regulation_in_force = lang.regulation
        lang = lang.language
    if lang not in LANGUAGES:
        lang = "en"
    walk = Walk(incident, incident.options.over(regulation(regulation_in_force)))
    while not walk.done:
        _, ic = walk.current()
        situation = next((x for x in SITUATIONS if x.applies(walk, ic)), None)
        if situation is None:
            walk.append_current()  # a legal call in rotation: nothing to rule on
        else:
            situation.rule(walk)
    return walk.ruling(lang)
