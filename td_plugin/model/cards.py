"""Seats, suits, strains, ranks and cards, each round-tripping its PBN notation.

Cards are interned: there are exactly 52 `Card` objects, so identity, hashing and
comparison are cheap on the hot path of play simulation.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Any

from td_plugin import messages
from td_plugin.errors import InvalidTokenError
from td_plugin.messages import MsgText

__all__ = ["Seat", "Side", "Suit", "Strain", "Rank", "Card", "SEATS", "SUITS", "SEAT_LETTERS",
           "SUIT_LETTERS", "SEAT_NAMES", "SUIT_NAMES", "SYMBOLS_AS_LETTERS"]


class Side(enum.Enum):
    """A partnership: North-South or East-West."""

    # Members are singletons: hash them by identity (C speed) instead of Enum's hash of
    # the name, which dominated dictionary look-ups keyed by seats in play replays.
    __hash__ = object.__hash__

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(enum.Enum):
    """A compass position; iteration order is clockwise from North."""

    __hash__ = object.__hash__  # identity, see Side
    _value_: str

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    #: 0 for North, 1 East, 2 South, 3 West
    index: int
    #: the partnership the seat belongs to
    side: Side

    @classmethod
    def from_pbn(cls, text: str) -> Seat:
        """Parse ``N``/``E``/``S``/``W`` (any case, also the full English names)."""
        key = text.strip().upper()[:1]
        try:
            return cls(key)
        except ValueError:
            raise InvalidTokenError(MsgText.of("error.token.not_seat", {"text": repr(text)})) from None

    def pbn(self) -> str:
        return self._value_

    @property
    def next(self) -> Seat:
        """The seat to the left, who calls and plays next (= LHO)."""
        return SEATS[(self.index + 1) % 4]

    @property
    def lho(self) -> Seat:
        return self.next

    @property
    def partner(self) -> Seat:
        return SEATS[(self.index + 2) % 4]

    @property
    def rho(self) -> Seat:
        return SEATS[(self.index + 3) % 4]

    def offset(self, n: int) -> Seat:
        """The seat ``n`` places clockwise from this one."""
        return SEATS[(self.index + n) % 4]

    def clockwise(self) -> Iterator[Seat]:
        """The four seats clockwise, starting with this one."""
        for i in range(4):
            yield SEATS[(self.index + i) % 4]

    @property
    def english(self) -> str:
        """The seat's name in English ("North"), for texts that exist in English only."""
        return messages.render(f"seat.{self.value}")

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


SEATS: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
# A seat's index and side are plain attributes of the member (not properties): they are
# read for every card of every play checked.
for _i, _seat in enumerate(SEATS):
    _seat.index = _i
    _seat.side = Side.NS if _i % 2 == 0 else Side.EW
del _i, _seat


class Suit(enum.Enum):
    """A suit; ``order`` ranks them for bidding (clubs 0 .. spades 3)."""

    __hash__ = object.__hash__  # identity, see Side

    S = "S"
    H = "H"
    D = "D"
    C = "C"

    @classmethod
    def from_pbn(cls, text: str) -> Suit:
        try:
            return cls(text.strip().upper())
        except ValueError:
            raise InvalidTokenError(MsgText.of("error.token.not_suit", {"text": repr(text)})) from None

    def pbn(self) -> str:
        return self.value

    @property
    def order(self) -> int:
        return _SUIT_ORDER[self]

    @property
    def strain(self) -> Strain:
        return Strain(self.value)

    @property
    def symbol(self) -> str:
        return {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[self.value]

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


#: Suits in PBN deal order (spades first).
SUITS: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)
_SUIT_ORDER = {Suit.C: 0, Suit.D: 1, Suit.H: 2, Suit.S: 3}

#: The seats' and the suits' letters, as a form, an answer or a Director's note gives them.
SEAT_LETTERS: tuple[str, ...] = tuple(s.value for s in SEATS)
SUIT_LETTERS: tuple[str, ...] = tuple(s.value for s in SUITS)
#: A seat as a Director may write it (upper case): its letter, its English or Danish name.
SEAT_NAMES: dict[str, Seat] = {
    **{s.value: s for s in SEATS}, "NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S,
    "WEST": Seat.W, "NORD": Seat.N, "ØST": Seat.E, "Ø": Seat.E, "SYD": Seat.S,
    "VEST": Seat.W, "V": Seat.W}
#: A suit by its letter or its symbol.
SUIT_NAMES: dict[str, Suit] = {**{s.value: s for s in SUITS}, "\u2660": Suit.S,
                               "\u2665": Suit.H, "\u2666": Suit.D, "\u2663": Suit.C}
