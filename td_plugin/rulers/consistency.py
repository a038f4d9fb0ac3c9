"""Ruler plugin ``consistency``: the checks every board record gets. Is the recorded
contract, result and score what the deal, the auction and the play say?

Each failing check is a `Finding` of one of these kinds:

- ``deal_invalid``: not 52 distinct cards, 13 a hand.
- ``auction_illegal``: a call the Laws do not allow where it stands (Law 27 insufficient
  bid, 36 inadmissible double or redouble, 39 call after the final pass), or an auction
  that ended by a pass out of rotation which deprived a player of his turn (17D3: the
  auction had not ended). A bid marked
  as an accepted insufficient bid (27A1) or a skipped call (29A) is a recorded
  irregularity, not an illegal auction.
- ``contract_mismatch``: the auction does not produce the recorded contract or declarer.
- ``card_not_held``: a card attributed to a player who does not hold it, or played twice.
- ``result_mismatch``: the recorded result against the tricks of a complete play, or
  against the tricks played before a claim when the claim cannot explain it.
- ``score_mismatch``: the recorded score against contract, result and vulnerability.

An auction holding a call that could not be read (`Auction.unread`) gives neither
``auction_illegal`` nor ``contract_mismatch``: its problem says which token, and the
coverage counts the auction as not checked. Likewise a play holding a card not read
(`Play.unread`) gives no ``result_mismatch`` (what followed the card is not known), and
a contract not read (`BoardRecord.unread`) no finding that needs the contract.

These are facts about the record, not rulings: no outcome is attached.

The walk of the play against the deal is the `PlayWalk` the host hands every ruler
(`td_plugin.model.walk`), so this check and the revoke review walk the play once between
them. `check_record` runs on every record: a measured hot path (benchmarks/bench_host.py),
kept as one function on purpose.
"""

from __future__ import annotations

import functools
from typing import Any

from td_plugin import hookimpl
from td_plugin.errors import InvalidDealError
from td_plugin.laws.context import ReviewContext
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import SEATS, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.findings import Finding, FindingKind, PlainRows
from td_plugin.model.names import call_msg, card_msg, contract_msg
from td_plugin.model.play import PlayProblem
from td_plugin.model.scoring import score_ns
from td_plugin.model.walk import PlayWalk, effective_contract

__all__ = ["check_record", "td_review_board"]


def check_record(record: BoardRecord, context: ReviewContext | None = None, *,
                 walk: PlayWalk | None = None) -> list[Finding]:
    """Every consistency finding of one record (see the module docstring); ``walk``: the
    record's walk shared with the other rulers (a new one when not given). One function
    on purpose: a hot path, run on every record (measured by benchmarks/bench_host.py)."""
    out: list[Finding] = []

    def add(kind: FindingKind, key: str, law: str | None = None, data: dict[str, Any] | None = None,
            **params: object) -> None:
        loc = record.location
        if law is not None:
            params["law"] = law
        out.append(Finding(kind=kind, key=key, params=params, law=law, board=record.board,
                           record=loc.record, path=loc.path, line=loc.line, data=data or {}))

    deal = record.deal
    deal_ok = deal is not None
    if deal is not None:
        try:
            deal.validate()
        except InvalidDealError as exc:
            add(FindingKind.DEAL_INVALID, "consistency.deal_invalid", reason=exc.bare_message)
            deal_ok = False
        else:
            deal_ok = deal.is_complete

    auction = record.auction
    if auction is not None and auction.unread:
        auction = None  # a call could not be read: nothing is judged from the rest
    if auction is not None:
        for p in auction.problems():
            add(FindingKind.AUCTION_ILLEGAL, "consistency.auction_illegal", law=p.law,
                index=p.index + 1, call=call_msg(p.call), seat=seat_name(p.seat),
                reason=Msg(f"auction.{p.code}", {"call": call_msg(p.call), "turn": seat_name(
                    p.deprived) if p.deprived is not None else ""}))

    contract = effective_contract(record)
    if auction is not None and record.contract is not None and not auction.truncated:
        from_auction = auction.contract()
        if from_auction is not None:
            recorded = record.contract
            if not _matches(from_auction, recorded, record.declarer_swapped):
                data, params = _contract_mismatch(from_auction, recorded, auction.dealer,
                                                  record.declarer_swapped)
                add(FindingKind.CONTRACT_MISMATCH, "consistency.contract_mismatch",
                    data=dict(data), **params)

    play = record.play
    play_clean = False
    winners: tuple[Seat, ...] = ()  # of the complete tricks, from the replay
    rp = (walk or PlayWalk(record)).replay if deal_ok else None
    if rp is not None:
        winners = rp.winners
        wrong = [p for p in rp.problems if p.reason != "out_of_turn"]
        # a lead by the wrong player follows from a card not held earlier, or is a slip
        if wrong:
            leader_first = set(record.leader_first_rows)
            out.append(_card_not_held(record, wrong, leader_first))
        play_clean = not wrong

    tricks = record.declarer_tricks
    if (contract is not None and not contract.is_passed_out and contract.declarer is not None
            and tricks is not None and play is not None and play_clean
            and not record.result_agreed and not play.unread):
        if contract.strain is None:
            played = None
        else:  # declarer's tricks, counted from the winners the replay found
            side = contract.declarer.side
            played = sum(1 for w in winners if w.side is side)
        complete = len(winners)  # the winners of complete tricks
        if complete == 13 and played != tricks:
            add(FindingKind.RESULT_MISMATCH, "consistency.result_mismatch.complete",
                recorded=tricks, played=played)
        elif complete < 13 and (play.claimed or complete > 0) and played is not None:
            remaining = 13 - complete
            if not played <= tricks <= played + remaining:
                add(FindingKind.RESULT_MISMATCH, "consistency.result_mismatch.claim",
                    recorded=tricks, won=played, remaining=remaining)

    if (record.score_ns is not None and contract is not None and record.vulnerability is not None
            and not record.result_agreed):
        if contract.is_passed_out:
            expected = 0
            ok = record.score_ns == 0
            tricks_text = "0"
        elif contract.declarer is not None and tricks is not None and 0 <= tricks <= 13:
            vul = record.vulnerability.is_vulnerable(contract.declarer)
            expected = score_ns(contract, tricks, vul)
            ok = record.score_ns == expected
            tricks_text = str(tricks)
        else:
            ok = True
        if not ok:
            decl = contract.declarer
            add(FindingKind.SCORE_MISMATCH, "consistency.score_mismatch",
                recorded=record.score_ns, expected=expected, contract=contract_msg(contract),
                declarer=seat_name(decl) if decl else "-", tricks=tricks_text,
                vul=Msg("vul.yes" if decl and record.vulnerability.is_vulnerable(decl)
                        else "vul.no"))
    return out


