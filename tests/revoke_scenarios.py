"""Seeded sessions of boards for tests and benchmarks: random deals, a simple legal
play, and revokes injected at known places.

Each board follows a *scenario* (`SCENARIOS`) that steers the play towards one branch
of Laws 62-64: the offender wins the revoke trick by ruffing (64A1), partner or the
opponents win it (64A2), the offending side wins nothing afterwards (64B1), a second
revoke in the same suit (64B2), a revoke by dummy or against a penalty card (64B3), on
trick 12 (64B6), by both sides (64B7), by both sides on one trick with the record
stopping when one side had played to the next (64B8), a record that stops before the
revoke is established (62A), a claim establishing it (63A3), ``^R`` markers that
disagree with the play, and cards a player does not hold (a data problem). When
attention was drawn (64B4, 64B5) is drawn at random for each board.

What the Laws give for each injected revoke (`ExpectedRevoke`) is worked out here from
how the board was built — the generator's own trick winners over the whole play, hidden
tricks included — and never by calling the rulings engine, so a test can hold the
engine to it. The order in which exceptions are reported is the engine's documented
one (`td_plugin.laws.revokes`).

A board can be turned into a `BoardRecord` (`GeneratedBoard.record`) or into PBN text
in export layout (`GeneratedBoard.pbn`, `session_pbn`); the PBN path does not build
the domain objects, so large files are quick to write.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from td_plugin.errors import Location
from td_plugin.laws.context import ReviewContext
from td_plugin.model.auction import Auction
from td_plugin.model.board import BoardRecord, Vulnerability, standard_dealer, standard_vulnerability
from td_plugin.model.cards import ALL_CARDS, SEATS, Card, Seat, Strain, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal, Hand
from td_plugin.model.obligations import PenaltyCard
from td_plugin.model.play import Play, PlayedCard, Trick
from td_plugin.model.rulings import Attention
from td_plugin.model.scoring import score_ns

__all__ = ["SCENARIOS", "ExpectedRevoke", "ExpectedMismatch", "GeneratedBoard",
           "generate_session", "session_pbn"]

#: Every scenario, each steering towards one branch (see the module text).
SCENARIOS: tuple[str, ...] = (
    "clean", "a1_two", "a1_one", "a2_partner", "a2_later", "a2_dummy_wins", "b1", "b2",
    "two_suits", "b3_dummy", "b3_penalty", "b6", "b7", "b8", "unestablished", "claim",
    "claim_on_revoke_trick", "marker_spurious", "marker_unmarked", "not_held",
)

_SUIT_BITS = tuple(0x1FFF << (13 * s) for s in range(4))  # S H D C, as Card.index
_SUITS = (Suit.S, Suit.H, Suit.D, Suit.C)
_STRAIN_OF = {0: Strain.S, 1: Strain.H, 2: Strain.D, 3: Strain.C, None: Strain.NT}
_ATTENTION = (Attention.DURING_ROUND, Attention.AFTER_NEXT_DEAL_CALLED, Attention.AFTER_ROUND)


@dataclass(frozen=True)
class ExpectedRevoke:
    """What the Laws give for one injected revoke, as the generator built it."""

    offender: Seat
    trick: int
    suit_led: Suit
    card: Card
    established: bool
    transfer_if_timely: int
    exception: str | None
    law: str
    transfer: int


@dataclass(frozen=True)
class ExpectedMismatch:
    """A ``^R`` marker that disagrees with the play: ``which`` is ``spurious`` (marked,
    not a revoke) or ``unmarked`` (a revoke the record does not mark)."""

    trick: int
    seat: Seat
    which: str


@dataclass
class GeneratedBoard:
    """One board of a generated session. ``cards``: the recorded play in played order
    as (seat index, card index, marker); ``hidden``: the rest of the play that the
    record does not show; ``winners``: the winner (seat index) of all 13 tricks."""

    number: int
    scenario: str
    hands: tuple[int, int, int, int]  # masks as dealt (N E S W), as the record gives them
    contract: Contract
    cards: list[tuple[int, int, str | None]]
    hidden: list[tuple[int, int]]
    winners: list[int]
    claimed: bool
    attention: Attention
    obligations: tuple[PenaltyCard, ...] = ()
    expected: tuple[ExpectedRevoke, ...] = ()
    mismatches: tuple[ExpectedMismatch, ...] = ()
    expected_adjusted: int | None = None
    _record: BoardRecord | None = field(default=None, repr=False)

    @property
    def dealer(self) -> Seat:
        return standard_dealer(self.number)

    @property
    def vulnerability(self) -> Vulnerability:
        return standard_vulnerability(self.number)

    @property
    def declarer_tricks(self) -> int:
        side = _declarer(self.contract).index % 2
        return sum(1 for w in self.winners if w % 2 == side)

    @property
    def score_ns(self) -> int:
        vul = self.vulnerability.is_vulnerable(_declarer(self.contract))
        return score_ns(self.contract, self.declarer_tricks, vul)

    def context(self, equity: bool = False, language: str = "en") -> ReviewContext:
        return ReviewContext(attention=self.attention, language=language, equity=equity)

    def deal(self) -> Deal:
        return Deal({s: Hand(mask=self.hands[s.index]) for s in SEATS})

    def auction(self) -> Auction:
        return Auction.from_calls(self.dealer, _calls(self.dealer, self.contract))

    def play(self) -> Play:
        tricks = []
        for start in range(0, len(self.cards), 4):
            tricks.append(Trick(tuple(PlayedCard(SEATS[s], ALL_CARDS[c], m)
                                      for s, c, m in self.cards[start:start + 4])))
        return Play(tuple(tricks), claimed=self.claimed,
                    incomplete=not self.claimed and len(self.cards) < 52)

    @property
    def record(self) -> BoardRecord:
        """The board as a `BoardRecord` (built once)."""
        if self._record is None:
            self._record = BoardRecord(
                board=self.number, dealer=self.dealer, vulnerability=self.vulnerability,
                deal=self.deal(), auction=self.auction(), play=self.play(),
                contract=self.contract, declarer_tricks=self.declarer_tricks,
                score_ns=self.score_ns, event="Revoke test session",
                location=Location(board=self.number, record=self.number))
        return self._record

    def pbn(self) -> str:
        """The board as a PBN game in export layout (CRLF line ends are the writer's
        business; lines end in ``\\n`` here)."""
        return _pbn(self)


# -- the play ----------------------------------------------------------------------------

# Per suit, each 13-bit holding (bit 0 = ace) as card indices: the play without loops
# over bits.
_HOLDING_CARDS = tuple(tuple(tuple(13 * s + i for i in range(13) if h >> i & 1)
                             for h in range(8192)) for s in range(4))


def _bits(mask: int) -> tuple[int, ...]:
    """The card indices of ``mask``."""
    return (_HOLDING_CARDS[0][mask & 0x1FFF] + _HOLDING_CARDS[1][mask >> 13 & 0x1FFF]
            + _HOLDING_CARDS[2][mask >> 26 & 0x1FFF] + _HOLDING_CARDS[3][mask >> 39 & 0x1FFF])



def _highest(mask: int) -> int:
    """The highest-ranked card of ``mask`` (any suit)."""
    best = -1
    for s in range(4):
        cards = _HOLDING_CARDS[s][mask >> 13 * s & 0x1FFF]
        if cards and (best < 0 or cards[0] % 13 < best % 13):
            best = cards[0]
    return best


def _lowest(mask: int) -> int:
    best = -1
    for s in range(4):
        cards = _HOLDING_CARDS[s][mask >> 13 * s & 0x1FFF]
        if cards and (best < 0 or cards[-1] % 13 > best % 13):
            best = cards[-1]
    return best


def _winner(trick: list[tuple[int, int]], trump: int | None) -> int:
    """The generator's own trick winner: highest trump, else highest of the suit led."""
    led = trick[0][1] // 13
    seat, card = trick[0]
    ruffed = led == trump
    for s, c in trick[1:]:
        suit = c // 13
        if suit == trump and (not ruffed or c < card):
            seat, card, ruffed = s, c, True
        elif not ruffed and suit == led and c < card:
            seat, card = s, c
    return seat


