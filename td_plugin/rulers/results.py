"""Ruler plugin ``results``: the result as the scorer received it from the table.

A table terminal's entry carries more than a contract and a result: the opening lead, the
number of the declaring pair, and, instead of a result, a remark such as an artificial
score or "not played". The record has the lead (`BoardRecord.lead`, from a Bridgemate or
a USEBIO file), an artificial score (`BoardRecord.artificial`), and from a Bridgemate
file the declaring pair as entered (`BoardRecord.declaring_pair`) and whether the board
was entered as not played (`BoardRecord.not_played`).

Finding kinds:

- ``impossible_result``: declarer would take fewer than 0 or more than 13 tricks.
- ``declarer_mismatch``: the declaring pair is not the pair in the declarer's seat.
- ``artificial_score``: an artificial score was entered (Law 12C2); the Director checks
  it was awarded, and the scorer takes it as entered.
- ``not_played``: no result was obtained; the Director awards an artificial score (12C2).
- ``lead_not_held``: the opening leader does not hold the lead card entered.
- ``lead_mismatch``: the play record starts with another card than the lead entered.
- ``result_conflict``: two accounts of declarer's tricks in one record that disagree
  (`BoardRecord.results_said`: a LIN claim or complete play against the vugraph result
  line), saying which one the audit takes and why.
"""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.laws.context import ReviewContext
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import BoardRecord
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.names import artificial_text, card_msg, contract_msg

__all__ = ["check_recorded_result", "td_review_board"]


def _result_text(delta: int) -> str:
    return "=" if delta == 0 else f"{delta:+d}"


def check_recorded_result(record: BoardRecord, context: ReviewContext | None = None
                          ) -> list[Finding]:
    """Every finding about the result as entered (see the module docstring)."""
    out: list[Finding] = []
    loc = record.location

    def add(kind: FindingKind, key: str, law: str | None = None, data: dict[str, Any] | None = None,
            **params: object) -> None:
        out.append(Finding(kind=kind, key=key, params=params, law=law, board=record.board,
                           record=loc.record, path=loc.path, line=loc.line,
                           data=data or {}))

    artificial = record.artificial
    if artificial is not None:
        add(FindingKind.ARTIFICIAL_SCORE, "result.artificial", law="12C2",
            data={"ns_percent": artificial.ns_percent, "ew_percent": artificial.ew_percent},
            score=artificial_text(artificial))
    if record.not_played:
        add(FindingKind.NOT_PLAYED, "result.not_played", law="12C2")

    contract = record.contract
    tricks = record.declarer_tricks
    if contract is not None and not contract.is_passed_out and tricks is not None \
            and not 0 <= tricks <= 13:
        delta = tricks - contract.tricks_needed
        add(FindingKind.IMPOSSIBLE_RESULT, "result.impossible", data={"tricks": tricks},
            contract=contract_msg(contract), result=_result_text(delta), tricks=tricks)

    if record.results_said and tricks is not None:
        _result_conflict(record.results_said, add)

    declarer = record.declarer
    pair = record.declaring_pair
    if declarer is not None and pair is not None and record.ns_pair is not None \
            and record.ew_pair is not None and record.ns_pair != record.ew_pair:
        expected = record.ns_pair if declarer.side.value == "NS" else record.ew_pair
        if str(pair) != expected:
            add(FindingKind.DECLARER_MISMATCH, "result.declarer_mismatch",
                data={"declarer": declarer.value, "declaring_pair": str(pair)},
                seat=seat_name(declarer), pair=pair, ns_pair=record.ns_pair,
                ew_pair=record.ew_pair)

    lead = record.lead
    if lead is not None and declarer is not None:
        leader = declarer.lho
        deal = record.deal
        hand = deal[leader] if deal is not None else None
        if deal is not None and hand is not None and lead not in hand:
            holder = deal.holder(lead)
            holder_text = Msg("result.lead_holder", {"holder": seat_name(holder)}) if holder else ""
            out.append(Finding(kind=FindingKind.LEAD_NOT_HELD, key="result.lead_not_held",
                               params={"card": card_msg(lead), "seat": seat_name(leader),
                                       "holder_text": holder_text},
                               board=record.board, record=loc.record, path=loc.path,
                               line=loc.line, seat=leader, card=lead,
                               data={"card": lead.pbn(), "leader": leader.value,
                                     "holder": holder.value if holder else None}))
        play = record.play
        if play is not None and len(play):
            first = next(iter(play.cards())).card
            if first is not lead:
                out.append(Finding(kind=FindingKind.LEAD_MISMATCH, key="result.lead_mismatch",
                                   params={"card": card_msg(lead), "played": card_msg(first)},
                                   board=record.board, record=loc.record, path=loc.path,
                                   line=loc.line, card=lead,
                                   data={"card": lead.pbn(), "played": first.pbn()}))
    return out


def _result_conflict(said: tuple[tuple[str, int], ...], add: Any) -> None:
    """A ``result_conflict`` finding when the accounts of declarer's tricks disagree: the
    first is the one the record's result takes (a claim agreed to stands, Law 69A; the
    cards played decide the tricks; a vugraph result line is an operator's summary)."""
    (used, tricks), *others = said
    other = next(((source, n) for source, n in others if n != tricks), None)
    if other is None:
        return
    add(FindingKind.RESULT_CONFLICT, "result.conflict",
        law="69A" if used == "claim" else None,
        data={"used": used, "tricks": tricks, "other": other[0], "other_tricks": other[1]},
        source=Msg(f"result.source.{used}", {}), tricks=tricks,
        other=Msg(f"result.source.{other[0]}", {}), other_tricks=other[1],
        why=Msg(f"result.source.{used}.why", {}))


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    return check_recorded_result(record, context)
