"""The audit of a play record for revokes (Laws 61-64): `review_revokes`.

It detects the revokes (`detection`), derives their facts from the record
(`play_facts`), assesses them (`assessment`, the same law as a revoke case), measures
64C double dummy when the context asks for it (`redress`) and reports each revoke as a
`Finding` with its seat, trick and card, its outcome typed (``revoke``, a
`td_plugin.model.revoke_outcome.RevokeOutcome`) and ``data`` its JSON, exactly `DATA_KEYS`.
The outcome's ``equity`` is None when not asked for (``context.equity`` false) or for a
revoke that was not established (corrected under Law 62; those corrected under 62C3 are
still checked, as 64B8 leaves 64C to apply); `EquityUnavailable` with ``how`` without the
extra, with ``reason`` when the deal is not fully known or the solver refuses the
position; else the figures of `redress.equity_check`.

A record's ``^R`` markers (PBN) are checked against detection: a marked card that is no
revoke, and, in a record that marks revokes at all, a revoke left unmarked, are
``revoke_marker_mismatch`` findings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes.detection import Revoke, RevokeKind, detect_revokes
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Card, Seat
from td_plugin.model.changes import RecordChange
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.names import card_msg
from td_plugin.model.obligations import Obligation
from td_plugin.model.play import Play, PlayedCard
from td_plugin.model.walk import PlayWalk, effective_contract

__all__ = ["review_revokes", "revoke_change"]


def review_revokes(record: BoardRecord, context: ReviewContext | None = None, *,
                   obligations: Iterable[Obligation] = (),
                   walk: PlayWalk | None = None) -> list[Finding]:
    """Every revoke of one record as a `Finding` (kind ``revoke``), plus
    ``revoke_marker_mismatch`` findings where the record's ``^R`` markers disagree with
    detection. Nothing when the record's play does not replay cleanly against its deal
    (the consistency check reports those cards), or when the contract is unknown.
    ``obligations``: penalty cards and lead restrictions the Director knows of, beside
    those the record carries (``record.obligations``). When attention was drawn is the
    context's for the record's board (`ReviewContext.attention_for`). ``walk``: the
    record's walk of the play, shared with the consistency check (a new one when not
    given)."""
    context = context or ReviewContext()
    obligations = (*obligations, *record.obligations)
    play, deal = record.play, record.deal
    contract = effective_contract(record)
    if (play is None or deal is None or not play.tricks or contract is None
            or contract.is_passed_out or contract.declarer is None or contract.strain is None):
        return []
    trump = contract.strain.suit
    obligations = tuple(obligations)
    replayed = (walk or PlayWalk(record)).replay  # the walk the consistency check took
    if replayed is None:
        return []
    if not (replayed.show_out_holding or replayed.marked or obligations):
        return []  # the usual record: nothing to report, whether or not it replays cleanly
    revokes = detect_revokes(deal, play, contract.declarer, obligations)
    marked = _marked(play) if replayed.marked else {}
    if not revokes and not marked:
        return []
    if replayed.problems:
        return []
    out = _marker_mismatches(record, marked, revokes)
    if not revokes:
        return out
    # (the law of a revoke found, read the first time one is: most audits find none)
    from td_plugin.laws.revokes.assessment import assess
    from td_plugin.laws.revokes.play_facts import board_facts, table_tricks, tally
    from td_plugin.laws.revokes.redress import equities, equity_clause
    from td_plugin.laws.revokes.ruling import revoke_outcome, revoke_params, revoke_ruling

    tricks = table_tricks(record, contract)
    counts = tally(play, trump, contract.declarer, tricks)
    vul = (None if record.vulnerability is None
           else record.vulnerability.is_vulnerable(contract.declarer))
    board = assess(board_facts(contract, tricks, vul, record.score_ns, context.attention_for(record),
                               revokes, play, counts, obligations))
    measured = equities(deal, play, counts, board) if context.equity else [None] * len(revokes)
    for a, eq in zip(board.revokes, measured):
        r = a.revoke
        outcome = revoke_outcome(a, board, eq)
        ruling = revoke_ruling(a, board, (None, "") if eq is None
                               else equity_clause(eq, a, contract))
        finding = Finding(kind=FindingKind.REVOKE, key=_finding_key(r),
                          params=revoke_params(r) | {"law": _law(a.law)},
                          law=a.law, board=_board(record), record=record.location.record,
                          path=record.location.path, line=record.location.line,
                          ruling=ruling, data=outcome.to_json(r.offender, r.trick, r.card),
                          seat=r.offender, trick=r.trick, card=r.card, revoke=outcome)
        out.append(replace(finding, change=revoke_change(finding)))
    return out


def revoke_change(finding: Finding) -> RecordChange | None:
    """What writing back a revoke finding changes: the result (and score, where the
    vulnerability is known) only where an automatic transfer applies, the ruling's
    outcome; the ruling itself as commentary (with any 64C proposal, which is never
    applied). None for other findings or a record without an index."""
    if finding.kind != FindingKind.REVOKE or finding.record is None or finding.ruling is None:
        return None
    return RecordChange(record=finding.record, outcome=finding.ruling.outcome,
                        law=finding.law, annotations=(finding.ruling,))


def _board(record: BoardRecord) -> int | None:
    return record.board if record.board is not None else record.location.board


def _law(law: str) -> Msg:
    return Msg("lawname.one", {"law": law})


def _finding_key(revoke: Revoke) -> str:
    if revoke.by_dummy and revoke.kind is RevokeKind.FOLLOW_SUIT:
        return "revoke.finding.dummy"
    if revoke.kind is RevokeKind.FOLLOW_SUIT:
        return "revoke.finding"
    return f"revoke.finding.{revoke.kind.value}"


def _marked(play: Play) -> dict[tuple[int, Seat], PlayedCard]:
    """The cards the record marks as revokes (``^R``) by trick number and seat."""
    return {(n, pc.seat): pc for n, t in enumerate(play.tricks, 1) for pc in t.cards
            if pc.marker == "R"}


def _marker_mismatches(record: BoardRecord, marked: Mapping[tuple[int, Seat], PlayedCard],
                       revokes: Sequence[Revoke]) -> list[Finding]:
    """``^R`` markers (`_marked`) against detection: a marked card that is no revoke, and,
    in a record that marks revokes at all, a revoke left unmarked."""
    if not marked:
        return []
    found = {(r.trick, r.offender): r for r in revokes}
    out = []
    for (n, seat), pc in marked.items():
        if (n, seat) not in found:
            out.append(_mismatch(record, "spurious", n, seat, pc.card, True, False))
    for (n, seat), r in found.items():
        if (n, seat) not in marked:
            out.append(_mismatch(record, "unmarked", n, seat, r.card, False, True))
    return sorted(out, key=lambda f: f.trick or 0)


def _mismatch(record: BoardRecord, which: str, trick: int, seat: Seat, card: Card,
              marked: bool, detected: bool) -> Finding:
    loc = record.location
    return Finding(kind=FindingKind.REVOKE_MARKER_MISMATCH,
                   key=f"revoke.marker_mismatch.{which}",
                   params={"trick": trick, "seat": seat_name(seat), "card": card_msg(card)},
                   law="61A", board=_board(record), record=loc.record, path=loc.path,
                   line=loc.line, seat=seat, trick=trick, card=card,
                   data={"trick": trick, "seat": seat.value, "card": card.pbn(),
                         "marked": marked, "detected": detected})
