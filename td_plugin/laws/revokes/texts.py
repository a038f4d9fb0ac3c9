"""The texts of revoke rulings (Laws 61-64), in English and Danish.

Keys are ``revoke.*``; `ruling` and `case` choose them and fill their parameters. The
catalogue comes in two blocks: the texts the play-record rulings had, and those added
with the rulings from the Director's facts (corrections, trick 12, variants that do not
claim what the facts do not say, the 64C judgement, the case ruling).
"""

from __future__ import annotations

from td_plugin import messages

__all__: list[str] = []

# == texts of the play-record rulings, unchanged ==========================================

messages.register("en", {
    "revoke.suit.S": "spades", "revoke.suit.H": "hearts", "revoke.suit.D": "diamonds",
    "revoke.suit.C": "clubs",
    "revoke.rank.A": "A", "revoke.rank.K": "K", "revoke.rank.Q": "Q", "revoke.rank.J": "J",
    "revoke.card": "{suit}{rank}",
    "revoke.finding": "Revoke by {offender} at trick {trick}: {card} to a trick led in {suit} "
                      "while holding {held} ({law}).",
    "revoke.finding.dummy": "Revoke by dummy ({offender}) at trick {trick}: {card} to a trick "
                            "led in {suit} while dummy held {held} ({law}).",
    "revoke.finding.penalty_card": "Revoke by {offender} at trick {trick}: {card} played "
                                   "instead of the penalty card {held} ({law}).",
    "revoke.finding.lead_restriction": "Revoke by {offender} at trick {trick}: {card} led "
                                       "against the lead restriction ({law}).",
    "revoke.ruling": "{found} {established}{decision}{result}{cap}{equity}",
    "revoke.spaced": " {text}",
    "revoke.found": "{offender} revoked at trick {trick}: {card} was played to a trick led "
                    "in {suit} while {offender} held {held} (Law 61A).",
    "revoke.found.dummy": "Dummy ({offender}) revoked at trick {trick}: {card} was played "
                          "from dummy to a trick led in {suit} while dummy held {held} "
                          "(Law 61A).",
    "revoke.found.penalty_card": "{offender} revoked at trick {trick}: {card} was played "
                                 "while the major penalty card {held} had to be played "
                                 "(Laws 50D1, 61A).",
    "revoke.found.lead_restriction": "{offender} revoked at trick {trick}: {card} was led "
                                     "against the lead restriction an opponent had chosen, "
                                     "holding {held} (Law 61A).",
    "revoke.established.next_trick": "The revoke was established when {by} played to trick "
                                     "{next} (Law 63A1).",
    "revoke.established.claim": "The revoke was established by the claim or concession that "
                                "ended the play (Laws 63A3, 63A4).",
    "revoke.established.62c3": "The revoke was not established.",
    "revoke.decision.64A1.2": "The offender won the revoke trick and the offending side won a "
                              "later trick: two tricks are transferred to {nos} (Law 64A1).",
    "revoke.decision.64A1.1": "The offender won the revoke trick and the offending side won no "
                              "later trick: one trick is transferred to {nos} (Law 64A1).",
    "revoke.decision.64A2": "The offender did not win the revoke trick, but the offending side "
                            "won that trick or a later one: one trick is transferred to {nos} "
                            "(Law 64A2).",
    "revoke.decision.64B1": "The offending side won neither the revoke trick nor any later "
                            "trick: no trick is transferred (Law 64B1).",
    "revoke.decision.64B2": "This is a later revoke in {suit} by {offender}, the first having "
                            "been established: no automatic transfer (Law 64B2); the Director "
                            "restores equity measured from after the first revoke (Law 64C2(a)).",
    "revoke.decision.64B3.dummy": "The revoke was a failure to play a card belonging to "
                                  "dummy: no automatic transfer (Law 64B3).",
    "revoke.decision.64B3.penalty_card": "The revoke was a failure to play a penalty card: "
                                         "no automatic transfer (Law 64B3).",
    "revoke.decision.64B4": "Attention was first drawn to the revoke after a member of the "
                            "non-offending side had called on the next deal: no automatic "
                            "transfer (Law 64B4).{timely}",
    "revoke.decision.64B5": "Attention was first drawn to the revoke after the round had "
                            "ended: no automatic transfer (Law 64B5).{timely}",
    "revoke.decision.64B6": "The revoke was on trick 12: it must be corrected if found before "
                            "all four hands are returned to the board (Law 62D1); there is no "
                            "automatic transfer (Law 64B6).",
    "revoke.decision.64B7": "Both sides revoked on this board and both revokes were "
                            "established: no automatic transfer (Law 64B7); the Director "
                            "assigns the likely result had neither revoke occurred "
                            "(Law 64C2(b)).",
    "revoke.decision.64B8": "Both sides revoked on trick {trick} and only one side had played "
                            "to the next trick: both revokes are corrected (Law 62C3), with no "
                            "automatic transfer (Law 64B8).",
    "revoke.timely.1": " Had attention been drawn in time, one trick would have been "
                       "transferred (Law {law}).",
    "revoke.timely.2": " Had attention been drawn in time, two tricks would have been "
                       "transferred (Law {law}).",
    "revoke.result": " With the transfers of this board declarer is credited with {adjusted} "
                     "tricks instead of {tricks}: {score} for North-South.",
    "revoke.cap": " Together the revokes of this board would transfer {total} tricks, more "
                  "than the {cap} the offending side won from the first of them on: {cap} are "
                  "transferred, for the Director to check (Law 64A).",
    "revoke.equity.insufficient": " Double dummy from just before the revoke, with {offender} "
                                  "playing a legal card, declarer would take {equity} tricks; "
                                  "the table result after any automatic transfer gives "
                                  "{table}. The non-offending side is not sufficiently "
                                  "compensated: the Director should assign {equity} tricks "
                                  "({score} for North-South), which replaces the automatic "
                                  "transfer (Law {clause}).",
    "revoke.equity.sufficient": " Double dummy from just before the revoke, with {offender} "
                                "playing a legal card, declarer would take {equity} tricks; "
                                "the table result after any automatic transfer gives "
                                "{table}, so the non-offending side is sufficiently "
                                "compensated (Law {clause}).",
    "revoke.equity.unknown": " Double dummy from just before the revoke, with {offender} "
                             "playing a legal card, declarer would take {equity} tricks "
                             "(Law {clause}).",
    "revoke.equity.neither": " Double dummy as if neither revoke had occurred, declarer would "
                             "take {equity} tricks ({score} for North-South) (Law 64C2(b)).",
    "revoke.equity.unavailable": " The double-dummy check of Law 64C is not available: "
                                 "install it with {how}.",
    "revoke.marker_mismatch.unmarked": "Trick {trick}: {seat} revoked with {card}, but the "
                                       "record does not mark the card as a revoke (Law 61A).",
    "revoke.marker_mismatch.spurious": "Trick {trick}: the record marks {card} of {seat} as a "
                                       "revoke, but it is not one (Law 61A).",
})
messages.register("da", {
    "revoke.suit.S": "spar", "revoke.suit.H": "hjerter", "revoke.suit.D": "ruder",
    "revoke.suit.C": "klør",
    "revoke.rank.A": "E", "revoke.rank.K": "K", "revoke.rank.Q": "D", "revoke.rank.J": "B",
    "revoke.card": "{suit}{rank}",
    "revoke.finding": "Kulørsvigt af {offender} i stik {trick}: {card} til et stik i {suit} "
                      "med {held} på hånden ({law}).",
    "revoke.finding.dummy": "Kulørsvigt af blindemanden ({offender}) i stik {trick}: {card} "
                            "til et stik i {suit}, mens bordet havde {held} ({law}).",
    "revoke.finding.penalty_card": "Kulørsvigt af {offender} i stik {trick}: {card} spillet i "
                                   "stedet for strafkortet {held} ({law}).",
    "revoke.finding.lead_restriction": "Kulørsvigt af {offender} i stik {trick}: {card} spillet "
                                       "ud i strid med udspilsbegrænsningen ({law}).",
    "revoke.ruling": "{found} {established}{decision}{result}{cap}{equity}",
    "revoke.spaced": " {text}",
    "revoke.found": "{offender} svigtede kulør i stik {trick}: {card} blev spillet til et stik "
                    "i {suit}, selv om {offender} havde {held} (§ 61A).",
    "revoke.found.dummy": "Blindemanden ({offender}) svigtede kulør i stik {trick}: {card} blev "
                          "spillet fra bordet til et stik i {suit}, selv om bordet havde "
                          "{held} (§ 61A).",
    "revoke.found.penalty_card": "{offender} svigtede i stik {trick}: {card} blev spillet, "
                                 "selv om det store strafkort {held} skulle spilles "
                                 "(§ 50D1, § 61A).",
    "revoke.found.lead_restriction": "{offender} svigtede i stik {trick}: {card} blev spillet "
                                     "ud i strid med den udspilsbegrænsning, en modstander "
                                     "havde valgt, med {held} på hånden (§ 61A).",
    "revoke.established.next_trick": "Kulørsvigten blev etableret, da {by} spillede til stik "
                                     "{next} (§ 63A1).",
    "revoke.established.claim": "Kulørsvigten blev etableret ved det krav eller afkald, der "
                                "afsluttede spillet (§ 63A3, § 63A4).",
    "revoke.established.62c3": "Kulørsvigten blev ikke etableret.",
    "revoke.decision.64A1.2": "Den fejlende spiller vandt det svigtede stik, og den fejlende "
                              "side vandt et senere stik: to stik overføres til {nos} (§ 64A1).",
    "revoke.decision.64A1.1": "Den fejlende spiller vandt det svigtede stik, og den fejlende "
                              "side vandt ikke flere stik: ét stik overføres til {nos} "
                              "(§ 64A1).",
    "revoke.decision.64A2": "Den fejlende spiller vandt ikke det svigtede stik, men den "
                            "fejlende side vandt det eller et senere stik: ét stik overføres "
                            "til {nos} (§ 64A2).",
    "revoke.decision.64B1": "Den fejlende side vandt hverken det svigtede stik eller senere "
                            "stik: ingen stik overføres (§ 64B1).",
    "revoke.decision.64B2": "Det er en senere kulørsvigt i {suit} af {offender}, og den første "
                            "er etableret: ingen automatisk overførsel (§ 64B2); TL "
                            "genopretter retfærdigheden målt fra efter den første "
                            "kulørsvigt (§ 64C2(a)).",
    "revoke.decision.64B3.dummy": "Kulørsvigten kunne være undgået med et kort fra bordet: "
                                  "ingen automatisk overførsel (§ 64B3).",
    "revoke.decision.64B3.penalty_card": "Kulørsvigten bestod i ikke at spille et strafkort: "
                                         "ingen automatisk overførsel (§ 64B3).",
    "revoke.decision.64B4": "Opmærksomheden blev først henledt på kulørsvigten, efter at en "
                            "spiller fra den ikke-fejlende side havde meldt i næste spil: "
                            "ingen automatisk overførsel (§ 64B4).{timely}",
    "revoke.decision.64B5": "Opmærksomheden blev først henledt på kulørsvigten, efter at "
                            "runden var slut: ingen automatisk overførsel (§ 64B5).{timely}",
    "revoke.decision.64B6": "Kulørsvigten skete i stik 12: den skal rettes, hvis den opdages, "
                            "før alle fire hænder er lagt i mappen (§ 62D1); der sker ingen "
                            "automatisk overførsel (§ 64B6).",
    "revoke.decision.64B7": "Begge sider har svigtet kulør i dette spil, og begge "
                            "kulørsvigt er etablerede: ingen automatisk overførsel (§ 64B7); "
                            "TL tildeler det sandsynlige resultat, hvis ingen af dem var sket "
                            "(§ 64C2(b)).",
    "revoke.decision.64B8": "Begge sider svigtede kulør i stik {trick}, og kun den ene side "
                            "havde spillet til næste stik: begge kulørsvigt rettes (§ 62C3), "
                            "og der sker ingen automatisk overførsel (§ 64B8).",
    "revoke.timely.1": " Var opmærksomheden henledt i tide, var ét stik blevet overført "
                       "(§ {law}).",
    "revoke.timely.2": " Var opmærksomheden henledt i tide, var to stik blevet overført "
                       "(§ {law}).",
    "revoke.result": " Med spillets overførsler får spilfører {adjusted} stik i stedet for "
                     "{tricks}: {score} til Nord-Syd.",
    "revoke.cap": " Tilsammen ville spillets kulørsvigt overføre {total} stik, flere end de "
                  "{cap}, den fejlende side vandt fra den første af dem: der overføres {cap}, "
                  "som TL bør kontrollere (§ 64A).",
    "revoke.equity.insufficient": " Med dobbelt dummy fra lige før kulørsvigten, hvor "
                                  "{offender} spiller et lovligt kort, ville spilfører tage "
                                  "{equity} stik; bordresultatet efter en eventuel automatisk "
                                  "overførsel giver {table}. Den ikke-fejlende side er ikke "
                                  "tilstrækkeligt kompenseret: TL bør tildele {equity} stik "
                                  "({score} til Nord-Syd), som "
                                  "erstatter den automatiske overførsel (§ {clause}).",
    "revoke.equity.sufficient": " Med dobbelt dummy fra lige før kulørsvigten, hvor "
                                "{offender} spiller et lovligt kort, ville spilfører tage "
                                "{equity} stik; bordresultatet efter en eventuel automatisk "
                                "overførsel giver {table}, så den ikke-fejlende side er "
                                "tilstrækkeligt kompenseret (§ {clause}).",
    "revoke.equity.unknown": " Med dobbelt dummy fra lige før kulørsvigten, hvor {offender} "
                             "spiller et lovligt kort, ville spilfører tage {equity} stik "
                             "(§ {clause}).",
    "revoke.equity.neither": " Med dobbelt dummy, som om ingen af kulørsvigtene var sket, "
                             "ville spilfører tage {equity} stik ({score} til Nord-Syd) "
                             "(§ 64C2(b)).",
    "revoke.equity.unavailable": " Kontrollen efter § 64C med dobbelt dummy er ikke "
                                 "tilgængelig: installer den med {how}.",
    "revoke.marker_mismatch.unmarked": "Stik {trick}: {seat} svigtede kulør med {card}, men "
                                       "noteringen markerer ikke kortet som kulørsvigt (§ 61A).",
    "revoke.marker_mismatch.spurious": "Stik {trick}: noteringen markerer {card} fra {seat} "
                                       "som kulørsvigt, men det er det ikke (§ 61A).",
})

