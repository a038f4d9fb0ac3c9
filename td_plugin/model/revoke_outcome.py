"""What the audit found of one revoke in a play record, as typed values a `Finding`
carries (`Finding.revoke`): `RevokeOutcome`, with its Law 64C figures (`EquityFigures`,
or `EquityUnavailable` when they could not be measured).

The reports read these; the finding's ``data`` is their JSON (`RevokeOutcome.to_json`
with the revoke's seat, trick and card), which the JSON report writes as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from td_plugin.model.cards import Card, Seat, Side, Suit

__all__ = ["EquityUnavailable", "Proposal", "EquityFigures", "Equity", "RevokeOutcome"]


@dataclass(frozen=True)
class EquityUnavailable:
    """No double-dummy figures: ``how`` installs the solver, or ``reason`` says why the
    position could not be measured."""

    how: str | None = None
    reason: str | None = None

    available = False

    def to_json(self) -> dict[str, Any]:
        if self.how is not None:
            return {"available": False, "how": self.how}
        return {"available": False, "reason": self.reason}


@dataclass(frozen=True)
class Proposal:
    """The result proposed for the Director to assign (score None: vulnerability not
    known)."""

    declarer_tricks: int
    score_ns: int | None

    def to_json(self) -> dict[str, Any]:
        return {"declarer_tricks": self.declarer_tricks, "score_ns": self.score_ns}


@dataclass(frozen=True)
class EquityFigures:
    """The 64C figures of one revoke, measured double dummy.

    ``clause``: 64C1, 64C2(a) or 64C2(b); ``seat``: who revoked; ``best_card``: the
    offending side's best card he could legally have played; ``nos``: the non-offending
    side (None after 64B7); ``nos_tricks_before``: its tricks before the revoke trick;
    ``nos_tricks_double_dummy``: from the revoke trick on; ``prior_transfer``: automatic
    transfers of earlier revokes it keeps; ``equity_declarer_tricks`` against
    ``table_declarer_tricks`` (with the automatic transfers; None: not known);
    ``insufficient``: None when the table result is unknown or after 64B7;
    ``proposal``: the assigned result, replacing the transfer, or None.
    """

    clause: str
    trick: int
    seat: Seat
    best_card: Card
    nos: Side | None
    nos_tricks_before: int
    nos_tricks_double_dummy: int
    prior_transfer: int
    equity_declarer_tricks: int
    table_declarer_tricks: int | None
    insufficient: bool | None
    proposal: Proposal | None

    available = True

    def to_json(self) -> dict[str, Any]:
        """The figures as the audit reports them (``equity`` of a revoke finding)."""
        return {"available": True, "clause": self.clause, "trick": self.trick,
                "seat": self.seat.value, "best_card": self.best_card.pbn(),
                "nos": None if self.nos is None else self.nos.value,
                "nos_tricks_before": self.nos_tricks_before,
                "nos_tricks_double_dummy": self.nos_tricks_double_dummy,
                "prior_transfer": self.prior_transfer,
                "equity_declarer_tricks": self.equity_declarer_tricks,
                "table_declarer_tricks": self.table_declarer_tricks,
                "insufficient": self.insufficient,
                "proposal": None if self.proposal is None else self.proposal.to_json()}


Equity = EquityFigures | EquityUnavailable


@dataclass(frozen=True)
class RevokeOutcome:
    """One revoke judged: the suit led to its trick, whether it was ``established``, the
    tricks transferred (``transfer``) and those that would have been had attention been
    drawn in time (``transfer_if_timely``), the exception of 64B that holds (None: none),
    declarer's tricks and North-South's score at the table and after the board's
    automatic transfers (None: not known), and the 64C figures (``equity``; None: not
    measured, as for a revoke corrected under Law 62)."""

    suit_led: Suit
    established: bool
    transfer: int
    transfer_if_timely: int
    exception: str | None
    declarer_tricks: int | None
    score_ns: int | None
    adjusted_declarer_tricks: int | None
    adjusted_score_ns: int | None
    equity: Equity | None = None

    def to_json(self, offender: Seat, trick: int, card: Card) -> dict[str, Any]:
        """The revoke's JSON data (the ``data`` of its finding, a revoke case's revokes),
        with who revoked, at which trick and with which card."""
        return {
            "offender": offender.value, "trick": trick, "suit_led": self.suit_led.value,
            "card": card.pbn(), "established": self.established, "transfer": self.transfer,
            "transfer_if_timely": self.transfer_if_timely, "exception": self.exception,
            "declarer_tricks": self.declarer_tricks,
            "adjusted_declarer_tricks": self.adjusted_declarer_tricks,
            "score_ns": self.score_ns, "adjusted_score_ns": self.adjusted_score_ns,
            "equity": None if self.equity is None else self.equity.to_json(),
        }
