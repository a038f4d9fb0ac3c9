"""The walk of a record's play against its deal (`td_plugin.model.play.replay`), as the
host hands it to every ruler (`td_review_board`'s ``walk``): a `PlayWalk`, made once per
record and worked out when a ruler first asks for it, so that the rulers walk the play
once between them; and the contract it is walked under (`effective_contract`)."""

from __future__ import annotations

from td_plugin.model.board import BoardRecord
from td_plugin.model.contract import Contract
from td_plugin.model.play import Replay, replay

__all__ = ["PlayWalk", "effective_contract"]


def effective_contract(record: BoardRecord) -> Contract | None:
    """The recorded contract, else the one the complete auction produces (none from an
    auction with a call that could not be read, nor for a record whose contract could not
    be read: the auction's may not be the one the record meant)."""
    if record.unread and "contract" in record.unread:
        return None
    auction = record.auction
    if auction is not None and auction.unread:
        auction = None
    if record.contract is not None:
        if record.contract.declarer is None and not record.contract.is_passed_out \
                and auction is not None:
            from_auction = auction.contract()
            if from_auction is not None and from_auction.same_as(record.contract):
                return from_auction
        return record.contract
    if auction is not None:
        return auction.contract()
    return None


class PlayWalk:
    """The walk of ``record``'s play against its deal under the trump of its effective
    contract, worked out when a ruler first asks for it (inside that ruler's guarded
    call) and then shared by the rulers of the record."""

    __slots__ = ("record", "_done", "_replay")

    def __init__(self, record: BoardRecord) -> None:
        self.record = record
        self._done = False
        self._replay: Replay | None = None

    @property
    def replay(self) -> Replay | None:
        """The walk; None when the record has no deal, or no card played."""
        if not self._done:
            self._replay = _walk(self.record)
            self._done = True
        return self._replay

    def __repr__(self) -> str:
        return f"PlayWalk({self.record.label()!r})"


def _walk(record: BoardRecord) -> Replay | None:
    deal, play = record.deal, record.play
    if deal is None or play is None or not any(t.cards for t in play.tricks):
        return None
    contract = effective_contract(record)
    trump = contract.strain.suit if contract is not None and contract.strain else None
    return replay(deal, play, trump)