messages.register("en", {"revoke.law": "Law {law}"})
messages.register("da", {"revoke.law": "§ {law}"})

# == end of the texts of the play-record rulings ==========================================

# == texts added for rulings from the Director's facts ======================================
# (new texts, also used by the play-record rulings: corrections, trick 12, 64C; and
# "revoke.not_established", reworded to hold in both paths)

messages.register("en", {
    "revoke.not_established": "The revoke was not established (the offending side had neither "
                              "played to the next trick nor claimed or conceded): it must be "
                              "corrected (Law 62A), and no trick is transferred.",
    "revoke.found.no_held": "{offender} revoked at trick {trick}: {card} was played to a trick "
                            "led in {suit} while {offender} still held a card of that suit "
                            "(Law 61A).",
    "revoke.found.dummy.no_held": "Dummy ({offender}) revoked at trick {trick}: {card} was "
                                  "played from dummy to a trick led in {suit} while dummy still "
                                  "held a card of that suit (Law 61A).",
    "revoke.found.penalty_card.no_held": "{offender} revoked at trick {trick}: {card} was "
                                         "played while a major penalty card had to be played "
                                         "(Laws 50D1, 61A).",
    "revoke.found.lead_restriction.no_held": "{offender} revoked at trick {trick}: {card} was "
                                             "led against the lead restriction an opponent had "
                                             "chosen (Law 61A).",
    "revoke.established.next_trick.side": "The revoke was established when the offending side "
                                          "played to trick {next} (Law 63A1).",
    "revoke.established.named_card": "The revoke was established when {by} named or otherwise "
                                     "designated a card to be played to trick {next} "
                                     "(Law 63A2).",
    "revoke.established.named_card.side": "The revoke was established when the offending side "
                                          "named or otherwise designated a card to be played "
                                          "to trick {next} (Law 63A2).",
    "revoke.established.agreed_claim": "The revoke was established when the offending side "
                                       "agreed to the opponents' claim or concession "
                                       "(Law 63A4).",
    "revoke.established.dummy_asked": "Dummy, having lost his rights, was the first to ask "
                                      "declarer about the revoke: declarer corrects it, and "
                                      "Law 64 applies as if it had been established "
                                      "(Law 43B2(b)).",
    "revoke.established.stated": "The revoke was established (Law 63A).",
    "revoke.correction": "{text} {card} {later} {ui}{note}",
    "revoke.correction.62B1": "{offender} withdraws {card} and plays a legal card; {card} "
                              "becomes a major penalty card (Laws 62B1, 50).",
    "revoke.correction.62B2": "{offender} withdraws {card} and plays a legal card, without "
                              "further rectification (Law 62B2).",
    "revoke.correction.62B2.dummy": "Dummy's {card} is withdrawn and a legal card is played "
                                    "from dummy, without further rectification (Law 62B2).",
    "revoke.correction.62B2.faced": "{offender} withdraws {card}, a card already faced, and "
                                    "plays a legal card, without further rectification "
                                    "(Law 62B2).",
    "revoke.correction.62C.defenders": "Declarer may withdraw any card played from his hand or "
                                       "dummy after the revoke and before attention was drawn "
                                       "to it (Law 62C1); if he does, the defender next in "
                                       "rotation may withdraw the card he played after the "
                                       "revoke, which becomes a major penalty card (Law 62C2).",
    "revoke.correction.62C.declarer": "Each defender may withdraw a card he played after the "
                                      "revoke and before attention was drawn to it (Law 62C1); "
                                      "if one does, declarer may withdraw the card played next "
                                      "in rotation from his hand or dummy after the revoke, "
                                      "without penalty (Law 62C2).",
    "revoke.correction.16C": "The information from withdrawn cards is authorized to {nos} and "
                             "unauthorized to {os} (Law 16C).",
    "revoke.correction.62C3": "Every card the defenders withdraw becomes a penalty card, and "
                              "the information from the withdrawn cards is unauthorized to "
                              "the side that withdrew them (Laws 62C3, 16C).",
    "revoke.ui.62D2": "{partner} had still to play to trick 12 when {offender} revoked: the "
                      "revoke card is unauthorized information to him, and holding cards of two "
                      "suits he may not choose a play it suggests (Laws 62D2, 16C).",
    "revoke.ui.62D2.if": "If {partner} had still to play to trick 12 when {offender} revoked, "
                         "the revoke card is unauthorized information to him, and holding cards "
                         "of two suits he may not choose a play it suggests (Laws 62D2, 16C).",
    "revoke.decision.64B6.not_returned": "The revoke was on trick 12 and was found before all "
                                         "four hands were returned to the board: it is "
                                         "corrected and the last two tricks are played again "
                                         "(Law 62D1); there is no automatic transfer "
                                         "(Law 64B6).",
    "revoke.decision.64B6.returned": "The revoke was on trick 12 and was found only after the "
                                     "hands were returned to the board: it is not corrected "
                                     "(Law 62D1), and there is no automatic transfer "
                                     "(Law 64B6).",
    "revoke.spaced.note": " {text} {note}",
    # the ruling on a revoke case
    "revoke.case.title": "Ruling", "revoke.case.title.needs_decision":
        "Ruling (waiting for a decision)",
    "revoke.case.heading.revoke": "Revoke, trick {trick}",
    "revoke.case.heading.result": "Result", "revoke.case.heading.redress": "Law 64C",
    "revoke.case.heading.decide": "To decide",
    "revoke.case.contract": "{bid}{risk} by {declarer}",
    "revoke.case.result.table": "{contract}: {tricks} tricks at the table ({score} for "
                                "North-South).",
    "revoke.case.result.stands": "The table result stands.",
    "revoke.case.result.transfer.1": "After the transfer of one trick: {tricks} tricks, "
                                     "{score} for North-South.",
    "revoke.case.result.transfer.n": "After the transfer of {transfer} tricks: {tricks} tricks, "
                                     "{score} for North-South.",
    "revoke.case.result.assigned": "Assigned under Law {clause}: {tricks} tricks, {score} for "
                                   "North-South.",
    "revoke.case.result.weighted": "Assigned under Laws {clause}, 12C1(c): {components}.",
    "revoke.case.weighted.item": "{weight} of {contract}, {tricks} tricks ({score})",
    "revoke.redress.ask.compensated": "Is {nos} sufficiently compensated by the ruling, "
                                      "{tricks} tricks for declarer ({score} for North-South)?",
    "revoke.redress.ask.without": "What would the result likely have been had the revoke not "
                                  "occurred? If better for {nos}, the Director assigns it in "
                                  "place of the automatic ruling (Law 64C1).",
    "revoke.redress.ask.repeated": "What would the result likely have been had the later "
                                   "revoke in the same suit not occurred, measured after the "
                                   "first revoke with its transfer? If better for {nos}, the "
                                   "Director assigns it (Law 64C2(a)).",
    "revoke.redress.ask.neither": "Both sides revoked and both revokes were established: the "
                                  "Director assigns the result likely had neither revoke "
                                  "occurred (Law 64C2(b)).",
    "revoke.redress.ask.both": "Both sides revoked on one trick (Law 62C3): is either side "
                               "damaged? The Director assigns the result likely had neither "
                               "revoke occurred when it differs from the table result "
                               "(Law 64C1).",
    "revoke.redress.enter": "To enter that judgement, add to the case "
                            "equity_declarer_tricks (the tricks declarer would likely have "
                            "taken), or equity_weighted: a weighted score as a list of results "
                            "with their weights, such as result \"{example}\" with weight "
                            "60% (Law 12C1(c)).",
    "revoke.redress.insufficient": "The Director judges that without the revoke declarer would "
                                   "likely have taken {equity} tricks; the ruling gives "
                                   "{table}. {nos} is not sufficiently compensated: {equity} "
                                   "tricks are assigned ({score} for North-South) in place of "
                                   "the automatic ruling (Law {clause}).",
    "revoke.redress.sufficient": "The Director judges that without the revoke declarer would "
                                 "likely have taken {equity} tricks; the ruling gives {table}, "
                                 "so {nos} is sufficiently compensated and the ruling stands "
                                 "(Law {clause}).",
    "revoke.redress.neither": "The Director judges that had neither revoke occurred declarer "
                              "would likely have taken {equity} tricks: that result is "
                              "assigned ({score} for North-South) (Law {clause}).",
    "revoke.redress.neither.same": "The Director judges that had neither revoke occurred "
                                   "declarer would likely have taken {equity} tricks, as at "
                                   "the table: the result stands (Law {clause}).",
    "revoke.redress.weighted.insufficient": "The Director judges the likely results without "
                                            "the revoke to be {components}; against the "
                                            "ruling's {table} tricks ({table_score} for "
                                            "North-South) {nos} is not sufficiently "
                                            "compensated: this weighted score is assigned in "
                                            "place of the automatic ruling (Laws {clause}, "
                                            "12C1(c)).",
    "revoke.redress.weighted.sufficient": "The Director judges the likely results without the "
                                          "revoke to be {components}; against the ruling's "
                                          "{table} tricks ({table_score} for North-South) "
                                          "{nos} is sufficiently compensated and the ruling "
                                          "stands (Law {clause}).",
    "revoke.redress.weighted.neither": "The Director judges the likely results had neither "
                                       "revoke occurred to be {components}: this weighted "
                                       "score is assigned (Laws {clause}, 12C1(c)).",
    "revoke.redress.weighted.neither.same": "The Director judges the likely results had neither "
                                            "revoke occurred to be {components}, no better for "
                                            "either side than the table result: it stands "
                                            "(Law {clause}).",
    "revoke.redress.decide": "To decide: the Director, the result likely had neither revoke "
                             "occurred (Law 64C2(b)).",
})
messages.register("da", {
    "revoke.not_established": "Kulørsvigten er ikke etableret (den fejlende side havde hverken "
                              "spillet til næste stik eller gjort krav på eller givet afkald "
                              "på stik): den skal rettes (§ 62A), og der overføres ingen stik.",
    "revoke.found.no_held": "{offender} svigtede kulør i stik {trick}: {card} blev spillet til "
                            "et stik i {suit}, selv om {offender} stadig havde et kort i "
                            "farven (§ 61A).",
    "revoke.found.dummy.no_held": "Blindemanden ({offender}) svigtede kulør i stik {trick}: "
                                  "{card} blev spillet fra bordet til et stik i {suit}, selv om "
                                  "bordet stadig havde et kort i farven (§ 61A).",
    "revoke.found.penalty_card.no_held": "{offender} svigtede i stik {trick}: {card} blev "
                                         "spillet, selv om et stort strafkort skulle spilles "
                                         "(§ 50D1, § 61A).",
    "revoke.found.lead_restriction.no_held": "{offender} svigtede i stik {trick}: {card} blev "
                                             "spillet ud i strid med den udspilsbegrænsning, en "
                                             "modstander havde valgt (§ 61A).",
    "revoke.established.next_trick.side": "Kulørsvigten blev etableret, da den fejlende side "
                                          "spillede til stik {next} (§ 63A1).",
    "revoke.established.named_card": "Kulørsvigten blev etableret, da {by} angav et kort til "
                                     "stik {next} (§ 63A2).",
    "revoke.established.named_card.side": "Kulørsvigten blev etableret, da den fejlende side "
                                          "angav et kort til stik {next} (§ 63A2).",
    "revoke.established.agreed_claim": "Kulørsvigten blev etableret, da den fejlende side "
                                       "accepterede modstandernes krav eller afkald (§ 63A4).",
    "revoke.established.dummy_asked": "Blindemanden, der havde mistet sine rettigheder, spurgte "
                                      "som den første spilfører om kulørsvigten: spilfører "
                                      "retter den, og § 64 anvendes, som om den var etableret "
                                      "(§ 43B2(b)).",
    "revoke.established.stated": "Kulørsvigten blev etableret (§ 63A).",
    "revoke.correction": "{text} {card} {later} {ui}{note}",
    "revoke.correction.62B1": "{offender} tager {card} tilbage og spiller et lovligt kort; "
                              "{card} bliver et stort strafkort (§ 62B1, § 50).",
    "revoke.correction.62B2": "{offender} tager {card} tilbage og spiller et lovligt kort, "
                              "uden yderligere korrektion (§ 62B2).",
    "revoke.correction.62B2.dummy": "Bordets {card} tages tilbage, og et lovligt kort spilles "
                                    "fra bordet, uden yderligere korrektion (§ 62B2).",
    "revoke.correction.62B2.faced": "{offender} tager {card}, et kort der allerede lå åbent, "
                                    "tilbage og spiller et lovligt kort, uden yderligere "
                                    "korrektion (§ 62B2).",
    "revoke.correction.62C.defenders": "Spilfører må tage ethvert kort tilbage, der er spillet "
                                       "fra hans hånd eller bordet efter kulørsvigten og før "
                                       "opmærksomheden blev henledt på den (§ 62C1); gør han "
                                       "det, må den modspiller, der er den næste i tur, tage "
                                       "sit kort tilbage, og det bliver et stort strafkort "
                                       "(§ 62C2).",
    "revoke.correction.62C.declarer": "Hver modspiller må tage et kort tilbage, som han har "
                                      "spillet efter kulørsvigten og før opmærksomheden blev "
                                      "henledt på den (§ 62C1); gør en af dem det, må "
                                      "spilfører tage det kort tilbage, der derefter blev "
                                      "spillet fra hans hånd eller bordet, uden straf (§ 62C2).",
    "revoke.correction.16C": "Oplysningerne fra kort, der tages tilbage, er beføjede for {nos} "
                             "og ubeføjede for {os} (§ 16C).",
    "revoke.correction.62C3": "Ethvert kort, modspillerne tager tilbage, bliver et strafkort, "
                              "og oplysningerne fra kortene, der tages tilbage, er ubeføjede "
                              "for den side, der tog dem tilbage (§ 62C3, § 16C).",
    "revoke.ui.62D2": "{partner} havde endnu ikke spillet til stik 12, da {offender} svigtede "
                      "kulør: det svigtede kort er ubeføjet oplysning for ham, og har han kort "
                      "i to farver, må han ikke vælge et spil, som kortet antyder (§ 62D2, "
                      "§ 16C).",
    "revoke.ui.62D2.if": "Havde {partner} endnu ikke spillet til stik 12, da {offender} "
                         "svigtede kulør, er det svigtede kort ubeføjet oplysning for ham, og "
                         "har han kort i to farver, må han ikke vælge et spil, som kortet "
                         "antyder (§ 62D2, § 16C).",
    "revoke.decision.64B6.not_returned": "Kulørsvigten skete i stik 12 og blev opdaget, før "
                                         "alle fire hænder var lagt i mappen: den rettes, og "
                                         "de sidste to stik spilles igen (§ 62D1); der sker "
                                         "ingen automatisk overførsel (§ 64B6).",
    "revoke.decision.64B6.returned": "Kulørsvigten skete i stik 12 og blev først opdaget, "
                                     "efter at hænderne var lagt i mappen: den rettes ikke "
                                     "(§ 62D1), og der sker ingen automatisk overførsel "
                                     "(§ 64B6).",
    "revoke.spaced.note": " {text} {note}",
    "revoke.case.title": "Kendelse", "revoke.case.title.needs_decision":
        "Kendelse (afventer en afgørelse)",
    "revoke.case.heading.revoke": "Kulørsvigt, stik {trick}",
    "revoke.case.heading.result": "Resultat", "revoke.case.heading.redress": "§ 64C",
    "revoke.case.heading.decide": "Skal afgøres",
    "revoke.case.contract": "{bid}{risk} med {declarer} som spilfører",
    "revoke.case.result.table": "{contract}: {tricks} stik ved bordet ({score} til Nord-Syd).",
    "revoke.case.result.stands": "Bordresultatet står ved magt.",
    "revoke.case.result.transfer.1": "Efter overførsel af ét stik: {tricks} stik, {score} til "
                                     "Nord-Syd.",
    "revoke.case.result.transfer.n": "Efter overførsel af {transfer} stik: {tricks} stik, "
                                     "{score} til Nord-Syd.",
    "revoke.case.result.assigned": "Tildelt efter § {clause}: {tricks} stik, {score} til "
                                   "Nord-Syd.",
    "revoke.case.result.weighted": "Tildelt efter § {clause}, § 12C1(c): {components}.",
    "revoke.case.weighted.item": "{weight} af {contract}, {tricks} stik ({score})",
    "revoke.redress.ask.compensated": "Er {nos} tilstrækkeligt kompenseret af kendelsen, "
                                      "{tricks} stik til spilfører ({score} til Nord-Syd)?",
    "revoke.redress.ask.without": "Hvad ville resultatet sandsynligvis have været uden "
                                  "kulørsvigten? Er det bedre for {nos}, tildeler TL det i "
                                  "stedet for den automatiske kendelse (§ 64C1).",
    "revoke.redress.ask.repeated": "Hvad ville resultatet sandsynligvis have været uden den "
                                   "senere kulørsvigt i samme farve, målt efter den første "
                                   "kulørsvigt med dens overførsel? Er det bedre for {nos}, "
                                   "tildeler TL det (§ 64C2(a)).",
    "revoke.redress.ask.neither": "Begge sider har svigtet kulør, og begge kulørsvigt er "
                                  "etablerede: TL tildeler det sandsynlige resultat, hvis ingen "
                                  "af dem var sket (§ 64C2(b)).",
    "revoke.redress.ask.both": "Begge sider svigtede kulør i samme stik (§ 62C3): er en af "
                               "siderne skadet? TL tildeler det sandsynlige resultat, hvis "
                               "ingen af dem var sket, når det afviger fra bordresultatet "
                               "(§ 64C1).",
    "revoke.redress.enter": "Vurderingen indtastes i sagen som equity_declarer_tricks (de "
                            "stik, spilfører sandsynligvis ville have taget) eller som "
                            "equity_weighted: en vægtet score som en liste af resultater med "
                            "deres vægt, fx result \"{example}\" med vægt 60% (§ 12C1(c)).",
    "revoke.redress.insufficient": "TL vurderer, at spilfører uden kulørsvigten sandsynligvis "
                                   "ville have taget {equity} stik; kendelsen giver {table}. "
                                   "{nos} er ikke tilstrækkeligt kompenseret: der tildeles "
                                   "{equity} stik ({score} til Nord-Syd) i stedet for den "
                                   "automatiske kendelse (§ {clause}).",
    "revoke.redress.sufficient": "TL vurderer, at spilfører uden kulørsvigten sandsynligvis "
                                 "ville have taget {equity} stik; kendelsen giver {table}, så "
                                 "{nos} er tilstrækkeligt kompenseret, og kendelsen står ved "
                                 "magt (§ {clause}).",
    "revoke.redress.neither": "TL vurderer, at spilfører sandsynligvis ville have taget "
                              "{equity} stik, hvis ingen af kulørsvigtene var sket: det "
                              "resultat tildeles ({score} til Nord-Syd) (§ {clause}).",
    "revoke.redress.neither.same": "TL vurderer, at spilfører sandsynligvis ville have taget "
                                   "{equity} stik, hvis ingen af kulørsvigtene var sket, som "
                                   "ved bordet: resultatet står ved magt (§ {clause}).",
    "revoke.redress.weighted.insufficient": "TL vurderer de sandsynlige resultater uden "
                                            "kulørsvigten som {components}; over for "
                                            "kendelsens {table} stik ({table_score} til "
                                            "Nord-Syd) er {nos} ikke tilstrækkeligt "
                                            "kompenseret: denne vægtede score tildeles i "
                                            "stedet for den automatiske kendelse (§ {clause}, "
                                            "§ 12C1(c)).",
    "revoke.redress.weighted.sufficient": "TL vurderer de sandsynlige resultater uden "
                                          "kulørsvigten som {components}; over for kendelsens "
                                          "{table} stik ({table_score} til Nord-Syd) er {nos} "
                                          "tilstrækkeligt kompenseret, og kendelsen står ved "
                                          "magt (§ {clause}).",
    "revoke.redress.weighted.neither": "TL vurderer de sandsynlige resultater, hvis ingen af "
                                       "kulørsvigtene var sket, som {components}: denne "
                                       "vægtede score tildeles (§ {clause}, § 12C1(c)).",
    "revoke.redress.weighted.neither.same": "TL vurderer de sandsynlige resultater, hvis ingen "
                                            "af kulørsvigtene var sket, som {components}, ikke "
                                            "bedre for nogen af siderne end bordresultatet: "
                                            "det står ved magt (§ {clause}).",
    "revoke.redress.decide": "Skal afgøres: TL, det sandsynlige resultat, hvis ingen af "
                             "kulørsvigtene var sket (§ 64C2(b)).",
})

