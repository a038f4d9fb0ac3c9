"""The ruling on one assessed revoke, as a `td_plugin.model.rulings.Ruling`: the clauses in
the order applied, each with its facts, and the message key of the text for the players
with its parameters (`texts` holds the English and Danish texts).

Both paths build it here from the same facts, so a revoke ruled from a play record and
the same revoke ruled from the Director's facts give the same value. Where the facts do
not say something a play record shows (the cards the offender held, who played to the
next trick, his place in the trick) the text is a variant that does not claim it.

An unestablished revoke is corrected: the card withdrawn (62B: a major penalty card
from a defender's unfaced hand, no further rectification for declarer, dummy or a faced
card), cards played after it may be withdrawn (62C1, 62C2) and their information is
unauthorized to the offending side (16C). A revoke on trick 12 is corrected under 62D1
unless the hands were returned; a defender's revoke card is unauthorized information to
his partner who had still to play to it (62D2).
"""

from __future__ import annotations

from typing import Any

from td_plugin import messages
from td_plugin.laws.revokes.assessment import Assessment, BoardAssessment
from td_plugin.laws.revokes.detection import Revoke, RevokeKind
from td_plugin.laws.revokes.facts import Establishment, RevokeFacts
from td_plugin.messages import Msg, seat_name
from td_plugin.model.findings import Finding
from td_plugin.model.names import card_msg
from td_plugin.model.obligations import PenaltyCard
from td_plugin.model.outcomes import AssignedResult
from td_plugin.model.revoke_outcome import Equity, RevokeOutcome
from td_plugin.model.rulings import Clause, Ruling

__all__ = ["DATA_KEYS", "revoke_ruling", "revoke_data", "revoke_outcome", "revoke_params", "card_msg",
           "signed", "render_revoke_text", "correction_penalty_cards"]

#: The keys of a revoke's JSON data (a finding's ``data``, a revoke case's revokes).
DATA_KEYS = ("offender", "trick", "suit_led", "card", "established", "transfer",
             "transfer_if_timely", "exception", "declarer_tricks", "adjusted_declarer_tricks",
             "score_ns", "adjusted_score_ns", "equity")

_ESTABLISHED_KEYS = {
    Establishment.NEXT_TRICK: "revoke.established.next_trick",
    Establishment.NAMED_CARD: "revoke.established.named_card",
    Establishment.CLAIM: "revoke.established.claim",
    Establishment.AGREED_CLAIM: "revoke.established.agreed_claim",
    Establishment.DUMMY_ASKED: "revoke.established.dummy_asked",
    Establishment.STATED: "revoke.established.stated",
}
#: The same when the case does not say which player of the offending side it was.
_ESTABLISHED_BY_SIDE = {
    Establishment.NEXT_TRICK: "revoke.established.next_trick.side",
    Establishment.NAMED_CARD: "revoke.established.named_card.side",
}


def signed(score: int) -> str:
    return f"{score:+d}" if score else "0"


def revoke_params(revoke: Revoke) -> dict[str, Any]:
    """The parameters of the texts about a revoke."""
    params = {"offender": seat_name(revoke.offender), "trick": revoke.trick,
              "card": card_msg(revoke.card), "suit": Msg(f"suitname.{revoke.suit_led.value}")}
    if revoke.held:
        params["held"] = card_msg(revoke.held[-1])
    return params


def found_key(revoke: Revoke) -> str:
    """The text of 61A: what the offender failed to play."""
    if revoke.kind is RevokeKind.FOLLOW_SUIT:
        key = "revoke.found.dummy" if revoke.by_dummy else "revoke.found"
    else:
        key = f"revoke.found.{revoke.kind.value}"
    return key if revoke.held else key + ".no_held"


def revoke_outcome(a: Assessment, board: BoardAssessment,
                   equity: Equity | None = None) -> RevokeOutcome:
    """What a finding carries of an assessed revoke of ``board``, with its 64C figures."""
    return RevokeOutcome(
        suit_led=a.revoke.suit_led, established=a.establishment.established,
        transfer=a.transfer, transfer_if_timely=a.transfer_if_timely, exception=a.exception,
        declarer_tricks=board.facts.declarer_tricks, score_ns=board.score_ns,
        adjusted_declarer_tricks=board.adjusted_declarer_tricks,
        adjusted_score_ns=board.adjusted_score_ns, equity=equity)


def revoke_data(a: Assessment, board: BoardAssessment, equity: Equity | None = None
                ) -> dict[str, Any]:
    """The JSON data of an assessed revoke (`DATA_KEYS`), with its 64C figures."""
    r = a.revoke
    return revoke_outcome(a, board, equity).to_json(r.offender, r.trick, r.card)


