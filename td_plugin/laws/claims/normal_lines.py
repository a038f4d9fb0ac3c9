"""The normal lines of a claimer (Laws 70C-70E, 71), played against the actual layout.

When a claim is contested the Director holds the claimer to his statement and, where the
statement leaves a choice, to the choice worst for him among the *normal* ones ("normal"
includes play that would be careless or inferior for the class of player involved, but
not irrational). This module makes that search small and exact: a `Line` is one way of
filling in what the statement left open, played card by card by fixed rules for the
claimer's side, while the other side plays the card the double-dummy solver gives
(`td_plugin.laws.revokes.double_dummy`, the optional extra ``td-plugin[dds]``).

What a line chooses (and so what the engine calls normal):

- **the order of the suits** the claimer's side plays: every order of the suits it holds
  that keeps the stated order first. A hand on lead leads the first suit of the order in
  which his side still holds a sure winner (a card above every card of the suit the
  opponents hold) and he holds a card: his top card when it is a sure winner, else his
  lowest (towards partner's winner). With no such suit he leads his lowest card of the
  first suit of the order he holds (a trick given up). Leading the trump suit first is
  drawing trumps; when an opponent holds a trump the claimer did not mention and it is
  at all likely he was unaware of it (70C), the trump suit may come anywhere in the
  order, else it comes first among the suits the statement did not order;
- **which hand to win in** (``overtake``): under partner's sure winner a hand plays its
  lowest card of the suit, or, on an overtaking line, the cheapest card that beats it;
- **which way to take a finesse not stated** (``finesse``): third hand, after partner led
  and second hand played, holding a sure winner and a lower card that beats the cards
  played, plays the lower card (the finesse) or the sure winner (rising); a finesse the
  statement names (``finesse SQ``) is always taken with that card.

What every line does the same way (not choices the engine offers): second hand plays his
cheapest sure winner when he holds one, else his lowest card; fourth hand wins as cheaply
as he can, else plays his lowest; a player void in the suit led ruffs with his cheapest
trump that wins the trick unless partner holds it with a sure winner, else discards; a
discard is the lowest card that is not a sure winner of the suit that comes last in the
line's order (a sure winner only when he holds nothing else; never a card the statement
keeps while he holds another, and a trump only when he holds nothing else). Discarding
a sure winner while holding a loser is not among the lines: it is not careless but
irrational.

The worst line is the one the Director holds the claimer to (70A, 70D, 70E) unless he
rules one of them not normal for the class of player involved (``not_normal``: the lines'
ids). The most lines considered is `MAX_LINES`; the solver's answers are cached within a
ruling, so lines that share their first tricks cost once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from td_plugin.laws.revokes.double_dummy import Position, solve_best
from td_plugin.model.cards import SEATS, SUITS, Card, Seat, Suit
from td_plugin.model.deal import SUIT_MASKS, Hand

__all__ = ["MAX_LINES", "StatedLine", "Line", "LineResult", "Layout", "lines_for",
           "play_line", "double_dummy", "normal_lines", "cached_solver", "Solver"]

#: The most lines the engine plays: 4! orders of the suits, with and without overtaking
#: and unstated finesses (4! x 2 x 2 = 96), which bounds the time a ruling takes.
MAX_LINES = 96

#: The card the side on play chooses: (position) -> (tricks, card), the solver's answer.
Solver = Callable[[Position], tuple[int, Card]]


@dataclass(frozen=True)
class StatedLine:
    """What the claimer's statement fixes, as the Director gives it in steps: the suits
    to cash first, in order (``order``; the trump suit among them is drawing trumps),
    the cards he said he would finesse with (``finesses``), the cards he said he would
    keep (``keep``), and whether he mentioned the outstanding trumps
    (``trumps_mentioned``)."""

    order: tuple[Suit, ...] = ()
    finesses: frozenset[Card] = frozenset()
    keep: frozenset[Card] = frozenset()
    trumps_mentioned: bool = False


@dataclass(frozen=True)
class Line:
    """One normal line: the order of the suits, whether a hand overtakes its partner's
    sure winner, and whether an unstated finesse is taken."""

    order: tuple[Suit, ...]
    overtake: bool
    finesse: bool

    @property
    def id(self) -> str:
        """The line's name in a case file's ``not_normal``: ``SHDC low finesse``."""
        return (f"{''.join(s.value for s in self.order)} "
                f"{'overtake' if self.overtake else 'low'} "
                f"{'finesse' if self.finesse else 'rise'}")


@dataclass(frozen=True)
class LineResult:
    """A line played out: the claimer's side's tricks and the cards, trick by trick."""

    line: Line
    tricks: int
    play: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class Layout:
    """The position of the claim: the cards each seat still holds (equal numbers), who
    is on lead, the trump suit (None: notrump), and who claimed."""

    hands: Mapping[Seat, Hand]
    leader: Seat
    trump: Suit | None
    claimer: Seat

    @property
    def tricks_left(self) -> int:
        return len(self.hands[self.leader])

    def opponents_hold(self, suit: Suit) -> bool:
        return any(self.hands[s].has_suit(suit) for s in SEATS
                   if s.side is not self.claimer.side)


def lines_for(layout: Layout, stated: StatedLine, unaware_of_trump: bool) -> list[Line]:
    """The normal lines the statement leaves open: the orders of the suits the claimer's
    side holds that start with the stated order (the trump suit first among the rest when
    an opponent holds a trump, unless 70C lets it come anywhere), each with and without
    overtaking and unstated finesses, at most `MAX_LINES`."""
    side = [s for s in SEATS if s.side is layout.claimer.side]
    held = [s for s in SUITS if any(layout.hands[h].has_suit(s) for h in side)]
    rest = [s for s in held if s not in stated.order]
    trump = layout.trump
    draw_first = trump is not None and trump in rest and layout.opponents_hold(trump) \
        and not unaware_of_trump
    orders = []
    for perm in itertools.permutations(rest):
        if draw_first and perm[0] is not trump:
            continue
        orders.append(tuple(s for s in stated.order if s in held) + perm)
    lines = [Line(o, overtake, finesse) for o in orders
             for overtake in (False, True) for finesse in (True, False)]
    return lines[:MAX_LINES]


def _beats(card: Card, best: Card, trump: Suit | None) -> bool:
    if card.suit is best.suit:
        return card.rank > best.rank
    return card.suit is trump


def _winner(trick: list[tuple[Seat, Card]], trump: Suit | None) -> tuple[Seat, Card]:
    best = trick[0]
    for seat, card in trick[1:]:
        if _beats(card, best[1], trump):
            best = (seat, card)
    return best


@dataclass
class _Table:
    """The cards while a line is played: what each seat holds, what the opponents hold
    of each suit (the claimer knows that much, not who holds it)."""

    layout: Layout
    hands: dict[Seat, Hand] = field(default_factory=dict)

    def sure(self, card: Card) -> bool:
        """Whether ``card`` is above every card of its suit the opponents hold (a card's
        index counts down from the suit's ace: the bits below it are the higher cards)."""
        theirs = 0
        for s in SEATS:
            if s.side is not self.layout.claimer.side:
                theirs |= self.hands[s].mask
        return not theirs & SUIT_MASKS[card.suit] & ((1 << card.index) - 1)


def _cheapest(cards: Iterable[Card]) -> Card | None:
    return min(cards, key=lambda c: c.rank, default=None)


def _lead(t: _Table, seat: Seat, line: Line) -> Card:
    hand, partner = t.hands[seat], t.hands[seat.partner]
    for suit in line.order:
        mine = hand.cards_of(suit)
        if not mine:
            continue
        ours = mine + partner.cards_of(suit)
        if any(t.sure(c) for c in ours):
            return mine[0] if t.sure(mine[0]) else mine[-1]
    for suit in line.order:
        mine = hand.cards_of(suit)
        if mine:
            return mine[-1]
    return next(iter(hand))


def _discard(t: _Table, seat: Seat, line: Line, stated: StatedLine) -> Card:
    """The lowest card of the suit last in the line's order that is not a sure winner
    (then one that is), never a card the statement keeps while he holds another, a trump
    only when he holds nothing else."""
    hand = t.hands[seat]
    trump = t.layout.trump
    for keep, winners in ((True, False), (True, True), (False, True)):
        for suit in [*reversed(line.order), *SUITS]:
            if suit is trump and any(c.suit is not trump for c in hand):
                continue
            cards = [c for c in hand.cards_of(suit) if not (keep and c in stated.keep)
                     and (winners or not t.sure(c))]
            if cards:
                return cards[-1]
    return next(iter(hand))


def _follow(t: _Table, seat: Seat, trick: list[tuple[Seat, Card]], line: Line,
            stated: StatedLine) -> Card:
    led = trick[0][1].suit
    trump = t.layout.trump
    win_seat, win = _winner(trick, trump)
    partner_holds = win_seat is seat.partner and (win.suit is not led or t.sure(win))
    hand = t.hands[seat]
    mine = hand.cards_of(led)
    if not mine:
        if trump is not None and hand.has_suit(trump) and not partner_holds:
            ruff = _cheapest(c for c in hand.cards_of(trump) if _beats(c, win, trump))
            if ruff is not None:
                return ruff
        return _discard(t, seat, line, stated)
    over = [c for c in mine if _beats(c, win, trump)]
    if partner_holds:
        return (_cheapest(over) if line.overtake else None) or mine[-1]
    if not over:
        return mine[-1]
    sure = [c for c in over if t.sure(c)]
    if len(trick) == 3 or not sure:  # fourth hand, or nothing sure: win as cheaply as he can
        return _cheapest(over) or mine[-1]
    if len(trick) == 1:  # second hand: his cheapest sure winner
        return _cheapest(sure) or mine[-1]
    stated_finesse = [c for c in over if c in stated.finesses and not t.sure(c)]
    if stated_finesse:
        return stated_finesse[0]
    unsure = [c for c in over if not t.sure(c)]
    if line.finesse and unsure and trick[0][0] is seat.partner:
        return _cheapest(unsure) or mine[-1]
    return _cheapest(sure) or mine[-1]


def play_line(layout: Layout, line: Line, stated: StatedLine, solver: Solver) -> LineResult:
    """``line`` played to the end from ``layout``: the claimer's side by the line's rules,
    the other side by ``solver``; the claimer's side's tricks."""
    t = _Table(layout, dict(layout.hands))
    leader, won = layout.leader, 0
    play: list[tuple[Card, ...]] = []
    ours = layout.claimer.side
    for _ in range(layout.tricks_left):
        trick: list[tuple[Seat, Card]] = []
        seat = leader
        for _ in range(4):
            if seat.side is ours:
                card = _lead(t, seat, line) if not trick else _follow(t, seat, trick, line, stated)
            else:
                card = solver(Position(dict(t.hands), leader, tuple(c for _, c in trick),
                                       layout.trump))[1]
            trick.append((seat, card))
            t.hands[seat] = t.hands[seat].without(card)
            seat = seat.next
        leader = _winner(trick, layout.trump)[0]
        won += leader.side is ours
        play.append(tuple(c for _, c in trick))
    return LineResult(line, won, tuple(play))


def cached_solver() -> Solver:
    """The double-dummy solver, its answers kept for the positions met again."""
    cache: dict[tuple[tuple[int, ...], Seat, tuple[Card, ...]], tuple[int, Card]] = {}

    def solve(p: Position) -> tuple[int, Card]:
        key = (tuple(p.hands[s].mask for s in SEATS), p.leader, p.trick_cards)
        if key not in cache:
            cache[key] = solve_best(p)
        return cache[key]

    return solve


def double_dummy(layout: Layout, solver: Solver) -> int:
    """The claimer's side's tricks of the rest with best play by both sides."""
    tricks, _ = solver(Position(dict(layout.hands), layout.leader, (), layout.trump))
    return tricks if layout.leader.side is layout.claimer.side else layout.tricks_left - tricks


def normal_lines(layout: Layout, stated: StatedLine, unaware_of_trump: bool,
                 solver: Solver | None = None) -> list[LineResult]:
    """Every normal line (`lines_for`) played out, in the order considered.

    :raises td_plugin.laws.revokes.double_dummy.DoubleDummyUnavailable: without the
        extra ``td-plugin[dds]``.
    """
    solve = solver or cached_solver()
    return [play_line(layout, line, stated, solve)
            for line in lines_for(layout, stated, unaware_of_trump)]
