"""An auction irregularity as the Director enters it: `Incident` (the dealer, the calls in
the order they happened, the decisions taken, the final auction when known) with each
`IncidentCall` and its findings, and the case's own readings of the Laws (`Options`);
the single-choice facts of the case and of a call as the table app's forms offer them
(`CASE_FIELDS`, `CALL_FIELDS`).
`td_plugin.cases.files` reads them from a case file; `td_plugin.laws.auction.situations` walks the calls
and rules; the auction laws read the calls they rule on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from td_plugin.laws.auction.comparable_calls import Meaning
from td_plugin.laws.auction.lead_restrictions import specified_suits
from td_plugin.laws.facts import Choice, FactField
from td_plugin.laws.regulations import Regulation
from td_plugin.messages import Msg
from td_plugin.model.auction import Auction, Call
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Seat, Suit
from td_plugin.model.rulings import TextEnum

__all__ = ["AwareFrom", "IncidentCall", "Incident", "Options", "CASE_FIELDS", "CALL_FIELDS"]


class AwareFrom(TextEnum):
    """How a player noticed his unintended call: by himself, or told by partner, an
    opponent or the Director (it does not matter, 25A3)."""

    SELF = "self"
    PARTNER = "partner"
    OPPONENT = "opponent"
    DIRECTOR = "director"


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
    aware_from: AwareFrom | None = None
    withdraw: bool | None = None
    simultaneous: bool = False

    @classmethod
    def of(cls, seat: Seat | str, call: Call | str, **findings: Any) -> IncidentCall:
        """``IncidentCall.of("S", "1D", unintended=True)``."""
        if isinstance(seat, str):
            seat = Seat.from_pbn(seat)
        if isinstance(call, str):
            call = Call.from_pbn(call)
        if isinstance(findings.get("aware_from"), str):
            findings["aware_from"] = AwareFrom(findings["aware_from"])
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
    (None: the regulation's; `td_plugin.laws.regulations`). ``lead_restriction_after_32``:
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
    #: the declarer the session's result records for the table: a default, which the
    #: auction entered overrides (Law 26B reads the auction's declarer; while the auction
    #: is not over the contract is not known, whatever the session says)
    recorded_declarer: Seat | None = None
    opening_lead_faced: bool = False
    options: Options = Options()
    board: int | None = None
    description: str | None = None
    source: str | None = None


def _flag(key: str, law: str | None = None) -> FactField:
    return FactField(key, "bool", f"app.field.{key}", law, required=False)


#: The case's single-choice facts beside the calls, as a form offers them: each is said or
#: not (``options.x`` goes inside ``options``; docs/cases.md).
CASE_FIELDS = (_flag("screens"), _flag("opening_lead_faced", "25A5"),
               FactField("declarer", "seat", "app.field.declarer", "26B", required=False),
               _flag("accept"), _flag("comparable", "23A"),
               _flag("options.lead_restriction_after_32", "32A2(b)"),
               _flag("options.cancelled_call_bars_correction", "25A4"))


#: A call's single-choice facts beside unintended, shows and meaning.
CALL_FIELDS = (_flag("accept"), _flag("comparable", "23A"), _flag("withdraw", "25A6"),
               FactField("aware_from", "choice", "app.field.aware_from", "25A3",
                         tuple(Choice(a.value, Msg(f"app.field.aware_from.{a}"))
                               for a in AwareFrom), required=False),
               _flag("simultaneous", "33"))
