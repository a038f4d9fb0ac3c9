"""Law 64C: redress of damage after a revoke.

After any established revoke, with or without an automatic transfer, the Director judges
whether the non-offending side is sufficiently compensated; if not, he assigns the
likely result had the revoke not occurred, which replaces the transfer (64C1; laws-digest
A2). After a second revoke in the same suit by the same player it is measured from after
the first revoke with its transfer (64C2(a), A3); after both sides revoked, as if neither
revoke had occurred (64C2(b)). `needs_redress` is that comparison, shared by the
double-dummy check below and by the Director's own judgement in a revoke case
(`case`).

From a play record, `equity_check` measures it double dummy (`td_plugin.laws.revokes.double_dummy`,
optional extra): from the position just before the revoke, with the offender playing the
offending side's best card among those he was obliged to choose from, the tricks the
non-offending side takes, plus those it had already won and the automatic transfers of
earlier revokes of the board, as far as the offending side still wins tricks to pay
them. Its figures (`EquityFigures`) are proposals for the Director: never applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from td_plugin.laws.revokes import double_dummy as dd
from td_plugin.laws.revokes.assessment import Assessment, BoardAssessment
from td_plugin.laws.revokes.detection import Revoke, RevokeKind
from td_plugin.laws.revokes.play_facts import Tally
from td_plugin.laws.revokes.ruling import signed
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.outcomes import AssignedResult
from td_plugin.model.play import Play, holdings_before
from td_plugin.model.revoke_outcome import Equity, EquityFigures, EquityUnavailable, Proposal
from td_plugin.model.rulings import Clause
from td_plugin.model.scoring import score_ns

__all__ = ["EquityUnavailable", "Proposal", "EquityFigures", "Equity", "needs_redress",
           "redress_clause", "equity_check", "equities", "equity_clause"]




def needs_redress(equity: int | Fraction, table: int | Fraction | None,
                  nos_gains_upwards: bool | None) -> tuple[bool | None, bool]:
    """(insufficiently compensated, assign ``equity``): the 64C comparison of the likely
    result without the revoke(s) against the table result with the automatic transfers,
    both measured on one scale (declarer's tricks, or North-South's score);
    ``nos_gains_upwards``: whether a higher value is better for the non-offending side,
    None when both sides revoked (64C2(b)): then the result without either revoke is
    assigned when it differs."""
    if nos_gains_upwards is None:
        return None, table is None or equity != table
    if table is None:
        return None, False
    insufficient = equity > table if nos_gains_upwards else equity < table
    return insufficient, insufficient


def redress_clause(exceptions: Sequence[str]) -> str:
    """The clause of 64C that measures the redress after revokes with these exceptions."""
    if "64B7" in exceptions:
        return "64C2(b)"
    if "64B2" in exceptions:
        return "64C2(a)"
    return "64C1"


# -- double dummy, from a play record -------------------------------------------------------

def _position(deal: Deal, play: Play, revoke: Revoke, trump: Suit | None) -> dd.Position:
    assert revoke.position is not None  # a revoke found in a play record
    trick = play.tricks[revoke.trick - 1]
    hands = holdings_before(deal, play, revoke.trick, revoke.position)
    return dd.Position(hands, trick.leader,
                       tuple(pc.card for pc in trick.cards[:revoke.position]), trump)


def _allowed(revoke: Revoke) -> tuple[Card, ...] | None:
    """The cards the offender had to choose from; None = any card that follows suit."""
    return None if revoke.kind is RevokeKind.FOLLOW_SUIT else revoke.held


def equity_check(deal: Deal, play: Play, revoke: Revoke, contract: Contract,
                 counts: Tally, prior: tuple[int, int] | None, adjusted_tricks: int | None,
                 vulnerable: bool | None, neither: bool = False,
                 repeated: bool = False) -> Equity:
    """The 64C figures for one revoke.

    ``prior``: (tricks, first trick) of the automatic transfers of earlier revokes of the
    same offending side, which the non-offending side keeps in the outcome measured here
    (64C2(a)) — at most as many as the offending side would still have won from the first
    of those revokes on; ``adjusted_tricks``: declarer's table tricks with the
    board's automatic transfers; ``neither``: the 64B7 question (both sides revoked),
    answered from just before ``revoke``, the board's first; ``repeated``: a later revoke
    by the same player in the same suit (64B2), judged under 64C2(a).
    """
    if not deal.is_complete:
        return EquityUnavailable(reason="deal_incomplete")
    if not dd.HAVE_DDS:
        return EquityUnavailable(how=dd.DDS_HINT)
    assert contract.strain is not None and contract.declarer is not None
    position = _position(deal, play, revoke, contract.strain.suit)
    try:
        best, card = dd.solve_best(position, _allowed(revoke))
    except dd.DoubleDummyUnavailable:  # installed, but it cannot be imported
        return EquityUnavailable(how=dd.DDS_HINT)
    except ValueError as exc:
        return EquityUnavailable(reason=str(exc))
    left = position.tricks_left
    declarer = contract.declarer
    os_side, nos_side = revoke.side, revoke.side.other
    nos_before = counts.won_before(nos_side, revoke.trick)
    nos_dd = left - best
    prior_transfer = 0
    if prior is not None and not neither:
        still_won = counts.won_between(os_side, prior[1], revoke.trick - 1) + best
        prior_transfer = min(prior[0], still_won)
    nos_equity = nos_before + nos_dd + prior_transfer
    decl_equity = nos_equity if declarer.side is nos_side else 13 - nos_equity
    clause = "64C2(b)" if neither else "64C2(a)" if repeated else "64C1"
    insufficient, propose = needs_redress(decl_equity, adjusted_tricks,
                                          None if neither else declarer.side is nos_side)
    proposal = None
    if propose:
        score = None if vulnerable is None else score_ns(contract, decl_equity, vulnerable)
        proposal = Proposal(decl_equity, score)
    return EquityFigures(clause, revoke.trick, revoke.offender, card,
                         None if neither else nos_side, nos_before, nos_dd, prior_transfer,
                         decl_equity, adjusted_tricks, insufficient, proposal)


def equities(deal: Deal, play: Play, counts: Tally, board: BoardAssessment
             ) -> list[Equity | None]:
    """The 64C figures of each assessed revoke of a play record (None where 64C does not
    apply: a revoke that was not established; those corrected under 62C3 are still
    checked, as 64B8 leaves 64C to apply)."""
    contract = board.facts.contract
    assessed = board.revokes
    out: list[Equity | None] = []
    neither_cache: Equity | None = None
    established = [a for a in assessed if a.establishment.established or a.exception == "64B8"]
    for a in assessed:
        if a not in established:
            out.append(None)
            continue
        if "64B7" in a.exceptions:
            if neither_cache is None:
                first = next(b for b in established if "64B7" in b.exceptions)
                neither_cache = equity_check(deal, play, first.revoke, contract, counts, None,
                                             board.adjusted_declarer_tricks,
                                             board.facts.vulnerable, neither=True)
            out.append(neither_cache)
            continue
        earlier = [b for b in assessed[:assessed.index(a)]
                   if b.transfer and b.revoke.side is a.revoke.side]
        prior = (sum(b.transfer for b in earlier), earlier[0].revoke.trick) if earlier else None
        out.append(equity_check(deal, play, a.revoke, contract, counts, prior,
                                board.adjusted_declarer_tricks, board.facts.vulnerable,
                                repeated="64B2" in a.exceptions))
    return out


def equity_clause(eq: Equity, assessment: Assessment, contract: Contract
                  ) -> tuple[Clause | None, Any]:
    """The clause and the text the 64C figures add to a revoke's ruling."""
    if isinstance(eq, EquityUnavailable):
        if eq.how is not None:
            return (Clause("64C1", "revoke.equity.unavailable", {"how": eq.how}),
                    Msg("revoke.equity.unavailable", {"how": eq.how}))
        return None, ""
    proposal = eq.proposal
    facts = eq.to_json()
    if proposal is not None and proposal.score_ns is not None:
        facts["assigned"] = AssignedResult(contract, proposal.declarer_tricks, proposal.score_ns)
    score = "?" if proposal is None or proposal.score_ns is None else signed(proposal.score_ns)
    params = {"offender": seat_name(assessment.revoke.offender),
              "equity": eq.equity_declarer_tricks, "table": eq.table_declarer_tricks,
              "score": score, "clause": eq.clause}
    if eq.clause == "64C2(b)":
        key = "revoke.equity.neither"
    elif eq.insufficient is None:
        key = "revoke.equity.unknown"
    else:
        key = "revoke.equity.insufficient" if eq.insufficient else "revoke.equity.sufficient"
    return Clause(eq.clause, key, facts, params), Msg(key, params)
