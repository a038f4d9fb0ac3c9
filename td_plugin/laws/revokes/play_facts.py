"""The facts of a board's revokes derived from its play record (`facts.BoardFacts`).

- `establishment` (63A): established once the offender or partner has played to the
  next trick (63A1), or by the claim or concession that ended the play: the offending
  side's own (63A3), or the opponents' when the offending side agreed to it (63A4); a
  claim the record does not say whose cites both. An opponent's claim that was disputed
  does not establish the revoke (laws-digest A14); neither does a record that simply
  stops, without a claim mark: a revoke on the last recorded trick with nothing after it
  is not established and is corrected (62A).
- `tally`: who won each recorded trick. Tricks the record credits without showing them
  (a claim, or a result after an incomplete record) count as won after the last recorded
  trick by the side credited (laws-digest ambiguity A15).
- `board_facts`: the facts of every detected revoke, for `assessment.assess`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from td_plugin.laws.revokes.detection import Revoke
from td_plugin.laws.revokes.facts import BoardFacts, Establishment, RevokeFacts
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Seat, Side, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.obligations import Obligation, PenaltyCard
from td_plugin.model.play import Play
from td_plugin.model.rulings import Attention
from td_plugin.model.walk import effective_contract

__all__ = ["establishment", "Tally", "tally", "table_tricks", "board_facts"]


def establishment(revoke: Revoke, play: Play) -> Establishment:
    """63A: established once the offender or partner has played to the next trick, or by
    the claim or concession that ended the play (the offending side's, 63A3; the
    opponents', agreed, 63A4; whose not said: both cited); else not established (62A)."""
    if revoke.trick < len(play.tricks):
        following = play.tricks[revoke.trick]
        if any(pc.seat.side is revoke.side for pc in following.cards):
            return Establishment.NEXT_TRICK
    if play.claimed:
        if play.claim_by is None or play.claim_by.side is revoke.side:
            return Establishment.CLAIM
        return Establishment.NOT if play.claim_disputed else Establishment.AGREED_CLAIM
    return Establishment.NOT


def _established_by(revoke: Revoke, play: Play, est: Establishment) -> Seat | None:
    """Who of the offending side played first to the trick after the revoke (63A1), or
    claimed or conceded (63A3), when the record shows it."""
    if est is Establishment.CLAIM:
        return play.claim_by
    if est is Establishment.NEXT_TRICK and revoke.trick < len(play.tricks):
        for pc in play.tricks[revoke.trick].cards:
            if pc.seat.side is revoke.side:
                return pc.seat
    return None


@dataclass(frozen=True)
class Tally:
    """Who won each recorded trick (None: the trick is incomplete) and the tricks after
    the record that the result credits to each side (a claim or an incomplete record)."""

    winners: tuple[Seat | None, ...]
    credit: Mapping[Side, int]

    def winner(self, trick: int) -> Seat | None:
        return self.winners[trick - 1] if 1 <= trick <= len(self.winners) else None

    def won_before(self, side: Side, trick: int) -> int:
        """Tricks ``side`` won among tricks 1 .. trick-1."""
        return sum(1 for w in self.winners[:trick - 1] if w is not None and w.side is side)

    def won_between(self, side: Side, first: int, last: int) -> int:
        """Recorded tricks ``side`` won among tricks first .. last."""
        return sum(1 for w in self.winners[first - 1:last] if w is not None and w.side is side)

    def won_from(self, side: Side, trick: int) -> int:
        """Tricks ``side`` won from trick ``trick`` on, credited tricks included."""
        shown = sum(1 for w in self.winners[trick - 1:] if w is not None and w.side is side)
        return shown + self.credit.get(side, 0)


def table_tricks(record: BoardRecord, contract: Contract | None = None) -> int | None:
    """Declarer's tricks at the table: the recorded result, else those of a complete play,
    else those a claim gave declarer."""
    if record.declarer_tricks is not None:
        return record.declarer_tricks
    contract = contract or effective_contract(record)
    play = record.play
    if play is None or contract is None or contract.declarer is None or contract.strain is None:
        return None
    if play.complete_tricks == 13:
        return play.tricks_won(contract.strain.suit)[contract.declarer.side]
    return play.claim_declarer_tricks


def tally(play: Play, trump: Suit | None, declarer: Seat | None,
          declarer_tricks: int | None) -> Tally:
    """The `Tally` of a play. Tricks missing from the record are credited when the result
    says how they went: declarer's share is the result less declarer's recorded tricks;
    an impossible share (the result does not fit the record) credits nothing."""
    winners: list[Seat | None] = [t.winner(trump) if t.is_complete else None
                                  for t in play.tricks]
    credit = {Side.NS: 0, Side.EW: 0}
    missing = 13 - sum(1 for w in winners if w is not None)
    if missing and declarer is not None and declarer_tricks is not None:
        side = declarer.side
        ours = declarer_tricks - sum(1 for w in winners if w is not None and w.side is side)
        if 0 <= ours <= missing:
            credit[declarer.side] = ours
            credit[declarer.side.other] = missing - ours
    return Tally(tuple(winners), credit)


def _faced(revoke: Revoke, obligations: Sequence[Obligation]) -> bool:
    """Whether the revoke card was a penalty card on the table (62B2)."""
    return any(isinstance(ob, PenaltyCard) and ob.seat is revoke.offender
               and ob.card is revoke.card and ob.trick <= revoke.trick for ob in obligations)


def board_facts(contract: Contract, declarer_tricks: int | None, vulnerable: bool | None,
                score: int | None, attention: Attention, revokes: Iterable[Revoke],
                play: Play, counts: Tally, obligations: Sequence[Obligation] = ()
                ) -> BoardFacts:
    """The facts of ``revokes`` (detected in ``play``, in played order) for the
    assessment; ``counts`` is the play's `tally`."""
    facts = []
    for r in revokes:
        est = establishment(r, play)
        facts.append(RevokeFacts(
            r, est,
            established_by=_established_by(r, play, est),
            trick_won_by=counts.winner(r.trick),
            offending_side_tricks=counts.won_from(r.side, r.trick),
            card_faced=_faced(r, obligations)))
    return BoardFacts(contract, declarer_tricks, vulnerable, attention, tuple(facts), score)
