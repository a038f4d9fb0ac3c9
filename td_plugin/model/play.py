"""Tricks and the play of the cards, in played order.

Formats differ in how they lay the play out (PBN writes fixed columns per player, LIN
and Bridgemate write the order of play); adapters turn each into a `Play`: a list of
tricks, each the cards in the order they were played, with the seat that played each.
Nothing here assumes the play was legal: `replay` walks the cards against the deal and
reports cards their player does not hold instead of failing.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from td_plugin._quick_init import quick_init
from td_plugin.model.cards import SEATS, SUITS, Card, Seat, Side, Suit
from td_plugin.model.deal import SUIT_MASKS, Deal, Hand

__all__ = ["PlayedCard", "PLAIN_PLAYED", "Trick", "Play", "PlayProblem", "Replay",
           "trick_winner", "winning_position", "replay"]


@dataclass(frozen=True)
class PlayedCard:
    """A card played by ``seat``. ``marker`` carries a recorded irregularity: ``"R"`` the
    record marks this card as a revoke (PBN ``^R``), ``"L"`` a lead out of turn (``^L``)."""

    seat: Seat
    card: Card
    marker: str | None = None
    notes: tuple[int, ...] = ()
    nags: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:  # quicker to unpickle than a dataclass's state
        if self.marker is None and not self.notes and not self.nags:
            return (_plain_played, (self.seat.index, self.card.index))
        return (PlayedCard, (self.seat, self.card, self.marker, self.notes, self.nags))

    def __repr__(self) -> str:
        extra = f", marker={self.marker!r}" if self.marker else ""
        return f"PlayedCard(Seat.{self.seat.name}, Card.from_pbn({self.card.pbn()!r}){extra})"


#: the plain played cards (no marker, note or NAG) by seat index and card index, for
#: readers to share (a played card is immutable)
PLAIN_PLAYED: list[list[PlayedCard]] = [[PlayedCard(seat, card) for card in Card.all()]
                                        for seat in SEATS]


def _plain_played(seat: int, card: int) -> PlayedCard:
    return PLAIN_PLAYED[seat][card]


def trick_winner(cards: Sequence[PlayedCard], trump: Suit | None) -> Seat:
    """The seat that won a trick: the highest trump, else the highest card of the suit led."""
    return _winning(cards, _SUIT_NUMBER.get(trump, -1)).seat


#: a suit's number as in `Card.index` // 13 (spades 0 .. clubs 3); None (notrump) is -1
_SUIT_NUMBER: dict[Suit | None, int] = {s: i for i, s in enumerate(SUITS)}


def _winning(cards: Sequence[PlayedCard], trump: int) -> PlayedCard:
    """The card that wins a trick, ``trump`` a suit number or -1. Card indices run suit
    by suit from the ace, so within a suit the lower index is the higher card."""
    if len(cards) == 4:
        return _winning4(cards, trump)
    best = cards[0]
    best_index = best.card.index
    best_suit = best_index // 13
    for pc in cards[1:]:
        index = pc.card.index
        suit = index // 13
        if suit == best_suit:
            if index < best_index:
                best, best_index = pc, index
        elif suit == trump:  # the first trump on a trick led in another suit
            best, best_index, best_suit = pc, index, suit
    return best


def winning_position(i0: int, i1: int, i2: int, i3: int, trump: int) -> int:
    """Position (0-3, in played order) of the card that wins a complete trick, from the
    cards' indices (`Card.index`); ``trump`` is a suit number (index // 13) or -1. Unrolled:
    it runs for every trick of every record, here and in the PBN reader."""
    best, best_index, best_suit = 0, i0, i0 // 13
    if i1 // 13 == best_suit:
        if i1 < best_index:
            best, best_index = 1, i1
    elif i1 // 13 == trump:
        best, best_index, best_suit = 1, i1, trump
    if i2 // 13 == best_suit:
        if i2 < best_index:
            best, best_index = 2, i2
    elif i2 // 13 == trump:
        best, best_index, best_suit = 2, i2, trump
    if i3 // 13 == best_suit:
        if i3 < best_index:
            best = 3
    elif i3 // 13 == trump:
        best = 3
    return best


def _winning4(cards: Sequence[PlayedCard], trump: int) -> PlayedCard:
    """`_winning` of a complete trick."""
    a, b, c, d = cards
    return cards[winning_position(a.card.index, b.card.index, c.card.index, d.card.index,
                                  trump)]


@quick_init
@dataclass(frozen=True)
class Trick:
    """The cards of one trick in played order (up to four; fewer when the record stops)."""

    cards: tuple[PlayedCard, ...]

    @property
    def leader(self) -> Seat:
        return self.cards[0].seat

    @property
    def suit_led(self) -> Suit:
        return self.cards[0].card.suit

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    def winner(self, trump: Suit | None) -> Seat:
        return trick_winner(self.cards, trump)

    def card_of(self, seat: Seat) -> PlayedCard | None:
        for pc in self.cards:
            if pc.seat is seat:
                return pc
        return None

    def pbn(self) -> str:
        return " ".join(pc.card.pbn() for pc in self.cards)


@quick_init
@dataclass(frozen=True)
class Play:
    """The play of a board.

    ``claimed`` is true when the record ends in a claim or concession, which it marks
    (PBN ``*``, or BBO's rows of ``-`` to the thirteenth trick; LIN ``mc``; a Director's
    note saying who claimed): a record that simply stops is not a claim, it is
    ``incomplete`` (PBN ``+``, or cards missing). ``claim_declarer_tricks`` is declarer's
    total agreed by the claim when the record says it. ``claim_by``: who claimed or
    conceded, and ``claim_disputed``: whether an opponent disputed it (False: agreed, as
    LIN's ``mc`` is), each None when the record does not say (Law 63A3, 63A4).
    ``unread``: the record holds a card that could not be read (its problem names it);
    the tricks are those read before it, and nothing after it is known.
    """

    tricks: tuple[Trick, ...] = ()
    claimed: bool = False
    claim_declarer_tricks: int | None = None
    incomplete: bool = False
    claim_by: Seat | None = None
    claim_disputed: bool | None = None
    unread: bool = False

    @classmethod
    def from_played_order(cls, leader: Seat, cards: Iterable[Card | str],
                          trump: Suit | None, **kw: object) -> Play:
        """Build from cards in the order played, working out each trick's winner (who
        leads the next trick). Seats follow clockwise within a trick."""
        tricks: list[Trick] = []
        current: list[PlayedCard] = []
        seat = leader
        for c in cards:
            card = c if isinstance(c, Card) else Card.from_pbn(c)
            current.append(PlayedCard(seat, card))
            if len(current) == 4:
                t = Trick(tuple(current))
                tricks.append(t)
                seat = t.winner(trump)
                current = []
            else:
                seat = seat.next
        if current:
            tricks.append(Trick(tuple(current)))
        return cls(tuple(tricks), **kw)  # type: ignore[arg-type]

    @property
    def leader(self) -> Seat | None:
        return self.tricks[0].leader if self.tricks else None

    def cards(self) -> Iterator[PlayedCard]:
        for t in self.tricks:
            yield from t.cards

    def __len__(self) -> int:
        return sum(len(t.cards) for t in self.tricks)

    @property
    def complete_tricks(self) -> int:
        return sum(1 for t in self.tricks if t.is_complete)

    def winners(self, trump: Suit | None) -> list[Seat]:
        """The winner of each complete trick."""
        number = _SUIT_NUMBER.get(trump, -1)
        return [_winning4(t.cards, number).seat for t in self.tricks if len(t.cards) == 4]

    def tricks_won(self, trump: Suit | None) -> dict[Side, int]:
        """Complete tricks won by each side."""
        won = {Side.NS: 0, Side.EW: 0}
        for w in self.winners(trump):
            won[w.side] += 1
        return won

    def pbn_played_order(self) -> str:
        return " / ".join(t.pbn() for t in self.tricks)


class PlayProblem(NamedTuple):
    """A card its player does not hold (``card_not_held``), a card played twice or a lead
    by the wrong player. A named tuple: a file converted with its tricks written
    leader-first leaves tens of thousands of cards not held, each one of these."""

    trick: int  # 1-based
    seat: Seat
    card: Card
    reason: str  # "not_held" | "played_twice" | "out_of_turn"
    holder: Seat | None = None  # who the deal gives the card to


_problem = functools.partial(tuple.__new__, PlayProblem)  # PlayProblem from one tuple


@quick_init
@dataclass(frozen=True)
class Replay:
    """The result of walking a play record against a deal (`replay`)."""

    #: every card not held, played twice or led by the wrong player
    problems: tuple[PlayProblem, ...] = ()
    #: winners of the complete tricks
    winners: tuple[Seat, ...] = ()
    #: whether a player showed out of the suit led while holding a card of it (a
    #: revoke; `td_plugin.laws.revokes.detect_revokes` says which)
    show_out_holding: bool = False
    #: whether a card carries a marker (``^R``, ``^L``)
    marked: bool = False

    @property
    def clean(self) -> bool:
        return not self.problems


def replay(deal: Deal, play: Play, trump: Suit | None) -> Replay:
    """Walk the play against the deal. Reports cards not held by their player and cards
    played twice; checks that each trick after the first is led by the previous winner.
    Unknown hands (None) are not checked. The rulers reviewing one record share one walk
    (`td_plugin.rulers.consistency.PlayWalk`)."""
    problems: list[PlayProblem] = []
    winners: list[Seat] = []
    masks = [None if (h := deal.hands[s]) is None else h.mask for s in SEATS]
    trump_number = _SUIT_NUMBER.get(trump, -1)
    played = 0
    show_out = marked = False
    prev_winner: Seat | None = None
    for n, t in enumerate(play.tricks, 1):
        cards = t.cards
        lead = cards[0]
        if prev_winner is not None and lead.seat is not prev_winner and lead.marker != "L":
            problems.append(_problem((n, lead.seat, lead.card, "out_of_turn", None)))
        led = SUIT_MASKS[lead.card.suit]
        for pc in cards:
            if pc.marker:
                marked = True
            bit = 1 << pc.card.index
            if played & bit:
                problems.append(_problem((n, pc.seat, pc.card, "played_twice", None)))
                continue
            played |= bit
            k = pc.seat.index
            m = masks[k]
            if m is None:
                continue
            if m & bit:
                masks[k] = m ^ bit
                if m & led and not bit & led:
                    show_out = True
            else:
                problems.append(_problem((n, pc.seat, pc.card, "not_held",
                                          deal.holders[pc.card.index])))
        if len(cards) == 4:
            prev_winner = _winning4(cards, trump_number).seat
            winners.append(prev_winner)
        else:
            prev_winner = None
    return Replay(tuple(problems), tuple(winners), show_out, marked)


def holdings_before(deal: Deal, play: Play, trick: int, position: int = 0) -> dict[Seat, Hand]:
    """The cards each seat still holds before the ``position``-th card (0-based) of
    trick ``trick`` (1-based). Cards not held are ignored (see `replay`)."""
    masks = {s: (0 if (h := deal.hands[s]) is None else h.mask) for s in SEATS}
    for n, t in enumerate(play.tricks, 1):
        for i, pc in enumerate(t.cards):
            if n == trick and i == position:
                return {s: Hand(mask=m) for s, m in masks.items()}
            masks[pc.seat] &= ~(1 << pc.card.index)
    return {s: Hand(mask=m) for s, m in masks.items()}
