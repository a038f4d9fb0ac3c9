"""Duplicate scoring (Law 77 scoring table), the IMP scale and matchpoints.

Scores are signed from declarer's side by `declarer_score` and from North-South's side
by `score_ns`. Matchpoints follow the European convention by default: a result earns 2
for each result it beats and 1 for each tie on the same board (top = 2 × (n - 1));
``scale=1`` gives the ACBL convention (1 and ½, top = n - 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from td_plugin.model.cards import Seat, Strain
from td_plugin.model.contract import Contract

__all__ = ["declarer_score", "score_ns", "imps", "IMP_SCALE", "matchpoints"]


def declarer_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The duplicate score for declarer's side of ``contract`` making ``tricks`` tricks.

    Passed out scores 0. Negative when the contract fails.
    """
    if contract.is_passed_out:
        return 0
    if not 0 <= tricks <= 13:
        raise ValueError(f"tricks must be 0..13, not {tricks!r}")
    level, strain, risk = contract.level, contract.strain, contract.risk
    need = level + 6
    if tricks >= need:
        per_trick = 20 if strain in (Strain.C, Strain.D) else 30
        base = level * per_trick + (10 if strain is Strain.NT else 0)
        trick_score = base * (1, 2, 4)[risk]
        score = trick_score
        score += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if level == 6:
            score += 750 if vulnerable else 500
        elif level == 7:
            score += 1500 if vulnerable else 1000
        score += (0, 50, 100)[risk]  # the insult
        over = tricks - need
        if risk == 0:
            score += over * per_trick
        else:
            score += over * (200 if vulnerable else 100) * risk
        return score
    down = need - tricks
    if risk == 0:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        pen = 200 + (down - 1) * 300
    else:
        pen = 100 + min(down - 1, 2) * 200 + max(down - 3, 0) * 300
    return -pen * risk


def score_ns(contract: Contract, tricks: int, vulnerable: bool,
             declarer: Seat | None = None) -> int:
    """The score from North-South's side. ``declarer`` defaults to the contract's."""
    declarer = declarer or contract.declarer
    s = declarer_score(contract, tricks, vulnerable)
    if contract.is_passed_out:
        return 0
    if declarer is None:
        raise ValueError("score_ns needs the declarer")
    return s if declarer in (Seat.N, Seat.S) else -s


#: Upper bounds (inclusive) of each IMP step: 0-10 = 0, 20-40 = 1, ... 4000+ = 24.
IMP_SCALE: tuple[int, ...] = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740,
                              890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)


def imps(difference: int | float) -> int:
    """IMPs for a score difference (WBF scale), signed like the difference."""
    d = abs(difference)
    n = 0
    for bound in IMP_SCALE:
        if d <= bound:
            break
        n += 1
    return n if difference >= 0 else -n


def matchpoints(scores: Sequence[int | float], scale: int = 2) -> list[float]:
    """Matchpoints for each North-South score on a board (2 a result beaten, 1 a tie by
    default; ``scale=1`` for ACBL-style 1 and ½). East-West get top minus these."""
    if scale not in (1, 2):
        raise ValueError("scale must be 1 or 2")
    out = []
    for s in scores:
        beats = sum(1 for o in scores if o < s)
        ties = sum(1 for o in scores if o == s) - 1
        out.append((2 * beats + ties) * scale / 2)
    return out