def revoke_ruling(a: Assessment, board: BoardAssessment,
                  equity: tuple[Clause | None, Any] = (None, "")) -> Ruling:
    """The ruling on ``a``, one revoke of ``board``; ``equity``: the clause and text of
    its 64C figures, when measured. The clauses in the order applied: what the offender
    failed to do (61A), the revoke established (63A) or corrected (62), the tricks
    transferred (64A), the exceptions (64B), the cap of several revokes (64A) and the 64C
    figures."""
    r = a.revoke
    facts = {"offender": r.offender.value, "trick": r.trick, "suit_led": r.suit_led.value,
             "card": r.card.pbn(), "held": [c.pbn() for c in r.held], "kind": r.kind.value,
             "by_dummy": r.by_dummy}
    params = revoke_params(r)
    key = found_key(r)
    clauses = [Clause("61A", key, facts, params)]
    found = Msg(key, params)
    established = _established_or_corrected(a, board, clauses)
    decision = _transfer(a, clauses)
    note = _exceptions(a, board, facts, params, clauses)
    if a.exception is not None:
        decision = _exception_decision(a, a.exception, params, note)
    outcome, result = _adjusted_result(a, board)
    cap = _cap(a, board, clauses)
    equity_clause, equity_text = equity
    if equity_clause is not None:
        clauses.append(equity_clause)
    return Ruling(tuple(clauses), outcome, "revoke.ruling",
                  {"found": found, "established": established, "decision": decision,
                   "result": result, "cap": cap, "equity": equity_text})


def _established_or_corrected(a: Assessment, board: BoardAssessment,
                              clauses: list[Clause]) -> Any:
    """The text of what became of the revoke, its clauses added: established (63A, or
    43B2(b)); not established and corrected (62); or, both sides having revoked on one
    trick, both revoke cards withdrawn (62C3, whose clauses the exceptions add)."""
    if a.establishment.established:
        return _established(a.facts, clauses)
    if a.exception == "64B8":
        return Msg("revoke.established.62c3")
    return _correction(a.facts, board, clauses)


def _transfer(a: Assessment, clauses: list[Clause]) -> Any:
    """64A: the tricks transferred to the non-offending side had attention been drawn in
    time (64A1: one or two, the offender having won the revoke trick; 64A2: one), its
    clause added; the text of the decision when they are transferred, or ""."""
    if a.clause_64a is None or not a.transfer_if_timely:
        return ""
    nos = Msg(f"side.{a.revoke.side.other.value}")
    key = "revoke.decision.64A2" if a.clause_64a == "64A2" else \
        f"revoke.decision.64A1.{a.transfer_if_timely or 2}"
    won_by = a.facts.trick_won_by
    clauses.append(Clause(a.clause_64a, key,
                          {"tricks": a.transfer_if_timely,
                           "won_by": None if won_by is None else won_by.value},
                          {"nos": nos}))
    if a.transfer or a.capped_from:
        return Msg("revoke.spaced", {"text": Msg(key, {"nos": nos})})
    return ""


def _exceptions(a: Assessment, board: BoardAssessment, facts: dict[str, Any],
                params: dict[str, Any], clauses: list[Clause]) -> Any:
    """64B: a clause for each exception to 64A that applies, in the order reported; late
    attention (64B4, 64B5) with what would have been transferred in time. A revoke on
    trick 12 (64B6) comes after its correction (62D1) and before the information to a
    defender's partner (62D2); both sides revoking on one trick (64B8) after the
    withdrawal of the revoke cards (62C3) and before their information (16C). What these
    add to the reported exception's text (62D2, 62C3's penalty cards), or ""."""
    r = a.revoke
    note: Any = ""
    for law in a.exceptions:
        key = _exception_key(a, law)
        timely = (Msg(f"revoke.timely.{a.transfer_if_timely}", {"law": a.clause_64a})
                  if law in ("64B4", "64B5") and a.clause_64a else "")
        text_params = params | {"timely": timely}
        if law == "64B6":
            returned = a.facts.hands_returned
            clauses.append(Clause("62D1", key, {"trick": 12} if returned is None else
                                  {"trick": 12, "hands_returned": returned}, text_params))
        if law == "64B8":
            clauses.append(Clause("62C3", key, {"trick": r.trick}, text_params))
        timely_facts = {"transfer_if_timely": a.transfer_if_timely}
        clauses.append(Clause(law, key, facts | timely_facts if law in ("64B4", "64B5")
                              else facts, text_params))
        if law == "64B6" and a.facts.hands_returned is not True:
            note = _partner_informed(a.facts, board, clauses)
        if law == "64B8":
            clauses.append(Clause("50B", "revoke.correction.62C3", {}))
            clauses.append(Clause("16C", "revoke.correction.62C3", {}))
            note = Msg("revoke.correction.62C3")
    return note


