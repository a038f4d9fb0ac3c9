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

from td_plugin import messages
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


messages.register("en", {
    "law27.accepted": "{lho} accepts {source}, an insufficient bid: it is treated as legal "
                      "and the auction continues (Law 27A1).",
    "law27.offer": "{lho} may accept {source}, an insufficient bid, by calling over it "
                   "(Law 27A1).",
    "law27.premature": "{seat} replaced the insufficient {call} with {replacement} before the "
                       "Director ruled: the replacement stands unless {lho} accepts the "
                       "insufficient bid (Law 27C).",
    "law27.premature_accepted": "{lho} accepts the insufficient {call}: {seat}'s premature "
                                "replacement {replacement} is cancelled (Law 27C).",
    "law27.must_correct": "{source} is not accepted: {seat} must replace it with a legal call "
                          "(Law 27B). A comparable call lets the auction continue without "
                          "further rectification (27B1(b)); any other bid or a pass obliges "
                          "{partner} to pass for the rest of the auction, and Law 26B may "
                          "apply (27B2); a double or redouble that is not comparable is "
                          "cancelled with the same rectification (27B3).",
    "law27.must_correct_lowest": "{source} is not accepted: {seat} must replace it with a legal "
                                 "call (Law 27B). {lowest}, the lowest sufficient bid that "
                                 "specifies the same denomination, or a comparable call lets "
                                 "the auction continue without further rectification (27B1); "
                                 "any other bid or a pass obliges {partner} to pass for the "
                                 "rest of the auction, and Law 26B may apply (27B2); a double "
                                 "or redouble that is not comparable is cancelled with the "
                                 "same rectification (27B3).",
    "law27.b1a": "{replacement} is the lowest sufficient bid that specifies the same "
                 "denomination as the insufficient {call}: the auction continues without "
                 "further rectification; Laws 26B and 16C do not apply, but see Law 27D "
                 "(Law 27B1(a)).",
    "law27.b1b": "{replacement} is comparable with the insufficient {call}: the auction "
                 "continues without further rectification; Law 16C does not apply, but see "
                 "Law 27D (Law 27B1(b)).",
    "law27.b2": "{replacement} is neither the lowest sufficient bid in the same denomination "
                "nor comparable: {partner} must pass whenever it is his turn to call for the "
                "rest of the auction; Law 26B may apply, and see Law 72C (Law 27B2).",
    "law27.b3": "The attempted {replacement} is cancelled: {seat} must replace the "
                "insufficient {call} with a legal call, and {partner} must pass whenever it is "
                "his turn to call; Law 26B may apply, and see Law 72C (Law 27B3).",
    "law27.b4": "{replacement} is insufficient too and is not accepted: it is cancelled and "
                "the Director rules as in Law 27B3: {seat} must make a legal call and "
                "{partner} must pass whenever it is his turn to call (Law 27B4).",
    "law27.b4_accepted": "{replacement} is insufficient too, but {lho} accepts it: it is "
                         "treated as legal (Laws 27B4, 27A1).",
    "law27.after_b3": "{seat} replaces the insufficient bid with {replacement}; {partner} still "
                      "passes for the rest of the auction (Law 27B3).",
})
messages.register("da", {
    "law27.accepted": "{lho} accepterer {source}, et utilstrækkeligt bud: det behandles som "
                      "lovligt, og meldeforløbet fortsætter (§ 27A1).",
    "law27.offer": "{lho} kan acceptere {source}, et utilstrækkeligt bud, ved at melde efter "
                   "det (§ 27A1).",
    "law27.premature": "{seat} erstattede det utilstrækkelige {call} med {replacement}, før "
                       "turneringslederen havde truffet afgørelse: erstatningen står ved magt, "
                       "medmindre {lho} accepterer det utilstrækkelige bud (§ 27C).",
    "law27.premature_accepted": "{lho} accepterer det utilstrækkelige {call}: {seat}s for "
                                "tidlige erstatning {replacement} annulleres (§ 27C).",
    "law27.must_correct": "{source} accepteres ikke: {seat} skal erstatte det med en lovlig "
                          "melding (§ 27B). En tilsvarende melding lader meldeforløbet "
                          "fortsætte uden yderligere korrektion (27B1(b)); ethvert andet bud "
                          "eller pas betyder, at {partner} skal passe resten af meldeforløbet, "
                          "og § 26B kan komme på tale (27B2); en dobling eller redobling, der "
                          "ikke er tilsvarende, annulleres med samme korrektion (27B3).",
    "law27.must_correct_lowest": "{source} accepteres ikke: {seat} skal erstatte det med en "
                                 "lovlig melding (§ 27B). {lowest}, det billigste "
                                 "tilstrækkelige bud, der viser samme benævnelse, eller en "
                                 "tilsvarende melding lader meldeforløbet fortsætte uden "
                                 "yderligere korrektion (27B1); ethvert andet bud eller pas "
                                 "betyder, at {partner} skal passe resten af meldeforløbet, og "
                                 "§ 26B kan komme på tale (27B2); en dobling eller redobling, "
                                 "der ikke er tilsvarende, annulleres med samme korrektion "
                                 "(27B3).",
    "law27.b1a": "{replacement} er det billigste tilstrækkelige bud, der viser samme "
                 "benævnelse som det utilstrækkelige {call}: meldeforløbet fortsætter uden "
                 "yderligere korrektion; § 26B og § 16C finder ikke anvendelse, men se § 27D "
                 "(§ 27B1(a)).",
    "law27.b1b": "{replacement} er en tilsvarende melding i forhold til det utilstrækkelige "
                 "{call}: meldeforløbet fortsætter uden yderligere korrektion; § 16C finder ikke "
                 "anvendelse, men se § 27D (§ 27B1(b)).",
    "law27.b2": "{replacement} er hverken det billigste tilstrækkelige bud i samme benævnelse "
                "eller en tilsvarende melding: {partner} skal passe, hver gang det er hans tur, "
                "resten af meldeforløbet; § 26B kan komme på tale, og se § 72C (§ 27B2).",
    "law27.b3": "Forsøget på {replacement} annulleres: {seat} skal erstatte det "
                "utilstrækkelige {call} med en lovlig melding, og {partner} skal passe, hver "
                "gang det er hans tur; § 26B kan komme på tale, og se § 72C (§ 27B3).",
    "law27.b4": "{replacement} er også utilstrækkeligt og accepteres ikke: det annulleres, og "
                "turneringslederen dømmer som i § 27B3: {seat} skal afgive en lovlig melding, "
                "og {partner} skal passe, hver gang det er hans tur (§ 27B4).",
    "law27.b4_accepted": "{replacement} er også utilstrækkeligt, men {lho} accepterer det: det "
                         "behandles som lovligt (§ 27B4, § 27A1).",
    "law27.after_b3": "{seat} erstatter det utilstrækkelige bud med {replacement}; {partner} "
                      "skal fortsat passe resten af meldeforløbet (§ 27B3).",
})
