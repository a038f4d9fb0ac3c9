"""Double-dummy analysis for Law 64C (redress of damage after a revoke).

The solver is the optional extra ``td-plugin[dds]`` (endplay's binding of the DDS
double-dummy solver). Everything here is guarded: without the extra `HAVE_DDS` is false,
`solve_best` raises `DoubleDummyUnavailable`, and callers report `unavailable()` — the
check is skipped with the command that installs it (`DDS_HINT`), nothing fails.

A `Position` is a moment of the play: the cards each seat still holds, the leader of the
current trick, the cards already played to it, and the trump suit. `solve_best` gives the
most tricks the side on play can take from the current trick on (the current trick
included) when the player on play must choose among ``allowed`` cards.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from td_plugin.model.cards import SEATS, Card, Rank, Seat, Suit
from td_plugin.model.deal import Hand

#: Whether the optional extra is installed. It is imported on the first solve only:
#: importing endplay takes about half a second and tens of megabytes (its package also
#: imports matplotlib, which keeps a folder of its own, ``MPLCONFIGDIR`` or the user's
#: cache), which an audit without an established revoke never needs.
HAVE_DDS = importlib.util.find_spec("endplay") is not None
_ENDPLAY: SimpleNamespace | None = None

__all__ = ["HAVE_DDS", "DDS_HINT", "DoubleDummyUnavailable", "Position", "solve_best",
           "tricks_table", "unavailable"]

#: How to get the double-dummy check.
DDS_HINT = "pip install 'td-plugin[dds]'"


class DoubleDummyUnavailable(RuntimeError):
    """The double-dummy solver (extra ``td-plugin[dds]``) is not installed."""


@dataclass(frozen=True)
class Position:
    """A moment of the play, just before the next card of the current trick.

    ``hands``: the cards each seat still holds (the cards of ``trick_cards`` already
    removed); ``leader``: who led the current trick; ``trick_cards``: the cards played to
    it so far, in order; ``trump``: the trump suit or None.
    """

    hands: Mapping[Seat, Hand]
    leader: Seat
    trick_cards: tuple[Card, ...]
    trump: Suit | None

    @property
    def on_play(self) -> Seat:
        return self.leader.offset(len(self.trick_cards))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be played, the current one included."""
        return len(self.hands[self.leader]) + (1 if self.trick_cards else 0)


def unavailable() -> dict[str, Any]:
    """What a 64C check reports when the solver is missing."""
    return {"available": False, "how": DDS_HINT}


_DENOM = {Suit.S: 0, Suit.H: 1, Suit.D: 2, Suit.C: 3, None: 4}
_PLAYER = {Seat.N: 0, Seat.E: 1, Seat.S: 2, Seat.W: 3}


def _endplay() -> SimpleNamespace:
    """endplay's solver and types, imported on first use.

    :raises DoubleDummyUnavailable: when the extra cannot be imported.
    """
    global _ENDPLAY
    if _ENDPLAY is None:
        try:
            from endplay.dds import solve_board
            from endplay.dds.solve import SolveMode
            from endplay.types import Deal, Denom, Player
        except ImportError as exc:
            raise DoubleDummyUnavailable(f"{DDS_HINT} ({exc})") from None
        from endplay.dds import calc_all_tables

        _ENDPLAY = SimpleNamespace(solve_board=solve_board, SolveMode=SolveMode, Deal=Deal,
                                   Denom=Denom, Player=Player, calc_all_tables=calc_all_tables)
    return _ENDPLAY


def _to_dds(position: Position) -> Any:
    ep = _endplay()
    hands = {s: position.hands[s].mask for s in SEATS}
    seat = position.leader
    for card in position.trick_cards:  # give the trick's cards back, then play them
        hands[seat] |= 1 << card.index
        seat = seat.next
    text = "N:" + " ".join(Hand(mask=hands[s]).pbn() for s in SEATS)
    deal = ep.Deal(text, first=ep.Player(_PLAYER[position.leader]),
                   trump=ep.Denom(_DENOM[position.trump]))
    for card in position.trick_cards:
        deal.play(card.pbn())
    return deal


