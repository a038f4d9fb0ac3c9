"""Hands and deals.

A `Hand` is a set of cards kept as a 52-bit mask (bit ``card.index``), which makes the
membership tests of play simulation cheap. A `Deal` maps each seat to a hand, or to None
where the hand is unknown (PBN ``-``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import InvalidDealError, InvalidTokenError
from td_plugin.messages import MsgText
from td_plugin.model.cards import ALL_CARDS, SEATS, SUITS, Card, Rank, Seat, Suit

__all__ = ["Hand", "Deal", "SUIT_MASKS"]

#: For each suit, the mask of its 13 cards.
SUIT_MASKS: dict[Suit, int] = {
    s: sum(1 << c.index for c in ALL_CARDS if c.suit is s) for s in SUITS
}

#: The rank letters of a suit's 13 bits, the ace's bit first (cards are indexed spades ace
#: first, clubs two last, 13 to a suit).
_RANK_LETTERS = "".join(c.rank.pbn() for c in ALL_CARDS[:13])


@functools.cache
def _holding(bits: int) -> str:
    """The PBN ranks of one suit's 13 bits, highest first (at most 8,192 of them)."""
    return "".join(letter for i, letter in enumerate(_RANK_LETTERS) if bits >> i & 1)


class Hand:
    """An immutable set of cards (any number, 0..52)."""

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card] = (), *, mask: int | None = None) -> None:
        if mask is None:
            mask = 0
            for c in cards:
                mask |= 1 << c.index
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Hand.from_mask, (self.mask,))

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand of a 52-bit mask (bit `Card.index` set for each card held)."""
        return cls(mask=mask)

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Parse ``S.H.D.C`` with ranks ``AKQJT98765432`` (any order, any case, ``10`` allowed)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise InvalidTokenError(MsgText.of("error.token.hand_form",
                                                     {"text": repr(text)}))
        mask = 0
        for suit, ranks in zip(SUITS, parts):
            ranks = ranks.upper().replace("10", "T")
            for ch in ranks:
                card = Card.from_pbn(suit.value + ch)
                bit = 1 << card.index
                if mask & bit:
                    raise InvalidDealError(f"hand {text!r} lists {card.pbn()} twice")
                mask |= bit
        return cls(mask=mask)

    def pbn(self) -> str:
        m = self.mask
        return (f"{_holding(m & 0x1FFF)}.{_holding(m >> 13 & 0x1FFF)}."
                f"{_holding(m >> 26 & 0x1FFF)}.{_holding(m >> 39)}")

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.pbn()!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __contains__(self, card: Card) -> bool:
        return bool(self.mask >> card.index & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        m = self.mask
        while m:
            low = m & -m
            yield ALL_CARDS[low.bit_length() - 1]
            m ^= low

    def ranks(self, suit: Suit) -> list[Rank]:
        """The ranks held in ``suit``, highest first."""
        return [c.rank for c in self if c.suit is suit]

    def count(self, suit: Suit) -> int:
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def has_suit(self, suit: Suit) -> bool:
        return bool(self.mask & SUIT_MASKS[suit])

    def cards_of(self, suit: Suit) -> list[Card]:
        return [c for c in self if c.suit is suit]

    def without(self, card: Card) -> Hand:
        return Hand(mask=self.mask & ~(1 << card.index))

    def hcp(self) -> int:
        """High-card points (A 4, K 3, Q 2, J 1)."""
        return sum(max(0, c.rank - 10) for c in self)


@dataclass(frozen=True)
class Deal:
    """The four hands. ``hands[seat]`` is None where the hand is unknown."""

    hands: Mapping[Seat, Hand | None]

    @classmethod
    def from_pbn(cls, text: str, *, validate: bool = True) -> Deal:
        """Parse ``"N:hand hand hand hand"`` (clockwise from the first seat; ``-`` = unknown).

        With ``validate=False`` a deal that breaks the rules of `validate` is still built
        (a reader keeps it so the audit can report ``deal_invalid`` precisely).

        :raises InvalidDealError: a card twice, more than 13 cards in a hand, or hands
            of different sizes in what is not a partial deal.
        """
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise InvalidTokenError(MsgText.of("error.token.deal_seat", {"text": repr(text)}))
        first = Seat.from_pbn(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise InvalidTokenError(MsgText.of("error.token.deal_hands", {"text": repr(text)}))
        hands: dict[Seat, Hand | None] = {}
        for seat, part in zip(first.clockwise(), parts):
            hands[seat] = None if part == "-" else Hand.from_pbn(part)
        deal = cls({s: hands[s] for s in SEATS})
        if validate:
            deal.validate()
        return deal

    def completed(self) -> Deal:
        """With three known hands of 13 cards, the fourth is the rest of the pack
        (LIN and BBO files give three hands)."""
        known = [h for s in SEATS if (h := self.hands[s]) is not None]
        unknown = [s for s in SEATS if self.hands[s] is None]
        if len(unknown) != 1 or any(len(h) != 13 for h in known):
            return self
        used = 0
        for h in known:
            used |= h.mask
        full = (1 << 52) - 1
        return Deal({s: (Hand(mask=full & ~used) if s is unknown[0] else self.hands[s])
                     for s in SEATS})

    def pbn(self, first: Seat = Seat.N) -> str:
        return f"{first.value}:" + " ".join(
            "-" if (h := self.hands[s]) is None else h.pbn() for s in first.clockwise()
        )

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.pbn()!r})"

    def __getitem__(self, seat: Seat) -> Hand | None:
        return self.hands[seat]

    def __hash__(self) -> int:
        return hash(tuple(None if (h := self.hands[s]) is None else h.mask for s in SEATS))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and all(self.hands[s] == other.hands[s] for s in SEATS)

    @functools.cached_property
    def is_complete(self) -> bool:
        """Four known hands of 13 cards each (kept: a deal is asked for every record that
        shares it)."""
        for h in self.hands.values():
            if h is None or h.mask.bit_count() != 13:
                return False
        return True

    def holder(self, card: Card) -> Seat | None:
        """Who was dealt ``card`` (None: no known hand holds it)."""
        return self.holders[card.index]

    @functools.cached_property
    def holders(self) -> tuple[Seat | None, ...]:
        """Who was dealt each card, by `Card.index` (the first seat in `SEATS` whose hand
        has it; None: no known hand). Kept: the walk of the play asks it of every card a
        player did not hold."""
        out: list[Seat | None] = [None] * 52
        for seat in reversed(SEATS):
            hand = self.hands[seat]
            mask = 0 if hand is None else hand.mask
            while mask:
                low = mask & -mask
                out[low.bit_length() - 1] = seat
                mask ^= low
        return tuple(out)

    def validate(self) -> None:
        """Check 52 distinct cards, 13 a hand; partial deals (end positions, §3.10 of PBN)
        may have fewer cards but the same number in each known hand.

        :raises InvalidDealError: with the card or hand at fault.
        """
        masks = [h.mask for h in self.hands.values() if h is not None]
        if len(masks) == 4:
            a, b, c, d = masks
            if (a | b | c | d).bit_count() == 52 and a.bit_count() == b.bit_count() \
                    == c.bit_count() == d.bit_count() == 13:
                return  # the usual deal: four hands of 13, the 52 cards between them
        seen = 0
        sizes = set()
        for s in SEATS:
            h = self.hands[s]
            if h is None:
                continue
            if seen & h.mask:
                dup = Hand(mask=seen & h.mask)
                raise InvalidDealError(
                    f"{', '.join(c.pbn() for c in dup)} dealt to more than one hand")
            seen |= h.mask
            size = h.mask.bit_count()
            if size > 13:
                raise InvalidDealError(f"{s.english} has {size} cards")
            sizes.add(size)
        if len(sizes) > 1:
            detail = ", ".join(
                f"{s.value} {len(h)}" for s in SEATS if (h := self.hands[s]) is not None)
            raise InvalidDealError(f"hands of different sizes ({detail})")
