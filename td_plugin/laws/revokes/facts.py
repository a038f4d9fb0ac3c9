"""The facts of the revokes on one board, as Laws 62-64 need them.

Two paths fill them in. From a play record, `play_facts` derives them: who won each
trick, who played to the next trick, the claim that ended the play. At the table, the
Director establishes them and enters them in a revoke case file (`td_plugin.cases.files`):
who revoked, on which trick, who won that trick, how many tricks the offending side won
from it on, whether it was established. The assessment (`assessment`) and the ruling
(`ruling`) read nothing but these facts, so both paths apply the same law.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from td_plugin.laws.revokes.detection import Revoke
from td_plugin.model.cards import Seat, Side
from td_plugin.model.contract import Contract
from td_plugin.model.rulings import Attention

__all__ = ["Establishment", "RevokeFacts", "BoardFacts"]


class Establishment(enum.Enum):
    """How a revoke became established, by clause; ``NOT`` = not established, to be
    corrected under Law 62."""

    NEXT_TRICK = "63A1"  # the offender or partner led or played to the following trick
    NAMED_CARD = "63A2"  # ... named or designated a card to be played to it
    CLAIM = "63A3"  # the claim or concession that ended the play (a record does not say
    #                 whose: a claim of the offending side, 63A3, or its agreement, 63A4)
    AGREED_CLAIM = "63A4"  # the offending side agreed to an opponent's claim or concession
    DUMMY_ASKED = "43B2(b)"  # dummy, having lost his rights, first asked declarer about it
    STATED = "63A"  # established; the Director does not say how
    NOT = "62A"

    @property
    def established(self) -> bool:
        return self is not Establishment.NOT

    @property
    def by_next_trick(self) -> bool:
        """Established by a play or a card named to the next trick (or not said how):
        what one side can have done while the other has not (Law 62C3)."""
        return self in (Establishment.NEXT_TRICK, Establishment.NAMED_CARD,
                        Establishment.STATED)


@dataclass(frozen=True)
class RevokeFacts:
    """One revoke and what followed it.

    ``established_by``: who led, played or named a card to the next trick (63A1, 63A2),
    or claimed or conceded (63A3), None when not known. ``trick_won_by``: who won the
    revoke trick (None: not known, or the trick was not completed).
    ``offending_side_tricks``: the tricks the offending side won from the revoke trick on,
    that trick included, tricks claimed or conceded included (None: not known).
    ``card_faced``: the revoke card was a defender's card already faced (a penalty card
    on the table), replaced without further rectification (62B2). ``hands_returned``: for
    a revoke on trick 12, whether all four hands had been returned to the board when it
    was noticed (62D1); None when not said. ``later_cards``: cards were played after the
    revoke before attention was drawn to it (62C; None: not said), and ``nos_withdraw``
    the non-offending side's choice to withdraw theirs (62C1; None: not made): Law 62C
    is read as what may follow only while both may still happen.
    """

    revoke: Revoke
    establishment: Establishment
    established_by: Seat | None = None
    trick_won_by: Seat | None = None
    offending_side_tricks: int | None = None
    card_faced: bool = False
    hands_returned: bool | None = None
    later_cards: bool | None = None
    nos_withdraw: bool | None = None

    @property
    def side(self) -> Side:
        return self.revoke.side


@dataclass(frozen=True)
class BoardFacts:
    """The board on which the revokes happened.

    ``declarer_tricks``: declarer's tricks at the table, claims and concessions
    included (None: not known). ``vulnerable``: whether declarer was vulnerable (None:
    not known). ``score_ns``: the table score as recorded (None: scored from the
    contract). ``revokes``: in the order they were played.
    """

    contract: Contract
    declarer_tricks: int | None
    vulnerable: bool | None
    attention: Attention
    revokes: tuple[RevokeFacts, ...]
    score_ns: int | None = None

    @property
    def declarer(self) -> Seat:
        assert self.contract.declarer is not None
        return self.contract.declarer

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner
