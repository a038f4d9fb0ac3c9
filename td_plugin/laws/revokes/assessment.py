"""Laws 62-64 on the facts of a board (`facts.BoardFacts`): establishment (63A), the
corrections (62), the automatic transfer (64A), its exceptions (64B) and the result.

- 64A for one established revoke (`automatic_transfer`): 64A1 when the offender himself
  won the revoke trick (a trick won in dummy is not won by declarer): that trick plus
  one later trick of the offending side; otherwise 64A2: one trick if the offending side
  won the revoke trick or a later one. Tricks before the revoke never count.
- The exceptions of 64B. Several may hold; the one reported as ``exception`` is the
  first in this order: those that hold whenever attention was drawn — 64B8 (both sides
  revoked on one trick and only one side had played to the next, corrected under 62C3),
  64B6 (trick 12, 62D1), 64B3 (a penalty card or a card of dummy), 64B7 (both sides
  revoked, both established), 64B2 (a later revoke by the same player in the same suit,
  the first established), 64B1 (the offending side won no trick from the revoke on) —
  then those of timing: 64B4 (after the non-offending side called on the next deal),
  64B5 (after the round). The ruling lists every clause that holds.
- Several revokes are assessed separately, each capped by the tricks its offending side
  won from its revoke trick on. When their sum exceeds the tricks the offending side won
  from the earliest of them on, only that many are transferred and the ruling says so
  for the Director to check (laws-digest ambiguity A1). Each revoke's ``transfer`` is
  then its share, taken in played order (the first revoke's in full, the next one's from
  what is left), so the revokes of a board add up to the tricks transferred.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from td_plugin.laws.revokes.detection import Revoke, RevokeKind
from td_plugin.laws.revokes.facts import BoardFacts, Establishment, RevokeFacts
from td_plugin.model.rulings import Attention
from td_plugin.model.scoring import score_ns

__all__ = ["Assessment", "BoardAssessment", "automatic_transfer", "assess"]

_TIMING = {Attention.AFTER_NEXT_DEAL_CALLED: "64B4", Attention.AFTER_ROUND: "64B5"}


@dataclass(frozen=True)
class Assessment:
    """One revoke judged: the 64A clause and amount had attention been drawn in time,
    the exceptions that hold (first = reported), and the tricks transferred: its share of
    the board's transfer. ``capped_from``: what it would transfer alone, when the cap of
    several revokes (64A) cut its share; None otherwise."""

    facts: RevokeFacts
    clause_64a: str | None  # "64A1" / "64A2" / None
    transfer_if_timely: int
    exceptions: tuple[str, ...]
    transfer: int
    capped_from: int | None = None

    @property
    def revoke(self) -> Revoke:
        return self.facts.revoke

    @property
    def establishment(self) -> Establishment:
        return self.facts.establishment

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


@dataclass(frozen=True)
class BoardAssessment:
    """Every revoke of a board judged, and the result: ``transfer`` tricks go to the
    non-offending side (``uncapped`` before the cap ``cap`` of several revokes), giving
    declarer ``adjusted_declarer_tricks``; scores are from North-South (None: not
    known)."""

    facts: BoardFacts
    revokes: tuple[Assessment, ...]
    transfer: int
    uncapped: int
    cap: int | None
    adjusted_declarer_tricks: int | None
    score_ns: int | None
    adjusted_score_ns: int | None

    def cap_note(self, assessment: Assessment) -> tuple[int, int, int] | None:
        """(total, cap, share) when the cap of several revokes applies to this
        transferring revoke: what they would transfer together, what is transferred, and
        this revoke's share of it."""
        gives = assessment.transfer or assessment.capped_from
        if self.cap is not None and self.uncapped > self.cap and gives:
            return self.uncapped, self.cap, assessment.transfer
        return None