def _exception_decision(a: Assessment, law: str, params: dict[str, Any], note: Any) -> Msg:
    """The text of the decision when ``law``, an exception to 64A, is reported (64B): the
    exception, with what would have been transferred had attention been drawn in time
    (64B4, 64B5), and ``note``, what the exceptions add."""
    reported_timely: Any = ""
    if law in ("64B4", "64B5") and a.clause_64a:
        reported_timely = Msg(f"revoke.timely.{a.transfer_if_timely}", {"law": a.clause_64a})
    text = Msg(_exception_key(a, law), params | {"timely": reported_timely})
    return Msg("revoke.spaced.note", {"text": text, "note": note}) if note \
        else Msg("revoke.spaced", {"text": text})


def _adjusted_result(a: Assessment, board: BoardAssessment
                     ) -> tuple[AssignedResult | None, Any]:
    """The result the transfer makes (declarer's tricks and, with the vulnerability known,
    the score) and its text; None and "" when no trick is transferred."""
    adjusted, score = board.adjusted_declarer_tricks, board.adjusted_score_ns
    if not (a.transfer and adjusted is not None):
        return None, ""
    # score None: vulnerability unknown
    outcome = AssignedResult(board.facts.contract, adjusted, score)
    return outcome, Msg("revoke.result", {"adjusted": adjusted,
                                          "tricks": board.facts.declarer_tricks,
                                          "score": "?" if score is None else signed(score)})


def _cap(a: Assessment, board: BoardAssessment, clauses: list[Clause]) -> Any:
    """64A's cap when several revokes transfer tricks: what they would transfer together,
    what is transferred, and this revoke's share; its clause added and its text, or ""."""
    cap_note = board.cap_note(a)
    if cap_note is None:
        return ""
    total, most, share = cap_note
    cap_facts = {"total": total, "cap": most, "share": share}
    cap_params = {"total": total, "cap": most,
                  "transferred": Msg(f"revoke.cap.transferred.{_count(most)}", {"cap": most}),
                  "share": Msg(f"revoke.cap.share.{_count(share)}", {"share": share})}
    clauses.append(Clause("64A", "revoke.cap", cap_facts, cap_params))
    return Msg("revoke.cap", cap_params)


def _count(n: int) -> str:
    """The plural form of a count's text: ``0``, ``1`` or ``n``."""
    return str(n) if n < 2 else "n"


def correction_penalty_cards(a: Assessment, board: BoardAssessment
                             ) -> tuple[tuple[str, PenaltyCard], ...]:
    """The penalty cards a correction leaves on the table, with the clause of the duty
    they carry (50D1): a defender's revoke card from his unfaced hand when the revoke is
    corrected (62B1), and after both sides revoked on one trick the defenders' withdrawn
    revoke cards (62C3)."""
    r = a.revoke
    defender = r.side is not board.facts.declarer.side
    if not defender or r.by_dummy or a.facts.card_faced:
        return ()
    if a.exception != "64B8" and a.establishment.established:
        return ()
    # made a penalty card by 62B1 or 62C3; major as exposed in correcting a revoke (50B),
    # so it must be played at the first legal opportunity (50D1)
    return (("50D1", PenaltyCard(r.offender, r.card, r.trick)),)


def _exception_key(a: Assessment, law: str) -> str:
    key = f"revoke.decision.{law}"
    if law == "64B3":
        return key + (".dummy" if a.revoke.by_dummy else ".penalty_card")
    if law == "64B6" and a.facts.hands_returned is not None:
        return key + (".returned" if a.facts.hands_returned else ".not_returned")
    return key


def _established(f: RevokeFacts, clauses: list[Clause]) -> Msg:
    """The clause of 63A (or 43B2(b)) that established the revoke, and its text."""
    est = f.establishment
    key = _ESTABLISHED_KEYS[est]
    facts: dict[str, Any] = {}
    params: dict[str, Any] = {}
    if est in (Establishment.NEXT_TRICK, Establishment.NAMED_CARD):
        nxt = f.revoke.trick + 1
        by = f.established_by
        if by is None:
            key = _ESTABLISHED_BY_SIDE[est]
        facts = {"by": None if by is None else by.value, "trick": nxt}
        params = {"next": nxt} if by is None else {"by": seat_name(by), "next": nxt}
    elif est is Establishment.CLAIM and f.established_by is not None:
        key = "revoke.established.claim.by"  # the record says who claimed: 63A3 alone
        facts = {"by": f.established_by.value}
        params = {"by": seat_name(f.established_by)}
    clauses.append(Clause(est.value, key, facts, params or None))
    return Msg(key, params)


