"""Ruler plugin ``claims``: a claim or concession in the play record, checked against
double dummy from the position of the claim (Laws 69B, 71B).

A record that ends in a claim (PBN ``*``, LIN ``mc``, `td_plugin.model.play.Play.claimed`)
and says declarer's total (``claim_declarer_tricks``, else the record's result) is played
up to the claim, and the
double-dummy solver (the extra ``td-plugin[dds]``) says how many of the remaining tricks
declarer's side takes with best play by both sides. Finding kind ``claim_double_dummy``:

- the claim gives declarer more than best defence lets him take (the defenders agreed to
  lose a trick they take double dummy): evidence for 69B2, the Director weighs it;
- the claim gives declarer fewer than double dummy, and declarer's side takes more on
  every one of its normal lines (`td_plugin.laws.claims.normal_lines`, no line stated):
  a concession of tricks that could not be lost by any normal play (71B);
- the same for a defenders' concession: declarer's total above what the defenders'
  worst normal line lets him take.

An accepted claim stands unless the Laws say otherwise: the finding says what the Director
may rule within the correction period, it changes no result. Only a record read whole is
checked: a complete deal, a play walked without a problem (no card not held, no revoke),
a claim at the end of a trick for the normal lines (a claim in the middle of a trick is
checked against double dummy alone). The check runs when asked (``td-plugin audit
--claims``, `ReviewContext.claims`: a solve for every claim, about 3 ms each on the
rpbridge vugraph file) and only when the extra is installed.
"""

from __future__ import annotations

from typing import Any

from td_plugin import hookimpl
from td_plugin.laws.claims.normal_lines import Layout, StatedLine, cached_solver, normal_lines
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes.double_dummy import HAVE_DDS, DoubleDummyUnavailable, Position
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import SEATS, Card, Seat
from td_plugin.model.deal import Hand
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.walk import PlayWalk, effective_contract

__all__ = ["ClaimPosition", "claim_position", "check_claim", "td_review_board"]


class ClaimPosition:
    """The position of a recorded claim: the hands, the trick in progress (its leader and
    cards), declarer's tricks won, the trump suit, declarer."""

    def __init__(self, hands: dict[Seat, Hand], leader: Seat, trick: tuple[Card, ...],
                 won: int, declarer: Seat, trump: Any) -> None:
        self.hands, self.leader, self.trick = hands, leader, trick
        self.won, self.declarer, self.trump = won, declarer, trump

    @property
    def position(self) -> Position:
        return Position(self.hands, self.leader, self.trick, self.trump)

    @property
    def tricks_left(self) -> int:
        return self.position.tricks_left


def claim_position(record: BoardRecord, walk: PlayWalk) -> ClaimPosition | None:
    """The position of the record's claim, when the record is read whole: a complete
    deal, a contract with declarer, a play walked without a problem."""
    play, contract = record.play, effective_contract(record)
    deal = record.deal.completed() if record.deal is not None else None
    if play is None or deal is None or not deal.is_complete or contract is None \
            or contract.declarer is None or contract.is_passed_out:
        return None
    replay = walk.replay  # None: no card played, the claim came before the opening lead
    if replay is not None and (not replay.clean or replay.show_out_holding or replay.marked):
        return None
    winners = replay.winners if replay is not None else ()
    hands = {s: h for s in SEATS if (h := deal.hands[s]) is not None}
    for pc in play.cards():
        hands[pc.seat] = hands[pc.seat].without(pc.card)
    complete = [t for t in play.tricks if len(t.cards) == 4]
    won = sum(w.side is contract.declarer.side for w in winners)
    last = play.tricks[-1] if play.tricks else None
    if last is not None and len(last.cards) < 4:
        leader, trick = last.leader, tuple(pc.card for pc in last.cards)
    else:
        leader = winners[-1] if complete else contract.declarer.lho
        trick = ()
    trump = contract.strain.suit if contract.strain else None
    return ClaimPosition(hands, leader, trick, won, contract.declarer, trump)


def check_claim(record: BoardRecord, walk: PlayWalk, context: ReviewContext) -> list[Finding]:
    """The finding on the record's claim, if any (the module docstring says when)."""
    play = record.play
    if play is None or not play.claimed or not context.claims or not HAVE_DDS:
        return []
    claimed = play.claim_declarer_tricks if play.claim_declarer_tricks is not None \
        else record.declarer_tricks
    if claimed is None:
        return []
    at = claim_position(record, walk)
    if at is None or at.tricks_left == 0:
        return []
    solver = cached_solver()
    try:
        tricks, _ = solver(at.position)
    except (DoubleDummyUnavailable, ValueError):
        return []
    on_play = at.leader.offset(len(at.trick))
    ours = tricks if on_play.side is at.declarer.side else at.tricks_left - tricks
    dd = at.won + ours
    if dd == claimed:
        return []
    data: dict[str, Any] = {"double_dummy": dd, "claimed": claimed,
                            "trick": len(play.tricks) + (0 if at.trick else 1),
                            "claim_by": None if play.claim_by is None else play.claim_by.value}
    side = at.declarer if claimed < dd else at.declarer.lho  # the side that gave tricks away
    worst = _worst_normal(at, side, solver)
    if worst is not None:
        data["worst_normal"] = worst
        cannot_lose = worst > claimed if side is at.declarer else worst < claimed
        if cannot_lose:
            return [_finding(record, "claims.71B", "71B", data, claimed=claimed, dd=dd,
                             worst=worst, side=Msg(f"side.{side.side.value}"))]
    if claimed > dd:
        return [_finding(record, "claims.over", "69B2", data, claimed=claimed, dd=dd,
                         declarer=seat_name(at.declarer))]
    return []


def _worst_normal(at: ClaimPosition, side: Seat, solver: Any) -> int | None:
    """Declarer's total on ``side``'s worst normal line (no line stated), when the claim
    came at the end of a trick; None in the middle of one."""
    if at.trick:
        return None
    layout = Layout(at.hands, at.leader, at.trump, side)
    results = normal_lines(layout, StatedLine(), True, solver)
    if side.side is at.declarer.side:
        return at.won + min(r.tricks for r in results)
    return at.won + at.tricks_left - min(r.tricks for r in results)


def _finding(record: BoardRecord, key: str, law: str, data: dict[str, Any],
             **params: object) -> Finding:
    loc = record.location
    return Finding(kind=FindingKind.CLAIM_DOUBLE_DUMMY, key=key, params=params, law=law,
                   board=record.board, record=loc.record, path=loc.path, line=loc.line,
                   data=data)


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext,
                    walk: PlayWalk) -> list[Finding]:
    return check_claim(record, walk, context)