@dataclass
class _Spec:
    """An injection: ``seat`` revokes in tricks first..last, by ``mode`` (``ruff``,
    ``discard``, ``any``, ``penalty``); ``suit``: ``same``/``other`` than the previous
    injected revoke's suit led; ``same_trick``: in the previous injection's trick;
    ``together_with``: only where that seat plays later in the trick and can revoke too;
    ``last_hand``: only as fourth hand, where a ruff is sure to win the trick and a plain
    discard sure to leave it with the opponents."""

    seat: int
    first: int
    last: int
    mode: str
    suit: str = ""
    same_trick: bool = False
    together_with: int | None = None  # a seat that must be able to revoke later in the trick
    last_hand: bool = False  # only as fourth hand, so the revoke card decides the trick


@dataclass
class _Plan:
    specs: list[_Spec]
    before: dict[int, str]  # side (0 NS, 1 EW) -> style until the first injection
    after: dict[int, str]  # from the trick after the first injection
    penalty: tuple[int, int, int] | None = None  # seat, card, from trick
    prefer_led_again: bool = False


@dataclass
class _Injected:
    trick: int
    position: int
    seat: int
    card: int
    led: int
    kind: str  # "follow" | "penalty"


def _choose(rng: random.Random, mask: int, led: int | None, trump: int | None, style: str,
            prefer: int | None) -> int:
    if led is None:
        legal = mask & _SUIT_BITS[prefer] if prefer is not None and mask & _SUIT_BITS[prefer] \
            else mask
    else:
        legal = mask & _SUIT_BITS[led] or mask
    if style == "random":
        return rng.choice(_bits(legal))
    if style == "high":
        if led is not None and not mask & _SUIT_BITS[led] and trump is not None \
                and mask & _SUIT_BITS[trump]:
            m = mask & _SUIT_BITS[trump]
            return (m & -m).bit_length() - 1
        return _highest(legal)
    side_cards = legal & ~_SUIT_BITS[trump] if trump is not None else legal
    return _lowest(side_cards or legal)