def automatic_transfer(facts: RevokeFacts) -> tuple[str, int]:
    """64A for one established revoke, before any exception other than 64B1:
    ``("64A1", 1 or 2)``, ``("64A2", 1)`` or ``("64B1", 0)``. The offending side's
    tricks must be known: an unknown count is never read as none won."""
    won = facts.offending_side_tricks
    if won is None:
        raise ValueError("the offending side's tricks from the revoke on are not known "
                         "(Law 64A): ask them")
    if won == 0:
        return "64B1", 0
    if facts.trick_won_by is facts.revoke.offender:
        return "64A1", 1 + (1 if won > 1 else 0)
    return "64A2", 1


def _corrected_62c3(revokes: tuple[RevokeFacts, ...]) -> set[int]:
    """Indices of revokes corrected under 62C3: both sides revoked on one trick, one
    side's revokes established by playing (or naming a card) to the next trick, the
    other side's not established."""
    out: set[int] = set()
    for k in {f.revoke.trick for f in revokes}:
        on_trick = [i for i, f in enumerate(revokes) if f.revoke.trick == k]
        played_on = {revokes[i].side for i in on_trick if revokes[i].establishment.by_next_trick}
        open_ = {revokes[i].side for i in on_trick if not revokes[i].establishment.established}
        if len(played_on) == 1 and len(open_) == 1 and played_on != open_:
            out.update(on_trick)
    return out


def _assess_each(board: BoardFacts) -> list[Assessment]:
    revokes = board.revokes
    est = [f.establishment.established for f in revokes]
    b8 = _corrected_62c3(revokes)
    sides_established = {f.side for i, f in enumerate(revokes) if est[i] and i not in b8}
    timing = _TIMING.get(board.attention)
    out: list[Assessment] = []
    for i, f in enumerate(revokes):
        r = f.revoke
        if i in b8:
            out.append(Assessment(f, None, 0, ("64B8",), 0))
            continue
        if not est[i]:
            out.append(Assessment(f, None, 0, (), 0))
            continue
        clause, amount = automatic_transfer(f)
        inherent: list[str] = []
        if r.trick == 12:
            inherent.append("64B6")
        if r.by_dummy or r.kind is RevokeKind.PENALTY_CARD:
            inherent.append("64B3")
        if len(sides_established) == 2:
            inherent.append("64B7")
        if any(p.revoke.offender is r.offender and p.revoke.suit_led is r.suit_led and est[j]
               and j not in b8 for j, p in enumerate(revokes[:i])):
            inherent.append("64B2")
        if amount == 0:
            inherent.append("64B1")
        timely = 0 if inherent else amount
        exceptions = tuple(inherent) + ((timing,) if timing else ())
        out.append(Assessment(f, clause if amount else None, timely, exceptions,
                              0 if timing else timely))
    return out


def _shares(assessed: list[Assessment], total: int) -> list[Assessment]:
    """Each transferring revoke's share of ``total``, in played order."""
    left = total
    out = []
    for a in assessed:
        if a.transfer:
            share = min(a.transfer, left)
            left -= share
            if share < a.transfer:
                a = replace(a, transfer=share, capped_from=a.transfer)
        out.append(a)
    return out


def assess(board: BoardFacts) -> BoardAssessment:
    """Establishment, 64A and 64B for each revoke of ``board``, and the result."""
    assessed = _assess_each(board)
    giving = [a for a in assessed if a.transfer]
    uncapped = sum(a.transfer for a in giving)
    cap = giving[0].facts.offending_side_tricks if giving else None
    total = min(uncapped, cap) if cap is not None else uncapped
    if total < uncapped:
        assessed = _shares(assessed, total)
    tricks = board.declarer_tricks
    nos_gain = 0
    if total:
        nos_gain = total if giving[0].revoke.side is not board.declarer.side else -total
    adjusted = None if tricks is None else max(0, min(13, tricks + nos_gain))
    vul = board.vulnerable
    table_score = board.score_ns
    if table_score is None and tricks is not None and vul is not None:
        table_score = score_ns(board.contract, tricks, vul)
    if adjusted is None or vul is None:
        adjusted_score = None
    else:
        adjusted_score = table_score if adjusted == tricks else score_ns(board.contract,
                                                                          adjusted, vul)
    return BoardAssessment(board, tuple(assessed), total, uncapped,
                           cap if giving else None, adjusted, table_score, adjusted_score)
