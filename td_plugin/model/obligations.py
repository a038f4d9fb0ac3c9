"""What a player is bound to after an irregularity, as values the laws impose, the
readers take from a Director's notes and the revoke detection checks the play against:
a penalty card (Law 50), a lead restriction (26, 50D2, 51B...), declarer's play option of
57A, a pass obligation of the auction (Laws 16C, 23, 25-32). `Obligation` is any of them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.rulings import TextEnum

__all__ = ["PenaltyCard", "PlayRestrictionKind", "PlayRestriction", "LeadRestriction",
           "PassUntil", "PassState", "PassObligation", "Obligation"]


@dataclass(frozen=True)
class PenaltyCard:
    """A major penalty card of ``seat`` on the table from the start of trick ``trick``:
    it must be played at the first legal opportunity (Law 50D1). ``major`` false: a
    minor penalty card, before which no other card of its suit below an honour may be
    played (Law 50C)."""

    seat: Seat
    card: Card
    trick: int = 1
    major: bool = True


class PlayRestrictionKind(enum.Enum):
    """What declarer's option of Law 57A binds the player to on one trick."""

    HIGHEST = "highest"  # the highest card he holds of the suit led (57A1)
    LOWEST = "lowest"  # the lowest (57A2)
    SUIT = "suit"  # a card of the suit declarer names (57A3)
    NOT_SUIT = "not_suit"  # no card of the suit declarer names (57A4)


@dataclass(frozen=True)
class PlayRestriction:
    """For one trick, ``seat`` must play the highest (``how`` = ``HIGHEST``) or the
    lowest (``LOWEST``) card he holds of the suit led, a card of ``suit`` (``SUIT``), or
    no card of ``suit`` (``NOT_SUIT``): declarer's option of Law 57A."""

    seat: Seat
    trick: int
    how: PlayRestrictionKind
    suit: Suit | None = None


@dataclass(frozen=True)
class LeadRestriction:
    """A restriction on ``seat``'s lead, imposed in rectification of an irregularity.

    At a known trick (``trick``, 1-13) with a chosen ``suit``: he must lead it, or, with
    ``prohibited``, must not (what the revoke detection checks). Under Law 26B the
    choice is still declarer's: ``seat`` is the offender's partner, ``offender`` the
    offender, ``one_of`` the suits declarer may prohibit one of at his first turn to
    lead (``trick`` and ``suit`` None; ``one_of`` None while the final auction is not
    known). ``law`` is the clause whose rectification it is (for 26B: the clause that
    made Law 26B apply, e.g. ``"27B2"``). ``lasting``: a chosen restriction that holds
    also at each following trick he leads without having lost the lead (a prohibition
    "for as long as he retains the lead", Laws 50D2, 26B).
    """

    seat: Seat
    trick: int | None = None
    suit: Suit | None = None
    prohibited: bool = False
    one_of: tuple[Suit, ...] | None = None
    offender: Seat | None = None
    law: str = ""
    lasting: bool = False

    @classmethod
    def law_26b(cls, offender: Seat, prohibit_one_of: tuple[Suit, ...] | None = None,
                law: str = "") -> LeadRestriction:
        """Law 26B: declarer may prohibit ``offender``'s partner from leading one of
        ``prohibit_one_of``."""
        return cls(offender.partner, prohibited=True, one_of=prohibit_one_of,
                   offender=offender, law=law)

    @property
    def partner(self) -> Seat:
        """Under 26B: the offender's partner, whose lead is restricted (``seat``)."""
        return self.seat

    @property
    def prohibit_one_of(self) -> tuple[Suit, ...] | None:
        """Under 26B: the suits declarer may prohibit one of (``one_of``)."""
        return self.one_of

    def to_json(self) -> dict[str, Any]:
        """Under 26B: ``{offender, partner, prohibit_one_of}``; a chosen lead:
        ``{seat, trick, suit, prohibited}``."""
        if self.suit is None:
            return {"offender": self.offender.value if self.offender else None,
                    "partner": self.seat.value,
                    "prohibit_one_of": (None if self.one_of is None
                                        else [s.value for s in self.one_of])}
        return {"seat": self.seat.value, "trick": self.trick, "suit": self.suit.value,
                "prohibited": self.prohibited}


class PassUntil(TextEnum):
    """How long a player must pass: at his next turn, or for the rest of the auction."""

    NEXT_TURN = "next_turn"
    END_OF_AUCTION = "end_of_auction"


class PassState(TextEnum):
    """Whether a pass obligation is still to be met, or met: the pass made at the turn it
    was for (`PassUntil.NEXT_TURN`), or the auction over (`PassUntil.END_OF_AUCTION`); or
    spent: the turn it was for is gone with a call that stands (Law 37A, his LHO having
    called over it)."""

    IN_FORCE = "in_force"
    FULFILLED = "fulfilled"
    SPENT = "spent"


@dataclass(frozen=True)
class PassObligation:
    """``seat`` must pass at his next turn (`PassUntil.NEXT_TURN`) or at every turn for
    the rest of the auction (`PassUntil.END_OF_AUCTION`), under clause ``law`` (and the
    clauses ``also``, which impose it too: one obligation a player); ``state`` says
    whether it is still in force."""

    seat: Seat
    until: PassUntil
    law: str
    also: tuple[str, ...] = ()
    state: PassState = PassState.IN_FORCE

    @property
    def laws(self) -> tuple[str, ...]:
        return (self.law, *self.also)

    @property
    def fulfilled(self) -> bool:
        return self.state == PassState.FULFILLED

    @property
    def in_force(self) -> bool:
        return self.state == PassState.IN_FORCE

    def text_key(self) -> str:
        return f"incident.pass.{self.until}" + ("" if self.in_force else f".{self.state}")

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "until": self.until, "law": self.law,
                "laws": list(self.laws), "state": self.state}


#: What a player may be bound to: the one union the laws, the readers and the revoke
#: detection share.
Obligation = PenaltyCard | LeadRestriction | PassObligation | PlayRestriction