#: The suit symbols turned into their letters (`str.translate`), for a card or a contract
#: written with symbols.
SYMBOLS_AS_LETTERS = str.maketrans({"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"})


class Strain(enum.Enum):
    """A denomination of a bid: the four suits and notrump, in bidding order."""

    __hash__ = object.__hash__  # identity, see Side
    _value_: str

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    #: the trump suit, or None for notrump (an attribute, set below: read for every board)
    suit: Suit | None

    @classmethod
    def from_pbn(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in ("N", "NT", "SA"):  # SA: sans atout, seen in French exports
            return cls.NT
        try:
            return cls(key)
        except ValueError:
            raise InvalidTokenError(MsgText.of("error.token.not_strain", {"text": repr(text)})) from None

    def pbn(self) -> str:
        return self._value_

    @property
    def order(self) -> int:
        return _STRAIN_ORDER[self]

    @property
    def is_minor(self) -> bool:
        return self in (Strain.C, Strain.D)

    @property
    def symbol(self) -> str:
        return "NT" if self is Strain.NT else Suit(self.value).symbol

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


_STRAIN_ORDER = {s: i for i, s in enumerate(Strain)}
for _strain in Strain:
    _strain.suit = None if _strain is Strain.NT else Suit(_strain.value)
del _strain


class Rank(enum.IntEnum):
    """Card ranks, 2 .. ace = 14; PBN writes ten as ``T``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @classmethod
    def from_pbn(cls, text: str) -> Rank:
        key = text.strip().upper()
        value = _RANK_FROM_CHAR.get(key)
        if value is None:
            raise InvalidTokenError(MsgText.of("error.token.not_rank", {"text": repr(text)}))
        return value

    def pbn(self) -> str:
        return _RANK_CHARS[self.value]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_CHARS = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
               10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_FROM_CHAR: dict[str, Rank] = {c: Rank(v) for v, c in _RANK_CHARS.items()}
_RANK_FROM_CHAR["10"] = Rank.TEN
# Danish honours (E = es, D = dame, B = bonde) are deliberately not accepted here:
# D would clash with diamonds. Convert them in the adapter that meets them.


class Card:
    """A playing card. Use `Card.from_pbn` or `Card.of`; there are exactly 52 instances."""

    __slots__ = ("suit", "rank", "index", "_pbn")
    suit: Suit
    rank: Rank
    index: int  # 0..51, spades ace = 0 .. clubs two = 51
    _pbn: str

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        return _CARDS[(suit, rank)]

    @classmethod
    def _make(cls, suit: Suit, rank: Rank, index: int) -> Card:
        obj = object.__new__(cls)
        object.__setattr__(obj, "suit", suit)
        object.__setattr__(obj, "rank", rank)
        object.__setattr__(obj, "index", index)
        object.__setattr__(obj, "_pbn", suit.value + rank.pbn())
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_pbn, (self._pbn,))

    @classmethod
    def of(cls, suit: Suit, rank: Rank) -> Card:
        return _CARDS[(suit, rank)]

    @classmethod
    def from_pbn(cls, text: str) -> Card:
        """Parse ``SA``, ``h10``, ``DT`` (suit then rank, any case)."""
        card = _CARD_LOOKUP.get(text)
        if card is not None:
            return card
        key = text.strip().upper()
        card = _CARD_LOOKUP.get(key)
        if card is None and len(key) == 3 and key[1:] == "10":
            card = _CARD_LOOKUP.get(key[0] + "T")
        if card is None:
            raise InvalidTokenError(MsgText.of("error.token.not_card", {"text": repr(text)}))
        return card

    @classmethod
    def all(cls) -> tuple[Card, ...]:
        """All 52 cards, spades ace first, clubs two last."""
        return ALL_CARDS

    def pbn(self) -> str:
        return self._pbn

    def __repr__(self) -> str:
        return f"Card.from_pbn({self._pbn!r})"

    def __str__(self) -> str:
        return self._pbn

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:  # order: by index (spades ace first)
        return self.index < other.index


_CARDS: dict[tuple[Suit, Rank], Card] = {}
_all: list[Card] = []
for _s in SUITS:
    for _r in sorted(Rank, reverse=True):
        _c = Card._make(_s, _r, len(_all))
        _CARDS[(_s, _r)] = _c
        _all.append(_c)
ALL_CARDS: tuple[Card, ...] = tuple(_all)
_CARD_LOOKUP: dict[str, Card] = {c.pbn(): c for c in ALL_CARDS}
del _s, _r, _c, _all