# == end of the texts added for rulings from the Director's facts ============================

# == texts of the flowchart questions (questions.py) =======================================

messages.register("en", {
    "revoke.q.contract": "What is the contract?",
    "revoke.q.declarer": "Who is declarer?",
    "revoke.q.vulnerable": "Who is vulnerable?",
    "revoke.q.vul.None": "None", "revoke.q.vul.NS": "North-South",
    "revoke.q.vul.EW": "East-West", "revoke.q.vul.All": "All",
    "revoke.q.declarer_tricks": "How many tricks did declarer take at the table (claims and "
                                "concessions included)?",
    "revoke.q.offender": "Who revoked?",
    "revoke.q.trick": "At which trick did {offender} revoke?",
    "revoke.q.suit_led": "Which suit was led to trick {trick}?",
    "revoke.q.card": "Which card did {offender} play?",
    "revoke.q.failure": "What did {offender} fail to do?",
    "revoke.q.failure.follow_suit": "Follow suit (Law 44)",
    "revoke.q.failure.penalty_card": "Play a major penalty card (Law 50D1)",
    "revoke.q.failure.lead_restriction": "Lead as declarer required or prohibited",
    "revoke.q.established": "Has a player of {side} since played or led to the next trick, "
                            "named a card for it, or claimed, conceded or agreed to a claim?",
    "revoke.q.established.13": "A revoke on trick 13 cannot be established: it is corrected.",
    "revoke.q.established.yes": "Yes: established",
    "revoke.q.established.no": "No: not established",
    "revoke.q.established_how": "How did {side} establish it?",
    "revoke.q.how.next_trick": "Played or led to the next trick",
    "revoke.q.how.named_card": "Named or designated a card for the next trick",
    "revoke.q.how.claim": "Claimed or conceded",
    "revoke.q.how.agreed_claim": "Agreed to the opponents' claim or concession",
    "revoke.q.won_by": "Who won trick {trick}, the revoke trick?",
    "revoke.q.os_tricks": "How many tricks did {side} win from trick {trick} on, that trick "
                          "included (claimed and conceded tricks too)?",
    "revoke.q.hands_returned": "Had all four hands been returned to the board before the "
                               "revoke was noticed?",
    "revoke.q.hands_returned.no": "No: noticed in time",
    "revoke.q.hands_returned.yes": "Yes: too late",
    "revoke.q.attention": "When was attention first drawn to the revoke?",
    "revoke.q.attention.during_round": "During the round",
    "revoke.q.attention.after_next_board_called": "After a player of the non-offending side "
                                                  "called on the next board",
    "revoke.q.attention.after_round": "After the round had ended",
    "revoke.q.more": "Did anyone else revoke on this board, or the same player again?",
    "revoke.q.more.no": "No, that was all",
    "revoke.q.more.yes": "Yes, another revoke",
    "revoke.q.leads.dummy": "A revoke by dummy: no trick is transferred (Law 64B3), but the "
                            "Director restores equity (Law 64C).",
    "revoke.q.leads.trick12": "A revoke on trick 12: no trick is transferred (Law 64B6); it is "
                              "corrected if noticed before the hands are returned (Law 62D).",
    "revoke.q.leads.penalty_card": "Failing to play a penalty card: no trick is transferred "
                                   "(Law 64B3); Law 64C applies.",
    "revoke.q.leads.63A": "Established: it may no longer be corrected, and Law 64 rules on "
                          "the tricks (Law 63B).",
    "revoke.q.leads.62A": "Not established: the offender must correct it with a legal card "
                          "(Law 62A).",
    "revoke.q.leads.63A1": "Established by the play to the next trick (Law 63A1).",
    "revoke.q.leads.63A2": "Established by naming a card for the next trick (Law 63A2).",
    "revoke.q.leads.63A3": "Established by the claim or concession (Law 63A3).",
    "revoke.q.leads.63A4": "Established by agreeing to the claim or concession (Law 63A4).",
    "revoke.q.leads.64A1": "The offender won the revoke trick: that trick is transferred, and "
                           "one more if the offending side won a later trick (Law 64A1).",
    "revoke.q.leads.64A2.partner": "The offender's partner won it: one trick is transferred "
                                   "(Law 64A2).",
    "revoke.q.leads.64A2.nos": "The non-offending side won it: one trick is transferred if the "
                               "offending side won a later trick (Law 64A2), none otherwise "
                               "(Law 64B1).",
    "revoke.q.leads.64B1": "The offending side won no trick from the revoke on: no trick is "
                           "transferred (Law 64B1).",
    "revoke.q.leads.62D1": "Noticed before the hands were returned: the revoke on trick 12 is "
                           "corrected (Law 62D1).",
    "revoke.q.leads.64B6": "Too late to correct: the result stands, no trick is transferred "
                           "(Law 64B6); Law 64C applies.",
    "revoke.q.leads.timely": "In time: the automatic transfer of Law 64A applies.",
    "revoke.q.leads.64B4": "No trick is transferred (Law 64B4); Law 64C still applies.",
    "revoke.q.leads.64B5": "No trick is transferred (Law 64B5); Law 64C still applies.",
    "revoke.q.leads.more": "Each revoke is ruled on by itself; a second revoke by the same "
                           "player in the same suit (Law 64B2) or revokes by both sides "
                           "(Law 64B7) leave it to Law 64C.",
})
messages.register("da", {
    "revoke.q.contract": "Hvad er kontrakten?",
    "revoke.q.declarer": "Hvem er spilfører?",
    "revoke.q.vulnerable": "Hvem er i zonen?",
    "revoke.q.vul.None": "Ingen", "revoke.q.vul.NS": "Nord-Syd",
    "revoke.q.vul.EW": "Øst-Vest", "revoke.q.vul.All": "Alle",
    "revoke.q.declarer_tricks": "Hvor mange stik tog spilfører ved bordet (krav og afkald "
                                "medregnet)?",
    "revoke.q.offender": "Hvem svigtede kulør?",
    "revoke.q.trick": "I hvilket stik svigtede {offender} kulør?",
    "revoke.q.suit_led": "Hvilken farve blev spillet ud i stik {trick}?",
    "revoke.q.card": "Hvilket kort spillede {offender}?",
    "revoke.q.failure": "Hvad undlod {offender} at gøre?",
    "revoke.q.failure.follow_suit": "At bekende kulør (§ 44)",
    "revoke.q.failure.penalty_card": "At spille et stort strafkort (§ 50D1)",
    "revoke.q.failure.lead_restriction": "At spille ud, som spilfører krævede eller forbød",
    "revoke.q.established": "Har en spiller fra {side} siden spillet ud eller til i det næste "
                            "stik, angivet et kort til det, eller gjort krav, givet afkald "
                            "eller accepteret et krav?",
    "revoke.q.established.13": "En kulørsvigt i stik 13 kan ikke blive etableret: den rettes.",
    "revoke.q.established.yes": "Ja: etableret",
    "revoke.q.established.no": "Nej: ikke etableret",
    "revoke.q.established_how": "Hvordan etablerede {side} den?",
    "revoke.q.how.next_trick": "Spillede ud eller til i det næste stik",
    "revoke.q.how.named_card": "Angav et kort til det næste stik",
    "revoke.q.how.claim": "Gjorde krav eller gav afkald",
    "revoke.q.how.agreed_claim": "Accepterede modstandernes krav eller afkald",
    "revoke.q.won_by": "Hvem vandt stik {trick}, det svigtede stik?",
    "revoke.q.os_tricks": "Hvor mange stik vandt {side} fra stik {trick} og frem, det stik "
                          "medregnet (også stik ved krav og afkald)?",
    "revoke.q.hands_returned": "Var alle fire hænder lagt tilbage i mappen, før kulørsvigten "
                               "blev opdaget?",
    "revoke.q.hands_returned.no": "Nej: opdaget i tide",
    "revoke.q.hands_returned.yes": "Ja: for sent",
    "revoke.q.attention": "Hvornår blev der først gjort opmærksom på kulørsvigten?",
    "revoke.q.attention.during_round": "Under runden",
    "revoke.q.attention.after_next_board_called": "Efter at en spiller fra den ikke-fejlende "
                                                  "side har meldt i næste spil",
    "revoke.q.attention.after_round": "Efter at runden var slut",
    "revoke.q.more": "Svigtede andre kulør i dette spil, eller samme spiller igen?",
    "revoke.q.more.no": "Nej, det var alt",
    "revoke.q.more.yes": "Ja, endnu en kulørsvigt",
    "revoke.q.leads.dummy": "Kulørsvigt fra bordet: der overføres ingen stik (§ 64B3), men "
                            "turneringslederen genopretter balancen (§ 64C).",
    "revoke.q.leads.trick12": "Kulørsvigt i stik 12: der overføres ingen stik (§ 64B6); den "
                              "rettes, hvis den opdages, før hænderne er lagt i mappen (§ 62D).",
    "revoke.q.leads.penalty_card": "Et strafkort blev ikke spillet: der overføres ingen stik "
                                   "(§ 64B3); § 64C gælder.",
    "revoke.q.leads.63A": "Etableret: den må ikke længere rettes, og § 64 afgør stikkene "
                          "(§ 63B).",
    "revoke.q.leads.62A": "Ikke etableret: den fejlende skal rette den med et lovligt kort "
                          "(§ 62A).",
    "revoke.q.leads.63A1": "Etableret ved spillet til det næste stik (§ 63A1).",
    "revoke.q.leads.63A2": "Etableret ved at angive et kort til det næste stik (§ 63A2).",
    "revoke.q.leads.63A3": "Etableret ved kravet eller afkaldet (§ 63A3).",
    "revoke.q.leads.63A4": "Etableret ved at acceptere kravet eller afkaldet (§ 63A4).",
    "revoke.q.leads.64A1": "Den fejlende vandt det svigtede stik: det stik overføres, og ét "
                           "mere, hvis den fejlende side vandt et senere stik (§ 64A1).",
    "revoke.q.leads.64A2.partner": "Den fejlendes makker vandt det: ét stik overføres "
                                   "(§ 64A2).",
    "revoke.q.leads.64A2.nos": "Den ikke-fejlende side vandt det: ét stik overføres, hvis den "
                               "fejlende side vandt et senere stik (§ 64A2), ellers intet "
                               "(§ 64B1).",
    "revoke.q.leads.64B1": "Den fejlende side vandt intet stik fra kulørsvigten og frem: der "
                           "overføres ingen stik (§ 64B1).",
    "revoke.q.leads.62D1": "Opdaget før hænderne blev lagt i mappen: kulørsvigten i stik 12 "
                           "rettes (§ 62D1).",
    "revoke.q.leads.64B6": "For sent at rette: resultatet står, der overføres ingen stik "
                           "(§ 64B6); § 64C gælder.",
    "revoke.q.leads.timely": "I tide: den automatiske stikoverførsel i § 64A gælder.",
    "revoke.q.leads.64B4": "Der overføres ingen stik (§ 64B4); § 64C gælder stadig.",
    "revoke.q.leads.64B5": "Der overføres ingen stik (§ 64B5); § 64C gælder stadig.",
    "revoke.q.leads.more": "Hver kulørsvigt afgøres for sig; en ny kulørsvigt af samme spiller "
                           "i samme farve (§ 64B2) eller kulørsvigt fra begge sider (§ 64B7) "
                           "overlader det til § 64C.",
})