def _revoke_card(rng: random.Random, mask: int, led: int, trump: int | None,
                 mode: str) -> int | None:
    """The card that revokes on a trick led in ``led``, or None if ``mask`` cannot."""
    if not mask & _SUIT_BITS[led]:
        return None
    others = mask & ~_SUIT_BITS[led]
    if not others:
        return None
    if mode == "ruff":
        if trump is None or trump == led or not mask & _SUIT_BITS[trump]:
            return None
        m = mask & _SUIT_BITS[trump]
        return (m & -m).bit_length() - 1
    if mode == "discard":
        plain = others & ~_SUIT_BITS[trump] if trump is not None else others
        return _lowest(plain or others)
    return rng.choice(_bits(others))


def _legal(card: int, mask: int, led: int | None) -> bool:
    return led is None or card // 13 == led or not mask & _SUIT_BITS[led]


def _simulate(rng: random.Random, hands: list[int], trump: int | None, leader: int,
              plan: _Plan) -> tuple[list[tuple[int, int, int]], list[int], list[_Injected]] | None:
    """Play the board: (cards as (trick, seat, card), winners, injected revokes), or None
    when an injection found no opportunity."""
    masks = list(hands)
    played: list[tuple[int, int, int]] = []
    winners: list[int] = []
    injected: list[_Injected] = []
    pending = 0
    penalty_due = plan.penalty is not None
    styles = plan.before
    prefer: int | None = None
    for t in range(1, 14):
        if injected and t == injected[0].trick + 1:
            styles = plan.after
            if plan.prefer_led_again:
                prefer = injected[0].led
        trick: list[tuple[int, int]] = []
        for pos in range(4):
            seat = (leader + pos) % 4
            m = masks[seat]
            led = trick[0][1] // 13 if trick else None
            card: int | None = None
            if pending < len(plan.specs):
                card = _try_inject(rng, plan, plan.specs[pending], injected, t, pos, seat,
                                   masks, leader, led, trump, penalty_due, trick)
                if card is not None:
                    kind = "penalty" if plan.specs[pending].mode == "penalty" else "follow"
                    injected.append(_Injected(t, pos, seat, card,
                                              trick[0][1] // 13 if trick else card // 13, kind))
                    pending += 1
            if card is None and penalty_due and plan.penalty is not None and seat == plan.penalty[0] \
                    and t >= plan.penalty[2] and _legal(plan.penalty[1], m, led):
                card = plan.penalty[1]
            if card is None:
                card = _choose(rng, m, led, trump, styles.get(seat % 2, "random"),
                               prefer if seat != (injected[0].seat if injected else -1) else None)
            if penalty_due and plan.penalty is not None and card == plan.penalty[1]:
                penalty_due = False
            masks[seat] = m & ~(1 << card)
            trick.append((seat, card))
            played.append((t, seat, card))
        leader = _winner(trick, trump)
        winners.append(leader)
        if pending < len(plan.specs) and plan.specs[pending].last <= t:
            return None
    if pending < len(plan.specs):
        return None
    return played, winners, injected


def _try_inject(rng: random.Random, plan: _Plan, spec: _Spec, injected: list[_Injected],
                t: int, pos: int, seat: int, masks: list[int], leader: int, led: int | None,
                trump: int | None, penalty_due: bool,
                trick: list[tuple[int, int]]) -> int | None:
    if spec.seat != seat or not spec.first <= t <= spec.last:
        return None
    m = masks[seat]
    if spec.same_trick and (not injected or injected[-1].trick != t):
        return None
    if spec.mode == "penalty":
        if (not penalty_due or plan.penalty is None or t < plan.penalty[2]
                or not _legal(plan.penalty[1], m, led)):
            return None
        options = [c for c in _bits(m) if c != plan.penalty[1] and _legal(c, m, led)]
        return rng.choice(options) if options else None
    if led is None:
        return None
    if injected and spec.suit == "same" and led != injected[-1].led:
        return None
    if injected and spec.suit == "other" and led == injected[-1].led:
        return None
    if spec.together_with is not None:
        later = spec.together_with
        if (later - leader) % 4 <= pos or _revoke_card(rng, masks[later], led, None, "any") is None:
            return None
    card = _revoke_card(rng, m, led, trump, spec.mode)
    if card is not None and spec.last_hand:
        if pos != 3:
            return None
        ahead = _winner(trick, trump)
        if spec.mode == "ruff" and _winner(trick + [(seat, card)], trump) != seat:
            return None
        if spec.mode == "discard" and (ahead % 2 == seat % 2 or card // 13 == trump):
            return None
    return card


# -- scenarios ---------------------------------------------------------------------------

def _strength(hands: list[int], side: int, trump: int | None) -> int:
    """High-card points of a side, and a point for each trump."""
    total = 0
    for seat in (side, side + 2):
        for c in _bits(hands[seat]):
            total += max(0, 4 - c % 13) + (c // 13 == trump)
    return total


def _plan(rng: random.Random, scenario: str, declarer: int, hands: list[int],
          trump: int | None) -> _Plan:
    dummy = (declarer + 2) % 4
    defenders = [(declarer + 1) % 4, (declarer + 3) % 4]
    players = [declarer] + defenders
    off = rng.choice(players)
    if scenario in ("a1_one", "b1"):  # the offending side should win little afterwards
        weak = min((0, 1), key=lambda side: _strength(hands, side, trump))
        off = rng.choice([p for p in players if p % 2 == weak])
    os_, nos = off % 2, 1 - off % 2
    hi_os = {os_: "high", nos: "low"}
    lo_os = {os_: "low", nos: "high"}
    rand: dict[int, str] = {}
    if scenario == "a1_two":
        return _Plan([_Spec(off, 2, 10, "ruff", last_hand=True)], rand, hi_os)
    if scenario == "a1_one":
        return _Plan([_Spec(off, 7, 11, "ruff", last_hand=True)], hi_os, lo_os)
    if scenario == "a2_partner":
        return _Plan([_Spec(off, 1, 10, "discard")], hi_os, rand)
    if scenario == "a2_later":
        return _Plan([_Spec(off, 1, 9, "discard", last_hand=True)], lo_os, hi_os)
    if scenario == "a2_dummy_wins":
        side = declarer % 2
        return _Plan([_Spec(declarer, 1, 10, "discard")], {side: "high", 1 - side: "low"}, rand)
    if scenario == "b1":
        return _Plan([_Spec(off, 9, 11, "discard", last_hand=True)], hi_os, lo_os)
    if scenario == "b2":
        return _Plan([_Spec(off, 1, 8, "discard"), _Spec(off, 2, 12, "any", suit="same")],
                     rand, rand, prefer_led_again=True)
    if scenario in ("two_suits", "marker_unmarked"):
        return _Plan([_Spec(off, 1, 8, "any"), _Spec(off, 2, 12, "any", suit="other")],
                     rand, rand)
    if scenario == "b3_dummy":
        return _Plan([_Spec(dummy, 1, 11, "any")], rand, rand)
    if scenario == "b3_penalty":
        defender = rng.choice(defenders)
        card = rng.choice(_bits(hands[defender]))
        start = rng.randint(1, 6)
        return _Plan([_Spec(defender, start, 12, "penalty")], rand, rand,
                     penalty=(defender, card, start))
    if scenario == "b6":
        return _Plan([_Spec(off, 12, 12, "any")], rand, rand)
    if scenario in ("b7", "b8"):
        other = rng.choice([p for p in players if p % 2 != off % 2])
        last = 10 if scenario == "b8" else 9
        b8 = scenario == "b8"
        first = _Spec(off, 1, last, "any", together_with=other if b8 else None)
        return _Plan([first, _Spec(other, 1, 11, "any", same_trick=b8)], rand, rand)
    if scenario == "unestablished":
        return _Plan([_Spec(off, 1, 12, "any")], rand, rand)
    if scenario == "claim":
        return _Plan([_Spec(off, 1, 10, "any")], rand, rand)
    if scenario == "claim_on_revoke_trick":
        return _Plan([_Spec(off, 1, 11, "any")], rand, rand)
    return _Plan([], rand, rand)


def _recorded_length(rng: random.Random, scenario: str, injected: list[_Injected],
                     winners: list[int]) -> tuple[int, bool]:
    """How many cards the record shows, and whether it ends in a claim."""
    if scenario == "unestablished":
        r = injected[0]
        upto = 4 * (r.trick - 1) + r.position + 1 + rng.randint(0, 3 - r.position)
        if upto == 4 * r.trick and r.trick < 13 and winners[r.trick - 1] % 2 != r.seat % 2 \
                and rng.random() < 0.5:
            upto += 1  # the non-offending side leads to the next trick; still not established
        return upto, False
    if scenario == "b8":
        return 4 * injected[0].trick + 1, False
    if scenario == "claim":
        return 4 * rng.randint(injected[0].trick + 1, 12), True
    if scenario == "claim_on_revoke_trick":
        return 4 * injected[0].trick, True
    return 52, False


# -- what the Laws give, from the construction ------------------------------------------

def _class_of(r: _Injected, winners: list[int]) -> tuple[str, int, str]:
    """64A for an established revoke over the whole play: (clause, tricks, who won the
    revoke trick: ``offender``, ``partner`` or ``nos``)."""
    side = r.seat % 2
    won_by = winners[r.trick - 1]
    if won_by == r.seat:
        later = any(w % 2 == side for w in winners[r.trick:])
        return "64A1", 2 if later else 1, "offender"
    who = "partner" if won_by == (r.seat + 2) % 4 else "nos"
    if any(w % 2 == side for w in winners[r.trick - 1:]):
        return "64A2", 1, who
    return "64B1", 0, who


def _expectations(board: GeneratedBoard, injected: list[_Injected]) -> None:
    """Fill ``board.expected`` and ``board.expected_adjusted`` from the whole play."""
    n = len(board.cards)
    per_trick = [[s for (s, _, _) in board.cards[i:i + 4]] for i in range(0, n, 4)]
    declarer_side = _declarer(board.contract).index % 2
    dummy = (_declarer(board.contract).index + 2) % 4

    def established(r: _Injected) -> bool:
        if board.claimed:
            return True
        return r.trick < len(per_trick) and any(s % 2 == r.seat % 2 for s in per_trick[r.trick])

    def won_from(side: int, trick: int) -> int:
        return sum(1 for w in board.winners[trick - 1:] if w % 2 == side)

    est = [established(r) for r in injected]
    corrected: set[int] = set()
    if not board.claimed and n % 4 == 1:
        k = n // 4  # the record shows only the leader's card of trick k + 1
        on_k = [i for i, r in enumerate(injected) if r.trick == k]
        if len({injected[i].seat % 2 for i in on_k}) == 2:
            corrected = set(on_k)
    sides = {r.seat % 2 for i, r in enumerate(injected) if est[i] and i not in corrected}
    out: list[tuple[bool, int, str | None, str, int]] = []
    transfers = []
    for i, r in enumerate(injected):
        if i in corrected:
            out.append((est[i], 0, "64B8", "64B8", 0))
            continue
        if not est[i]:
            out.append((False, 0, None, "62A", 0))
            continue
        law_a, amount, _ = _class_of(r, board.winners)
        exc = None
        if r.trick == 12:
            exc = "64B6"
        elif r.seat == dummy or r.kind == "penalty":
            exc = "64B3"
        elif len(sides) == 2:
            exc = "64B7"
        elif any(p.seat == r.seat and p.led == r.led and est[j] and j not in corrected
                 for j, p in enumerate(injected[:i])):
            exc = "64B2"
        elif amount == 0:
            exc = "64B1"
        timely = 0 if exc else amount
        timing = {Attention.AFTER_NEXT_DEAL_CALLED: "64B4",
                  Attention.AFTER_ROUND: "64B5"}.get(board.attention)
        applied = 0 if timing else timely
        exc = exc or timing
        out.append((True, timely, exc, exc or law_a, applied))
        if applied:
            transfers.append((r, applied))
    moved = 0
    if transfers:
        first = transfers[0][0]
        moved = min(sum(a for _, a in transfers), won_from(first.seat % 2, first.trick))
    left = moved  # each revoke's share of what moves, in played order (64A cap)
    shared = []
    for e, timely, exc, law, applied in out:
        share = min(applied, left)
        left -= share
        shared.append((e, timely, exc, law, share))
    board.expected = tuple(
        ExpectedRevoke(SEATS[r.seat], r.trick, _SUITS[r.led], ALL_CARDS[r.card], e, timely,
                       exc, law, applied)
        for r, (e, timely, exc, law, applied) in zip(injected, shared))
    tricks = board.declarer_tricks
    if moved:
        tricks += moved if transfers[0][0].seat % 2 != declarer_side else -moved
    board.expected_adjusted = tricks


# -- sessions ----------------------------------------------------------------------------

def _deal(rng: random.Random) -> list[int]:
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        m = 0
        for c in cards[13 * h:13 * h + 13]:
            m |= 1 << c
        hands.append(m)
    return hands


def _contract(rng: random.Random, scenario: str) -> Contract:
    suit_only = scenario in ("a1_two", "a1_one")
    trump = rng.randrange(4) if suit_only or rng.random() < 0.8 else None
    level = rng.choice((1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 7))
    risk = rng.choices((0, 1, 2), (80, 15, 5))[0]
    return Contract(level, _STRAIN_OF[trump], risk, rng.choice(SEATS))


#: What each steering scenario aims at, on its first revoke: (64A clause, tricks, who won
#: the revoke trick: "offender", "partner", "dummy", "nos" or "" for anyone).
_TARGETS: dict[str, tuple[str, int, str]] = {
    "a1_two": ("64A1", 2, "offender"), "a1_one": ("64A1", 1, "offender"),
    "a2_partner": ("64A2", 1, "partner"), "a2_later": ("64A2", 1, "nos"),
    "a2_dummy_wins": ("64A2", 1, "partner"), "b1": ("64B1", 0, ""),
}


def _board(rng: random.Random, number: int, scenario: str, attempts: int = 40) -> GeneratedBoard:
    """A board of ``scenario``; the play is dealt again until the scenario's injections
    find their opportunity and its target (`_TARGETS`) is met, up to ``attempts`` times
    (then the last play that could be made is kept, its expectations still exact, or a
    clean board)."""
    target = _TARGETS.get(scenario)
    last = None
    for _ in range(attempts):
        hands = _deal(rng)
        contract = _contract(rng, scenario)
        suit = contract.strain.suit if contract.strain is not None else None
        trump = None if suit is None else _SUITS.index(suit)
        declarer = _declarer(contract).index
        plan = _plan(rng, scenario, declarer, hands, trump)
        result = _simulate(rng, hands, trump, (declarer + 1) % 4, plan)
        if result is None:
            continue
        last = (scenario, hands, contract, plan, result)
        if target is None:
            break
        played, winners, injected = result
        got = _class_of(injected[0], winners)
        if got[:2] == target[:2] and target[2] in ("", got[2]):
            break
    if last is None:
        plan = _Plan([], {}, {})
        result = _simulate(rng, hands, trump, (declarer + 1) % 4, plan)
        assert result is not None  # a plan without injections always plays out
        last = ("clean", hands, contract, plan, result)
    scenario, hands, contract, plan, result = last
    return _build(rng, number, scenario, hands, contract, plan, *result)


def _build(rng: random.Random, number: int, scenario: str, hands: list[int],
           contract: Contract, plan: _Plan, played: list[tuple[int, int, int]],
           winners: list[int], injected: list[_Injected]) -> GeneratedBoard:
    upto, claimed = _recorded_length(rng, scenario, injected, winners)
    revoke_at = {(r.trick, r.seat) for r in injected}
    mark_all = rng.random() < 0.3 or scenario == "marker_unmarked"
    cards: list[tuple[int, int, str | None]] = []
    for t, seat, card in played[:upto]:
        marker = "R" if mark_all and (t, seat) in revoke_at else None
        cards.append((seat, card, marker))
    board = GeneratedBoard(
        number=number, scenario=scenario, hands=(hands[0], hands[1], hands[2], hands[3]),
        contract=contract,
        cards=cards, hidden=[(s, c) for _, s, c in played[upto:]], winners=winners,
        claimed=claimed, attention=rng.choices(_ATTENTION, (45, 15, 40))[0],
        obligations=(PenaltyCard(SEATS[plan.penalty[0]], ALL_CARDS[plan.penalty[1]],
                                 plan.penalty[2]),) if plan.penalty else ())
    _expectations(board, injected)
    mismatches: list[ExpectedMismatch] = []
    if scenario == "marker_unmarked":
        second = injected[1]
        i = next(i for i, (s, c, _) in enumerate(board.cards)
                 if s == second.seat and c == second.card)
        seat, card, _ = board.cards[i]
        board.cards[i] = (seat, card, None)
        mismatches.append(ExpectedMismatch(second.trick, SEATS[second.seat], "unmarked"))
    elif scenario == "marker_spurious":
        i = rng.choice([i for i in range(len(board.cards)) if i % 4])
        seat, card, _ = board.cards[i]
        board.cards[i] = (seat, card, "R")
        mismatches.append(ExpectedMismatch(i // 4 + 1, SEATS[seat], "spurious"))
    elif scenario == "not_held":
        _misattribute(rng, board)
    board.mismatches = tuple(mismatches)
    return board


def _misattribute(rng: random.Random, board: GeneratedBoard) -> None:
    """Swap two cards between the hands as recorded, so that a card is played by a
    player the deal does not give it to: a data problem, never a revoke."""
    i = rng.randrange(4, len(board.cards))
    seat, card, _ = board.cards[i]
    j = rng.choice([j for j in range(len(board.cards)) if board.cards[j][0] != seat])
    other, other_card, _ = board.cards[j]
    hands = list(board.hands)
    hands[seat] = hands[seat] & ~(1 << card) | (1 << other_card)
    hands[other] = hands[other] & ~(1 << other_card) | (1 << card)
    board.hands = tuple(hands)  # type: ignore[assignment]
    board.expected = ()
    board.expected_adjusted = board.declarer_tricks


def generate_session(seed: int, boards: int,
                     scenarios: Iterable[str] = SCENARIOS) -> Iterator[GeneratedBoard]:
    """``boards`` boards numbered 1.. with scenarios taken in turn from ``scenarios``
    (repeat a name to weight it, e.g. nine ``clean`` and one ``a2_later`` for a session
    with a revoke on every tenth board); the same seed gives the same session."""
    rng = random.Random(seed)
    order = tuple(scenarios)
    unknown = set(order) - set(SCENARIOS)
    if unknown:
        raise ValueError(f"unknown scenarios: {', '.join(sorted(unknown))}")
    for n in range(1, boards + 1):
        yield _board(rng, n, order[(n - 1) % len(order)])


# -- PBN ---------------------------------------------------------------------------------

def _declarer(contract: Contract) -> Seat:
    """The declarer of a generated contract (every one has one)."""
    assert contract.declarer is not None
    return contract.declarer


def _calls(dealer: Seat, contract: Contract) -> list[str]:
    """A legal auction to the contract: passes until declarer bids it, then a double
    (and redouble) as the risk says, then three passes."""
    calls = ["Pass"] * ((_declarer(contract).index - dealer.index) % 4)
    assert contract.strain is not None
    calls.append(f"{contract.level}{contract.strain.value}")
    calls += ["X", "XX"][:contract.risk]
    return calls + ["Pass"] * 3


def _pbn(board: GeneratedBoard) -> str:
    dealer = board.dealer
    contract = board.contract
    deal = " ".join(Hand.from_mask(board.hands[s.index]).pbn() for s in dealer.clockwise())
    lines = [
        '[Event "Revoke test session"]', '[Site ""]', '[Date "2024.01.01"]',
        f'[Board "{board.number}"]', '[West "W"]', '[North "N"]', '[East "E"]', '[South "S"]',
        f'[Dealer "{dealer.value}"]', f'[Vulnerable "{board.vulnerability.pbn()}"]',
        f'[Deal "{dealer.value}:{deal}"]', '[Scoring "MP"]',
        f'[Declarer "{_declarer(contract).value}"]', f'[Contract "{contract.pbn()}"]',
        f'[Result "{board.declarer_tricks}"]',
        f'[Auction "{dealer.value}"]',
    ]
    calls = _calls(dealer, contract)
    for i in range(0, len(calls), 4):
        lines.append(" ".join(calls[i:i + 4]))
    leader = (_declarer(contract).index + 1) % 4
    lines.append(f'[Play "{SEATS[leader].value}"]')
    for start in range(0, len(board.cards), 4):
        column = ["-"] * 4
        for seat, card, marker in board.cards[start:start + 4]:
            column[(seat - leader) % 4] = ("^R " if marker == "R" else "") + ALL_CARDS[card].pbn()
        lines.append(" ".join(column))
    if board.claimed:
        lines.append("*")  # a claim: no further cards, the result says the rest
    elif len(board.cards) < 52:
        lines.append("+")  # the record stops with the next card still to be played
    lines.append(f'[Score "NS {board.score_ns}"]')
    return "\n".join(lines) + "\n"


def session_pbn(seed: int, boards: int, scenarios: Iterable[str] = SCENARIOS) -> Iterator[str]:
    """The games of `generate_session` as PBN text, one string per game, a blank line
    between games."""
    for i, board in enumerate(generate_session(seed, boards, scenarios)):
        yield ("\n" if i else "% PBN 2.1\n% EXPORT\n") + board.pbn()