@functools.lru_cache(maxsize=1024)
def _contract_mismatch(from_auction: Contract, recorded: Contract, dealer: Seat,
                       swapped: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    """The data and the message parameters of a ``contract_mismatch`` finding, saying
    from which seat the auction would give the recorded contract when one does (the same
    few contracts and dealers recur in a file: each pair is worked out once)."""
    seat = next((s for s in SEATS if s is not dealer and _matches(
        _rotated(from_auction, dealer, s), recorded, swapped)), None)
    hint = (Msg("consistency.contract_mismatch.seat",
                {"tagged": seat_name(dealer), "seat": seat_name(seat)})
            if seat is not None else "")
    return ({"auction_contract": str(from_auction), "recorded_contract": str(recorded),
             "consistent_from": seat.value if seat is not None else None},
            {"auction_contract": contract_msg(from_auction, declarer=True),
             "recorded_contract": contract_msg(recorded, declarer=True), "hint": hint})


def _rotated(contract: Contract, dealer: Seat, first: Seat) -> Contract:
    """The contract of the same calls made from ``first`` on instead of ``dealer``: the
    same bid and risk, each seat turned by as much (the declarer is the seat of the same
    call)."""
    if contract.declarer is None:
        return contract
    turn = (first.index - dealer.index) % 4
    return contract.with_declarer(contract.declarer.offset(turn))


def _matches(from_auction: Contract | None, recorded: Contract, swapped: bool) -> bool:
    """Whether the auction's contract is the recorded one (declarer and dummy swapped
    when the record says so, PBN ``^X``)."""
    if from_auction is None or not from_auction.same_as(recorded):
        return False
    if recorded.declarer is None or recorded.is_passed_out or from_auction.declarer is None:
        return True
    expected = from_auction.declarer.partner if swapped else from_auction.declarer
    return recorded.declarer is expected


#: each seat's letter (a look-up, quicker than the enum's value)
_LETTER: dict[Seat | None, str] = {s: s.value for s in SEATS}


@functools.lru_cache(maxsize=256)
def _msg(key: str, **params: Any) -> Msg:
    """One `Msg` for each of the few texts a finding's parameters take again and again
    (made once, it keeps its rendered text)."""
    return Msg(key, params)


def _why(reason: str, holder: Seat | None) -> Msg:
    """Why a card was not the player's to play (`_msg`)."""
    if reason == "played_twice":
        return _msg("consistency.why.played_twice")
    if holder is not None:
        return _msg("consistency.why.holder", holder=seat_name(holder))
    return _msg("consistency.why.not_in_hand")


def _card_not_held(record: BoardRecord, wrong: list[PlayProblem], leader_first: set[int]) -> Finding:
    """One finding for a record's cards not held (the first one described, all listed)."""
    first = wrong[0]
    tricks = sorted({p.trick for p in wrong})
    consistent = sorted(t for t in tricks if t in leader_first)
    hint = (_msg("consistency.card_not_held.leader_first",
                 tricks=", ".join(map(str, consistent))) if consistent else "")
    more = _msg("consistency.card_not_held.more", count=len(wrong) - 1) if len(wrong) > 1 else ""
    loc = record.location
    return Finding(
        kind=FindingKind.CARD_NOT_HELD, key="consistency.card_not_held",
        params={"trick": first.trick, "seat": seat_name(first.seat), "card": card_msg(first.card),
                    "why": _why(first.reason, first.holder), "more": more, "hint": hint},
        board=record.board, record=loc.record, path=loc.path, line=loc.line, seat=first.seat,
        trick=first.trick, card=first.card,
        data={"trick": first.trick, "seat": _LETTER[first.seat], "card": first.card.pbn(),
              "reason": first.reason, "holder": _LETTER.get(first.holder),
              "cards": PlainRows([{"trick": trick, "seat": _LETTER[seat], "card": card.pbn(),
                                   "reason": reason, "holder": _LETTER.get(holder)}
                                  for trick, seat, card, reason, holder in wrong]),
              "leader_first_consistent": consistent})


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext,
                    walk: PlayWalk) -> list[Finding]:
    return check_record(record, context, walk=walk)
