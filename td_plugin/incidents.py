"""Auction irregularities reported by the Director, and the walk that rules on them.

An `Incident` is what the Director enters at the table: the dealer, and the calls in
the order they happened (each with the Director's findings: unintended, what an
artificial call showed, its meaning, whether it was made at the same time as the call
before it), plus the decisions taken (LHO accepts or not; the Director's Law 23
judgement), readings of the Laws over the regulation's (``options``) and, when known,
the final auction.

`rule_incident` walks the calls (`td_plugin.auction_walk.Walk` keeps the legal auction
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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from td_plugin.auction import Auction, Call
from td_plugin.auction_ruling import AuctionRuling
from td_plugin.auction_walk import Situation, Walk
from td_plugin.board import Vulnerability
from td_plugin.cards import Seat, Suit
from td_plugin.errors import CaseFileError
from td_plugin.laws import (
    auction_period,
    calls_out_of_rotation,
    changes_of_call,
    inadmissible_calls,
    insufficient_bids,
    simultaneous_calls,
)
from td_plugin.laws.comparable_calls import Meaning
from td_plugin.laws.lead_restrictions import specified_suits
from td_plugin.messages import LANGUAGES
from td_plugin.regulations import Regulation, regulation
from td_plugin.rulings import ReviewContext

__all__ = ["IncidentCall", "Incident", "Options", "Meaning", "AuctionRuling", "rule_incident",
           "SITUATIONS"]


@dataclass(frozen=True)
class IncidentCall:
    """One call as it happened, with the Director's findings about it.

    ``unintended``: judged a mechanical error or slip of the tongue (25A); ``intended``:
    the call he meant, a fact of this call (without it, the intended call is the same
    player's next call). ``shows``: the suits an artificial call
    specified (None: natural). ``meaning``: what it showed, for Law 23. ``accept`` and
    ``comparable``: the decision on this very call, when the case has several.
    ``aware_from``: how the player noticed his unintended call (it does not matter, 25A3).
    ``withdraw``: on a call LHO made over an unintended call, his decision under 25A6 once
    the call was corrected (None: his next entry says it, or he has not decided).
    ``simultaneous``: made at the same time as the call before it in the case (Law 33).
    """

    seat: Seat
    call: Call
    unintended: bool = False
    intended: Call | None = None
    shows: frozenset[Suit] | None = None
    meaning: Meaning | None = None
    accept: bool | None = None
    comparable: bool | None = None
    aware_from: str | None = None
    withdraw: bool | None = None
    simultaneous: bool = False

    @classmethod
    def of(cls, seat: Seat | str, call: Call | str, **findings: Any) -> IncidentCall:
        """``IncidentCall.of("S", "1D", unintended=True)``."""
        if isinstance(seat, str):
            seat = Seat.from_pbn(seat)
        if isinstance(call, str):
            call = Call.from_pbn(call)
        if findings.get("shows") is not None:
            findings["shows"] = frozenset(Suit.from_pbn(s) if isinstance(s, str) else s
                                          for s in findings["shows"])
        return cls(seat, call, **findings)

    @property
    def specified(self) -> frozenset[Suit]:
        return specified_suits(self.call, self.shows)

    @property
    def artificial(self) -> bool:
        """It specified something else than its natural meaning, or is a pass with an
        agreed purpose."""
        if self.shows is not None and self.shows != specified_suits(self.call):
            return True
        return self.call.is_pass and self.meaning is not None and bool(self.meaning.purpose)


@dataclass(frozen=True)
class Options:
    """A case's own readings of the Laws where authorities differ, over the regulation's
    (None: the regulation's; `td_plugin.regulations`). ``lead_restriction_after_32``:
    whether Law 32A2(b) lets Law 26B apply. ``cancelled_call_bars_correction``: whether
    partner's call after the final pass, cancelled (39A), ends the time to correct an
    unintended call (25A4)."""

    lead_restriction_after_32: bool | None = None
    cancelled_call_bars_correction: bool | None = None

    def over(self, base: Regulation) -> Regulation:
        """``base`` with these readings over it."""
        return base.with_options(lead_restriction_after_32=self.lead_restriction_after_32,
                                 cancelled_call_bars_correction=self.cancelled_call_bars_correction)


@dataclass(frozen=True)
class Incident:
    """An auction irregularity as the Director enters it (see docs/cases.md)."""

    dealer: Seat
    calls: tuple[IncidentCall, ...]
    vulnerable: Vulnerability | None = None
    screens: bool = False
    accept: bool | None = None
    comparable: bool | None = None
    final_auction: Auction | None = None
    final_shows: Mapping[int, frozenset[Suit]] = field(default_factory=dict)
    declarer: Seat | None = None
    opening_lead_faced: bool = False
    options: Options = Options()
    board: int | None = None
    description: str | None = None
    source: str | None = None


#: The laws the walk asks about each call, in this order: the first whose situation it
#: is rules on it (see the module docstring).
SITUATIONS: tuple[Situation, ...] = (
    simultaneous_calls.SIMULTANEOUS,
    inadmissible_calls.AFTER_FINAL_PASS,
    changes_of_call.UNINTENDED,
    Situation("17D3", auction_period.ends_out_of_rotation, auction_period.rule_ending_pass),
    calls_out_of_rotation.RHO_REQUIRED_TO_PASS,
    calls_out_of_rotation.OUT_OF_ROTATION,
    insufficient_bids.CORRECTION,
    calls_out_of_rotation.REPEAT,
    inadmissible_calls.REQUIRED_TO_PASS,
    insufficient_bids.INSUFFICIENT,
    inadmissible_calls.INADMISSIBLE,
    changes_of_call.CHANGE,
    calls_out_of_rotation.OFFENDERS_CALL,
)


def rule_incident(incident: Incident | Mapping[str, Any],
                  lang: str | ReviewContext = "en",
                  regulation_in_force: str | Regulation | None = None) -> AuctionRuling:
    """The ruling on ``incident`` (an `Incident`, or a case as a mapping). ``lang`` is a
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
    if not isinstance(incident, Incident):
        from td_plugin.casefile import load_case
        loaded = load_case(incident)
        if not isinstance(loaded, Incident):
            raise CaseFileError("not an auction case (kind: revoke): "
                                "td_plugin.laws.revokes.rule_revoke_case rules it")
        incident = loaded
    walk = Walk(incident, incident.options.over(regulation(regulation_in_force)))
    while not walk.done:
        _, ic = walk.current()
        situation = next((x for x in SITUATIONS if x.applies(walk, ic)), None)
        if situation is None:
            walk.append_current()  # a legal call in rotation: nothing to rule on
        else:
            situation.rule(walk)
    return walk.ruling(lang)
