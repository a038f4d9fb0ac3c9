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

from td_plugin import messages
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


messages.register("en", {
    "law36.a": "{lho} called over {source}, an inadmissible double or redouble, before it was "
               "rectified: both calls are cancelled and the auction reverts to {turn} as though "
               "there had been no irregularity; Law 26B does not apply (Law 36A).",
    "law36.b": "{source} is an inadmissible double or redouble and is cancelled: {seat} must "
               "make a legal call instead, and {partner} must pass for the rest of the "
               "auction; Laws 26B and 72C may apply (Law 36B).",
    "law36.b4": "{source} is an inadmissible double or redouble made out of rotation, and it "
                "can never be accepted: it is cancelled and the auction reverts to {turn}; "
                "{seat} may make any legal call at his turn, and {partner} must pass for the "
                "rest of the auction; Laws 26B and 72C may apply (Law 36B4).",
    "law37.a": "{seat} was required to pass, but {lho} called over {source} before it was "
               "rectified: both calls stand; Law 26B does not apply (Law 37A).",
    "law37.a_still": "{seat} was required to pass, but {lho} called over {source} before it "
                     "was rectified: both calls stand, and {seat} must still pass at his "
                     "remaining turns; Law 26B does not apply (Law 37A).",
    "law37.b": "{seat} was required to pass: {source} is cancelled, and both {seat} and "
               "{partner} must pass whenever it is their turn for the rest of the auction; "
               "Laws 26B and 72C may apply (Law 37B).",
    "law39.a": "{source} was made after the final pass and is cancelled (Law 39A).",
    "law39.b_passed_out": "The board was passed out: there is no further rectification "
                          "(Law 39B).",
    "law39.b_pass": "It was a pass by a defender: there is no further rectification (Law 39B).",
    "law39.b_declaring": "{seat} is on the declaring side: there is no further rectification "
                         "(Law 39B).",
    "law39.b_lho": "{lho} called after it before it was rectified: there is no further "
                   "rectification (Law 39B).",
    "law39.c": "{seat} is a defender who bid, doubled or redoubled after the final pass: "
               "Law 26B may apply (Law 39C).",
})
messages.register("da", {
    "law36.a": "{lho} meldte efter {source}, en utilladelig dobling eller redobling, før den "
               "blev korrigeret: begge meldinger annulleres, og turen går tilbage til {turn}, "
               "som om der ikke havde været nogen uregelmæssighed; § 26B finder ikke "
               "anvendelse (§ 36A).",
    "law36.b": "{source} er en utilladelig dobling eller redobling og annulleres: {seat} skal "
               "afgive en lovlig melding i stedet, og {partner} skal passe resten af "
               "meldeforløbet; § 26B og § 72C kan komme på tale (§ 36B).",
    "law36.b4": "{source} er en utilladelig dobling eller redobling afgivet uden for tur, og "
                "den kan aldrig accepteres: den annulleres, og turen går tilbage til {turn}; "
                "{seat} må afgive enhver lovlig melding i sin tur, og {partner} skal passe "
                "resten af meldeforløbet; § 26B og § 72C kan komme på tale (§ 36B4).",
    "law37.a": "{seat} var forpligtet til at passe, men {lho} meldte efter {source}, før den "
               "blev korrigeret: begge meldinger står ved magt; § 26B finder ikke anvendelse "
               "(§ 37A).",
    "law37.a_still": "{seat} var forpligtet til at passe, men {lho} meldte efter {source}, før "
                     "den blev korrigeret: begge meldinger står ved magt, og {seat} skal stadig "
                     "passe i sine resterende ture; § 26B finder ikke anvendelse (§ 37A).",
    "law37.b": "{seat} var forpligtet til at passe: {source} annulleres, og både {seat} og "
               "{partner} skal passe, hver gang det er deres tur, resten af meldeforløbet; "
               "§ 26B og § 72C kan komme på tale (§ 37B).",
    "law39.a": "{source} blev afgivet efter den afsluttende pas og annulleres (§ 39A).",
    "law39.b_passed_out": "Spillet blev rundpasset: der er ingen yderligere korrektion "
                          "(§ 39B).",
    "law39.b_pass": "Det var en pas fra en modspiller: der er ingen yderligere korrektion "
                    "(§ 39B).",
    "law39.b_declaring": "{seat} er på spilførerens side: der er ingen yderligere korrektion "
                         "(§ 39B).",
    "law39.b_lho": "{lho} meldte efter den, før den blev korrigeret: der er ingen yderligere "
                   "korrektion (§ 39B).",
    "law39.c": "{seat} er modspiller og meldte et bud, doblede eller redoblede efter den "
               "afsluttende pas: § 26B kan komme på tale (§ 39C).",
})
