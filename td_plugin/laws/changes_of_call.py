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

from td_plugin import messages

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


messages.register("en", {
    "law25.unintended": "{source} was unintended (a mechanical error or a slip of the tongue): "
                        "{seat} may replace it with the call he intended, {intended}, which "
                        "stands. There are no lead restrictions and the unintended call gives "
                        "no unauthorized information (Law 25A1).",
    "law25.not_acceptable": "{lho} cannot accept {source}: an unintended call is corrected, not "
                            "accepted (Law 25A1).",
    "law25.aware": "It does not matter how {seat} became aware of his error (Law 25A3).",
    "law25.auction_ended": "The auction ended before {partner}'s turn: the correction is "
                           "allowed until the opening lead is faced, and the auction continues "
                           "(Laws 25A5, 17D).",
    "law25.too_late_partner": "{source} cannot be corrected any more: {partner} has called "
                              "since. It stands as if intended (Law 25A4).",
    "law25.too_late_lead": "{source} cannot be corrected any more: the auction ended before "
                           "{partner}'s turn and the opening lead has been faced, so the "
                           "auction period is over (Laws 25A5, 17D). It stands and the attempted "
                           "{intended} is void.",
    "law25.lho_may_withdraw": "{lho} called over the unintended call and may withdraw his "
                              "{own_calls}; if he does, the information from it is authorized "
                              "to {lho_side} and unauthorized to {side} (Law 25A6).",
    "law25.lho_withdrew": "{lho} withdraws his {own_calls}, made over the unintended call "
                          "(Law 25A6).",
    "law25.lho_kept": "{lho} keeps his {own_calls}, made over the unintended call (Law 25A6).",
    "law25.lho_must_withdraw": "{calls} is not legal over {intended}: {lho} must withdraw it and "
                               "call again (Law 25A6).",
    "law25.change_accepted": "{seat} changed his intended {first} to {second}, which is not an "
                             "unintended call (Law 25A2). {lho} accepts the change: {second} "
                             "stands and {first} is withdrawn; there is no obligation to pass "
                             "(Law 25B1).",
    "law25.change_not_accepted": "{seat} changed his intended {first} to {second}, which is not "
                                 "an unintended call (Law 25A2). {lho} does not accept the "
                                 "change: {second} is cancelled and {first} stands; there is no "
                                 "obligation to pass (Law 25B2).",
    "law25.change_not_noticed": "{seat} changed his intended {first} to {second}, which is not "
                                "an unintended call (Law 25A2). {lho} called without noticing "
                                "the change, which is not an acceptance: {second} is cancelled "
                                "and {first} stands; there is no obligation to pass (Law 25B2).",
    "law25.change_pending": "{seat} changed his intended {first} to {second}, which is not an "
                            "unintended call (Law 25A2). {lho} may accept the change, and "
                            "then {second} stands and {first} is withdrawn (Law 25B1); "
                            "otherwise {second} is cancelled and {first} stands (Law 25B2). "
                            "Either way there is no obligation to pass.",
    "law25.lho_call_withdrawn": "By accepting the change {lho} withdraws {calls}, made over "
                                "{first} (Law 25B1).",
})
messages.register("da", {
    "law25.unintended": "{source} var et fejlgreb (en mekanisk fejl eller en fortalelse): "
                        "{seat} må rette den til den tilsigtede melding, {intended}, som står "
                        "ved magt. Der er ingen udspilsbegrænsninger, og fejlgrebet giver ingen "
                        "ubeføjede oplysninger (§ 25A1).",
    "law25.not_acceptable": "{lho} kan ikke acceptere {source}: et fejlgreb rettes, det "
                            "accepteres ikke (§ 25A1).",
    "law25.aware": "Det er uden betydning, hvordan {seat} blev opmærksom på fejlen (§ 25A3).",
    "law25.auction_ended": "Meldeforløbet sluttede, før det blev {partner}s tur: fejlgrebet kan "
                           "rettes, indtil åbningsudspillet er vendt, og meldeforløbet "
                           "fortsætter (§ 25A5, § 17D).",
    "law25.too_late_partner": "{source} kan ikke længere rettes: {partner} har meldt siden. "
                              "Meldingen står ved magt, som om den var tilsigtet (§ 25A4).",
    "law25.too_late_lead": "{source} kan ikke længere rettes: meldeforløbet sluttede, før det "
                           "blev {partner}s tur, og åbningsudspillet er vendt, så meldeperioden "
                           "er forbi (§ 25A5, § 17D). Meldingen står ved magt, og forsøget på "
                           "{intended} er uden virkning.",
    "law25.lho_may_withdraw": "{lho} meldte efter fejlgrebet og må tage sin {own_calls} "
                              "tilbage; gør han det, er oplysningerne derfra beføjede for "
                              "{lho_side} og ubeføjede for {side} (§ 25A6).",
    "law25.lho_withdrew": "{lho} tager sin {own_calls} tilbage, afgivet efter fejlgrebet (§ 25A6).",
    "law25.lho_kept": "{lho} fastholder sin {own_calls}, afgivet efter fejlgrebet (§ 25A6).",
    "law25.lho_must_withdraw": "{calls} er ikke lovlig efter {intended}: {lho} skal tage den "
                               "tilbage og melde igen (§ 25A6).",
    "law25.change_accepted": "{seat} ændrede sin tilsigtede {first} til {second}; det er ikke et "
                             "fejlgreb (§ 25A2). {lho} accepterer ændringen: {second} står ved "
                             "magt, og {first} er taget tilbage; der er ingen tvungen pas "
                             "(§ 25B1).",
    "law25.change_not_accepted": "{seat} ændrede sin tilsigtede {first} til {second}; det er "
                                 "ikke et fejlgreb (§ 25A2). {lho} accepterer ikke ændringen: "
                                 "{second} annulleres, og {first} står ved magt; der er ingen "
                                 "tvungen pas (§ 25B2).",
    "law25.change_not_noticed": "{seat} ændrede sin tilsigtede {first} til {second}; det er ikke "
                                "et fejlgreb (§ 25A2). {lho} meldte uden at have set ændringen, "
                                "og det er ikke en accept: {second} annulleres, og {first} står "
                                "ved magt; der er ingen tvungen pas (§ 25B2).",
    "law25.change_pending": "{seat} ændrede sin tilsigtede {first} til {second}; det er ikke et "
                            "fejlgreb (§ 25A2). {lho} kan acceptere ændringen, og så står "
                            "{second} ved magt, og {first} er taget tilbage (§ 25B1); ellers "
                            "annulleres {second}, og {first} står ved magt (§ 25B2). Der er "
                            "ingen tvungen pas i nogen af tilfældene.",
    "law25.lho_call_withdrawn": "Ved at acceptere ændringen tager {lho} {calls} tilbage, "
                                "afgivet efter {first} (§ 25B1).",
})
