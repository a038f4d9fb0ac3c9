"""The Director's notes in a file's commentary: what a record's own notation cannot say.

PBN has no notation for when attention was drawn to an irregularity, for who claimed,
or for a penalty card on the table; LIN has none either. A Director (or the program that
wrote the file) can say it in a commentary — PBN ``{...}`` or ``;...`` anywhere in the
game, LIN ``nt|...|`` — that begins with ``TD:``, followed by statements separated by
``;`` (README, "Director's notes in a file"):

- ``attention during-round`` | ``after-next-deal-called`` | ``after-round``: when
  attention was first drawn to an irregularity of this board (Law 64B4, 64B5);
- ``claim SEAT`` (or ``concession SEAT``), optionally ``agreed`` or ``disputed``: who
  claimed or conceded the tricks the record does not show, and whether an opponent
  disputed it (Law 63A3, 63A4);
- ``penalty-card SEAT CARD TRICK`` (``minor`` after it for a minor penalty card, 50C):
  a defender's penalty card on the table from trick ``TRICK`` on;
- ``lead SEAT require|prohibit SUIT TRICK`` (``lasting`` after it: for as long as he
  keeps the lead): a lead an opponent required or prohibited in rectification;
- ``play SEAT highest|lowest TRICK``, ``play SEAT suit SUIT TRICK``, ``play SEAT
  not-suit SUIT TRICK``: declarer's choice after a defender's premature lead or play
  (Law 57A): to trick ``TRICK``, ``SEAT`` must play the highest or the lowest card he
  holds of the suit led, a card of ``SUIT``, or no card of ``SUIT``.

`parse_td_note` reads one commentary (None when it is not a Director's note);
`TdNotes.merge` gathers a game's. A statement it cannot read raises `ValueError` naming
it, for the reader to report with the commentary's line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from td_plugin.errors import InvalidTokenError
from td_plugin.model.cards import SEAT_LETTERS, SUIT_LETTERS, Card, Seat, Suit
from td_plugin.model.obligations import (
    LeadRestriction,
    Obligation,
    PenaltyCard,
    PlayRestriction,
    PlayRestrictionKind,
)
from td_plugin.model.rulings import Attention

__all__ = ["TdNotes", "parse_td_note", "ATTENTION_NAMES"]

#: The names of `Attention` in a note (as ``--attention`` takes them; ``_`` also).
ATTENTION_NAMES = {a.value: a for a in Attention}


@dataclass(frozen=True)
class TdNotes:
    """What a game's Director's notes say (each None or empty when they do not say it)."""

    attention: Attention | None = None
    claim_by: Seat | None = None
    claim_disputed: bool | None = None
    obligations: tuple[Obligation, ...] = ()

    def merge(self, other: TdNotes) -> TdNotes:
        """Both notes together; a later statement of the same fact wins."""
        return replace(self, attention=other.attention or self.attention,
                       claim_by=other.claim_by or self.claim_by,
                       claim_disputed=(other.claim_disputed if other.claim_disputed is not None
                                       else self.claim_disputed),
                       obligations=self.obligations + other.obligations)


def parse_td_note(text: str) -> TdNotes | None:
    """The statements of one commentary, or None when it is not a Director's note.

    :raises ValueError: a statement that cannot be read, named in the message.
    """
    head, sep, body = text.strip().partition(":")
    if not sep or head.strip().upper() != "TD":
        return None
    notes = TdNotes()
    for statement in body.split(";"):
        words = statement.split()
        if words:
            notes = notes.merge(_statement(words))
    return notes


def _statement(words: list[str]) -> TdNotes:
    verb, args = words[0].lower(), words[1:]
    if verb == "attention" and len(args) == 1:
        name = args[0].lower().replace("_", "-")
        if name in ATTENTION_NAMES:
            return TdNotes(attention=ATTENTION_NAMES[name])
        raise ValueError(f"TD note: attention {args[0]!r} is not one of "
                         f"{', '.join(ATTENTION_NAMES)}")
    if verb in ("claim", "concession") and 1 <= len(args) <= 2:
        seat = _seat(args[0])
        disputed = None
        if len(args) == 2:
            if args[1].lower() not in ("agreed", "disputed"):
                raise ValueError(f"TD note: {verb} {args[0]} {args[1]!r}: agreed or disputed")
            disputed = args[1].lower() == "disputed"
        return TdNotes(claim_by=seat, claim_disputed=disputed)
    if verb == "penalty-card" and len(args) in (3, 4):
        seat, card, trick = _seat(args[0]), _card(args[1]), _trick(args[2])
        if len(args) == 4 and args[3].lower() != "minor":
            raise ValueError(f"TD note: penalty-card ... {args[3]!r}: only 'minor' may follow")
        return TdNotes(obligations=(PenaltyCard(seat, card, trick, major=len(args) == 3),))
    if verb == "lead" and len(args) in (4, 5):
        seat, how, suit, trick = _seat(args[0]), args[1].lower(), args[2], _trick(args[3])
        if how not in ("require", "prohibit"):
            raise ValueError(f"TD note: lead {args[0]} {args[1]!r}: require or prohibit")
        if len(args) == 5 and args[4].lower() != "lasting":
            raise ValueError(f"TD note: lead ... {args[4]!r}: only 'lasting' may follow")
        return TdNotes(obligations=(LeadRestriction(seat, trick, _suit(verb, suit),
                                                    prohibited=how == "prohibit",
                                                    lasting=len(args) == 5),))
    if verb == "play" and len(args) in (3, 4):
        return TdNotes(obligations=(_play(args),))
    raise ValueError(f"TD note: cannot read {' '.join(words)!r} (attention, claim, "
                     f"concession, penalty-card, lead or play)")


def _play(args: list[str]) -> PlayRestriction:
    """``SEAT highest|lowest TRICK`` or ``SEAT suit|not-suit SUIT TRICK`` (Law 57A)."""
    seat, how = _seat(args[0]), args[1].lower().replace("_", "-")
    if how in ("highest", "lowest") and len(args) == 3:
        return PlayRestriction(seat, _trick(args[2]), PlayRestrictionKind(how))
    if how in ("suit", "not-suit") and len(args) == 4:
        return PlayRestriction(seat, _trick(args[3]), PlayRestrictionKind(how.replace("-", "_")),
                               _suit("play", args[2]))
    raise ValueError(f"TD note: cannot read 'play {' '.join(args)}': play SEAT "
                     f"highest|lowest TRICK, or play SEAT suit|not-suit SUIT TRICK")


def _seat(text: str) -> Seat:
    seat = Seat(text.upper()) if text.upper() in SEAT_LETTERS else None
    if seat is None:
        raise ValueError(f"TD note: {text!r} is not a seat (N, E, S, W)")
    return seat


def _suit(verb: str, text: str) -> Suit:
    suit = Suit(text.upper()) if text.upper() in SUIT_LETTERS else None
    if suit is None:
        raise ValueError(f"TD note: {verb} ... {text!r} is not a suit (S, H, D, C)")
    return suit


def _card(text: str) -> Card:
    try:
        return Card.from_pbn(text)
    except InvalidTokenError:
        raise ValueError(f"TD note: {text!r} is not a card such as SK or H5") from None


def _trick(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 13:
        raise ValueError(f"TD note: {text!r} is not a trick number (1-13)")
    return int(text)
