"""Calls and auctions, with the legality rules of the Laws (17D3, 18-22, 27, 35-39).

An `Auction` is the auction as recorded: a dealer and a sequence of `AuctionEntry`, the
i-th entry belonging to the seat i places clockwise from the dealer. An entry may carry
an irregularity marker from the record (PBN ``^I``: an insufficient bid that was
accepted, Law 27A1; ``^S``: a call skipped because someone called out of rotation).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from td_plugin._quick_init import quick_init
from td_plugin.errors import InvalidTokenError
from td_plugin.messages import MsgText
from td_plugin.model.cards import Seat, Strain
from td_plugin.model.contract import Contract

__all__ = ["CallKind", "Call", "AuctionEntry", "Auction", "AuctionProblem", "CALL_SPELLINGS"]


class CallKind(enum.Enum):
    PASS = "Pass"
    DOUBLE = "X"
    REDOUBLE = "XX"
    BID = "bid"


class Call:
    """A call: pass, double, redouble or a bid. Interned; build with `Call.from_pbn`."""

    __slots__ = ("kind", "level", "strain", "_pbn", "rank")
    kind: CallKind
    level: int
    strain: Strain | None
    _pbn: str
    rank: int  # bids: 0 (1C) .. 34 (7NT); other calls -1

    @classmethod
    def _make(cls, kind: CallKind, level: int = 0, strain: Strain | None = None) -> Call:
        obj = object.__new__(cls)
        object.__setattr__(obj, "kind", kind)
        object.__setattr__(obj, "level", level)
        object.__setattr__(obj, "strain", strain)
        text, rank = kind.value, -1
        if kind is CallKind.BID:
            assert strain is not None, "a bid has a strain"
            text, rank = f"{level}{strain.value}", (level - 1) * 5 + strain.order
        object.__setattr__(obj, "_pbn", text)
        object.__setattr__(obj, "rank", rank)
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Call is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Call.said, (self._pbn,))

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        if not 1 <= level <= 7:
            raise InvalidTokenError(MsgText.of("error.token.no_bid_level",
                                                {"level": repr(level)}))
        return _BIDS[(level, strain)]

    @classmethod
    def said(cls, text: str) -> Call:
        """A call as a player can say it: any call `from_pbn` reads, and a bid of more
        than seven (``8C`` .. ``13NT``), which spoken bidding or a bidding pad allows and
        Law 38 rules on. Records never hold one: the readers use `from_pbn`."""
        try:
            return cls.from_pbn(text)
        except InvalidTokenError:
            key = text.strip().upper()
            level, strain = key.rstrip("CDHSNT"), key[len(key.rstrip("CDHSNT")):]
            call = _ABOVE_SEVEN.get((level, "NT" if strain == "N" else strain))
            if call is None:
                raise
            return call

    @property
    def above_seven(self) -> bool:
        """A bid of more than seven (Law 38)."""
        return self.level > 7

    @classmethod
    def from_pbn(cls, text: str) -> Call:
        """Parse ``Pass``/``P``, ``X``/``D``/``Dbl``, ``XX``/``R``/``Rdbl``, ``1C`` .. ``7NT`` (any case)."""
        call = _LOOKUP.get(text)
        if call is not None:
            return call
        key = text.strip().upper()
        call = _LOOKUP.get(key)
        if call is None:
            raise InvalidTokenError(MsgText.of("error.token.not_call", {"text": repr(text)}))
        return call

    def pbn(self) -> str:
        return self._pbn

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    @property
    def is_pass(self) -> bool:
        return self.kind is CallKind.PASS

    def __repr__(self) -> str:
        return f"Call.from_pbn({self._pbn!r})"

    def __str__(self) -> str:
        return self._pbn


PASS = Call._make(CallKind.PASS)
DOUBLE = Call._make(CallKind.DOUBLE)
REDOUBLE = Call._make(CallKind.REDOUBLE)
_BIDS = {(lv, st): Call._make(CallKind.BID, lv, st) for lv in range(1, 8) for st in Strain}
#: the bids of more than seven a player can say (Law 38), by level and strain as written
_ABOVE_SEVEN = {(str(lv), st.value): Call._make(CallKind.BID, lv, st)
                for lv in range(8, 14) for st in Strain}
#: every spelling of a call the readers accept, by its upper-case text: the one table shared
#: by `Call.from_pbn`, the PBN auction and the LIN reader. Besides the PBN standard's
#: ``Pass``, ``X``, ``XX`` and ``1C`` .. ``7NT``, the programs' own: ``P``, ``D``/``Dbl``,
#: ``R``/``Rdbl`` (BBO, LIN) and ``1N`` .. ``7N`` (BBO, BEN, BBA, Table Manager). Each is a
#: call and nothing else wherever a call is read, so none of them is ambiguous.
CALL_SPELLINGS: dict[str, Call] = {"PASS": PASS, "P": PASS, "X": DOUBLE, "D": DOUBLE,
                                   "DBL": DOUBLE, "XX": REDOUBLE, "R": REDOUBLE,
                                   "RDBL": REDOUBLE}
for (_lv, _st), _c in _BIDS.items():
    CALL_SPELLINGS[_c.pbn()] = _c
    if _st is Strain.NT:
        CALL_SPELLINGS[f"{_lv}N"] = _c
del _lv, _st, _c
_LOOKUP: dict[str, Call] = {**CALL_SPELLINGS, "Pass": PASS}
Call.PASS = PASS  # type: ignore[attr-defined]
Call.DOUBLE = DOUBLE  # type: ignore[attr-defined]
Call.REDOUBLE = REDOUBLE  # type: ignore[attr-defined]


@dataclass(frozen=True)
class AuctionEntry:
    """One slot of a recorded auction.

    ``call`` is None only for a skipped slot (``skipped``: PBN ``^S``). ``insufficient``
    marks a bid recorded as insufficient and accepted (PBN ``^I``, Law 27A1). ``notes``
    are note numbers (alerts/explanations), ``nags`` the numeric annotation glyphs, and
    ``alert`` an explanation carried with the call itself (LIN ``an``, BWS). ``void``
    marks an inadmissible double or redouble found only after the opening lead was faced
    (Law 36C): it keeps its turn in the auction, but the contract is scored as if it had
    not been made, and the calls after it are judged without it.
    """

    call: Call | None
    insufficient: bool = False
    skipped: bool = False
    void: bool = False
    notes: tuple[int, ...] = ()
    nags: tuple[int, ...] = ()
    suffix: str = ""
    alert: str | None = None


@dataclass(frozen=True)
class AuctionProblem:
    """A call the Laws do not allow where it stands: ``law`` is "27" (insufficient bid),
    "36" (inadmissible double or redouble), "38" (a bid of more than seven, only in a
    case: no record holds one), "39" (call after the final pass) or "17D3"
    (a pass out of rotation, accepted, that made the auction end while ``deprived`` had
    lost his turn: the auction has not ended)."""

    index: int
    seat: Seat
    call: Call
    law: str
    reason: str
    #: a stable code for the reason: after_final_pass, insufficient, no_bid,
    #: double_doubled, double_redoubled, double_partner, redouble_undoubled,
    #: second_redouble, redouble_partner_double, deprived_turn, above_seven
    code: str = ""
    deprived: Seat | None = None


@quick_init
@dataclass(frozen=True)
class Auction:
    """An auction as recorded, from the dealer."""

    dealer: Seat
    entries: tuple[AuctionEntry, ...] = ()
    #: PBN ``*``: the record stops here, no further calls are known.
    truncated: bool = False
    #: the record holds a call that could not be read (its problem names it): the entries
    #: are not the auction as made, so nothing may be judged from them
    unread: bool = False

    @classmethod
    def from_calls(cls, dealer: Seat, calls: Sequence[Call | str] | str) -> Auction:
        """Build from calls (objects or PBN tokens, or one space-separated string)."""
        out = []
        for c in calls.split() if isinstance(calls, str) else calls:
            if isinstance(c, str):
                if c.upper() == "AP":
                    out.extend([AuctionEntry(PASS)] * 3)
                    continue
                c = Call.from_pbn(c)
            out.append(AuctionEntry(c))
        return cls(dealer, tuple(out))

    def calls(self) -> list[Call | None]:
        return [e.call for e in self.entries]

    def seat_of(self, index: int) -> Seat:
        return self.dealer.offset(index)

    def __iter__(self) -> Iterator[tuple[Seat, AuctionEntry]]:
        for i, e in enumerate(self.entries):
            yield self.dealer.offset(i), e

    def __len__(self) -> int:
        return len(self.entries)

    def pbn(self) -> str:
        return " ".join("^S" if e.call is None else ("^I " if e.insufficient else "") + e.call.pbn()
                        for e in self.entries)

    def __repr__(self) -> str:
        return f"Auction.from_calls(Seat.{self.dealer.name}, {self.pbn()!r})"

    # -- state -----------------------------------------------------------------

    @property
    def next_seat(self) -> Seat:
        """The seat whose turn it is to call (meaningful while not complete)."""
        return self.dealer.offset(len(self.entries))

    @property
    def is_complete(self) -> bool:
        """Law 22: four passes to start with, or three passes after a call."""
        return _end_index(self.entries) is not None

    @property
    def is_passed_out(self) -> bool:
        end = _end_index(self.entries)
        return end is not None and not any(
            e.call is not None and e.call.is_bid for e in self.entries[:end])

    def check_next(self, call: Call) -> AuctionProblem | None:
        """Whether ``call`` may legally be made now by the player whose turn it is."""
        state = _State(self.dealer)
        for e in self.entries:
            state.advance(e.call, e.void)
        return state.check(call)

    def deprived_turn(self) -> int | None:
        """Law 17D3: when the three passes (four to start with) that end the auction
        include a pass made out of rotation that deprived a player of his turn (a ``^S``
        among them), the auction has not ended: the index of the first skipped slot
        among them, where the auction reverts to; else None."""
        end = _end_index(self.entries)
        if end is None:
            return None
        start = 0
        for i in range(end - 1, -1, -1):
            c = self.entries[i].call
            if c is not None and c is not PASS:
                start = i + 1
                break
        return next((i for i in range(start, end) if self.entries[i].call is None), None)

    def problems(self) -> list[AuctionProblem]:
        """Every call that is illegal where it stands (accepted ``^I`` bids and ``^S``
        skips are recorded irregularities, not problems), and an auction that ended by a
        pass out of rotation that deprived a player of his turn (17D3, reported at that
        pass)."""
        if self._plainly_legal():
            return []
        out = []
        state = _State(self.dealer)
        check, advance = state.check, state.advance
        any_skipped = False
        for e in self.entries:
            call = e.call
            if call is None:
                any_skipped = True
            # a pass is legal wherever the auction has not ended
            elif not e.insufficient and not e.void and (call is not PASS or state.ended):
                p = check(call)
                if p is not None:
                    out.append(p)
            advance(call, e.void)
        skipped = self.deprived_turn() if any_skipped else None
        if skipped is not None:
            k = next(i for i in range(skipped, len(self.entries))
                     if self.entries[i].call is not None)
            out.insert(0, AuctionProblem(
                k, self.seat_of(k), self.entries[k].call, "17D3",  # type: ignore[arg-type]
                f"the auction did not end: {self.seat_of(skipped).name} lost his turn",
                "deprived_turn", self.seat_of(skipped)))
        return out

    def _plainly_legal(self) -> bool:
        """Whether every call is legal where it stands, with no skipped slot or ``^I``
        bid: `problems` at a glance for the usual auction (False sends it the long way,
        which says what is wrong). The tests hold it to `problems` on random auctions."""
        dealer = self.dealer.index
        passes = 0
        any_call = ended = False
        last_rank = -1  # the last bid's rank
        bid_side = doubler_side = 0  # the side (seat index % 2) of the last bid, double
        risk = 0
        for i, e in enumerate(self.entries):
            c = e.call
            if ended or c is None or e.insufficient or e.void:  # (after the final pass: 39)
                return False
            if c is PASS:
                passes += 1
                ended = passes == (3 if any_call else 4)
                continue
            side = (dealer + i) & 1
            kind = c.kind
            if kind is CallKind.BID:
                if c.rank <= last_rank or c.level > 7:  # insufficient (27), above seven (38)
                    return False
                last_rank, bid_side, risk = c.rank, side, 0
            elif kind is CallKind.DOUBLE:  # of an opponent's undoubled bid (19A1, 36)
                if last_rank < 0 or risk or bid_side == side:
                    return False
                risk, doubler_side = 1, side
            elif risk != 1 or doubler_side == side:  # a redouble of an opponent's double
                return False
            else:
                risk = 2
            any_call = True
            passes = 0
        return True

    def contract(self) -> Contract | None:
        """The final contract with its declarer (`Contract.PASSED_OUT` when passed out),
        or None while the auction is not complete."""
        return self._contract(final=True)

    def last_contract(self) -> Contract | None:
        """The contract as it stands after the recorded calls, complete or not."""
        return self._contract(final=False)

    def _contract(self, final: bool) -> Contract | None:
        """The contract when the auction ends (``final``: None when it does not), or
        after every recorded call; in one pass over the calls."""
        passes = 0
        any_call = False
        last_bid = -1  # the index of the last bid so far
        risk = 0
        for i, e in enumerate(self.entries):
            c = e.call
            if c is PASS:  # calls are interned: the one pass
                passes += 1
                if final and passes == (3 if any_call else 4):  # Law 22
                    return self._contract_of(last_bid, risk)
            elif c is not None:  # (a skipped slot neither passes nor ends the auction)
                any_call = True
                passes = 0
                kind = c.kind
                if kind is CallKind.BID:
                    last_bid, risk = i, 0
                elif last_bid >= 0 and not e.void:  # (36C: scored as if not made)
                    risk = 1 if kind is CallKind.DOUBLE else 2
        return None if final else self._contract_of(last_bid, risk)

    def _contract_of(self, last_bid: int, risk: int) -> Contract:
        """The contract of the bid at ``last_bid`` (-1: none, passed out) at ``risk``."""
        if last_bid < 0:
            return Contract.PASSED_OUT
        entries = self.entries
        bid = entries[last_bid].call
        assert bid is not None  # the last bid is a call
        declarer = None
        # the declaring side's calls are every other slot, those of the last bid's parity
        for i in range(last_bid % 2, last_bid + 1, 2):
            c = entries[i].call
            if c is not None and c.is_bid and c.strain is bid.strain:
                declarer = self.dealer.offset(i)
                break
        return Contract(bid.level, bid.strain, risk, declarer)

    def specified_by(self, seat: Seat) -> list[Call]:
        """The calls this seat made (in order)."""
        return [e.call for s, e in self if s is seat and e.call is not None]


def _end_index(entries: tuple[AuctionEntry, ...]) -> int | None:
    """Index just after the call that ended the auction, or None."""
    passes = 0
    any_call_before = False
    for i, e in enumerate(entries):
        c = e.call
        if c is PASS:  # calls are interned: the one pass
            passes += 1
            if (any_call_before and passes == 3) or (not any_call_before and passes == 4):
                return i + 1
        else:
            if c is not None:
                any_call_before = True
            # a skipped slot (^S) neither passes nor ends the auction
            passes = 0 if c is not None else passes
    return None


class _State:
    """The auction as it stands after the calls so far, kept up to date one slot at a
    time (`advance`), so that each call is judged (`check`) against the calls before it
    in a single pass over the auction."""

    __slots__ = ("dealer", "index", "ended", "passes", "any_call", "last_bid", "last_bid_seat",
                 "risk", "doubler_seat")

    def __init__(self, dealer: Seat) -> None:
        self.dealer = dealer
        self.index = 0  # slots so far, skipped ones included
        self.ended = False  # Law 22: the auction is over
        self.passes = 0  # passes in a row (a skipped slot does not break the run)
        self.any_call = False  # a call other than pass has been made
        self.last_bid: Call | None = None
        self.last_bid_seat = 0  # seat index of the last bid
        self.risk = 0  # 0 undoubled, 1 doubled, 2 redoubled (since the last bid)
        self.doubler_seat = 0  # seat index of the last double of the last bid

    def advance(self, call: Call | None, void: bool = False) -> None:
        """Take the next slot's call (None: a skipped slot, ``^S``; ``void``: a call that
        keeps its turn but counts for nothing else, Law 36C)."""
        index = self.index
        self.index = index + 1
        if call is None:
            return
        if void:
            self.any_call = True
            self.passes = 0
            return
        kind = call.kind
        if kind is CallKind.PASS:
            self.passes += 1
            if self.passes == (3 if self.any_call else 4):
                self.ended = True
            return
        seat = (self.dealer.index + index) % 4
        self.any_call = True
        self.passes = 0
        if kind is CallKind.BID:
            self.last_bid, self.last_bid_seat, self.risk = call, seat, 0
        elif kind is CallKind.DOUBLE:
            self.risk, self.doubler_seat = 1, seat
        else:
            self.risk = 2

    def check(self, call: Call) -> AuctionProblem | None:
        """Whether ``call`` may legally be made in the next slot."""
        index = self.index
        if self.ended:
            return AuctionProblem(index, self.dealer.offset(index), call, "39",
                                  "call after the final pass", "after_final_pass")
        kind = call.kind
        if kind is CallKind.PASS:
            return None
        last_bid = self.last_bid
        if kind is CallKind.BID:
            if call.level > 7:
                return AuctionProblem(index, self.dealer.offset(index), call, "38",
                                      f"a bid of more than seven: {call.pbn()}", "above_seven")
            if last_bid is None or call.rank > last_bid.rank:
                return None
            return AuctionProblem(index, self.dealer.offset(index), call, "27",
                                  f"insufficient bid: {call.pbn()} over {last_bid.pbn()}",
                                  "insufficient")
        # double / redouble (Law 19; inadmissible per Law 36)
        seat = self.dealer.offset(index)
        if last_bid is None:
            return AuctionProblem(index, seat, call, "36", f"{call.pbn()} with no bid to act on",
                                  "no_bid")
        parity = seat.index % 2
        if kind is CallKind.DOUBLE:
            if self.risk == 1:
                return AuctionProblem(index, seat, call, "36", "double of a bid already doubled",
                                      "double_doubled")
            if self.risk == 2:
                return AuctionProblem(index, seat, call, "36", "double of a redoubled bid",
                                      "double_redoubled")
            if self.last_bid_seat % 2 == parity:
                return AuctionProblem(index, seat, call, "36", "double of partner's bid",
                                      "double_partner")
            return None
        # redouble
        if self.risk == 0:
            return AuctionProblem(index, seat, call, "36", "redouble of an undoubled bid",
                                  "redouble_undoubled")
        if self.risk == 2:
            return AuctionProblem(index, seat, call, "36", "second redouble", "second_redouble")
        if self.doubler_seat % 2 == parity:
            return AuctionProblem(index, seat, call, "36", "redouble of partner's double",
                                  "redouble_partner_double")
        return None