def _from_dds(card: Any) -> Card:
    suit = (Suit.S, Suit.H, Suit.D, Suit.C)[int(card.suit)]
    return Card.of(suit, Rank(int(card.rank).bit_length() - 1))


def _check_sizes(position: Position) -> None:
    """Refuse a position whose hands cannot stand at this point of a trick before the
    solver sees it (the solver would reject it and leave a dump file in the working
    directory): the players who have played to the current trick hold one card fewer
    than the others."""
    n = position.tricks_left
    seat = position.leader
    for i in range(4):
        expected = n - 1 if i < len(position.trick_cards) else n
        if len(position.hands[seat]) != expected:
            raise ValueError(
                "the double-dummy solver refused the position: "
                f"{seat.english} holds {len(position.hands[seat])} cards, not {expected}")
        seat = seat.next


def solve_best(position: Position, allowed: Iterable[Card] | None = None) -> tuple[int, Card]:
    """The most tricks the side on play takes double-dummy from the current trick on,
    and a card that achieves it, when the player on play chooses among ``allowed``
    (None: any card the rules of play allow, i.e. following suit when able).

    :raises DoubleDummyUnavailable: without the extra ``td-plugin[dds]``.
    :raises ValueError: when no allowed card can be played from the position, or the
        solver refuses it (hands of impossible sizes).
    """
    if not HAVE_DDS:
        raise DoubleDummyUnavailable(DDS_HINT)
    _check_sizes(position)
    ep = _endplay()
    try:
        deal = _to_dds(position)
        mode = ep.SolveMode.OptimalOne if allowed is None else ep.SolveMode.Default
        solved = list(ep.solve_board(deal, mode))
    except RuntimeError as exc:  # endplay's DDSError, or a card not in its hand
        raise ValueError(f"the double-dummy solver refused the position: {exc}") from None
    if allowed is None:
        if not solved:
            raise ValueError("no card to play from this position")
        card, tricks = solved[0]
        return int(tricks), _from_dds(card)
    wanted = set(allowed)
    best: tuple[int, Card] | None = None
    for card, tricks in solved:
        ours = _from_dds(card)
        if ours in wanted and (best is None or tricks > best[0]):
            best = (int(tricks), ours)
    if best is None:
        raise ValueError("none of the allowed cards can be played from this position")
    return best


def tricks_table(masks: tuple[int, int, int, int],
                 strains: Iterable[Suit | None]) -> dict[tuple[Suit | None, Seat], int]:
    """The tricks each seat takes double-dummy as declarer in each of ``strains`` (a
    suit, None for notrump) on the deal whose hands (N, E, S, W) are ``masks``: one call
    of the solver's table for the board, the strains not asked for left out (a table of
    one strain costs about a fifth of the whole).

    :raises DoubleDummyUnavailable: without the extra ``td-plugin[dds]``.
    :raises ValueError: when the solver refuses the deal (not four hands of 13 cards).
    """
    if not HAVE_DDS:
        raise DoubleDummyUnavailable(DDS_HINT)
    wanted = set(strains)
    if any(m.bit_count() != 13 for m in masks) or not wanted:
        raise ValueError("the double-dummy solver needs four hands of 13 cards")
    ep = _endplay()
    deal = ep.Deal("N:" + " ".join(Hand(mask=m).pbn() for m in masks))
    left_out = [ep.Denom(code) for suit, code in _DENOM.items() if suit not in wanted]
    try:
        (table,) = ep.calc_all_tables([deal], exclude=left_out)
    except RuntimeError as exc:  # endplay's DDSError
        raise ValueError(f"the double-dummy solver refused the deal: {exc}") from None
    return {(suit, seat): int(table[ep.Denom(_DENOM[suit]), ep.Player(_PLAYER[seat])])
            for suit in wanted for seat in SEATS}
