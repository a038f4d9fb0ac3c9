"""The duplicate scoring table (Law 77), the IMP scale and matchpoints, table-driven."""

from __future__ import annotations

import pytest

from td_plugin.model.cards import Seat
from td_plugin.model.contract import Contract
from td_plugin.model.scoring import IMP_SCALE, declarer_score, imps, matchpoints, score_ns

# (contract, tricks, vulnerable, score for declarer) — values from the scoring table.
MADE_EXACTLY = [
    # part scores: trick score + 50
    ("1C", 7, False, 70), ("1D", 7, True, 70), ("1H", 7, False, 80), ("1S", 7, True, 80),
    ("1NT", 7, False, 90), ("2C", 8, False, 90), ("2D", 8, True, 90), ("2H", 8, False, 110),
    ("2S", 8, True, 110), ("2NT", 8, False, 120), ("3C", 9, False, 110), ("3D", 9, True, 110),
    ("3H", 9, False, 140), ("3S", 9, True, 140), ("4C", 10, False, 130), ("4D", 10, True, 130),
    # games: trick score + 300 / 500
    ("3NT", 9, False, 400), ("3NT", 9, True, 600), ("4H", 10, False, 420), ("4S", 10, True, 620),
    ("4NT", 10, False, 430), ("5C", 11, False, 400), ("5D", 11, True, 600),
    ("5H", 11, False, 450), ("5NT", 11, True, 660),
    # small slams: + 500 / 750
    ("6C", 12, False, 920), ("6D", 12, True, 1370), ("6H", 12, False, 980),
    ("6S", 12, True, 1430), ("6NT", 12, False, 990), ("6NT", 12, True, 1440),
    # grand slams: + 1000 / 1500
    ("7C", 13, False, 1440), ("7D", 13, True, 2140), ("7H", 13, False, 1510),
    ("7S", 13, True, 2210), ("7NT", 13, False, 1520), ("7NT", 13, True, 2220),
]

DOUBLED_MADE = [
    # doubled: trick score x2, + 50 for the insult; game bonus once the trick score is 100
    ("1CX", 7, False, 140), ("1CX", 7, True, 140), ("1HX", 7, False, 160), ("1NTX", 7, True, 180),
    ("2CX", 8, False, 180), ("2DX", 8, True, 180), ("2HX", 8, False, 470), ("2SX", 8, True, 670),
    ("2NTX", 8, False, 490), ("3CX", 9, True, 670), ("4SX", 10, False, 590),
    ("4SX", 10, True, 790), ("6NTX", 12, True, 1680), ("7SX", 13, False, 1770),
    # redoubled: x4, + 100 for the insult
    ("1CXX", 7, False, 230), ("1CXX", 7, True, 230), ("1DXX", 7, True, 230),
    ("1HXX", 7, False, 520), ("1HXX", 7, True, 720), ("1NTXX", 7, False, 560),
    ("1NTXX", 7, True, 760), ("3NTXX", 9, True, 1000), ("7NTXX", 13, True, 2980),
]

OVERTRICKS = [
    ("1C", 9, False, 110), ("1H", 10, True, 170), ("1NT", 13, False, 270), ("3NT", 13, True, 720),
    ("4S", 11, False, 450), ("2D", 13, False, 190),
    # doubled overtricks 100 / 200, redoubled 200 / 400
    ("4SX", 11, False, 690), ("4SX", 11, True, 990), ("1CX", 13, False, 740),
    ("1CX", 13, True, 1340), ("3NTXX", 10, True, 1400), ("1DXX", 8, False, 430),
    ("2HXX", 13, False, 1640),
]

UNDERTRICKS = [
    # undoubled: 50 / 100 a trick
    ("4S", 9, False, -50), ("4S", 9, True, -100), ("7NT", 0, False, -650), ("7NT", 0, True, -1300),
    # doubled not vulnerable: 100, 300, 500, 800, then 300 each
    ("4SX", 9, False, -100), ("4SX", 8, False, -300), ("4SX", 7, False, -500),
    ("4SX", 6, False, -800), ("4SX", 5, False, -1100), ("7NTX", 0, False, -3500),
    # doubled vulnerable: 200, 500, 800, then 300 each
    ("4SX", 9, True, -200), ("4SX", 8, True, -500), ("4SX", 7, True, -800),
    ("4SX", 6, True, -1100), ("7NTX", 0, True, -3800),
    # redoubled: twice doubled
    ("4SXX", 9, False, -200), ("4SXX", 8, False, -600), ("4SXX", 7, False, -1000),
    ("4SXX", 6, False, -1600), ("4SXX", 9, True, -400), ("4SXX", 8, True, -1000),
    ("7NTXX", 0, True, -7600),
]


@pytest.mark.parametrize("contract,tricks,vul,expected",
                         MADE_EXACTLY + DOUBLED_MADE + OVERTRICKS + UNDERTRICKS)
def test_law77_scoring_table(contract: str, tricks: int, vul: bool, expected: int) -> None:
    assert declarer_score(Contract.from_pbn(contract), tricks, vul) == expected


def test_law77_passed_out_scores_zero() -> None:
    assert declarer_score(Contract.PASSED_OUT, 0, True) == 0
    assert score_ns(Contract.PASSED_OUT, 0, False) == 0


@pytest.mark.parametrize("declarer,sign", [(Seat.N, 1), (Seat.S, 1), (Seat.E, -1), (Seat.W, -1)])
def test_score_ns_is_signed_from_north_south(declarer: Seat, sign: int) -> None:
    c = Contract.from_pbn("4H", declarer)
    assert score_ns(c, 10, False) == 420 * sign
    assert score_ns(c, 9, False) == -50 * sign


def test_score_ns_needs_a_declarer() -> None:
    with pytest.raises(ValueError):
        score_ns(Contract.from_pbn("4H"), 10, False)


@pytest.mark.parametrize("tricks", [-1, 14])
def test_tricks_out_of_range(tricks: int) -> None:
    with pytest.raises(ValueError):
        declarer_score(Contract.from_pbn("1NT"), tricks, False)


def test_every_contract_monotonic_in_tricks() -> None:
    """More tricks never score less, for every contract, risk and vulnerability."""
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            for risk in ("", "X", "XX"):
                c = Contract.from_pbn(f"{level}{strain}{risk}")
                for vul in (False, True):
                    scores = [declarer_score(c, t, vul) for t in range(14)]
                    assert scores == sorted(scores), (c, vul)
                    assert scores[level + 5] < 0 <= scores[level + 6]


# IMP scale: (difference, imps) at both ends of every step
IMP_CASES = [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
             (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
             (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11),
             (600, 12), (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15),
             (1290, 15), (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18),
             (2000, 19), (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22),
             (3490, 22), (3500, 23), (3990, 23), (4000, 24), (7600, 24)]


@pytest.mark.parametrize("diff,expected", IMP_CASES)
def test_imp_scale(diff: int, expected: int) -> None:
    assert imps(diff) == expected
    assert imps(-diff) == -expected


def test_imp_scale_has_24_steps() -> None:
    assert len(IMP_SCALE) == 24


def test_matchpoints_two_per_result_beaten_one_per_tie() -> None:
    assert matchpoints([420, 420, -50, 100]) == [5, 5, 0, 2]
    # the tops: n results give 2(n-1) to the best
    assert matchpoints([600, 100, 50]) == [4, 2, 0]


def test_matchpoints_acbl_scale() -> None:
    assert matchpoints([420, 420, -50, 100], scale=1) == [2.5, 2.5, 0, 1]
