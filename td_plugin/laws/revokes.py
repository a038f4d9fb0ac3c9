"""Revokes: Laws 61-64 of the Laws of Duplicate Bridge 2017.

The steps, each a pure function over the domain model:

1. `detect_revokes` (61A): every card played while its player held a card he had to
   play: a card of the suit led (Law 44), a major penalty card (50D1) or a lead an
   opponent required or prohibited (`PenaltyCard`, `LeadRestriction`, given by the
   caller: a record does not carry them). A card its player does not hold is a data
   problem, never a revoke: `review_revokes` detects nothing in a record that
   `td_plugin.play.replay` finds problems in.
2. `establishment` (63A): established when the offender or partner plays to the next
   trick (63A1) or by the claim or concession that ended the play (63A3, 63A4); a revoke
   on the last recorded trick with nothing after it is not established and is corrected
   (62A).
3. `automatic_transfer` (64A): 64A1 when the offender himself won the revoke trick (a
   trick won in dummy is not won by declarer): that trick plus one later trick of the
   offending side; otherwise 64A2: one trick if the offending side won the revoke trick
   or a later one. Tricks before the revoke never count. Tricks the record credits
   without showing them (a claim, or a result after an incomplete record) count as won
   after the last recorded trick by the side credited (`Tally`).
4. The exceptions of 64B. Several may hold; the one reported as ``exception`` is the
   first in this order: those that hold whenever attention was drawn — 64B8 (both sides
   revoked on one trick, corrected under 62C3), 64B6 (trick 12, 62D1), 64B3 (a penalty
   card or a card of dummy), 64B7 (both sides revoked, both established), 64B2 (a later
   revoke by the same player in the same suit), 64B1 (the offending side won no trick from
   the revoke on) — then those of timing, from the `ReviewContext`: 64B4 (after the
   non-offending side called on the next deal), 64B5 (after the round). The ruling lists
   every clause that holds.
5. 64C (`td_plugin.equity`, optional extra): from the position just before the revoke,
   with the offender playing the offending side's best card among those he was obliged
   to choose from, the tricks the non-offending side takes double-dummy, plus those it
   had already won and the automatic transfers of earlier revokes of the board, as far
   as the offending side still wins tricks to pay them (so a 64B2 revoke is measured
   after the first revoke and its transfer, 64C2(a)); against the
   table result with the automatic transfers. More for the non-offending side: it is not
   sufficiently compensated and the assigned result is proposed, replacing the automatic
   transfer. After 64B7 the proposal is the double-dummy result from just before the
   first revoke, as if neither revoke had happened (64C2(b)). Proposals are for the
   Director: they are never applied.

Several revokes of a board are assessed separately, each capped by the tricks its
offending side won from its revoke trick on. When their sum exceeds the tricks the
offending side won from the earliest of them on, only that many are transferred and the
ruling says so for the Director to check (laws-digest ambiguity A1).

`review_revokes` turns all of it into `Finding`s; their ``data`` carries exactly
`DATA_KEYS`. ``equity`` is None when not asked for (``context.equity`` false) or for a
revoke that was not established (corrected under Law 62; those corrected under 62C3
are still checked, as 64B8 leaves 64C to apply); ``{"available": false, "how": ...}``
without the extra; ``{"available": false, "reason": ...}`` when the deal is not fully
known or the solver refuses the position; else the figures of `equity_check`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping, Sequence

from td_plugin import equity as dd
from td_plugin import messages
from td_plugin.board import BoardRecord
from td_plugin.cards import SEATS, Card, Seat, Side, Suit
from td_plugin.contract import Contract
from td_plugin.deal import SUIT_MASKS, Deal, Hand
from td_plugin.laws.consistency import effective_contract
from td_plugin.messages import Msg, seat_name
from td_plugin.play import Play, PlayedCard, holdings_before, replay
from td_plugin.rulings import (AssignedResult, Attention, Clause, Finding, FindingKind,
                               ReviewContext, Ruling)
from td_plugin.scoring import score_ns
from td_plugin.sources import RecordChange

__all__ = ["RevokeKind", "PenaltyCard", "LeadRestriction", "Revoke", "Establishment",
           "Tally", "Assessment", "DATA_KEYS", "detect_revokes", "establishment",
           "tally", "automatic_transfer", "assess_revokes", "equity_check",
           "review_revokes", "revoke_change", "render_revoke_text", "table_tricks"]

#: The keys of a revoke finding's ``data``.
DATA_KEYS = ("offender", "trick", "suit_led", "card", "established", "transfer",
             "transfer_if_timely", "exception", "declarer_tricks", "adjusted_declarer_tricks",
             "score_ns", "adjusted_score_ns", "equity")


class RevokeKind(enum.Enum):
    """What the offender failed to play (61A)."""

    FOLLOW_SUIT = "follow_suit"  # a card of the suit led (Law 44)
    PENALTY_CARD = "penalty_card"  # a major penalty card (Law 50D1)
    LEAD_RESTRICTION = "lead_restriction"  # a lead required or prohibited by an opponent


@dataclass(frozen=True)
class PenaltyCard:
    """A major penalty card of ``seat`` on the table from the start of trick ``trick``:
    it must be played at the first legal opportunity (Law 50D1)."""

    seat: Seat
    card: Card
    trick: int = 1


@dataclass(frozen=True)
class LeadRestriction:
    """When ``seat`` leads to trick ``trick`` he must lead ``suit`` (or, ``prohibited``,
    must not), an opponent having so chosen in rectification of an irregularity."""

    seat: Seat
    trick: int
    suit: Suit
    prohibited: bool = False


Obligation = PenaltyCard | LeadRestriction


@dataclass(frozen=True)
class Revoke:
    """A revoke found in the play: ``offender`` played ``card`` at ``position`` (0-based)
    of trick ``trick`` (1-based) while holding ``held``, the cards he was obliged to
    choose from. ``by_dummy``: the card came from dummy (declarer plays dummy's cards).
    ``marked``: the record marks the card as a revoke (PBN ``^R``)."""

    offender: Seat
    trick: int
    position: int
    suit_led: Suit
    card: Card
    held: tuple[Card, ...]
    kind: RevokeKind = RevokeKind.FOLLOW_SUIT
    by_dummy: bool = False
    marked: bool = False

    @property
    def side(self) -> Side:
        return self.offender.side


class Establishment(enum.Enum):
    """How a revoke became established, by clause; ``NOT`` = corrected under Law 62."""

    NEXT_TRICK = "63A1"
    CLAIM = "63A3"
    NOT = "62A"

    @property
    def established(self) -> bool:
        return self is not Establishment.NOT


# -- 1. detection ----------------------------------------------------------------------

def _legal(card: Card, mask: int, led: Suit | None) -> bool:
    """Whether ``card`` may be played by a hand ``mask`` to a trick led in ``led``
    (None: he is leading)."""
    return led is None or card.suit is led or not mask & SUIT_MASKS[led]


def detect_revokes(deal: Deal, play: Play, declarer: Seat | None = None,
                   obligations: Iterable[Obligation] = ()) -> list[Revoke]:
    """Every revoke in ``play`` in played order. Hands the deal does not know are not
    checked; cards their player does not hold are skipped (see `replay`)."""
    dummy = declarer.partner if declarer is not None else None
    masks = [None if deal.hands[s] is None else deal.hands[s].mask for s in SEATS]
    penalties: list[list[PenaltyCard]] = [[], [], [], []]
    restrictions: dict[tuple[int, int], LeadRestriction] = {}
    for ob in obligations:
        if isinstance(ob, PenaltyCard):
            penalties[ob.seat.index].append(ob)
        else:
            restrictions[(ob.trick, ob.seat.index)] = ob
    obliged = bool(restrictions) or any(penalties)
    out: list[Revoke] = []
    for n, trick in enumerate(play.tricks, 1):
        cards = trick.cards
        if not cards:
            continue
        led = cards[0].card.suit
        led_mask = SUIT_MASKS[led]
        for i, pc in enumerate(cards):
            k = pc.seat.index
            mask = masks[k]
            bit = 1 << pc.card.index
            if mask is None or not mask & bit:
                continue
            masks[k] = mask ^ bit
            found: tuple[Card, ...] | None = None
            if obliged:
                found, kind = _obligation_revoke(penalties[k], restrictions.get((n, k)), n, i,
                                                 pc.card, mask, led)
            if found is None and i and mask & led_mask and pc.card.suit is not led:
                found, kind = tuple(Hand(mask=mask & led_mask)), RevokeKind.FOLLOW_SUIT
            if found is not None:
                out.append(Revoke(pc.seat, n, i, led, pc.card, found, kind,
                                  by_dummy=pc.seat is dummy, marked=pc.marker == "R"))
    return out


def _obligation_revoke(penalties: list[PenaltyCard], restriction: LeadRestriction | None,
                       trick: int, position: int, card: Card, mask: int, led: Suit
                       ) -> tuple[tuple[Card, ...] | None, RevokeKind]:
    """A revoke against a penalty card, else (leading) against a lead restriction: the
    cards the player had to choose from and the kind, or None."""
    if penalties:
        found = _penalty_revoke(penalties, trick, card, mask, None if position == 0 else led)
        if found is not None:
            return found, RevokeKind.PENALTY_CARD
    if position == 0 and restriction is not None:
        found = _restriction_revoke(restriction, card, mask)
        if found is not None:
            return found, RevokeKind.LEAD_RESTRICTION
    return None, RevokeKind.FOLLOW_SUIT


def _penalty_revoke(pending: Iterable[PenaltyCard], trick: int, card: Card, mask: int,
                    led: Suit | None) -> tuple[Card, ...] | None:
    on_table = [p.card for p in pending if p.trick <= trick and mask >> p.card.index & 1]
    if not on_table or card in on_table:
        return None
    due = tuple(c for c in on_table if _legal(c, mask, led))
    return due or None


def _restriction_revoke(rule: LeadRestriction, card: Card, mask: int) -> tuple[Card, ...] | None:
    suit_mask = SUIT_MASKS[rule.suit]
    if rule.prohibited:
        others = mask & ~suit_mask
        return tuple(Hand(mask=others)) if card.suit is rule.suit and others else None
    return tuple(Hand(mask=mask & suit_mask)) if card.suit is not rule.suit and mask & suit_mask \
        else None


# -- 2. establishment ------------------------------------------------------------------

def establishment(revoke: Revoke, play: Play) -> Establishment:
    """63A: established once the offender or partner has played to the next trick, or by
    the claim or concession that ended the play; else not established (62A)."""
    if revoke.trick < len(play.tricks):
        following = play.tricks[revoke.trick]
        if any(pc.seat.side is revoke.side for pc in following.cards):
            return Establishment.NEXT_TRICK
    if play.claimed:
        return Establishment.CLAIM
    return Establishment.NOT


# -- 3. tricks won ---------------------------------------------------------------------

@dataclass(frozen=True)
class Tally:
    """Who won each recorded trick (None: the trick is incomplete) and the tricks after
    the record that the result credits to each side (a claim or an incomplete record)."""

    winners: tuple[Seat | None, ...]
    credit: Mapping[Side, int]

    def winner(self, trick: int) -> Seat | None:
        return self.winners[trick - 1] if 1 <= trick <= len(self.winners) else None

    def won_before(self, side: Side, trick: int) -> int:
        """Tricks ``side`` won among tricks 1 .. trick-1."""
        return sum(1 for w in self.winners[:trick - 1] if w is not None and w.side is side)

    def won_between(self, side: Side, first: int, last: int) -> int:
        """Recorded tricks ``side`` won among tricks first .. last."""
        return sum(1 for w in self.winners[first - 1:last] if w is not None and w.side is side)

    def won_from(self, side: Side, trick: int) -> int:
        """Tricks ``side`` won from trick ``trick`` on, credited tricks included."""
        shown = sum(1 for w in self.winners[trick - 1:] if w is not None and w.side is side)
        return shown + self.credit.get(side, 0)


def table_tricks(record: BoardRecord, contract: Contract | None = None) -> int | None:
    """Declarer's tricks at the table: the recorded result, else those of a complete play,
    else those a claim gave declarer."""
    if record.declarer_tricks is not None:
        return record.declarer_tricks
    contract = contract or effective_contract(record)
    play = record.play
    if play is None or contract is None or contract.declarer is None or contract.strain is None:
        return None
    if play.complete_tricks == 13:
        return play.tricks_won(contract.strain.suit)[contract.declarer.side]
    return play.claim_declarer_tricks


def tally(play: Play, trump: Suit | None, declarer: Seat | None,
          declarer_tricks: int | None) -> Tally:
    """The `Tally` of a play. Tricks missing from the record are credited when the result
    says how they went: declarer's share is the result less declarer's recorded tricks;
    an impossible share (the result does not fit the record) credits nothing."""
    winners: list[Seat | None] = [t.winner(trump) if t.is_complete else None
                                  for t in play.tricks]
    credit = {Side.NS: 0, Side.EW: 0}
    missing = 13 - sum(1 for w in winners if w is not None)
    if missing and declarer is not None and declarer_tricks is not None:
        side = declarer.side
        ours = declarer_tricks - sum(1 for w in winners if w is not None and w.side is side)
        if 0 <= ours <= missing:
            credit[declarer.side] = ours
            credit[declarer.side.other] = missing - ours
    return Tally(tuple(winners), credit)


def automatic_transfer(revoke: Revoke, counts: Tally) -> tuple[str, int]:
    """64A for one established revoke, before any exception other than 64B1:
    ``("64A1", 1 or 2)``, ``("64A2", 1)`` or ``("64B1", 0)``."""
    side = revoke.side
    if counts.won_from(side, revoke.trick) == 0:
        return "64B1", 0
    if counts.winner(revoke.trick) is revoke.offender:
        return "64A1", 1 + (1 if counts.won_from(side, revoke.trick + 1) else 0)
    return "64A2", 1


# -- 4. assessment ---------------------------------------------------------------------

@dataclass(frozen=True)
class Assessment:
    """One revoke judged: how it was established, the 64A clause and amount had
    attention been drawn in time, the exceptions that hold (first = reported), and the
    tricks transferred under the context."""

    revoke: Revoke
    establishment: Establishment
    clause_64a: str | None  # "64A1" / "64A2" / None
    transfer_if_timely: int
    exceptions: tuple[str, ...]
    transfer: int

    @property
    def exception(self) -> str | None:
        return self.exceptions[0] if self.exceptions else None

    @property
    def law(self) -> str:
        """The deciding clause."""
        if self.exception is not None:
            return self.exception
        if not self.establishment.established:
            return "62A"
        return self.clause_64a or "64A2"


def _corrected_62c3(revokes: Sequence[Revoke], play: Play) -> set[int]:
    """Indices of revokes corrected under 62C3: both sides revoked on one trick and the
    record stops when only one side had played to the next trick."""
    out: set[int] = set()
    for k in {r.trick for r in revokes}:
        on_trick = [i for i, r in enumerate(revokes) if r.trick == k]
        if len({revokes[i].side for i in on_trick}) < 2 or play.claimed:
            continue
        if k + 1 == len(play.tricks) and len({pc.seat.side for pc in play.tricks[k].cards}) == 1:
            out.update(on_trick)
    return out


def assess_revokes(revokes: Sequence[Revoke], play: Play, counts: Tally,
                   attention: Attention = Attention.AFTER_ROUND) -> list[Assessment]:
    """Establishment, 64A and 64B for each revoke of one board (see the module text)."""
    est = [establishment(r, play) for r in revokes]
    b8 = _corrected_62c3(revokes, play)
    sides_established = {r.side for i, r in enumerate(revokes)
                         if est[i].established and i not in b8}
    out: list[Assessment] = []
    for i, r in enumerate(revokes):
        if i in b8:
            out.append(Assessment(r, est[i], None, 0, ("64B8",), 0))
            continue
        if not est[i].established:
            out.append(Assessment(r, est[i], None, 0, (), 0))
            continue
        clause, amount = automatic_transfer(r, counts)
        inherent: list[str] = []
        if r.trick == 12:
            inherent.append("64B6")
        if r.by_dummy or r.kind is RevokeKind.PENALTY_CARD:
            inherent.append("64B3")
        if len(sides_established) == 2:
            inherent.append("64B7")
        if any(p.offender is r.offender and p.suit_led is r.suit_led and est[j].established
               and j not in b8 for j, p in enumerate(revokes[:i])):
            inherent.append("64B2")
        if amount == 0:
            inherent.append("64B1")
        timely = 0 if inherent else amount
        timing = {Attention.AFTER_NEXT_DEAL_CALLED: "64B4",
                  Attention.AFTER_ROUND: "64B5"}.get(attention)
        exceptions = tuple(inherent) + ((timing,) if timing else ())
        out.append(Assessment(r, est[i], clause if amount else None, timely, exceptions,
                              0 if timing else timely))
    return out


def _applied_total(assessments: Sequence[Assessment], counts: Tally) -> tuple[int, int, int | None]:
    """(tricks transferred for the board, the sum before the cap, the cap or None)."""
    giving = [a for a in assessments if a.transfer]
    total = sum(a.transfer for a in giving)
    if not giving:
        return 0, 0, None
    first = min(giving, key=lambda a: (a.revoke.trick, a.revoke.position))
    cap = counts.won_from(first.revoke.side, first.revoke.trick)
    return min(total, cap), total, cap


# -- 5. equity (64C) -------------------------------------------------------------------

def _position(deal: Deal, play: Play, revoke: Revoke, trump: Suit | None) -> dd.Position:
    trick = play.tricks[revoke.trick - 1]
    hands = holdings_before(deal, play, revoke.trick, revoke.position)
    return dd.Position(hands, trick.leader,
                       tuple(pc.card for pc in trick.cards[:revoke.position]), trump)


def _allowed(revoke: Revoke) -> tuple[Card, ...] | None:
    """The cards the offender had to choose from; None = any card that follows suit."""
    return None if revoke.kind is RevokeKind.FOLLOW_SUIT else revoke.held


def equity_check(deal: Deal, play: Play, revoke: Revoke, contract: Contract,
                 counts: Tally, prior: tuple[int, int] | None, adjusted_tricks: int | None,
                 vulnerable: bool | None, neither: bool = False,
                 repeated: bool = False) -> dict[str, Any]:
    """The 64C figures for one revoke (JSON values).

    ``prior``: (tricks, first trick) of the automatic transfers of earlier revokes of the
    same offending side, which the non-offending side keeps in the outcome measured here
    (64C2(a)) — at most as many as the offending side would still have won from the first
    of those revokes on; ``adjusted_tricks``: declarer's table tricks with the
    board's automatic transfers; ``neither``: the 64B7 question (both sides revoked),
    answered from just before ``revoke``, the board's first; ``repeated``: a later revoke
    by the same player in the same suit (64B2), judged under 64C2(a).

    Keys: ``available``, ``clause`` (64C1, 64C2(a) or 64C2(b)), ``trick``, ``seat`` (who
    plays), ``best_card`` (the offending side's best card he could legally have played),
    ``nos`` (None after 64B7), ``nos_tricks_before``, ``nos_tricks_double_dummy`` (from the
    revoke trick on), ``prior_transfer``, ``equity_declarer_tricks``,
    ``table_declarer_tricks`` (with the automatic transfers), ``insufficient`` (None when
    the table result is unknown or after 64B7) and ``proposal`` (None, or
    ``{"declarer_tricks", "score_ns"}``: the assigned result, replacing the transfer).
    """
    if not deal.is_complete:
        return {"available": False, "reason": "deal_incomplete"}
    if not dd.HAVE_DDS:
        return dd.unavailable()
    position = _position(deal, play, revoke, contract.strain.suit)
    try:
        best, card = dd.solve_best(position, _allowed(revoke))
    except dd.DoubleDummyUnavailable:  # installed, but it cannot be imported
        return dd.unavailable()
    except ValueError as exc:
        return {"available": False, "reason": str(exc)}
    left = position.tricks_left
    declarer = contract.declarer
    os_side, nos_side = revoke.side, revoke.side.other
    nos_before = counts.won_before(nos_side, revoke.trick)
    nos_dd = left - best
    prior_transfer = 0
    if prior is not None and not neither:
        still_won = counts.won_between(os_side, prior[1], revoke.trick - 1) + best
        prior_transfer = min(prior[0], still_won)
    nos_equity = nos_before + nos_dd + prior_transfer
    decl_equity = nos_equity if declarer.side is nos_side else 13 - nos_equity
    if neither:
        clause = "64C2(b)"
        insufficient = None
        propose = adjusted_tricks is None or decl_equity != adjusted_tricks
    else:
        clause = "64C2(a)" if repeated else "64C1"
        if adjusted_tricks is None:
            insufficient = None
        else:
            nos_table = adjusted_tricks if declarer.side is nos_side else 13 - adjusted_tricks
            insufficient = nos_equity > nos_table
        propose = bool(insufficient)
    proposal = None
    if propose:
        score = None if vulnerable is None else score_ns(contract, decl_equity, vulnerable)
        proposal = {"declarer_tricks": decl_equity, "score_ns": score}
    return {"available": True, "clause": clause, "trick": revoke.trick,
            "seat": revoke.offender.value, "best_card": card.pbn(),
            "nos": None if neither else nos_side.value,
            "nos_tricks_before": nos_before, "nos_tricks_double_dummy": nos_dd,
            "prior_transfer": prior_transfer,
            "equity_declarer_tricks": decl_equity, "table_declarer_tricks": adjusted_tricks,
            "insufficient": insufficient, "proposal": proposal}


# -- messages --------------------------------------------------------------------------

messages.register("en", {
    "revoke.suit.S": "spades", "revoke.suit.H": "hearts", "revoke.suit.D": "diamonds",
    "revoke.suit.C": "clubs",
    "revoke.rank.A": "A", "revoke.rank.K": "K", "revoke.rank.Q": "Q", "revoke.rank.J": "J",
    "revoke.card": "{suit}{rank}",
    "revoke.finding": "Revoke by {offender} at trick {trick}: {card} to a trick led in {suit} "
                      "while holding {held} ({law}).",
    "revoke.finding.dummy": "Revoke by dummy ({offender}) at trick {trick}: {card} to a trick "
                            "led in {suit} while dummy held {held} ({law}).",
    "revoke.finding.penalty_card": "Revoke by {offender} at trick {trick}: {card} played "
                                   "instead of the penalty card {held} ({law}).",
    "revoke.finding.lead_restriction": "Revoke by {offender} at trick {trick}: {card} led "
                                       "against the lead restriction ({law}).",
    "revoke.ruling": "{found} {established}{decision}{result}{cap}{equity}",
    "revoke.spaced": " {text}",
    "revoke.found": "{offender} revoked at trick {trick}: {card} was played to a trick led "
                    "in {suit} while {offender} held {held} (Law 61A).",
    "revoke.found.dummy": "Dummy ({offender}) revoked at trick {trick}: {card} was played "
                          "from dummy to a trick led in {suit} while dummy held {held} "
                          "(Law 61A).",
    "revoke.found.penalty_card": "{offender} revoked at trick {trick}: {card} was played "
                                 "while the major penalty card {held} had to be played "
                                 "(Laws 50D1, 61A).",
    "revoke.found.lead_restriction": "{offender} revoked at trick {trick}: {card} was led "
                                     "against the lead restriction an opponent had chosen, "
                                     "holding {held} (Law 61A).",
    "revoke.established.next_trick": "The revoke was established when {by} played to trick "
                                     "{next} (Law 63A1).",
    "revoke.established.claim": "The revoke was established by the claim or concession that "
                                "ended the play (Laws 63A3, 63A4).",
    "revoke.not_established": "The record ends before the offending side played to the next "
                              "trick, so the revoke was not established: it must be corrected "
                              "(Laws 62A, 62B) and no trick is transferred.",
    "revoke.established.62c3": "The revoke was not established.",
    "revoke.decision.64A1.2": "The offender won the revoke trick and the offending side won a "
                              "later trick: two tricks are transferred to {nos} (Law 64A1).",
    "revoke.decision.64A1.1": "The offender won the revoke trick and the offending side won no "
                              "later trick: one trick is transferred to {nos} (Law 64A1).",
    "revoke.decision.64A2": "The offender did not win the revoke trick, but the offending side "
                            "won that trick or a later one: one trick is transferred to {nos} "
                            "(Law 64A2).",
    "revoke.decision.64B1": "The offending side won neither the revoke trick nor any later "
                            "trick: no trick is transferred (Law 64B1).",
    "revoke.decision.64B2": "This is a later revoke in {suit} by {offender}, the first having "
                            "been established: no automatic transfer (Law 64B2); the Director "
                            "restores equity measured from after the first revoke (Law 64C2(a)).",
    "revoke.decision.64B3.dummy": "The revoke was a failure to play a card belonging to "
                                  "dummy: no automatic transfer (Law 64B3).",
    "revoke.decision.64B3.penalty_card": "The revoke was a failure to play a penalty card: "
                                         "no automatic transfer (Law 64B3).",
    "revoke.decision.64B4": "Attention was first drawn to the revoke after a member of the "
                            "non-offending side had called on the next deal: no automatic "
                            "transfer (Law 64B4).{timely}",
    "revoke.decision.64B5": "Attention was first drawn to the revoke after the round had "
                            "ended: no automatic transfer (Law 64B5).{timely}",
    "revoke.decision.64B6": "The revoke was on trick 12: it must be corrected if found before "
                            "all four hands are returned to the board (Law 62D1); there is no "
                            "automatic transfer (Law 64B6).",
    "revoke.decision.64B7": "Both sides revoked on this board and both revokes were "
                            "established: no automatic transfer (Law 64B7); the Director "
                            "assigns the likely result had neither revoke occurred "
                            "(Law 64C2(b)).",
    "revoke.decision.64B8": "Both sides revoked on trick {trick} and only one side had played "
                            "to the next trick: both revokes are corrected (Law 62C3), with no "
                            "automatic transfer (Law 64B8).",
    "revoke.timely.1": " Had attention been drawn in time, one trick would have been "
                       "transferred (Law {law}).",
    "revoke.timely.2": " Had attention been drawn in time, two tricks would have been "
                       "transferred (Law {law}).",
    "revoke.result": " With the transfers of this board declarer is credited with {adjusted} "
                     "tricks instead of {tricks}: {score} for North-South.",
    "revoke.cap": " Together the revokes of this board would transfer {total} tricks, more "
                  "than the {cap} the offending side won from the first of them on: {cap} are "
                  "transferred, for the Director to check (Law 64A).",
    "revoke.equity.insufficient": " Double dummy from just before the revoke, with {offender} "
                                  "playing a legal card, declarer would take {equity} tricks; "
                                  "the table result after any automatic transfer gives "
                                  "{table}. The non-offending side is not sufficiently "
                                  "compensated: the Director should assign {equity} tricks "
                                  "({score} for North-South), which replaces the automatic "
                                  "transfer (Law {clause}).",
    "revoke.equity.sufficient": " Double dummy from just before the revoke, with {offender} "
                                "playing a legal card, declarer would take {equity} tricks; "
                                "the table result after any automatic transfer gives "
                                "{table}, so the non-offending side is sufficiently "
                                "compensated (Law {clause}).",
    "revoke.equity.unknown": " Double dummy from just before the revoke, with {offender} "
                             "playing a legal card, declarer would take {equity} tricks "
                             "(Law {clause}).",
    "revoke.equity.neither": " Double dummy as if neither revoke had occurred, declarer would "
                             "take {equity} tricks ({score} for North-South) (Law 64C2(b)).",
    "revoke.equity.unavailable": " The double-dummy check of Law 64C is not available: "
                                 "install it with {how}.",
    "revoke.marker_mismatch.unmarked": "Trick {trick}: {seat} revoked with {card}, but the "
                                       "record does not mark the card as a revoke (Law 61A).",
    "revoke.marker_mismatch.spurious": "Trick {trick}: the record marks {card} of {seat} as a "
                                       "revoke, but it is not one (Law 61A).",
})
messages.register("da", {
    "revoke.suit.S": "spar", "revoke.suit.H": "hjerter", "revoke.suit.D": "ruder",
    "revoke.suit.C": "klør",
    "revoke.rank.A": "E", "revoke.rank.K": "K", "revoke.rank.Q": "D", "revoke.rank.J": "B",
    "revoke.card": "{suit}{rank}",
    "revoke.finding": "Kulørsvigt af {offender} i stik {trick}: {card} til et stik i {suit} "
                      "med {held} på hånden ({law}).",
    "revoke.finding.dummy": "Kulørsvigt af blindemanden ({offender}) i stik {trick}: {card} "
                            "til et stik i {suit}, mens bordet havde {held} ({law}).",
    "revoke.finding.penalty_card": "Kulørsvigt af {offender} i stik {trick}: {card} spillet i "
                                   "stedet for strafkortet {held} ({law}).",
    "revoke.finding.lead_restriction": "Kulørsvigt af {offender} i stik {trick}: {card} spillet "
                                       "ud i strid med udspilsbegrænsningen ({law}).",
    "revoke.ruling": "{found} {established}{decision}{result}{cap}{equity}",
    "revoke.spaced": " {text}",
    "revoke.found": "{offender} svigtede kulør i stik {trick}: {card} blev spillet til et stik "
                    "i {suit}, selv om {offender} havde {held} (§ 61A).",
    "revoke.found.dummy": "Blindemanden ({offender}) svigtede kulør i stik {trick}: {card} blev "
                          "spillet fra bordet til et stik i {suit}, selv om bordet havde "
                          "{held} (§ 61A).",
    "revoke.found.penalty_card": "{offender} svigtede i stik {trick}: {card} blev spillet, "
                                 "selv om det store strafkort {held} skulle spilles "
                                 "(§ 50D1, § 61A).",
    "revoke.found.lead_restriction": "{offender} svigtede i stik {trick}: {card} blev spillet "
                                     "ud i strid med den udspilsbegrænsning, en modstander "
                                     "havde valgt, med {held} på hånden (§ 61A).",
    "revoke.established.next_trick": "Kulørsvigten blev etableret, da {by} spillede til stik "
                                     "{next} (§ 63A1).",
    "revoke.established.claim": "Kulørsvigten blev etableret ved det krav eller afkald, der "
                                "afsluttede spillet (§ 63A3, § 63A4).",
    "revoke.not_established": "Noteringen slutter, før den fejlende side spillede til næste "
                              "stik, så kulørsvigten er ikke etableret: den skal rettes "
                              "(§ 62A, § 62B), og der overføres ingen stik.",
    "revoke.established.62c3": "Kulørsvigten blev ikke etableret.",
    "revoke.decision.64A1.2": "Den fejlende spiller vandt det svigtede stik, og den fejlende "
                              "side vandt et senere stik: to stik overføres til {nos} (§ 64A1).",
    "revoke.decision.64A1.1": "Den fejlende spiller vandt det svigtede stik, og den fejlende "
                              "side vandt ikke flere stik: ét stik overføres til {nos} "
                              "(§ 64A1).",
    "revoke.decision.64A2": "Den fejlende spiller vandt ikke det svigtede stik, men den "
                            "fejlende side vandt det eller et senere stik: ét stik overføres "
                            "til {nos} (§ 64A2).",
    "revoke.decision.64B1": "Den fejlende side vandt hverken det svigtede stik eller senere "
                            "stik: ingen stik overføres (§ 64B1).",
    "revoke.decision.64B2": "Det er en senere kulørsvigt i {suit} af {offender}, og den første "
                            "er etableret: ingen automatisk overførsel (§ 64B2); TL "
                            "genopretter retfærdigheden målt fra efter den første "
                            "kulørsvigt (§ 64C2(a)).",
    "revoke.decision.64B3.dummy": "Kulørsvigten kunne være undgået med et kort fra bordet: "
                                  "ingen automatisk overførsel (§ 64B3).",
    "revoke.decision.64B3.penalty_card": "Kulørsvigten bestod i ikke at spille et strafkort: "
                                         "ingen automatisk overførsel (§ 64B3).",
    "revoke.decision.64B4": "Opmærksomheden blev først henledt på kulørsvigten, efter at en "
                            "spiller fra den ikke-fejlende side havde meldt i næste spil: "
                            "ingen automatisk overførsel (§ 64B4).{timely}",
    "revoke.decision.64B5": "Opmærksomheden blev først henledt på kulørsvigten, efter at "
                            "runden var slut: ingen automatisk overførsel (§ 64B5).{timely}",
    "revoke.decision.64B6": "Kulørsvigten skete i stik 12: den skal rettes, hvis den opdages, "
                            "før alle fire hænder er lagt i mappen (§ 62D1); der sker ingen "
                            "automatisk overførsel (§ 64B6).",
    "revoke.decision.64B7": "Begge sider har svigtet kulør i dette spil, og begge "
                            "kulørsvigt er etablerede: ingen automatisk overførsel (§ 64B7); "
                            "TL tildeler det sandsynlige resultat, hvis ingen af dem var sket "
                            "(§ 64C2(b)).",
    "revoke.decision.64B8": "Begge sider svigtede kulør i stik {trick}, og kun den ene side "
                            "havde spillet til næste stik: begge kulørsvigt rettes (§ 62C3), "
                            "og der sker ingen automatisk overførsel (§ 64B8).",
    "revoke.timely.1": " Var opmærksomheden henledt i tide, var ét stik blevet overført "
                       "(§ {law}).",
    "revoke.timely.2": " Var opmærksomheden henledt i tide, var to stik blevet overført "
                       "(§ {law}).",
    "revoke.result": " Med spillets overførsler får spilfører {adjusted} stik i stedet for "
                     "{tricks}: {score} til Nord-Syd.",
    "revoke.cap": " Tilsammen ville spillets kulørsvigt overføre {total} stik, flere end de "
                  "{cap}, den fejlende side vandt fra den første af dem: der overføres {cap}, "
                  "som TL bør kontrollere (§ 64A).",
    "revoke.equity.insufficient": " Med dobbelt dummy fra lige før kulørsvigten, hvor "
                                  "{offender} spiller et lovligt kort, ville spilfører tage "
                                  "{equity} stik; bordresultatet efter en eventuel automatisk "
                                  "overførsel giver {table}. Den ikke-fejlende side er ikke "
                                  "tilstrækkeligt kompenseret: TL bør tildele {equity} stik "
                                  "({score} til Nord-Syd), som "
                                  "erstatter den automatiske overførsel (§ {clause}).",
    "revoke.equity.sufficient": " Med dobbelt dummy fra lige før kulørsvigten, hvor "
                                "{offender} spiller et lovligt kort, ville spilfører tage "
                                "{equity} stik; bordresultatet efter en eventuel automatisk "
                                "overførsel giver {table}, så den ikke-fejlende side er "
                                "tilstrækkeligt kompenseret (§ {clause}).",
    "revoke.equity.unknown": " Med dobbelt dummy fra lige før kulørsvigten, hvor {offender} "
                             "spiller et lovligt kort, ville spilfører tage {equity} stik "
                             "(§ {clause}).",
    "revoke.equity.neither": " Med dobbelt dummy, som om ingen af kulørsvigtene var sket, "
                             "ville spilfører tage {equity} stik ({score} til Nord-Syd) "
                             "(§ 64C2(b)).",
    "revoke.equity.unavailable": " Kontrollen efter § 64C med dobbelt dummy er ikke "
                                 "tilgængelig: installer den med {how}.",
    "revoke.marker_mismatch.unmarked": "Stik {trick}: {seat} svigtede kulør med {card}, men "
                                       "noteringen markerer ikke kortet som kulørsvigt (§ 61A).",
    "revoke.marker_mismatch.spurious": "Stik {trick}: noteringen markerer {card} fra {seat} "
                                       "som kulørsvigt, men det er det ikke (§ 61A).",
})


def _card(card: Card) -> Msg:
    rank = card.rank.pbn()
    rank_text: Any = Msg(f"revoke.rank.{rank}") if rank in "AKQJ" else (
        "10" if rank == "T" else rank)
    return Msg("revoke.card", {"suit": card.suit.symbol, "rank": rank_text})


def _law(law: str) -> Msg:
    return Msg("revoke.law", {"law": law})


messages.register("en", {"revoke.law": "Law {law}"})
messages.register("da", {"revoke.law": "§ {law}"})


def render_revoke_text(item: Finding | Ruling, lang: str = "en") -> str:
    """The ruling text of a revoke finding (or of a revoke ruling) in ``lang``."""
    ruling = item.ruling if isinstance(item, Finding) else item
    if ruling is None:
        return messages.render(item.key, item.params, lang)  # type: ignore[union-attr]
    return messages.render(ruling.key, ruling.params, lang)


# -- 6. the audit entry point ----------------------------------------------------------

def review_revokes(record: BoardRecord, context: ReviewContext | None = None, *,
                   obligations: Iterable[Obligation] = ()) -> list[Finding]:
    """Every revoke of one record as a `Finding` (kind ``revoke``), plus
    ``revoke_marker_mismatch`` findings where the record's ``^R`` markers disagree with
    detection. Nothing when the record's play does not replay cleanly against its deal
    (the consistency check reports those cards), or when the contract is unknown.
    ``obligations``: penalty cards and lead restrictions the Director knows of."""
    context = context or ReviewContext()
    play, deal = record.play, record.deal
    contract = effective_contract(record)
    if (play is None or deal is None or not play.tricks or contract is None
            or contract.is_passed_out or contract.declarer is None or contract.strain is None):
        return []
    trump = contract.strain.suit
    obligations = tuple(obligations)
    walk = replay(deal, play, trump)  # the consistency check walked the same play
    if not (walk.show_out_holding or walk.marked or obligations):
        return []  # the usual record: nothing to report, whether or not it replays cleanly
    revokes = detect_revokes(deal, play, contract.declarer, obligations)
    marked = _marked(play) if walk.marked else {}
    if not revokes and not marked:
        return []
    if walk.problems:
        return []
    out = _marker_mismatches(record, marked, revokes)
    if not revokes:
        return out
    tricks = table_tricks(record, contract)
    counts = tally(play, trump, contract.declarer, tricks)
    assessed = assess_revokes(revokes, play, counts, context.attention)
    total, uncapped, cap = _applied_total(assessed, counts)
    declarer_side = contract.declarer.side
    nos_gain = 0
    if total:
        os_side = next(a.revoke.side for a in assessed if a.transfer)
        nos_gain = total if os_side is not declarer_side else -total
    adjusted = None if tricks is None else max(0, min(13, tricks + nos_gain))
    vul = (None if record.vulnerability is None
           else record.vulnerability.is_vulnerable(contract.declarer))
    table_score = record.score_ns
    if table_score is None and tricks is not None and vul is not None:
        table_score = score_ns(contract, tricks, vul)
    if adjusted is None or vul is None:
        adjusted_score = None
    else:
        adjusted_score = table_score if adjusted == tricks else score_ns(contract, adjusted, vul)

    equities = _equities(context, deal, play, contract, counts, assessed, adjusted, vul)
    for a, eq in zip(assessed, equities):
        data = {
            "offender": a.revoke.offender.value, "trick": a.revoke.trick,
            "suit_led": a.revoke.suit_led.value, "card": a.revoke.card.pbn(),
            "established": a.establishment.established, "transfer": a.transfer,
            "transfer_if_timely": a.transfer_if_timely, "exception": a.exception,
            "declarer_tricks": tricks, "adjusted_declarer_tricks": adjusted,
            "score_ns": table_score, "adjusted_score_ns": adjusted_score, "equity": eq,
        }
        cap_note = (uncapped, cap) if cap is not None and uncapped > cap and a.transfer else None
        ruling = _ruling(a, play, contract, data, cap_note)
        finding = Finding(kind=FindingKind.REVOKE, key=_finding_key(a.revoke),
                          params=_revoke_params(a.revoke) | {"law": _law(a.law)},
                          law=a.law, board=_board(record), record=record.location.record,
                          path=record.location.path, line=record.location.line,
                          ruling=ruling, data=data, seat=a.revoke.offender)
        out.append(replace(finding, change=revoke_change(finding)))
    return out


def _board(record: BoardRecord) -> int | None:
    return record.board if record.board is not None else record.location.board


def _finding_key(revoke: Revoke) -> str:
    if revoke.by_dummy and revoke.kind is RevokeKind.FOLLOW_SUIT:
        return "revoke.finding.dummy"
    if revoke.kind is RevokeKind.FOLLOW_SUIT:
        return "revoke.finding"
    return f"revoke.finding.{revoke.kind.value}"


def _revoke_params(revoke: Revoke) -> dict[str, Any]:
    return {"offender": seat_name(revoke.offender), "trick": revoke.trick,
            "card": _card(revoke.card), "suit": Msg(f"revoke.suit.{revoke.suit_led.value}"),
            "held": _card(revoke.held[-1])}


def _equities(context: ReviewContext, deal: Deal, play: Play, contract: Contract,
              counts: Tally, assessed: Sequence[Assessment], adjusted: int | None,
              vul: bool | None) -> list[dict[str, Any] | None]:
    """The 64C figures of each assessed revoke (None where 64C does not apply)."""
    out: list[dict[str, Any] | None] = []
    neither_cache: dict[str, Any] | None = None
    established = [a for a in assessed if a.establishment.established or a.exception == "64B8"]
    for a in assessed:
        if not context.equity or a not in established:
            out.append(None)
            continue
        if "64B7" in a.exceptions:
            if neither_cache is None:
                first = min((b for b in established if "64B7" in b.exceptions),
                            key=lambda b: (b.revoke.trick, b.revoke.position))
                neither_cache = equity_check(deal, play, first.revoke, contract, counts, None,
                                             adjusted, vul, neither=True)
            out.append(neither_cache)
            continue
        earlier = [b for b in assessed if b.transfer and b.revoke.side is a.revoke.side
                   and (b.revoke.trick, b.revoke.position) < (a.revoke.trick, a.revoke.position)]
        prior = (sum(b.transfer for b in earlier), earlier[0].revoke.trick) if earlier else None
        out.append(equity_check(deal, play, a.revoke, contract, counts, prior, adjusted, vul,
                                repeated="64B2" in a.exceptions))
    return out


def _ruling(a: Assessment, play: Play, contract: Contract, data: Mapping[str, Any],
            cap_note: tuple[int, int] | None) -> Ruling:
    r = a.revoke
    facts = {"offender": r.offender.value, "trick": r.trick, "suit_led": r.suit_led.value,
             "card": r.card.pbn(), "held": [c.pbn() for c in r.held], "kind": r.kind.value,
             "by_dummy": r.by_dummy}
    params = _revoke_params(r)
    clauses = [Clause("61A", _found_key(r), facts, params)]
    found = Msg(_found_key(r), params)
    est = a.establishment
    if est is Establishment.NEXT_TRICK:
        following = play.tricks[r.trick]
        by = next(pc.seat for pc in following.cards if pc.seat.side is r.side)
        clauses.append(Clause("63A1", "revoke.established.next_trick",
                              {"by": by.value, "trick": r.trick + 1},
                              {"by": seat_name(by), "next": r.trick + 1}))
        established: Any = Msg("revoke.established.next_trick",
                               {"by": seat_name(by), "next": r.trick + 1})
    elif est is Establishment.CLAIM:
        clauses.append(Clause("63A3", "revoke.established.claim", {}))
        established = Msg("revoke.established.claim")
    elif a.exception == "64B8":
        established = Msg("revoke.established.62c3")
    else:
        clauses.append(Clause("62A", "revoke.not_established", {}))
        established = Msg("revoke.not_established")

    nos = Msg(f"side.{r.side.other.value}")
    decision: Any = ""
    if a.clause_64a is not None:
        key = "revoke.decision.64A2" if a.clause_64a == "64A2" else \
            f"revoke.decision.64A1.{a.transfer_if_timely or 2}"
        if a.transfer_if_timely:
            won_by = _winner_value(play, r, contract.strain.suit)
            clauses.append(Clause(a.clause_64a, key,
                                  {"tricks": a.transfer_if_timely, "won_by": won_by},
                                  {"nos": nos}))
            if a.transfer:
                decision = Msg("revoke.spaced", {"text": Msg(key, {"nos": nos})})
    for law in a.exceptions:
        key = f"revoke.decision.{law}"
        if law == "64B3":
            key += ".dummy" if r.by_dummy else ".penalty_card"
        timely = (Msg(f"revoke.timely.{a.transfer_if_timely}", {"law": a.clause_64a})
                  if law in ("64B4", "64B5") and a.clause_64a else "")
        text_params = params | {"timely": timely}
        if law == "64B6":
            clauses.append(Clause("62D1", key, {"trick": 12}, text_params))
        if law == "64B8":
            clauses.append(Clause("62C3", key, {"trick": r.trick}, text_params))
        timely_facts = {"transfer_if_timely": a.transfer_if_timely}
        clauses.append(Clause(law, key, facts | timely_facts if law in ("64B4", "64B5")
                              else facts, text_params))
    if a.exception is not None:
        key = f"revoke.decision.{a.exception}"
        if a.exception == "64B3":
            key += ".dummy" if r.by_dummy else ".penalty_card"
        timely: Any = ""
        if a.exception in ("64B4", "64B5") and a.clause_64a:
            timely = Msg(f"revoke.timely.{a.transfer_if_timely}", {"law": a.clause_64a})
        decision = Msg("revoke.spaced", {"text": Msg(key, params | {"timely": timely})})

    outcome = None
    result: Any = ""
    if a.transfer and data["adjusted_declarer_tricks"] is not None:
        score = data["adjusted_score_ns"]  # None: the vulnerability is not known
        outcome = AssignedResult(contract, data["adjusted_declarer_tricks"], score)
        result = Msg("revoke.result", {"adjusted": data["adjusted_declarer_tricks"],
                                       "tricks": data["declarer_tricks"],
                                       "score": "?" if score is None else _signed(score)})
    cap: Any = ""
    if cap_note is not None:
        clauses.append(Clause("64A", "revoke.cap", {"total": cap_note[0], "cap": cap_note[1]}))  # facts are its text's parameters
        cap = Msg("revoke.cap", {"total": cap_note[0], "cap": cap_note[1]})
    equity_text: Any = ""
    eq = data["equity"]
    if eq is not None:
        equity_text = _equity_text(eq, r, contract, clauses)
    return Ruling(tuple(clauses), outcome, "revoke.ruling",
                  {"found": found, "established": established, "decision": decision,
                   "result": result, "cap": cap, "equity": equity_text})


def _winner_value(play: Play, revoke: Revoke, trump: Suit | None) -> str | None:
    trick = play.tricks[revoke.trick - 1]
    return trick.winner(trump).value if trick.is_complete else None


def _found_key(revoke: Revoke) -> str:
    if revoke.kind is RevokeKind.FOLLOW_SUIT:
        return "revoke.found.dummy" if revoke.by_dummy else "revoke.found"
    return f"revoke.found.{revoke.kind.value}"


def _signed(score: int) -> str:
    return f"{score:+d}" if score else "0"


def _equity_text(eq: Mapping[str, Any], revoke: Revoke, contract: Contract,
                 clauses: list[Clause]) -> Any:
    if not eq.get("available"):
        if "how" in eq:
            clauses.append(Clause("64C1", "revoke.equity.unavailable", {"how": eq["how"]}))
            return Msg("revoke.equity.unavailable", {"how": eq["how"]})
        return ""
    clause = eq["clause"]
    proposal = eq["proposal"]
    facts = dict(eq)
    if proposal is not None and proposal["score_ns"] is not None:
        facts["assigned"] = AssignedResult(contract, proposal["declarer_tricks"],
                                           proposal["score_ns"])
    score = "?" if proposal is None or proposal["score_ns"] is None else \
        _signed(proposal["score_ns"])
    params = {"offender": seat_name(revoke.offender), "equity": eq["equity_declarer_tricks"],
              "table": eq["table_declarer_tricks"], "score": score, "clause": clause}
    if clause == "64C2(b)":
        key = "revoke.equity.neither"
    elif eq["insufficient"] is None:
        key = "revoke.equity.unknown"
    else:
        key = "revoke.equity.insufficient" if eq["insufficient"] else "revoke.equity.sufficient"
    clauses.append(Clause(clause, key, facts, params))
    return Msg(key, params)


def _marked(play: Play) -> dict[tuple[int, Seat], PlayedCard]:
    """The cards the record marks as revokes (``^R``) by trick number and seat."""
    return {(n, pc.seat): pc for n, t in enumerate(play.tricks, 1) for pc in t.cards
            if pc.marker == "R"}


def _marker_mismatches(record: BoardRecord, marked: Mapping[tuple[int, Seat], PlayedCard],
                       revokes: Sequence[Revoke]) -> list[Finding]:
    """``^R`` markers (`_marked`) against detection: a marked card that is no revoke, and,
    in a record that marks revokes at all, a revoke left unmarked."""
    if not marked:
        return []
    found = {(r.trick, r.offender): r for r in revokes}
    out = []
    for (n, seat), pc in marked.items():
        if (n, seat) not in found:
            out.append(_mismatch(record, "spurious", n, seat, pc.card, True, False))
    for (n, seat), r in found.items():
        if (n, seat) not in marked:
            out.append(_mismatch(record, "unmarked", n, seat, r.card, False, True))
    return sorted(out, key=lambda f: f.data["trick"])


def _mismatch(record: BoardRecord, which: str, trick: int, seat: Seat, card: Card,
              marked: bool, detected: bool) -> Finding:
    loc = record.location
    return Finding(kind=FindingKind.REVOKE_MARKER_MISMATCH, key=f"revoke.marker_mismatch.{which}",
                   params={"trick": trick, "seat": seat_name(seat), "card": _card(card)},
                   law="61A", board=_board(record), record=loc.record, path=loc.path,
                   line=loc.line, seat=seat,
                   data={"trick": trick, "seat": seat.value, "card": card.pbn(),
                         "marked": marked, "detected": detected})


def revoke_change(finding: Finding) -> RecordChange | None:
    """What writing back a revoke finding changes: the result (and score, where the
    vulnerability is known) only where an automatic transfer applies, the ruling's
    outcome; the ruling itself as commentary (with any 64C proposal, which is never
    applied). None for other findings or a record without an index."""
    if finding.kind != FindingKind.REVOKE or finding.record is None or finding.ruling is None:
        return None
    return RecordChange(record=finding.record, outcome=finding.ruling.outcome,
                        law=finding.law, annotations=(finding.ruling,))