def _correction(f: RevokeFacts, board: BoardAssessment, clauses: list[Clause]) -> Msg:
    """62A: the revoke is corrected; 62B what becomes of the card, 62C the cards played
    after it, 16C their information, 62D2 on trick 12."""
    r = f.revoke
    declarer = board.facts.declarer
    defender = r.side is not declarer.side
    params = revoke_params(r)
    clauses.append(Clause("62A", "revoke.not_established", {}))
    if r.by_dummy:
        law, key = "62B2", "revoke.correction.62B2.dummy"
    elif not defender:
        law, key = "62B2", "revoke.correction.62B2"
    elif f.card_faced:
        law, key = "62B2", "revoke.correction.62B2.faced"
    else:
        law, key = "62B1", "revoke.correction.62B1"
    clauses.append(Clause(law, key, {"offender": r.offender.value, "card": r.card.pbn(),
                                     "penalty_card": law == "62B1"}, params))
    card: Msg = Msg(key, params)
    if law == "62B1":
        card = _penalty_card(r, clauses, card)
    later_key = f"revoke.correction.62C.{'defenders' if defender else 'declarer'}"
    later: Any = Msg(later_key)
    if f.later_cards is False or f.nos_withdraw is not None:
        later = ""  # nothing played after it, or the choice made: 62C's "may" is over
    else:
        clauses.append(Clause("62C1", later_key, {}))
        clauses.append(Clause("62C2", later_key, {"penalty_card": defender}))
    sides = {"nos": Msg(f"side.{r.side.other.value}"), "os": Msg(f"side.{r.side.value}")}
    clauses.append(Clause("16C", "revoke.correction.16C", {"nos": r.side.other.value,
                                                          "os": r.side.value}, sides))
    note: Any = ""
    if r.trick == 12:
        note = _partner_informed(f, board, clauses)
    return Msg("revoke.correction" if later else "revoke.correction.no_later",
               {"text": Msg("revoke.not_established"), "card": card, "later": later,
                "ui": Msg("revoke.correction.16C", sides),
                "note": Msg("revoke.spaced", {"text": note}) if note else ""})


#: What follows from the major penalty card of a corrected revoke (62B1): why it is major,
#: playing it, declarer's lead options, the information; each clause and its text.
_PENALTY_CARD_CLAUSES = (("50B", "major"), ("50D1", "first"), ("50D2", "lead"), ("50E", "info"))


def _penalty_card(r: Revoke, clauses: list[Clause], withdrawn: Msg) -> Msg:
    """50B (a card exposed in correcting a revoke is major), 50D1, 50D2 and 50E for the
    revoke card ``r.card`` that 62B1 makes a penalty card; their clauses and one text."""
    params = {"offender": seat_name(r.offender), "partner": seat_name(r.offender.partner),
              "card": card_msg(r.card), "card_suit": Msg(f"suitname.{r.card.suit.value}")}
    facts = {"offender": r.offender.value, "card": r.card.pbn(), "major": True}
    texts: dict[str, Any] = {"card": withdrawn}
    for law, part in _PENALTY_CARD_CLAUSES:
        key = f"revoke.correction.{law}"
        clauses.append(Clause(law, key, facts, params))
        texts[part] = Msg(key, params)
    return Msg("revoke.correction.penalty_card", texts)


def _partner_informed(f: RevokeFacts, board: BoardAssessment, clauses: list[Clause]) -> Any:
    """62D2: a defender's revoke on trick 12 before his partner played to it is
    unauthorized information to the partner (16C); the clause and its text, or ""."""
    r = f.revoke
    if r.side is board.facts.declarer.side or r.partner_plays_later is False:
        return ""
    key = "revoke.ui.62D2" if r.partner_plays_later else "revoke.ui.62D2.if"
    params = {"offender": seat_name(r.offender), "partner": seat_name(r.offender.partner)}
    clauses.append(Clause("62D2", key, {"offender": r.offender.value,
                                        "partner": r.offender.partner.value,
                                        "partner_to_play": r.partner_plays_later}, params))
    return Msg(key, params)


def render_revoke_text(item: Finding | Ruling, lang: str = "en") -> str:
    """The ruling text of a revoke finding (or of a revoke ruling) in ``lang``."""
    ruling = item.ruling if isinstance(item, Finding) else item
    if ruling is None:
        return messages.render(item.key, item.params, lang)
    return messages.render(ruling.key, ruling.params, lang)
